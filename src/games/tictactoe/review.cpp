#include "games/tictactoe/review.h"

#include "games/tictactoe/levels.h"

namespace tictactoe {

namespace {

Value value_of(int minimax_score) {
    return minimax_score > 0 ? Value::Win : minimax_score < 0 ? Value::Loss : Value::Draw;
}

// The result for `me`, who has just played `cell`, with perfect play from there.
Value after_move(Board b, int cell, Cell me) {
    b[cell] = me;
    return value_of(minimax(b, me, opponent(me), 0));
}

} // namespace

const char* value_name(Value v) {
    return v == Value::Win ? "win" : v == Value::Loss ? "loss" : "draw";
}

MoveReview review_move(const Board& board, int cell) {
    MoveReview r;
    r.cell = cell;
    const Cell me = side_to_move(board);
    games::Rng unused(0); // Hard draws nothing
    r.best = *choose_move(board, Level::Hard, unused);
    r.before = after_move(board, r.best, me);
    r.after = cell == r.best ? r.before : after_move(board, cell, me);
    r.mark = r.after == r.before                               ? "best"
             : r.before == Value::Win && r.after == Value::Draw ? "mistake"
                                                                 : "blunder";
    return r;
}

} // namespace tictactoe
