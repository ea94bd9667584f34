// tictactoe.h — the rules of the tic-tac-toe the product specifies (player X moves first, AI O):
// the board, whose turn it is, the winner and its line, board strings. The AI's two levels are
// in levels.h.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace games {
struct Snapshot;
}

namespace tictactoe {

enum class Cell : uint8_t { Empty, X, O };
enum class Outcome : uint8_t { None, XWins, OWins, Draw };

using Board = std::array<Cell, 9>; // index = row * 3 + col

// The eight lines, rows then columns then diagonals, as in the seed.
inline constexpr std::array<std::array<int, 3>, 8> kWinningLines = {{
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6},
}};

struct Result {
    Outcome outcome = Outcome::None;
    std::array<int, 3> line{-1, -1, -1}; // the winning line, when there is one
};

// Winner and line (the first winning line in table order), Draw on a full board.
Result check_winner(const Board& board);

// X moves when both have played equally often.
Cell side_to_move(const Board& board);
inline Cell opponent(Cell c) { return c == Cell::X ? Cell::O : Cell::X; }

// 9 chars of X, O, '-' (or '.'), row by row. Error names the bad character.
std::optional<Board> parse_board(std::string_view text, std::string* error = nullptr);
std::string to_string(const Board& board);

// The board in the shape every game shares (games/common/snapshot.h; include it to call this):
// X is 1 and moves first; the winner, its line and why ("line", "full"); `last` the cell just
// played, -1 when not known. `position` is left empty.
games::Snapshot snapshot(const Board& board, int last);

} // namespace tictactoe
