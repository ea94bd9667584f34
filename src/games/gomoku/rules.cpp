#include "games/gomoku/rules.h"

namespace gomoku {

Outcome outcome_after_move(Board& board, bool forbidden_move) {
    Outcome out;
    const Pos last = board.last_move();
    if (last == NO_POS) return out;
    const Color mover = board.at(last);
    if (forbidden_move) {
        out.result = Result::WHITE_WIN;
        out.forbidden = true;
        out.forbidden_at = last;
        return out;
    }
    if (board.last_move_won()) {
        out.result = mover == BLACK ? Result::BLACK_WIN : Result::WHITE_WIN;
        out.line = board.winning_line(last);
        return out;
    }
    if (board.full()) out.result = Result::DRAW;
    return out;
}

Refusal refusal(const Board& board, int row, int col, const Outcome& out) {
    if (out.result != Result::NONE) return Refusal::GAME_OVER;
    if (!board.inside(row, col)) return Refusal::OUTSIDE;
    if (!board.is_empty(make_pos(row, col))) return Refusal::OCCUPIED;
    return Refusal::NONE;
}

std::string refusal_text(Refusal r, int row, int col) {
    const std::string cell = " (" + std::to_string(row) + "," + std::to_string(col) + ")";
    switch (r) {
    case Refusal::GAME_OVER: return "game over";
    case Refusal::OUTSIDE: return "outside the board" + cell;
    case Refusal::OCCUPIED: return "occupied cell" + cell;
    default: return "";
    }
}

Refusal try_play(Board& board, int row, int col, Outcome& out) {
    if (const Refusal r = refusal(board, row, col, out); r != Refusal::NONE) return r;
    const Pos p = make_pos(row, col);
    const bool forbidden = board.to_move() == BLACK && board.is_forbidden(p);
    board.make(p);
    out = outcome_after_move(board, forbidden);
    return Refusal::NONE;
}

std::string play_checked(Board& board, int row, int col, Outcome& out) {
    return refusal_text(try_play(board, row, col, out), row, col); // "" for NONE
}

std::vector<Pos> forbidden_points(Board& board) {
    std::vector<Pos> points;
    if (board.rule() != Rule::RENJU) return points;
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) {
            const Pos p = make_pos(r, c);
            if (board.is_empty(p) && board.is_forbidden(p)) points.push_back(p);
        }
    return points;
}

const char* result_name(Result r) {
    switch (r) {
    case Result::BLACK_WIN: return "black";
    case Result::WHITE_WIN: return "white";
    case Result::DRAW: return "draw";
    default: return "none";
    }
}

} // namespace gomoku
