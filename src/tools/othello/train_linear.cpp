// train_linear.cpp — `othello train-linear`: fits the classic evaluation's weights
// (eval_weights.h, used by LEVEL3) to exact endgame scores of positions from the project's own
// games. Everything is generated here: no downloaded data or weights.
//
//   othello train-linear OUT.h [POSITIONS [SEED]]
//
// 1. Games: from the start, each move is random with probability 1/4, otherwise LEVEL2's
//    choice (seeded), until a target number of empties (12..20) is reached.
// 2. Labels: the exact score of that position (endgame solver, FFO convention).
// 3. Fit: for each number of empties n, ridge least squares on the positions with n-1..n+1
//    empties; rows below 12 copy n = 12, rows above 20 copy n = 20.
// The result depends only on POSITIONS and SEED (deterministic solver and Rng).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "games/common/rng.h"
#include "games/othello/endgame.h"
#include "games/othello/evaluate.h"
#include "games/othello/levels.h"

using namespace othello;

namespace {

constexpr int LOW = 12, HIGH = 20;

struct Sample {
    int empties;
    int features[EVAL_FEATURES];
    int score;
};

// Solves the ridge normal equations (A^T A + lambda I) w = A^T b by Gaussian elimination.
std::vector<double> fit(const std::vector<const Sample*>& rows, double lambda) {
    constexpr int K = EVAL_FEATURES;
    double m[K][K + 1] = {};
    for (const Sample* s : rows)
        for (int i = 0; i < K; ++i) {
            for (int j = 0; j < K; ++j) m[i][j] += double(s->features[i]) * s->features[j];
            m[i][K] += double(s->features[i]) * s->score;
        }
    for (int i = 0; i < K; ++i) m[i][i] += lambda * double(rows.size());
    for (int c = 0; c < K; ++c) {
        int pivot = c;
        for (int r = c + 1; r < K; ++r)
            if (std::fabs(m[r][c]) > std::fabs(m[pivot][c])) pivot = r;
        for (int j = 0; j <= K; ++j) std::swap(m[c][j], m[pivot][j]);
        if (std::fabs(m[c][c]) < 1e-12) continue;
        for (int r = 0; r < K; ++r) {
            if (r == c) continue;
            const double f = m[r][c] / m[c][c];
            for (int j = c; j <= K; ++j) m[r][j] -= f * m[c][j];
        }
    }
    std::vector<double> w(K);
    for (int i = 0; i < K; ++i) w[i] = std::fabs(m[i][i]) < 1e-12 ? 0 : m[i][K] / m[i][i];
    return w;
}

} // namespace

// Generates the positions, solves them, fits and writes the weight table.
int train_linear(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: othello train-linear OUT.h [POSITIONS [SEED]]\n");
        return 2;
    }
    const int wanted = argc > 3 ? std::atoi(argv[3]) : 12000;
    const uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
    games::Rng rng(seed);
    TranspositionTable tt(20);
    EndgameSolver solver(tt);
    std::vector<Sample> samples;
    const auto start = std::chrono::steady_clock::now();
    for (int game = 0; int(samples.size()) < wanted; ++game) {
        const int target = LOW + int(rng.below(HIGH - LOW + 1));
        Position pos = Position::start();
        while (!pos.game_over() && pos.empty_count() > target) {
            const Bitboard moves = pos.legal_moves();
            if (!moves) {
                pos.do_move(MOVE_PASS);
                continue;
            }
            Move m;
            if (rng.below(4) == 0) {
                m = Move(nth_square(moves, rng.below(uint32_t(popcount(moves)))));
            } else {
                m = choose_move(pos, Level::LEVEL2, rng.next(), {}).move;
            }
            pos.do_move(m);
        }
        if (pos.game_over() || !pos.legal_moves()) continue;
        Sample s;
        s.empties = pos.empty_count();
        eval_features(pos.player(), pos.opponent(), s.features);
        solver.reset_nodes();
        s.score = solver.solve(pos).score;
        samples.push_back(s);
        if (samples.size() % 1000 == 0)
            std::fprintf(
                stderr, "%zu positions, %.0f s\n", samples.size(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    int rows[61][EVAL_FEATURES] = {};
    for (int n = LOW; n <= HIGH; ++n) {
        std::vector<const Sample*> data;
        for (const Sample& s : samples)
            if (std::abs(s.empties - n) <= 1) data.push_back(&s);
        const std::vector<double> w = fit(data, 1e-3);
        double err = 0;
        for (const Sample* s : data) {
            double e = -s->score;
            for (int i = 0; i < EVAL_FEATURES; ++i) e += w[i] * s->features[i];
            err += e * e;
        }
        std::fprintf(stderr, "empties %2d: %5zu positions, rms error %.2f discs\n", n, data.size(),
                     std::sqrt(err / double(data.size())));
        for (int i = 0; i < EVAL_FEATURES; ++i) rows[n][i] = int(std::lround(w[i] * EVAL_UNIT));
    }
    for (int n = 0; n <= 60; ++n)
        if (n < LOW || n > HIGH)
            for (int i = 0; i < EVAL_FEATURES; ++i) rows[n][i] = rows[n < LOW ? LOW : HIGH][i];
    std::ofstream out(argv[2]);
    out << "// eval_weights.h — weights of the evaluation features (evaluate.cpp), one row per "
           "number of\n"
           "// empty squares (0..60), in hundredths of a disc per feature unit.\n//\n"
           "// GENERATED by `othello train-linear "
        << argv[2] << " " << wanted << " " << seed
        << "` (src/tools/othello/train_linear.cpp): ridge\n"
           "// least squares on exact endgame scores of positions from the project's own games.\n"
           "#pragma once\n\nnamespace othello {\n\ninline constexpr int EVAL_WEIGHTS[61][14] = {\n";
    for (int n = 0; n <= 60; ++n) {
        out << "    {";
        for (int i = 0; i < EVAL_FEATURES; ++i) out << (i ? ", " : "") << rows[n][i];
        out << "},\n";
    }
    out << "};\n\n} // namespace othello\n";
    return out ? 0 : 1;
}
