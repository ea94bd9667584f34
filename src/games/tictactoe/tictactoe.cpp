#include "games/tictactoe/tictactoe.h"

#include "games/common/snapshot.h"

#include <algorithm>

namespace tictactoe {

Result check_winner(const Board& b) {
    for (const auto& line : kWinningLines) {
        Cell c = b[line[0]];
        if (c != Cell::Empty && c == b[line[1]] && c == b[line[2]])
            return {c == Cell::X ? Outcome::XWins : Outcome::OWins, line};
    }
    if (std::none_of(b.begin(), b.end(), [](Cell c) { return c == Cell::Empty; }))
        return {Outcome::Draw, {-1, -1, -1}};
    return {};
}

Cell side_to_move(const Board& b) {
    int xs = int(std::count(b.begin(), b.end(), Cell::X));
    int os = int(std::count(b.begin(), b.end(), Cell::O));
    return xs <= os ? Cell::X : Cell::O;
}

std::optional<Board> parse_board(std::string_view text, std::string* error) {
    auto fail = [&](std::string msg) -> std::optional<Board> {
        if (error) *error = std::move(msg);
        return std::nullopt;
    };
    if (text.size() != 9)
        return fail("a tic-tac-toe board has 9 cells, got " + std::to_string(text.size()));
    Board b{};
    for (int i = 0; i < 9; ++i) {
        char c = text[size_t(i)];
        if (c == 'X' || c == 'x') b[i] = Cell::X;
        else if (c == 'O' || c == 'o') b[i] = Cell::O;
        else if (c == '-' || c == '.') b[i] = Cell::Empty;
        else return fail(std::string("bad character '") + c + "' at cell " + std::to_string(i) + " (use X, O or -)");
    }
    int xs = int(std::count(b.begin(), b.end(), Cell::X));
    int os = int(std::count(b.begin(), b.end(), Cell::O));
    if (xs - os != 0 && xs - os != 1)
        return fail("impossible board: " + std::to_string(xs) + " X and " + std::to_string(os) +
                    " O (X moves first)");
    // A finished game stops: no moves after a line, and only the side that moved last has one.
    bool x_line = false, o_line = false;
    for (const auto& line : kWinningLines) {
        Cell c = b[line[0]];
        if (c != Cell::Empty && c == b[line[1]] && c == b[line[2]]) (c == Cell::X ? x_line : o_line) = true;
    }
    if (x_line && o_line) return fail("impossible board: both X and O have a line");
    if (x_line && xs == os) return fail("impossible board: O moved after X had won");
    if (o_line && xs > os) return fail("impossible board: X moved after O had won");
    return b;
}

std::string to_string(const Board& b) {
    std::string s(9, '-');
    for (int i = 0; i < 9; ++i) s[size_t(i)] = b[i] == Cell::X ? 'X' : b[i] == Cell::O ? 'O' : '-';
    return s;
}

games::Snapshot snapshot(const Board& b, int last) {
    const Result r = check_winner(b);
    games::Snapshot snap(3, 3);
    for (int i = 0; i < 9; ++i)
        snap.cells[size_t(i)] = b[size_t(i)] == Cell::X ? 1 : b[size_t(i)] == Cell::O ? 2 : 0;
    if (r.outcome != Outcome::None) {
        snap.winner = r.outcome == Outcome::XWins ? 1 : r.outcome == Outcome::OWins ? 2 : 0;
        snap.reason = snap.winner ? "line" : "full";
        if (r.line[0] >= 0)
            for (int c : r.line) snap.line.push_back({c / 3, c % 3});
    }
    snap.turn = snap.winner >= 0 ? 0 : side_to_move(b) == Cell::X ? 1 : 2;
    snap.legal_from_empty();
    if (last >= 0) snap.last = games::Snapshot::Point{last / 3, last % 3};
    return snap;
}

} // namespace tictactoe
