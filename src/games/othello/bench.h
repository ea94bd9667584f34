// bench.h — a fixed, deterministic workload: midgame searches to fixed depths and exact solves
// of FFO #1-#29. The node count depends only on the code (fixed table sizes, no clock, no
// pointers, stable orderings), so native and WebAssembly builds must print the same count.
#pragma once
#include <cstdint>
#include <ostream>

namespace othello {

struct BenchResult {
    uint64_t nodes = 0;
    double seconds = 0;
    uint64_t nps() const { return seconds > 0 ? uint64_t(double(nodes) / seconds) : 0; }
};

// Runs the bench; with a log, one line per position.
BenchResult run_bench(std::ostream* log = nullptr);

} // namespace othello
