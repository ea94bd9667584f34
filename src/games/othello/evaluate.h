// evaluate.h — static evaluation of a position for the side to move.
//
// Units: hundredths of a disc (EVAL_UNIT = 100 per disc of final margin). The terms are the
// classical Othello ones: mobility, potential mobility (frontier), corners, X- and C-squares
// next to empty corners, stable edge discs, and parity near the end; their weights move
// linearly with the number of empty squares. Integer arithmetic only: identical everywhere.
#pragma once
#include "games/othello/movegen.h"

namespace othello {

constexpr int EVAL_UNIT = 100;
// Evaluations stay inside (-EVAL_LIMIT, EVAL_LIMIT); exact results are score * EVAL_UNIT.
constexpr int EVAL_LIMIT = 64 * EVAL_UNIT;

struct EvalWeights {
    int mobility, potential, corner, x_square, c_square, stable_edge, parity, disc;
};

// The full evaluation (LEVEL 3 and MASTER).
int evaluate(Bitboard P, Bitboard O);

// The classical positional square table (LEVEL 2): sum of weights of P minus O.
int positional_score(Bitboard P, Bitboard O);

} // namespace othello
