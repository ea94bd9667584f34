// mpc_calibrate.cpp — `othello mpc-calibrate`: the error model of Multi-ProbCut, fitted on the
// engine's own positions (the records `othello selfplay` writes).
//
//   othello mpc-calibrate DATA.bin [POSITIONS [SEED [MAXDEPTH]]]
//
// For POSITIONS (300) positions drawn from DATA.bin (seeded; MAXDEPTH + 6 .. 54 empties, side
// to move has a move), the full-width search value (no ProbCut) at every depth 0..MAXDEPTH
// (10) gives, for each deep depth d >= 2, the error deep − shallow with the shallow depth
// ProbCut uses (probcut_depth(d); 0 at depth 2: the static evaluation). Prints the mean and
// standard deviation per depth, then the least-squares fit sigma = A*empties + B*shallow +
// C*depth + D (discs) over groups of (depth >= 3, 4 empties), weighted by group size: the
// constants of search.cpp, fitted before ProbCut began at depth 2 (its row shows how the fit
// extrapolates there).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "games/common/rng.h"
#include "games/othello/patterns.h"
#include "games/othello/search.h"
#include "tools/othello/linear_solve.h"
#include "tools/othello/train_data.h"

using namespace othello;

// The least depth of the fit: the constants of search.cpp were fitted on depths 3 and up, before
// ProbCut began at depth 2 (that row is printed, not fitted).
constexpr int FIT_MIN_DEPTH = 3;

// Fits and prints Multi-ProbCut's error model.
int mpc_calibrate(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr,
                     "usage: othello mpc-calibrate DATA.bin [POSITIONS [SEED [MAXDEPTH]]]\n");
        return 2;
    }
    const int count = argc > 3 ? std::atoi(argv[3]) : 300;
    const uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
    const int max_depth = argc > 5 ? std::atoi(argv[5]) : 10;
    if (count < 1 || max_depth < 4 || max_depth > 20) {
        std::fprintf(stderr, "mpc-calibrate: POSITIONS >= 1, MAXDEPTH in 4..20\n");
        return 2;
    }
    std::vector<TrainRecord> records;
    if (std::FILE* in = std::fopen(argv[2], "rb")) {
        TrainRecord r;
        while (std::fread(&r, sizeof r, 1, in) == 1)
            if (r.empties >= max_depth + 6 && r.empties <= 54 && get_moves(r.player, r.opponent))
                records.push_back(r);
        std::fclose(in);
    } else {
        std::fprintf(stderr, "mpc-calibrate: cannot read %s\n", argv[2]);
        return 2;
    }
    if (records.empty()) {
        std::fprintf(stderr, "mpc-calibrate: no usable position in %s\n", argv[2]);
        return 2;
    }
    games::Rng rng(seed);
    Searcher searcher(20);
    // errors[d]: (empties, deep - shallow in discs)
    std::vector<std::vector<std::pair<int, double>>> errors(max_depth + 1);
    for (int i = 0; i < count; ++i) {
        const TrainRecord& r = records[rng.below(uint32_t(records.size()))];
        Position pos;
        const Color side = (r.empties & 1) ? WHITE : BLACK; // any: only P and O matter
        pos = Position(side == BLACK ? r.player : r.opponent, side == BLACK ? r.opponent : r.player,
                       side);
        searcher.clear();
        std::vector<double> value(max_depth + 1);
        value[0] = double(patterns::evaluate(r.player, r.opponent)) / EVAL_UNIT;
        for (int d = 1; d <= max_depth; ++d) {
            SearchLimits limits;
            limits.depth = d;
            limits.exact_empties = 0;
            limits.probcut = false;
            value[d] = double(searcher.search(pos, limits).eval) / EVAL_UNIT;
        }
        for (int d = PROBCUT_MIN_DEPTH; d <= max_depth; ++d)
            errors[d].push_back({r.empties, value[d] - value[probcut_depth(d)]});
        if ((i + 1) % 50 == 0) std::fprintf(stderr, "mpc-calibrate: %d positions\n", i + 1);
    }
    // Per depth, then per (depth, empties / 4) group for the fit.
    double m[4][5] = {}; // the normal equations, augmented
    std::printf("depth shallow  n   mean    sd (discs)\n");
    for (int d = PROBCUT_MIN_DEPTH; d <= max_depth; ++d) {
        double s1 = 0, s2 = 0;
        for (const auto& [e, x] : errors[d]) s1 += x, s2 += x * x;
        const double n = double(errors[d].size());
        std::printf("%5d %7d %4d %6.2f %6.2f\n", d, probcut_depth(d), int(n), s1 / n,
                    std::sqrt(std::max(0.0, s2 / n - (s1 / n) * (s1 / n))));
        if (d < FIT_MIN_DEPTH) continue;
        for (int g = 0; g <= 60 / 4; ++g) {
            double g1 = 0, g2 = 0, ge = 0;
            int gn = 0;
            for (const auto& [e, x] : errors[d])
                if (e / 4 == g) g1 += x, g2 += x * x, ge += e, ++gn;
            if (gn < 5) continue;
            const double sd = std::sqrt(std::max(0.0, g2 / gn - (g1 / gn) * (g1 / gn)));
            const double f[4] = {ge / gn, double(probcut_depth(d)), double(d), 1.0};
            for (int a = 0; a < 4; ++a) {
                for (int b = 0; b < 4; ++b) m[a][b] += gn * f[a] * f[b];
                m[a][4] += gn * f[a] * sd;
            }
        }
    }
    double x[4];
    if (!solve_linear(m, x, Sweep::WholeRow)) {
        std::printf("fit: singular (too few groups)\n");
        return 1;
    }
    std::printf("sigma = %.4f*empties %+.4f*shallow %+.4f*depth %+.4f\n", x[0], x[1], x[2], x[3]);
    std::printf("constexpr double MPC_A = %.4f, MPC_B = %.4f, MPC_C = %.4f, MPC_D = %.4f;\n", x[0],
                x[1], x[2], x[3]);
    return 0;
}
