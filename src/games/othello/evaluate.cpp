#include "games/othello/evaluate.h"

#include "games/othello/eval_weights.h"

namespace othello {
namespace {

constexpr Bitboard X_SQUARES = 0x0042000000004200ull;
constexpr Bitboard C_SQUARES = 0x4281000000008142ull;

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
constexpr int SQUARE_WEIGHT[64] = {100, -20, 10,  5,   5,   10,  -20, 100, -20, -50, -2,  -2, -2,
                                   -2,  -50, -20, 10,  -2,  1,   1,   1,   1,   -2,  10,  5,  -2,
                                   1,   0,   0,   1,   -2,  5,   5,   -2,  1,   0,   0,   1,  -2,
                                   5,   10,  -2,  1,   1,   1,   1,   -2,  10,  -20, -50, -2, -2,
                                   -2,  -2,  -50, -20, 100, -20, 10,  5,   5,   10,  -20, 100};

} // namespace

// Features, all from P's side: 0-1 mobility of P and O, 2-3 their corner moves, 4-5 their
// potential mobility, 6 corners, 7 X-squares and 8 C-squares next to empty corners, 9 stable
// discs, 10 discs, 11 frontier discs (differences P - O), 12 odd number of empties, 13 bias.
void eval_features(Bitboard P, Bitboard O, int* f) {
    const Bitboard empties = ~(P | O);
    const Bitboard mp = get_moves(P, O), mo = get_moves(O, P);
    const Bitboard frontier = neighbours(empties);
    f[0] = popcount(mp);
    f[1] = popcount(mo);
    f[2] = popcount(mp & CORNERS);
    f[3] = popcount(mo & CORNERS);
    f[4] = potential_mobility(P, O);
    f[5] = potential_mobility(O, P);
    f[6] = popcount(P & CORNERS) - popcount(O & CORNERS);
    f[7] = risky_squares(P, empties, X_SQUARES) - risky_squares(O, empties, X_SQUARES);
    f[8] = risky_squares(P, empties, C_SQUARES) - risky_squares(O, empties, C_SQUARES);
    f[9] = popcount(stable_discs(P, O)) - popcount(stable_discs(O, P));
    f[10] = popcount(P) - popcount(O);
    f[11] = popcount(P & frontier) - popcount(O & frontier);
    f[12] = popcount(empties) & 1;
    f[13] = 1;
}

// Weighted sum of the features with the row of the current number of empties.
int evaluate(Bitboard P, Bitboard O) {
    int f[EVAL_FEATURES];
    eval_features(P, O, f);
    const int* w = EVAL_WEIGHTS[popcount(~(P | O))];
    int score = 0;
    for (int i = 0; i < EVAL_FEATURES; ++i) score += w[i] * f[i];
    if (score >= EVAL_LIMIT) score = EVAL_LIMIT - 1;
    if (score <= -EVAL_LIMIT) score = -EVAL_LIMIT + 1;
    return score;
}

// Sum of square weights of P minus those of O (LEVEL2).
int positional_score(Bitboard P, Bitboard O) {
    int s = 0;
    for (Bitboard b = P; b;) s += SQUARE_WEIGHT[pop_lsb(b)];
    for (Bitboard b = O; b;) s -= SQUARE_WEIGHT[pop_lsb(b)];
    return s;
}

} // namespace othello
