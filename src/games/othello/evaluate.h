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

// A static evaluation: EVAL_UNITs for P to move.
using EvalFn = int (*)(Bitboard P, Bitboard O);

// The features the evaluation weighs, for the side to move P (see evaluate.cpp).
constexpr int EVAL_FEATURES = 14;
void eval_features(Bitboard P, Bitboard O, int* features);

// The full evaluation (LEVEL 3, MASTER, endgame guesses): a linear function of the features
// with weights for each number of empty squares, fitted to exact endgame scores of positions
// from the project's own games (see eval_weights.h and `othello train-eval`).
int evaluate(Bitboard P, Bitboard O);

// The classical positional square table (LEVEL 2): sum of weights of P minus O.
int positional_score(Bitboard P, Bitboard O);

} // namespace othello
