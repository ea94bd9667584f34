// match.cpp — `othello match`: MASTER with the pattern evaluation against MASTER with the
// classic evaluation (the one before the patterns), same search, same limits.
//
//   othello match PAIRS [depth=D] [nodes=N] [exact=E] [plies=K] [seed=S] [classic-depth=C]
//
// Each pair of games starts from one opening of K random legal plies (default 8, from the
// seed), played once with each colour. Every move is a search of D plies (default 6) or N
// nodes; both sides solve exactly from E empties (default 14), so the evaluations differ only
// before that (classic-depth=C gives the classic side C plies instead, e.g. to offset the
// pattern evaluation's cost per node). Prints each game and the totals (wins, draws, losses, mean disc margin of the
// pattern side, and the Elo difference the score implies). Deterministic.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "options.h"
#include "games/common/rng.h"
#include "games/othello/evaluate.h"
#include "games/othello/notation.h"
#include "games/othello/patterns.h"
#include "games/othello/search.h"

using namespace othello;

using tool::option;

int match(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: othello match PAIRS [depth=D] [nodes=N] [exact=E] "
                             "[plies=K] [seed=S]\n");
        return 2;
    }
    const int pairs = std::atoi(argv[2]);
    SearchLimits limits;
    limits.depth = std::atoi(option(argc, argv, "depth", "6"));
    limits.nodes = std::strtoull(option(argc, argv, "nodes", "0"), nullptr, 10);
    if (limits.nodes) limits.depth = 0;
    SearchLimits classic_limits = limits;
    classic_limits.depth = std::atoi(option(argc, argv, "classic-depth", std::to_string(limits.depth).c_str()));
    const int exact = std::atoi(option(argc, argv, "exact", "14"));
    const int plies = std::atoi(option(argc, argv, "plies", "8"));
    games::Rng rng(std::strtoull(option(argc, argv, "seed", "1"), nullptr, 10));

    Searcher pattern_side(18), classic_side(18);
    pattern_side.set_eval(patterns::evaluate);
    classic_side.set_eval(othello::evaluate);
    int wins = 0, draws = 0, losses = 0;
    long margin_sum = 0;
    uint64_t nodes[2] = {0, 0};
    double seconds[2] = {0, 0};
    for (int pair = 0; pair < pairs; ++pair) {
        Position opening = Position::start();
        std::vector<Move> start_moves;
        while (int(start_moves.size()) < plies) {
            const Bitboard moves = opening.legal_moves();
            if (!moves) break; // (never this early)
            start_moves.push_back(Move(nth_square(moves, rng.below(uint32_t(popcount(moves))))));
            opening.do_move(start_moves.back());
        }
        for (int game = 0; game < 2; ++game) {
            const Color pattern_color = game == 0 ? BLACK : WHITE;
            pattern_side.clear();
            classic_side.clear();
            Position pos = opening;
            std::vector<Move> moves = start_moves;
            while (!pos.game_over()) {
                if (!pos.legal_moves()) {
                    pos.do_move(MOVE_PASS);
                    moves.push_back(MOVE_PASS);
                    continue;
                }
                const bool pattern_moves = pos.side_to_move() == pattern_color;
                Searcher& s = pattern_moves ? pattern_side : classic_side;
                SearchLimits l = pattern_moves ? limits : classic_limits;
                l.exact_empties = exact;
                if (pos.empty_count() <= exact) l.depth = 0, l.nodes = 0;
                const auto t0 = std::chrono::steady_clock::now();
                const SearchResult r = s.search(pos, l);
                seconds[pattern_moves ? 0 : 1] +=
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                nodes[pattern_moves ? 0 : 1] += r.nodes;
                pos.do_move(r.best);
                moves.push_back(r.best);
            }
            const int margin = pos.final_score(pattern_color);
            margin_sum += margin;
            wins += margin > 0, draws += margin == 0, losses += margin < 0;
            std::printf("pair %d game %d: patterns %s %+d  %s\n", pair + 1, game + 1,
                        pattern_color == BLACK ? "black" : "white", margin,
                        transcript(moves).c_str());
            std::fflush(stdout);
        }
    }
    const int games = wins + draws + losses;
    const double score = (wins + 0.5 * draws) / std::max(games, 1);
    const double elo = score <= 0 ? -999 : score >= 1 ? 999 : -400 * std::log10(1 / score - 1);
    std::printf("total: %d games, patterns %d wins, %d draws, %d losses (%.1f%%), mean margin "
                "%+.2f discs, Elo %+.0f; patterns %llu nodes %.1f s, classic %llu nodes %.1f s\n",
                games, wins, draws, losses, 100 * score, double(margin_sum) / std::max(games, 1),
                elo, (unsigned long long)nodes[0], seconds[0], (unsigned long long)nodes[1],
                seconds[1]);
    return 0;
}
