// eval_master.h — MASTER's static evaluation: a linear function of pattern counts, seen from
// the side to move, with weights fitted to the engine's own self-play positions, labelled half
// by the game's result and half by the search's value (`gomoku tune-combos --dense`, see
// README.md "Evaluation"). LEVEL 2/3 keep the hand-set evaluate.h.
//
// Features (all O(1) from the board's incremental counters):
//   bias (tempo); per colour (own = side to move, their = opponent) the number of
//   (empty cell, direction) pairs whose line pattern is B1 F1 B2 F2 B3 F3 B4 F4(+D4); per colour
//   the number of empty cells (clamped to 4) of each threat combination FLEX2_2X BLOCK3_PLUS
//   FLEX3 FLEX3_PLUS FLEX3_2X BLOCK4 BLOCK4_PLUS BLOCK4_FLEX3 FLEX4; and a few indicators
//   (has a three point, has a four point, has a winning double-threat point, faces an open
//   three with or without a counter-four).
#pragma once
#include "games/gomoku/board.h"

namespace gomoku {

constexpr int EVAL_FEATURES = 43;
constexpr int EVAL_SHIFT = 3; // evaluation = (weights . features) >> EVAL_SHIFT

// Feature vector of `b` from the side to move's point of view.
void eval_features(const Board& b, int* f);

// The built-in (fitted) weights.
const int* eval_weights();
// Names of the features (diagnostics, tuning output).
const char* eval_feature_name(int i);

// Static evaluation for the side to move, clamped to +-5000; `w` = weights (nullptr: the
// built-in ones).
int master_evaluate(const Board& b, const int* w = nullptr);

} // namespace gomoku
