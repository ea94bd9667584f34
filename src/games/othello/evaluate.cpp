#include "games/othello/evaluate.h"

namespace othello {
namespace {

constexpr Bitboard X_SQUARES = 0x0042000000004200ull;
constexpr Bitboard C_SQUARES = 0x4281000000008142ull;

// Weights at 60 empties (opening) and at 0 empties (end); interpolated in between.
constexpr EvalWeights OPENING = {110, 40, 700, 250, 80, 90, 0, -8};
constexpr EvalWeights ENDING = {70, 15, 500, 60, 30, 100, 90, 40};

// X/C-squares of P whose corner is still empty.
inline int risky_squares(Bitboard P, Bitboard empties, Bitboard squares) {
    int n = 0;
    static constexpr Bitboard corner_zone[4] = {0x0000000000000303ull, 0x000000000000C0C0ull,
                                                0x0303000000000000ull, 0xC0C0000000000000ull};
    static constexpr Bitboard corner[4] = {0x1ull, 0x80ull, 0x0100000000000000ull,
                                           0x8000000000000000ull};
    for (int i = 0; i < 4; ++i)
        if (empties & corner[i]) n += popcount(P & squares & corner_zone[i]);
    return n;
}

// Classic square weights (corners good, X-squares bad).
constexpr int SQUARE_WEIGHT[64] = {
    100, -20, 10, 5,  5,  10, -20, 100, -20, -50, -2, -2, -2, -2, -50, -20,
    10,  -2,  1,  1,  1,  1,  -2,  10,  5,   -2,  1,  0,  0,  1,  -2,  5,
    5,   -2,  1,  0,  0,  1,  -2,  5,   10,  -2,  1,  1,  1,  1,  -2,  10,
    -20, -50, -2, -2, -2, -2, -50, -20, 100, -20, 10, 5,  5,  10, -20, 100};

} // namespace

int evaluate(Bitboard P, Bitboard O) {
    const Bitboard empties = ~(P | O);
    const int n = popcount(empties);
    const Bitboard mp = get_moves(P, O), mo = get_moves(O, P);
    const int mobility = popcount(mp) - popcount(mo) + popcount(mp & CORNERS) - popcount(mo & CORNERS);
    const int potential = potential_mobility(P, O) - potential_mobility(O, P);
    const int corners = popcount(P & CORNERS) - popcount(O & CORNERS);
    const int xs = risky_squares(P, empties, X_SQUARES) - risky_squares(O, empties, X_SQUARES);
    const int cs = risky_squares(P, empties, C_SQUARES) - risky_squares(O, empties, C_SQUARES);
    const int stable = popcount(stable_edges(P, O)) - popcount(stable_edges(O, P));
    const int parity = (n & 1) ? 1 : -1;
    const int discs = popcount(P) - popcount(O);
    auto w = [n](int open, int end) { return (open * n + end * (60 - n)) / 60; };
    int score = w(OPENING.mobility, ENDING.mobility) * mobility +
                w(OPENING.potential, ENDING.potential) * potential +
                w(OPENING.corner, ENDING.corner) * corners - w(OPENING.x_square, ENDING.x_square) * xs -
                w(OPENING.c_square, ENDING.c_square) * cs +
                w(OPENING.stable_edge, ENDING.stable_edge) * stable +
                w(OPENING.parity, ENDING.parity) * parity + w(OPENING.disc, ENDING.disc) * discs;
    score /= 4;
    if (score >= EVAL_LIMIT) score = EVAL_LIMIT - 1;
    if (score <= -EVAL_LIMIT) score = -EVAL_LIMIT + 1;
    return score;
}

int positional_score(Bitboard P, Bitboard O) {
    int s = 0;
    for (Bitboard b = P; b;) s += SQUARE_WEIGHT[pop_lsb(b)];
    for (Bitboard b = O; b;) s -= SQUARE_WEIGHT[pop_lsb(b)];
    return s;
}

} // namespace othello
