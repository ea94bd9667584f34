// notation.h — "pos" strings (h8i9j7…): letter = column from 'a', number = row + 1 from the
// top, black first, alternating; "-" or "" = empty board. Also rule names.
#pragma once
#include "games/gomoku/rules.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace games {
struct Snapshot;
}

namespace gomoku {

struct Coord {
    int row, col;
    bool operator==(const Coord&) const = default;
};

// What parse_moves or load_pos found wrong, as data (for a message in another language); the
// English `error` is written from it by fault_message. Every fault names the move: its number
// and its text; the English wording of each kind is beside it.
enum class FaultKind : uint8_t {
    NONE,
    NO_COLUMN,      // move {number} '{token}': expected a column letter
    NO_ROW,         // move {number} '{token}': expected a row number
    COLUMN_OUTSIDE, // move {number} '{token}': column '{column}' outside the board
    ROW_OUTSIDE,    // move {number} '{token}': row {row} outside the board
    GAME_OVER,      // move {number} '{token}': game over                (Refusal::GAME_OVER)
    OUTSIDE,        // move {number} '{token}': outside the board (r,c)  (Refusal::OUTSIDE)
    OCCUPIED,       // move {number} '{token}': occupied cell (r,c)      (Refusal::OCCUPIED)
    KIND_NB
};
struct Fault {
    FaultKind kind = FaultKind::NONE;
    int number = 0;      // the move's number, 1-based
    std::string token{}; // the move as written
    char column = 0;     // COLUMN_OUTSIDE: the letter
    int row = 0;         // ROW_OUTSIDE: the row as written (1-based)
    Coord cell{0, 0};    // OUTSIDE, OCCUPIED: the cell, 0-based
};
std::string fault_message(const Fault& fault);

// Split a pos string into moves for a size x size board. On failure returns false and sets
// `error` naming the offending move ("move 3 'z9': column 'z' outside the board"), and
// `fault`, when given.
bool parse_moves(std::string_view pos, int size, std::vector<Coord>& moves, std::string& error,
                 Fault* fault = nullptr);

// Parse and play a pos string on a fresh board (board.reset to size/rule): refuses occupied
// cells and moves after the game ended, naming the move. `out` is the final outcome.
bool load_pos(Board& board, std::string_view pos, std::string& error, Outcome* out = nullptr,
              Fault* fault = nullptr);

// "h8" for one cell, and the whole game as a pos string ("-" when empty).
std::string move_name(int row, int col);
std::string move_name(Pos p);
std::string to_pos(const Board& board);

// "freestyle" | "standard" | "renju" (also "0", "1", "4": the Gomocup rule numbers).
std::optional<Rule> parse_rule(std::string_view s);
const char* rule_name(Rule r);

// The game in the shape every game shares (games/common/snapshot.h; include it to call this):
// black is 1; the winning line and why the game ended ("line", "forbidden", "full"); the
// `forbidden` points black may not take now (renju: forbidden_points when black is to move in
// a game that goes on, else none). `position` is left empty.
games::Snapshot snapshot(const Board& board, const Outcome& outcome,
                         const std::vector<Pos>& forbidden);

} // namespace gomoku
