// review.h — reviewing a tic-tac-toe move against perfect play.
//
// The game is solved: a position is a win, a draw or a loss for the side to move. A move keeps
// that result ("best"), turns a win into a draw ("mistake"), or turns a win or a draw into a
// loss ("blunder"). The best move shown is Hard's (the first cell, in index order, with the
// best minimax value: the fastest win, the slowest loss).
#pragma once
#include "games/tictactoe/tictactoe.h"

namespace tictactoe {

enum class Value : int8_t { Loss = -1, Draw = 0, Win = 1 };

struct MoveReview {
    int cell = -1;
    int best = -1;
    Value before = Value::Draw; // the position, for the mover, with perfect play
    Value after = Value::Draw;  // after the played move, for the mover, with perfect play
    const char* mark = "best";  // "best", "mistake", "blunder"
};

const char* value_name(Value v); // "win", "draw", "loss"

// Reviews `cell` (empty) in `board` (not over).
MoveReview review_move(const Board& board, int cell);

} // namespace tictactoe
