// renju_reference.h — black's renju forbidden points computed from the rule text alone.
//
// A slow referee on a plain grid that shares nothing with Board's pattern tables or its
// recursive test: it places stones and counts runs. Used by the renju tests (the kind of
// each forbidden point) and by gomoku_renju_compare (a third opinion beside the engine and
// Rapfi). The rules it follows (RIF renju rules):
//   - a five (exactly five in a row) is never forbidden, whatever else the move makes;
//   - 9.4 overline: six or more black stones in a row through the move;
//   - 9.3 double-four: the move makes two or more fours; a four is a line through the move
//     that one more stone turns into exactly five, and two such completions in one line that
//     are not the two ends of one straight four are two fours (X.XXX.X, XX.XX.XX);
//   - 9.2 double-three: the move makes two or more threes; a three is a line through the move
//     that one more stone turns into a straight four (four in a row, both ends empty and each
//     making exactly five) containing the move, that stone not making a five at the same time
//     (RIF's definition of a three) and not being itself a forbidden move.
#pragma once
#include "games/gomoku/board.h"

#include <cstdint>
#include <vector>

namespace gomoku::reference {

enum class Kind : uint8_t { NONE, OVERLINE, DOUBLE_FOUR, DOUBLE_THREE };

// "none", "overline", "double-four", "double-three".
const char* kind_name(Kind k);

// The stones of a board (size x size, row-major), nothing else.
struct Grid {
    int size = 15;
    Color cell[MAX_SIZE][MAX_SIZE] = {};
};

Grid grid_of(const Board& board);

// Why black playing empty cell (row, col) of g is forbidden, or NONE (also for a five).
Kind forbidden_kind(Grid& g, int row, int col);

// Every empty cell where black's move is forbidden, row-major (as gomoku::forbidden_points).
std::vector<Pos> forbidden_points(const Board& board);

} // namespace gomoku::reference
