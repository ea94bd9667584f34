// types.h — basic Gomoku types: colours, rules, padded cell indices, line patterns.
//
// The board is stored in a padded 1-D array (Stockfish-like "square" indices): a 32-wide
// grid with a 5-cell wall margin all round, so that every cell of a board up to 20x20 can look
// five cells along each of the four line directions without bounds checks.
#pragma once
#include <cstdint>

namespace gomoku {

enum Color : uint8_t { EMPTY = 0, BLACK = 1, WHITE = 2, WALL = 3 };

// The other player (BLACK <-> WHITE).
constexpr Color opponent(Color c) {
    return Color(3 - c);
}
// 0 for BLACK, 1 for WHITE: index into per-colour arrays.
constexpr int ci(Color c) {
    return c - 1;
}

enum class Rule : uint8_t { FREESTYLE = 0, STANDARD = 1, RENJU = 2 };
constexpr int RULE_NB = 3;

constexpr int MIN_SIZE = 5;
constexpr int MAX_SIZE = 20;
constexpr int PAD = 5;     // wall margin: half the 11-cell pattern window
constexpr int STRIDE = 32; // >= MAX_SIZE + 2 * PAD
constexpr int GRID_ROWS = MAX_SIZE + 2 * PAD;
constexpr int NUM_CELLS = STRIDE * GRID_ROWS;
constexpr int MAX_MOVES = MAX_SIZE * MAX_SIZE;

using Pos = int16_t; // index into the padded grid
constexpr Pos NO_POS = -1;

// Padded index of (row, col); row and col are 0-based board coordinates.
constexpr Pos make_pos(int row, int col) {
    return Pos((row + PAD) * STRIDE + col + PAD);
}
constexpr int row_of(Pos p) {
    return p / STRIDE - PAD;
}
constexpr int col_of(Pos p) {
    return p % STRIDE - PAD;
}

// The four line directions: horizontal, vertical, diagonal, anti-diagonal.
constexpr int DIR[4] = {1, STRIDE, STRIDE + 1, STRIDE - 1};

// What one line through an empty cell becomes for one colour if that colour plays there
// (Rapfi-style). B = blocked (one way to grow), F = free (two ways / open).
//   F5 five, D4 two fours in one line (X.XXX.X), F4 straight four, B4 four, F3 open three
//   (can become a straight four), B3 three that can become a four, F2/B2, F1/B1, OL overline
//   (under exact-five rules), DEAD (no five possible in this line).
enum Pattern : uint8_t { DEAD, OL, B1, F1, B2, F2, B3, F3, B4, F4, D4, F5, PATTERN_NB };

// All four lines through one empty cell for one colour, combined (ordered weakest first).
// FORBID: renju black overline/double four (double three needs a recursive board check).
enum Pattern4 : uint8_t {
    P4_NONE,
    P4_FORBID,
    P4_FLEX2,        // L: one open two
    P4_BLOCK3,       // K: a three that can make a four
    P4_FLEX2_2X,     // J: two open twos
    P4_BLOCK3_PLUS,  // I: block three + another two/three
    P4_FLEX3,        // H: open three
    P4_FLEX3_PLUS,   // G: open three + block three / open two
    P4_FLEX3_2X,     // F: double open three
    P4_BLOCK4,       // E: a four
    P4_BLOCK4_PLUS,  // D: four + block three / open two
    P4_BLOCK4_FLEX3, // C: four + open three
    P4_FLEX4,        // B: straight four or double four: wins next move
    P4_FIVE,         // A: five
    PATTERN4_NB
};

// Search values: a win found at ply n scores VALUE_MATE - n.
constexpr int VALUE_ZERO = 0;
constexpr int VALUE_MATE = 30000;
constexpr int VALUE_INF = 30001;
constexpr int VALUE_MATE_IN_MAX = VALUE_MATE - 1000;

constexpr bool is_mate_value(int v) {
    return v >= VALUE_MATE_IN_MAX || v <= -VALUE_MATE_IN_MAX;
}

} // namespace gomoku
