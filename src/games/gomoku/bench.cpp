#include "games/gomoku/bench.h"

#include "games/gomoku/notation.h"
#include "games/gomoku/search.h"

#include <chrono>

namespace gomoku {

namespace {

struct BenchPosition {
    Rule rule;
    int size;
    const char* pos;
};

// Rapfi's ten bench positions (dhbloo/rapfi, command/benchmark.cpp; positions are data).
constexpr BenchPosition POSITIONS[] = {
    {Rule::FREESTYLE, 15, "h8g7f6g8g9"},
    {Rule::FREESTYLE, 15, "h2h5h4f6"},
    {Rule::FREESTYLE, 20, "e2f2h3g3g6h5f9"},
    {Rule::FREESTYLE, 20, "f5e3b7h5g3g4i6e4h4d4f2i5f4f6e5d6d7e7f8"},
    {Rule::STANDARD, 15, "h8h7j6i7f7"},
    {Rule::STANDARD, 15, "f6i9h8"},
    {Rule::STANDARD, 15, "b3k10g2f6"},
    {Rule::RENJU, 15, "h8i9j10i8i7g9"},
    {Rule::RENJU, 15, "h8h9j9j8f8i7g7i9h6e9f6k7l6i10i6f9g9g11h10i11i8"},
    {Rule::RENJU, 15, "h8h9h6i10i6i9g9g8j11i7"},
};
constexpr int DEFAULT_DEPTH = 5;

} // namespace

BenchResult run_bench(int depth) {
    if (depth <= 0) depth = DEFAULT_DEPTH;
    BenchResult r;
    Searcher searcher(16);
    const auto t0 = std::chrono::steady_clock::now();
    for (const BenchPosition& bp : POSITIONS) {
        Board b(bp.size, bp.rule);
        std::string err;
        if (!load_pos(b, bp.pos, err)) continue;
        searcher.clear();
        SearchLimits l;
        l.depth = depth;
        l.vcf_nodes = 20000;
        r.nodes += searcher.think(b, l).nodes;
        ++r.positions;
    }
    r.ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    r.nps = r.ms > 0 ? r.nodes * 1000 / uint64_t(r.ms) : r.nodes;
    return r;
}

} // namespace gomoku
