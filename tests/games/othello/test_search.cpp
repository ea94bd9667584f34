// The MASTER search under limits: what a search stopped by its node limit answers.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "games/othello/notation.h"
#include "games/othello/search.h"

using namespace othello;

namespace {

// A position of the bench (FFO #52, searched as a midgame) whose best move changes from depth 11
// (e1) to depth 12 (a3), and from depth 9 (e1) to depth 10 (b3).
constexpr const char* CHANGING =
    "---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X-------- O";

struct Stopped {
    int depth;          // the depth limit
    uint64_t nodes;     // the node limit (0: none)
    const char* best;   // the answer
    int answered_depth; // the last completed iteration
    int eval;
};

} // namespace

TEST_CASE("an iteration stopped by the limit still answers with what it has proven") {
    // From a cleared searcher (deterministic node counts; the limit is checked every 4,096
    // nodes). Depth 12 takes 51,575 nodes: its first move (e1, depth 11's choice, 355) is
    // searched by 26,000 (-116); a3 beats it (a null-window search: at least -115) by 39,000,
    // and its value (10) is known by 47,000. Depth 10 starts at 8,157 nodes: stopped at 8,192,
    // its first move is not searched yet, and depth 9 answers; by 10,000 b3 beats e1 (at least
    // -131).
    const Stopped cases[] = {
        {12, 26000, "e1", 11, -116}, {12, 39000, "a3", 11, -115}, {12, 47000, "a3", 11, 10},
        {12, 0, "a3", 12, 10},       {10, 7000, "e1", 9, 244},    {10, 10000, "b3", 9, -131},
        {10, 0, "b3", 10, 149},
    };
    Position pos;
    std::string error;
    REQUIRE(parse_position(CHANGING, pos, error));
    for (const Stopped& c : cases) {
        Searcher searcher(18);
        SearchLimits limits;
        limits.depth = c.depth;
        limits.nodes = c.nodes;
        limits.exact_empties = 0;
        const SearchResult r = searcher.search(pos, limits);
        INFO("depth ", c.depth, " nodes ", c.nodes);
        CHECK(move_name(r.best) == std::string(c.best));
        CHECK(r.depth == c.answered_depth);
        CHECK(r.eval == c.eval);
    }
}

namespace {

// Positions of MASTER's self-play: 24 empties, out of the exact range (22), and 22 empties.
constexpr const char* EMPTIES_24 =
    "--XOOO-----OOO----OOXOO--OOXOXO---OOOOOX-XOOOOOX--OOOX-X--XXXX-- X";
constexpr const char* EMPTIES_22 =
    "--O-----X--OOO--OOOOOOXX--XXXOXX--XXXXOX-XXXOOXX--XOXO-X-XXXX-O- X";

struct Ended {
    const char* position;
    uint64_t nodes;     // the node limit (0: none)
    bool selective_end; // SearchLimits::selective_end
    int answered_depth; // the last completed iteration (the empties: a search to the end)
    bool exact;
    const char* best;
    int eval;
    uint64_t searched; // nodes
};

} // namespace

TEST_CASE("the selective endgame searches to the end after the midgame depths") {
    // Out of the exact range the midgame depths stop at empties - 1; the selective endgame adds
    // searches to the end (ProbCut at T = 1.2, then 2.5; exact from 14 empties): 24 plies here,
    // not exact, though its value is the exact score (22 discs; T = 1.2 alone said 24). In the
    // exact range an exact solve stopped by the limit leaves the last completed search: the
    // selective endgame's at 22 empties, where without it only the presearch to empties - 4
    // (18 plies) had run.
    const Ended cases[] = {
        {EMPTIES_24, 0, false, 23, false, "b8", 2182, 524034},
        {EMPTIES_24, 0, true, 24, false, "b8", 2200, 2025278},
        {EMPTIES_22, 3000000, false, 18, false, "a4", -1066, 3002955},
        {EMPTIES_22, 3000000, true, 22, false, "a4", -1200, 3001369},
    };
    for (const Ended& c : cases) {
        Position pos;
        std::string error;
        REQUIRE(parse_position(c.position, pos, error));
        Searcher searcher(18);
        SearchLimits limits;
        limits.nodes = c.nodes;
        limits.selective_end = c.selective_end;
        const SearchResult r = searcher.search(pos, limits);
        INFO(c.position, " nodes ", c.nodes, " selective_end ", c.selective_end);
        CHECK(r.depth == c.answered_depth);
        CHECK(r.exact == c.exact);
        CHECK(move_name(r.best) == std::string(c.best));
        CHECK(r.eval == c.eval);
        CHECK(r.nodes == c.searched);
    }
}
