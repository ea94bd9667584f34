// rules.h — the referee: legal moves with reasons, results, winning lines, forbidden points.
#pragma once
#include "games/gomoku/board.h"

#include <string>
#include <vector>

namespace gomoku {

enum class Result : uint8_t { NONE, BLACK_WIN, WHITE_WIN, DRAW };

struct Outcome {
    Result result = Result::NONE;
    std::vector<Pos> line;  // the winning five (or longer run), empty otherwise
    bool forbidden = false; // black lost by playing a renju forbidden move (at `forbidden_at`)
    Pos forbidden_at = NO_POS;
};

// Play (row, col) for the side to move after checking it: outside the board, occupied cell
// and a finished game are refused (the reason is returned, the board untouched). Under renju
// a forbidden black move is played and loses. Returns "" on success and updates `out`.
std::string play_checked(Board& board, int row, int col, Outcome& out);

// play_checked's check alone, as data (NONE: the move is played), and its English reason
// ("game over", "outside the board (r,c)", "occupied cell (r,c)", 0-based).
enum class Refusal : uint8_t { NONE, GAME_OVER, OUTSIDE, OCCUPIED };
Refusal refusal(const Board& board, int row, int col, const Outcome& out);
std::string refusal_text(Refusal r, int row, int col);
// play_checked with the refusal as data: plays the move (and updates `out`) when NONE.
Refusal try_play(Board& board, int row, int col, Outcome& out);

// Outcome of the last move of the game so far (given the previous outcome was NONE).
Outcome outcome_after_move(Board& board, bool forbidden_move);

// Black's forbidden points (renju only; empty otherwise), row-major order.
std::vector<Pos> forbidden_points(Board& board);

const char* result_name(Result r); // "none", "black", "white", "draw"

} // namespace gomoku
