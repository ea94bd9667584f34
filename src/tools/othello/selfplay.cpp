// selfplay.cpp — `othello selfplay`: games the engine plays against itself, as training data
// for the pattern evaluation (`othello train-eval`). Nothing is downloaded.
//
//   othello selfplay OUT.bin GAMES [SEED [DEPTH [EXACT [EVAL [MIN_RANDOM [MAX_RANDOM
//   [DEVIATE]]]]]]]
//
// Each game: a random opening of MIN_RANDOM..MAX_RANDOM plies (default 6..14; uniform legal
// moves, so games differ), then the MASTER search at a fixed midgame DEPTH (default 6) with
// EVAL (`patterns`, the default, or `classic`) until EXACT (default 18) empties, then perfect
// play (exact solves). Every position where the side to move has a move is written
// with the game's final score from its point of view (FFO convention). From EXACT empties on,
// both sides play perfectly, so those labels are exact values; earlier ones are the outcome
// of depth-DEPTH play (noisy, unbiased enough for least squares over many positions).
//
// Each searched position also keeps the search's own value (the mover's view, in discs): a
// second, less noisy but biased, label. Record: TrainRecord (train_data.h). Deterministic
// from the arguments.
//
// DEVIATE (percent, default 0): after the opening and before EXACT empties, each move is a
// uniformly random legal one with this chance, so the games also show what follows a poor move
// in the midgame (the positions a search meets at its leaves, which good games never visit).
// Every position is then searched, the random ones too, and a position before a game's last
// random move takes the search value as its score: the game's result no longer says what that
// position was worth.
#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "games/common/rng.h"
#include "games/othello/evaluate.h"
#include "games/othello/levels.h"
#include "tools/othello/train_data.h"

using namespace othello;

int selfplay(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: othello selfplay OUT.bin GAMES [SEED [DEPTH [EXACT [EVAL "
                             "[MIN_RANDOM [MAX_RANDOM [DEVIATE]]]]]]]\n");
        return 2;
    }
    const int games = std::atoi(argv[3]);
    const uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
    const int depth = argc > 5 ? std::atoi(argv[5]) : 6;
    const int exact = argc > 6 ? std::atoi(argv[6]) : 18;
    const bool classic = argc > 7 && std::string(argv[7]) == "classic";
    const int min_random = argc > 8 ? std::atoi(argv[8]) : 6;
    const int max_random = argc > 9 ? std::atoi(argv[9]) : 14;
    const int deviate_pct = argc > 10 ? std::atoi(argv[10]) : 0;
    if (games < 0 || min_random < 0 || max_random < min_random || deviate_pct < 0 ||
        deviate_pct > 100) {
        std::fprintf(stderr, "selfplay: need GAMES >= 0, 0 <= MIN_RANDOM <= MAX_RANDOM, "
                             "0 <= DEVIATE <= 100\n");
        return 2;
    }
    std::FILE* out = std::fopen(argv[2], "wb");
    if (!out) {
        std::fprintf(stderr, "selfplay: cannot write %s\n", argv[2]);
        return 2;
    }
    games::Rng rng(seed);
    Searcher searcher(20);
    if (classic) searcher.set_eval(othello::evaluate);
    const auto start = std::chrono::steady_clock::now();
    uint64_t written = 0, nodes = 0;
    for (int g = 0; g < games; ++g) {
        Position pos = Position::start();
        std::vector<Position> seen;
        std::vector<int> values; // search value in EVAL_UNITs, or INT_MIN
        size_t last_random = 0;  // positions before this index precede a random move
        const int random_plies = min_random + int(rng.below(uint32_t(max_random - min_random + 1)));
        for (int ply = 0; !pos.game_over(); ++ply) {
            const Bitboard moves = pos.legal_moves();
            if (!moves) {
                pos.do_move(MOVE_PASS);
                continue;
            }
            seen.push_back(pos);
            values.push_back(INT_MIN);
            const bool opening = ply < random_plies;
            const bool deviation = !opening && deviate_pct > 0 && pos.empty_count() > exact &&
                                   int(rng.below(100)) < deviate_pct;
            Move m = MOVE_PASS;
            if (!opening || deviate_pct > 0) {
                SearchLimits limits;
                if (pos.empty_count() <= exact) {
                    limits.depth = 0;
                    limits.exact_empties = exact;
                } else {
                    limits.depth = depth;
                    limits.exact_empties = 0;
                }
                const SearchResult r = searcher.search(pos, limits);
                nodes += r.nodes;
                m = r.best;
                values.back() = r.eval;
            }
            if (opening || deviation) {
                m = Move(nth_square(moves, rng.below(uint32_t(popcount(moves)))));
                last_random = seen.size();
            }
            pos.do_move(m);
        }
        const int black_score = pos.final_score(BLACK);
        for (size_t i = 0; i < seen.size(); ++i) {
            const Position& p = seen[i];
            TrainRecord rec{};
            rec.player = p.player();
            rec.opponent = p.opponent();
            rec.score = int8_t(p.side_to_move() == BLACK ? black_score : -black_score);
            rec.empties = uint8_t(p.empty_count());
            rec.flags = rec.empties <= exact ? 1 : 0;
            if (values[i] != INT_MIN) {
                rec.flags |= 2;
                rec.search =
                    int8_t(std::clamp(int(std::lround(double(values[i]) / EVAL_UNIT)), -64, 64));
                if (i < last_random) rec.score = rec.search; // the result says nothing here
            }
            rec.game = uint32_t(g);
            std::fwrite(&rec, sizeof rec, 1, out);
            ++written;
        }
        if ((g + 1) % 100 == 0) {
            std::fflush(out);
            std::fprintf(
                stderr, "%d games, %llu positions, %.1f M nodes, %.0f s\n", g + 1,
                (unsigned long long)written, double(nodes) / 1e6,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
    }
    std::fclose(out);
    return 0;
}
