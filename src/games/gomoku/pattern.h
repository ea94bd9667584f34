// pattern.h — line pattern tables (Rapfi-style) and their per-cell combinations.
//
// Every empty cell keeps, for each of the four directions, a 22-bit key: 2 bits for each of
// the 11 cells centred on it (0 empty, 1 black, 2 white, 3 wall). Dropping the centre gives a
// 20-bit index into a per-rule, per-colour table of Pattern (what that line becomes if the
// colour plays the cell). The four patterns of a cell, 4 bits each, form a 16-bit "pcode"
// that indexes the Pattern4 combination, the evaluation value and the move-ordering score.
// Tables are built once per rule on first use (a few milliseconds, 1.9 MiB per rule).
#pragma once
#include "games/gomoku/types.h"

#include <cstdint>

namespace gomoku {

constexpr int LINE_INDEX_BITS = 20;

// 20-bit table index of a 22-bit window key (the centre cell's two bits removed).
constexpr uint32_t line_index(uint32_t key) {
    return (key & 0x3FFu) | ((key >> 12) << 10);
}

// 16-bit index of a 22-bit window key's four cells on each side of the centre (the outermost
// cell each way dropped): under freestyle they alone decide the patterns.
constexpr uint32_t short_index(uint32_t key) {
    return ((key >> 2) & 0xFFu) | (((key >> 12) & 0xFFu) << 8);
}

// Pattern of direction d (0..3) inside a pcode.
constexpr Pattern pcode_pattern(uint16_t pcode, int d) {
    return Pattern((pcode >> (4 * d)) & 15);
}

struct PatternTables {
    // [line index] -> black's Pattern | white's Pattern << 4: both colours in one byte, so an
    // update costs one cache miss in this 1 MB table, not two in two.
    uint8_t line[1u << LINE_INDEX_BITS];
    // One colour's Pattern in a byte of `line`.
    static Pattern colour_pattern(uint8_t both, int colour) {
        return Pattern((both >> (4 * colour)) & 15);
    }
    // `line` indexed by the nine-cell window (short_index) where that loses nothing (freestyle,
    // checked over every index when the table is built): 64 KB stay in cache, 1 MB does not.
    bool short_window = false;
    uint8_t line_short[1u << 16];
    // Both colours' patterns of a 22-bit window key.
    uint8_t line_of(uint32_t key) const {
        return short_window ? line_short[short_index(key)] : line[line_index(key)];
    }
    uint8_t p4[2][1u << 16];     // [colour][pcode] -> Pattern4
    uint8_t check3[1u << 16];    // renju black: >= 2 open threes, needs a board check
    int16_t value[2][1u << 16];  // evaluation value of an empty cell for a colour
    int16_t attack[2][1u << 16]; // move-ordering score: own threat made here
    int16_t defend[2][1u << 16]; // move-ordering score: opponent threat stopped here
};

// The tables of a rule (built on first call; thread-safe static initialisation).
const PatternTables& pattern_tables(Rule rule);

// Pattern of one line for `colour` given 11 cells (index 5 = the cell to play, ignored):
// cells are EMPTY, BLACK, WHITE or WALL. Slow reference used to build the tables and by tests.
Pattern classify_line(Rule rule, Color colour, const Color cells[11]);

// Short names ("F3", "B4", ...) and ("FLEX3", ...) for diagnostics and tests.
const char* pattern_name(Pattern p);
const char* pattern4_name(Pattern4 p);

} // namespace gomoku
