#include "games/gomoku/tt.h"

#include <algorithm>
#include <new>

namespace gomoku {

void TranspositionTable::resize(size_t megabytes) {
    const size_t bytes = std::max<size_t>(megabytes, 1) << 20;
    size_t n = 1;
    while (n * 2 * sizeof(TTEntry) <= bytes) n *= 2;
    table_.reset();
    table_.reset(static_cast<TTEntry*>(std::calloc(n, sizeof(TTEntry))));
    if (!table_) throw std::bad_alloc();
    mask_ = n - 1;
    generation_ = 0;
}

void TranspositionTable::clear() {
    std::fill(table_.get(), table_.get() + mask_ + 1, TTEntry{});
    generation_ = 0;
}

// Replace unless the slot holds a deeper entry of the current search for another position.
void TranspositionTable::store(uint64_t key, int value, Pos move, int depth, Bound bound) {
    TTEntry& e = table_[key & mask_];
    if (e.key == key) {
        if (move == NO_POS) move = e.move;
        if (bound != BOUND_EXACT && depth + 2 < e.depth && e.generation == generation_) return;
    } else if (e.bound != BOUND_NONE && e.generation == generation_ && e.depth > depth + 2) {
        return;
    }
    e.key = key;
    e.value = int16_t(value);
    e.move = move;
    e.depth = int8_t(std::clamp(depth, -100, 127));
    e.bound = bound;
    e.generation = generation_;
    e.pad = 0;
}

} // namespace gomoku
