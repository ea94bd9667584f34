// Search and bench: deterministic node counts, tactics (win, block, VCF at the root).
#include "helpers.h"

#include "games/gomoku/bench.h"
#include "games/gomoku/search.h"

using namespace gomoku;
using namespace gomoku::test;

TEST_CASE("search: immediate tactics") {
    Searcher s(4);
    SearchLimits l;
    l.depth = 4;
    Board b(15, Rule::FREESTYLE);
    std::string err;
    // Black to move with a four: completes five.
    REQUIRE(load_pos(b, "h8a1i8a2j8a3k8a4", err));
    SearchInfo i = s.think(b, l);
    CHECK((i.move == cell("g8") || i.move == cell("l8")));
    CHECK(std::string(i.source) == "five");
    // White to move facing a four with one gap: must block it.
    REQUIRE(load_pos(b, "h8a1i8a2j8a3l8", err));
    i = s.think(b, l);
    CHECK(i.move == cell("k8"));
    // Black to move with a four-three available: the root VCF finds the win.
    Board v = position(Rule::FREESTYLE, {"e8", "f8", "g8", "h6", "h7"}, {"d8"});
    i = s.think(v, l);
    CHECK(std::string(i.source) == "vcf");
    CHECK(i.value >= VALUE_MATE_IN_MAX);
}

TEST_CASE("search: the same limits give the same node count") {
    Board b(15, Rule::FREESTYLE);
    std::string err;
    REQUIRE(load_pos(b, "h8g7f6g8g9", err));
    Searcher s(8);
    SearchLimits l;
    l.depth = 6;
    const SearchInfo a = s.think(b, l);
    s.clear();
    const SearchInfo c = s.think(b, l);
    CHECK(a.nodes == c.nodes);
    CHECK(a.move == c.move);
    CHECK(to_pos(b) == "h8g7f6g8g9"); // board restored
}

TEST_CASE("bench: deterministic node count") {
    const BenchResult r = run_bench(4);
    CHECK(r.positions == 10);
    const BenchResult r2 = run_bench(4);
    CHECK(r.nodes == r2.nodes);
    MESSAGE("bench depth 4 nodes: " << r.nodes);
}
