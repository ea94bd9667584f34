// othello_review.cpp — an Othello game read for the Review page (ui/review.h): the transcript
// (`moves`, from the start or from `start`, a board and side) replayed into the position before
// each move, and the engine's `review` request for each.
#include "games/othello/notation.h"
#include "ui/pages/othello/othello_faults.h"
#include "ui/review.h"

namespace ui {

using namespace othello;

namespace {

// The board one byte a cell, row by row (ui/review.h).
std::string cells_of(const Position& pos) {
    std::string s;
    for (const auto& row : to_array(pos))
        for (int v : row) s += char(v);
    return s;
}

} // namespace

bool read_othello_review(const miniapp::Query& query, miniapp::Lang lang, ReviewGame& game, ReviewFault& fault) {
    Position start = Position::start();
    Fault f;
    if (auto it = query.find("start"); it != query.end() && !it->second.empty()) {
        if (!parse_position(it->second, start, fault.error, &f)) {
            fault.shown = fault_text(f, lang, fault.error);
            return false;
        }
    }
    const auto moves_it = query.find("moves");
    const std::string text = moves_it == query.end() ? "" : moves_it->second;
    std::vector<Move> moves;
    Position end;
    if (!parse_transcript(text, start, moves, end, fault.error, &f)) {
        fault.shown = fault_text(f, lang, fault.error);
        return false;
    }
    game = {};
    game.scale = ReviewScale::Discs;
    Position pos = start;
    for (Move m : moves) {
        ReviewPly ply;
        ply.cells = cells_of(pos);
        ply.side = to_move_code(pos);
        ply.name = move_name(m);
        if (is_square(m)) ply.move = {row_of(to_sq(m)), col_of(to_sq(m))};
        // A pass is forced (the transcript reader inserts only those): nothing to review.
        if (is_square(m)) ply.request = "othello review " + position_string(pos) + " " + square_name(to_sq(m));
        game.plies.push_back(std::move(ply));
        pos.do_move(m);
    }
    game.end = cells_of(pos);
    game.end_turn = pos.game_over() ? 0 : to_move_code(pos);
    if (pos.game_over()) {
        const int b = pos.count(BLACK), w = pos.count(WHITE);
        game.winner = b > w ? 1 : w > b ? 2 : 0;
        game.reason = "discs";
    }
    return true;
}

} // namespace ui
