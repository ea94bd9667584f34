// linear_solve.h — the small dense linear systems the training tools fit (mpc-calibrate's 4x4
// error model, train-linear's ridge normal equations), solved one way: Gauss-Jordan
// elimination with partial pivoting, in place on the augmented matrix.
#pragma once
#include <cmath>
#include <cstddef>
#include <utility>

namespace othello {

// Which entries of a row the elimination updates. In exact arithmetic those left of the pivot
// are already zero; in floating point they hold rounding residue, and sweeping them too moves
// the last bits of the answer: each tool keeps the sweep its published figures were made with.
enum class Sweep {
    FromPivot, // the pivot's column to the right-hand side (train-linear)
    WholeRow   // every column (mpc-calibrate)
};

// Solves A x = b, given as the augmented rows m[i] = (A[i][0..N-1], b[i]), destroying m. A
// column whose largest remaining entry is below 1e-12 has no pivot: it is skipped and its x is
// 0. True when every column had a pivot.
template <size_t N>
bool solve_linear(double (&m)[N][N + 1], double (&x)[N], Sweep sweep = Sweep::FromPivot) {
    bool full_rank = true;
    bool pivoted[N] = {};
    for (size_t c = 0; c < N; ++c) {
        size_t p = c;
        for (size_t r = c + 1; r < N; ++r)
            if (std::fabs(m[r][c]) > std::fabs(m[p][c])) p = r;
        for (size_t j = 0; j <= N; ++j) std::swap(m[c][j], m[p][j]);
        if (std::fabs(m[c][c]) < 1e-12) {
            full_rank = false;
            continue;
        }
        pivoted[c] = true;
        for (size_t r = 0; r < N; ++r) {
            if (r == c) continue;
            const double f = m[r][c] / m[c][c];
            for (size_t j = sweep == Sweep::WholeRow ? 0 : c; j <= N; ++j) m[r][j] -= f * m[c][j];
        }
    }
    for (size_t i = 0; i < N; ++i) x[i] = pivoted[i] ? m[i][N] / m[i][i] : 0;
    return full_rank;
}

} // namespace othello
