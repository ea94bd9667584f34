// tictactoe_review.cpp — a tic-tac-toe game read for the Review page (ui/review.h): `moves` is
// the cells in the order they were taken, each a digit 0–8 (row × 3 + column; X first), replayed
// into the board before each move, with the engine's `review` request for each.
#include "games/tictactoe/tictactoe.h"
#include "ui/review.h"

namespace ui {

using namespace tictactoe;

namespace {

// The board one byte a cell (ui/review.h).
std::string cells_of(const Board& b) {
    std::string s;
    for (Cell v : b) s += char(v); // Empty 0, X 1, O 2
    return s;
}

} // namespace

bool read_tictactoe_review(const miniapp::Query& query, miniapp::Lang lang, ReviewGame& game, ReviewFault& fault) {
    const auto it = query.find("moves");
    const std::string text = it == query.end() ? "" : it->second;
    Board b{};
    game = {};
    game.scale = ReviewScale::PerMille;
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
        ply.cells = cells_of(b);
        ply.side = side_to_move(b) == Cell::X ? 1 : 2;
        ply.move = {cell / 3, cell % 3};
        ply.name = std::string(1, ch);
        ply.request = "tictactoe review " + to_string(b) + " " + std::string(1, ch);
        game.plies.push_back(std::move(ply));
        b[size_t(cell)] = side_to_move(b);
    }
    game.end = cells_of(b);
    const Result res = check_winner(b);
    if (res.outcome != Outcome::None) {
        game.winner = res.outcome == Outcome::XWins ? 1 : res.outcome == Outcome::OWins ? 2 : 0;
        game.reason = game.winner ? "line" : "full";
    } else {
        game.end_turn = side_to_move(b) == Cell::X ? 1 : 2;
    }
    return true;
}

} // namespace ui
