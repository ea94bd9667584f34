// snapshot.h — a board game's position in the shape every game shares, written once: the engine
// services' play / start / load / state replies (src/games/README.md, "Shared reply fields",
// write()) and the pages' state().game (src/ui/snapshot.h adds it, with the player's side) use
// the same fields, so one reader (the Bot Lab's games.js, the page's accessible grid) serves
// every game:
//   cells            rows of 0 empty / 1 the first player's / 2 the second's ([0][0] top left)
//   turn             1|2 the side to move, 0 once the game is over
//   legalMoves       [[row, col], …] the moves the side to move may make ([] when it must pass)
//   forbiddenPoints  [[row, col], …] empty points the side to move may not take (renju's black)
//   last             [row, col] of the last move, or null
//   outcome          null, or {winner: 0 draw | 1 | 2, reason: a code of the catalogue's reasons,
//                    line: [[row, col], …] the winning line, [] when the ending has none}
//   position         the positional argument(s) that give this position back in a request
// (The pages report the outcome without its line, and no position: they have their own.)
// And the move form every game's play accepts besides its own notation: `<row> <col>`, 0-based.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/common/json_out.h"
#include "games/common/request.h"

namespace games {

struct Snapshot {
    using Point = std::array<int, 2>;
    int rows = 0, cols = 0;
    std::vector<int> cells; // rows * cols, row by row: 0, 1, 2
    int turn = 0;
    std::vector<Point> legal, forbidden;
    std::optional<Point> last;
    int winner = -1;              // -1 while the game goes on
    std::string_view reason = ""; // the outcome's reason code (a string that outlives this)
    std::vector<Point> line;      // the outcome's winning line, if any
    std::string position;

    Snapshot() = default;
    Snapshot(int rows_, int cols_) : rows(rows_), cols(cols_), cells(size_t(rows_ * cols_), 0) {}
    int& at(int row, int col) { return cells[size_t(row * cols + col)]; }
    int at(int row, int col) const { return cells[size_t(row * cols + col)]; }
    // Every empty cell that is not forbidden, as the legal moves (a game whose every empty point
    // is a move: Gomoku, tic-tac-toe); none once the game is over.
    void legal_from_empty();
    // The fields above into the object `j` is writing.
    void write(JsonOut& j) const;
};

// A move given as `<row> <col>` (0-based) at positional[first] and [first + 1]: true with
// row/col set when both are whole numbers; false (error empty) when the request does not use
// that form; false with `error` set when it does but a number is out of 0..rows-1 / 0..cols-1.
bool read_row_col(const Request& request, size_t first, int rows, int cols, int& row, int& col,
                  std::string& error);

} // namespace games
