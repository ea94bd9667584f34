// helpers.h — building test positions from stone lists.
#pragma once
#include "games/gomoku/notation.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace gomoku::test {

// Cell of a pos-notation name ("h8" -> row 7, col 7).
inline Pos cell(const std::string& name) {
    std::vector<Coord> m;
    std::string err;
    REQUIRE(parse_moves(name, 15, m, err));
    REQUIRE(m.size() == 1);
    return make_pos(m[0].row, m[0].col);
}

// A 15x15 board with the given black and white stones, black to move: the shorter list is
// padded with far-away filler stones (corners) so the moves alternate.
inline Board position(Rule rule, std::vector<std::string> black, std::vector<std::string> white) {
    static const char* fillers_w[] = {"a1",  "a15", "o1", "o15", "a3",  "c1",
                                      "o13", "m15", "a5", "e1",  "o11", "k15"};
    static const char* fillers_b[] = {"a13", "c15", "m1", "o3"};
    size_t fw = 0, fb = 0;
    while (white.size() < black.size()) white.push_back(fillers_w[fw++]);
    while (black.size() < white.size()) black.push_back(fillers_b[fb++]);
    Board b(15, rule);
    for (size_t i = 0; i < black.size(); ++i) {
        b.make(cell(black[i]));
        b.make(cell(white[i]));
    }
    return b;
}

} // namespace gomoku::test
