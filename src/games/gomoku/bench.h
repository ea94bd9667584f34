// bench.h — fixed positions searched to a fixed depth with a fresh table: a deterministic
// node count (the same natively and in wasm) and the speed in nodes per second.
#pragma once
#include <cstdint>

namespace gomoku {

struct BenchResult {
    uint64_t nodes = 0;
    int64_t ms = 0;
    uint64_t nps = 0;
    int positions = 0;
};

// depth <= 0: the default bench depth.
BenchResult run_bench(int depth = 0);

} // namespace gomoku
