#include "games/tictactoe/tictactoe.h"

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

int minimax(Board& b, Cell me, Cell to_move, int depth) {
    Result r = check_winner(b);
    if (r.outcome == Outcome::Draw) return 0;
    if (r.outcome != Outcome::None) {
        Cell winner = r.outcome == Outcome::XWins ? Cell::X : Cell::O;
        return winner == me ? 10 - depth : depth - 10;
    }
    const bool maximizing = to_move == me;
    int best = maximizing ? -1000 : 1000;
    for (int i = 0; i < 9; ++i) {
        if (b[i] != Cell::Empty) continue;
        b[i] = to_move;
        int v = minimax(b, me, opponent(to_move), depth + 1);
        b[i] = Cell::Empty;
        best = maximizing ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

std::optional<int> choose_move(const Board& board, Level level, games::Rng& rng) {
    if (check_winner(board).outcome != Outcome::None) return std::nullopt;
    int empty[9], n = 0;
    for (int i = 0; i < 9; ++i)
        if (board[i] == Cell::Empty) empty[n++] = i;
    if (level == Level::Easy) return empty[rng.below(uint32_t(n))];

    // Hard: as the seed's getAIMove — first cell (index order) with the best minimax score,
    // each cell scored by minimax(board, opponent to move, depth 0).
    Board b = board;
    const Cell me = side_to_move(board);
    int best_score = -1000, best = empty[0];
    for (int k = 0; k < n; ++k) {
        b[empty[k]] = me;
        int score = minimax(b, me, opponent(me), 0);
        b[empty[k]] = Cell::Empty;
        if (score > best_score) {
            best_score = score;
            best = empty[k];
        }
    }
    return best;
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

} // namespace tictactoe
