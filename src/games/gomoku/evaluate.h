// evaluate.h — static evaluation from the side to move's point of view.
//
// The board keeps, per colour, the sum over empty cells of a per-cell value looked up from
// the cell's four line patterns (pattern.cpp: LINE_VALUE, P4_VALUE); the evaluation is the
// difference plus a tempo bonus, clamped well below mate scores. Cost: O(1).
#pragma once
#include "games/gomoku/board.h"

namespace gomoku {

constexpr int TEMPO = 30;

inline int evaluate(const Board& b) {
    const Color us = b.to_move();
    int v = b.value(us) - b.value(opponent(us)) + TEMPO;
    v /= 4;
    return v > 5000 ? 5000 : v < -5000 ? -5000 : v;
}

} // namespace gomoku
