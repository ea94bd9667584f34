// relabel.cpp — `othello relabel`: better labels for self-play positions (`othello selfplay`
// records), by deeper searches than the games were played with.
//
//   othello relabel IN.bin OUT.bin DEPTH [EXACT [FIRST_GAME [END_GAME]]]
//
// Every record of the games FIRST_GAME..END_GAME-1 (default: all) is copied to OUT.bin; those
// not already exact get a new `search` value: the MASTER search at DEPTH midgame plies (with
// the weights in use), or the exact score when the position has at most EXACT empties (default
// 0: none), which also marks the record exact. A depth-6 game's result is a noisy label and a
// depth-6 search a biased one; a deeper search is a better estimate of both (`train-eval
// search=S` weighs it). Records stay in their order, so the held-out games stay the same.
// Deterministic from the arguments (the hash tables are cleared at each game); several
// ranges of games run side by side and their outputs are concatenated.
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "games/othello/levels.h"
#include "tools/othello/train_data.h"

using namespace othello;

int relabel(int argc, char** argv) {
    if (argc < 5) {
        std::fprintf(
            stderr,
            "usage: othello relabel IN.bin OUT.bin DEPTH [EXACT [FIRST_GAME [END_GAME]]]\n");
        return 2;
    }
    const int depth = std::atoi(argv[4]);
    const int exact = argc > 5 ? std::atoi(argv[5]) : 0;
    const long first_game = argc > 6 ? std::atol(argv[6]) : 0;
    const long end_game = argc > 7 ? std::atol(argv[7]) : LONG_MAX;
    if (depth < 1 || depth > 30 || exact < 0 || exact > 30 || first_game < 0 ||
        end_game < first_game) {
        std::fprintf(stderr, "relabel: DEPTH 1..30, EXACT 0..30, FIRST_GAME <= END_GAME\n");
        return 2;
    }
    std::FILE* in = std::fopen(argv[2], "rb");
    if (!in) {
        std::fprintf(stderr, "relabel: cannot read %s\n", argv[2]);
        return 2;
    }
    std::FILE* out = std::fopen(argv[3], "wb");
    if (!out) {
        std::fprintf(stderr, "relabel: cannot write %s\n", argv[3]);
        std::fclose(in);
        return 2;
    }
    Searcher searcher(20);
    const auto start = std::chrono::steady_clock::now();
    uint64_t written = 0, searched = 0, nodes = 0;
    long last_game = -1;
    TrainRecord rec;
    while (std::fread(&rec, sizeof rec, 1, in) == 1) {
        if (long(rec.game) < first_game || long(rec.game) >= end_game) continue;
        if (long(rec.game) != last_game) {
            if (last_game >= 0 && (last_game + 1) % 100 == 0) {
                std::fflush(out);
                std::fprintf(stderr,
                             "game %ld, %llu positions, %llu searched, %.1f M nodes, %.0f s\n",
                             last_game + 1, (unsigned long long)written,
                             (unsigned long long)searched, double(nodes) / 1e6,
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                                 .count());
            }
            last_game = long(rec.game);
            searcher.clear();
        }
        if (!(rec.flags & 1)) {
            const Position pos = Position(rec.player, rec.opponent, BLACK);
            SearchLimits limits;
            limits.depth = rec.empties <= exact ? 0 : depth;
            limits.exact_empties = rec.empties <= exact ? exact : 0;
            const SearchResult r = searcher.search(pos, limits);
            nodes += r.nodes;
            ++searched;
            if (r.exact) {
                rec.score = int8_t(r.eval / EVAL_UNIT);
                rec.flags |= 1;
            }
            rec.flags |= 2;
            rec.search = int8_t(std::lround(double(r.eval) / EVAL_UNIT));
        }
        std::fwrite(&rec, sizeof rec, 1, out);
        ++written;
    }
    std::fclose(in);
    const bool ok = std::fclose(out) == 0;
    std::fprintf(stderr, "relabel: %llu positions, %llu searched, %.1f M nodes, %.0f s\n",
                 (unsigned long long)written, (unsigned long long)searched, double(nodes) / 1e6,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return ok ? 0 : 1;
}
