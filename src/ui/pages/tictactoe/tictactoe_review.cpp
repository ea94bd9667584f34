// tictactoe_review.cpp — a tic-tac-toe game read for the Review page (ui/review.h): `moves` is
// the cells in the order they were taken, each a digit 0–8 (row × 3 + column; X first), replayed
// into the board before each move, with the engine's `review` request for each.
#include "games/tictactoe/tictactoe.h"
#include "ui/review.h"

namespace ui {

using namespace tictactoe;

namespace {

Snapshot snapshot_of(const Board& b, std::optional<Snapshot::Point> last) {
    Snapshot s;
    const Result res = check_winner(b);
    const bool over = res.outcome != Outcome::None;
    for (int r = 0; r < 3; ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (int c = 0; c < 3; ++c) {
            Cell v = b[size_t(r * 3 + c)];
            row.push_back(v == Cell::X ? 1 : v == Cell::O ? 2 : 0);
            if (v == Cell::Empty && !over) s.legal.push_back({r, c});
        }
        s.cells.push_back(row);
    }
    s.turn = over ? 0 : side_to_move(b) == Cell::X ? 1 : 2;
    s.last = last;
    if (over) {
        s.winner = res.outcome == Outcome::XWins ? 1 : res.outcome == Outcome::OWins ? 2 : 0;
        s.reason = s.winner ? "line" : "full";
    }
    return s;
}

} // namespace

bool read_tictactoe_review(const miniapp::Query& query, miniapp::Lang lang, ReviewGame& game, ReviewFault& fault) {
    const auto it = query.find("moves");
    const std::string text = it == query.end() ? "" : it->second;
    Board b{};
    game = {};
    game.scale = ReviewScale::PerMille;
    std::optional<Snapshot::Point> last;
    for (size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        const std::string at = std::to_string(int(i) + 1);
        auto fail = [&](const std::string& why) {
            fault.error = "moves: character " + at + " '" + std::string(1, ch) + "' " + why;
            fault.shown = miniapp::format(miniapp::tr(miniapp::Str::ReviewBadCell, lang), {at, std::string(1, ch)});
            return false;
        };
        if (ch < '0' || ch > '8') return fail("is not a cell 0-8");
        const int cell = ch - '0';
        if (b[size_t(cell)] != Cell::Empty) return fail("is a taken cell");
        if (check_winner(b).outcome != Outcome::None) return fail("comes after the end of the game");
        ReviewPly ply;
        ply.before = snapshot_of(b, last);
        ply.side = side_to_move(b) == Cell::X ? 1 : 2;
        ply.move = {cell / 3, cell % 3};
        ply.name = std::string(1, ch);
        ply.request = "tictactoe review " + to_string(b) + " " + std::string(1, ch);
        game.plies.push_back(std::move(ply));
        b[size_t(cell)] = side_to_move(b);
        last = Snapshot::Point{cell / 3, cell % 3};
    }
    game.end = snapshot_of(b, last);
    return true;
}

} // namespace ui
