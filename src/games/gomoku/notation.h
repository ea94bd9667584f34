// notation.h — "pos" strings (h8i9j7…): letter = column from 'a', number = row + 1 from the
// top, black first, alternating; "-" or "" = empty board. Also rule names.
#pragma once
#include "games/gomoku/rules.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gomoku {

struct Coord {
    int row, col;
    bool operator==(const Coord&) const = default;
};

// Split a pos string into moves for a size x size board. On failure returns false and sets
// `error` naming the offending move ("move 3 'z9': column 'z' outside the board").
bool parse_moves(std::string_view pos, int size, std::vector<Coord>& moves, std::string& error);

// Parse and play a pos string on a fresh board (board.reset to size/rule): refuses occupied
// cells and moves after the game ended, naming the move. `out` is the final outcome.
bool load_pos(Board& board, std::string_view pos, std::string& error, Outcome* out = nullptr);

// "h8" for one cell, and the whole game as a pos string ("-" when empty).
std::string move_name(int row, int col);
std::string move_name(Pos p);
std::string to_pos(const Board& board);

// "freestyle" | "standard" | "renju" (also "0", "1", "4": the Gomocup rule numbers).
std::optional<Rule> parse_rule(std::string_view s);
const char* rule_name(Rule r);

} // namespace gomoku
