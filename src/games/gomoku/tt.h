// tt.h — the transposition table: one 16-byte entry per slot, depth-preferred replacement.
#pragma once
#include "games/gomoku/types.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <type_traits>

namespace gomoku {

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTEntry {
    uint64_t key;
    int16_t value;
    Pos move;
    int8_t depth;
    uint8_t bound;
    uint8_t generation;
    uint8_t pad;
};
// The table is calloc'd: all-zero bytes must be an empty entry (BOUND_NONE).
static_assert(std::is_trivially_copyable_v<TTEntry> && sizeof(TTEntry) == 16);

class TranspositionTable {
  public:
    explicit TranspositionTable(size_t megabytes = 16) { resize(megabytes); }
    // Reallocate to the largest power-of-two entry count within `megabytes` (min 1 MB), cleared.
    // The old table is freed first; the new one is calloc'd, so natively its pages are mapped
    // only when first written (a 64 MB table costs no time up front and memory as it fills).
    void resize(size_t megabytes);
    void clear();
    void new_search() { ++generation_; }
    // Entry for `key` or nullptr.
    const TTEntry* probe(uint64_t key) const {
        const TTEntry& e = table_[key & mask_];
        return e.key == key && e.bound != BOUND_NONE ? &e : nullptr;
    }
    void store(uint64_t key, int value, Pos move, int depth, Bound bound);
    // The table's size (its allocation; resident memory grows to it as entries are written).
    size_t megabytes() const { return (mask_ + 1) * sizeof(TTEntry) >> 20; }

  private:
    struct Free {
        void operator()(TTEntry* p) const { std::free(p); }
    };
    std::unique_ptr<TTEntry[], Free> table_;
    uint64_t mask_ = 0;
    uint8_t generation_ = 0;
};

// Mate scores are stored relative to the node, not the root.
inline int value_to_tt(int v, int ply) {
    return v >= VALUE_MATE_IN_MAX ? v + ply : v <= -VALUE_MATE_IN_MAX ? v - ply : v;
}
inline int value_from_tt(int v, int ply) {
    return v >= VALUE_MATE_IN_MAX ? v - ply : v <= -VALUE_MATE_IN_MAX ? v + ply : v;
}

} // namespace gomoku
