// othello_review.cpp — an Othello game read for the Review page (ui/review.h): the transcript
// (`moves`, from the start or from `start`, a board and side) replayed into the position before
// each move, and the engine's `review` request for each.
#include "games/othello/notation.h"
#include "ui/notation_faults.h"
#include "ui/review.h"

namespace ui {

using namespace othello;

namespace {

Snapshot snapshot_of(const Position& pos, std::optional<Snapshot::Point> last) {
    Snapshot s;
    for (const auto& row : to_array(pos)) s.cells.push_back(row);
    s.turn = pos.game_over() ? 0 : to_move_code(pos);
    for (Bitboard l = pos.legal_moves(); l;) {
        Square sq = pop_lsb(l);
        s.legal.push_back({row_of(sq), col_of(sq)});
    }
    s.last = last;
    if (pos.game_over()) {
        int b = pos.count(BLACK), w = pos.count(WHITE);
        s.winner = b > w ? 1 : w > b ? 2 : 0;
        s.reason = "discs";
    }
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
    std::optional<Snapshot::Point> last;
    for (Move m : moves) {
        ReviewPly ply;
        ply.before = snapshot_of(pos, last);
        ply.side = to_move_code(pos);
        ply.name = move_name(m);
        if (is_square(m)) ply.move = {row_of(to_sq(m)), col_of(to_sq(m))};
        // A pass is forced (the transcript reader inserts only those): nothing to review.
        if (is_square(m)) ply.request = "othello review " + position_string(pos) + " " + square_name(to_sq(m));
        game.plies.push_back(std::move(ply));
        pos.do_move(m);
        if (is_square(m)) last = Snapshot::Point{row_of(to_sq(m)), col_of(to_sq(m))};
    }
    game.end = snapshot_of(pos, last);
    return true;
}

} // namespace ui
