// tt.h — transposition table: bounds and best move of searched positions.
//
// Entries keep the full 128-bit position (no false hits), a [lower, upper] score interval, the
// depth it holds for, and the best move. Two-way buckets; the shallower or older entry is
// replaced. The size is fixed at construction so node counts are identical on every platform.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "games/othello/types.h"

namespace othello {

// Bounds of an entry that knows nothing yet (outside every score range, midgame included).
constexpr int TT_NO_LOWER = -32000;
constexpr int TT_NO_UPPER = 32000;

struct TTEntry {
    Bitboard player;
    Bitboard opponent;
    int16_t lower;
    int16_t upper;
    uint8_t depth;
    uint8_t move;
    uint8_t date;
    uint8_t pad[9];
};

// Two entries sharing one 64-byte cache line: a probe costs at most one memory access.
struct alignas(64) TTBucket {
    TTEntry entry[2];
};

class TranspositionTable {
  public:
    // log2_entries: 2^log2_entries entries (32 bytes each).
    explicit TranspositionTable(int log2_entries = 20);

    // Forgets everything (deterministic benches start from an empty table).
    void clear();
    // Marks a new search: older entries become preferred victims.
    void new_search() { ++date_; }

    // The entry of (P, O) if stored, else nullptr.
    const TTEntry* probe(Bitboard P, Bitboard O, uint64_t hash) const {
        const TTBucket& b = table_[size_t(hash & mask_)];
        if (b.entry[0].player == P && b.entry[0].opponent == O) return &b.entry[0];
        if (b.entry[1].player == P && b.entry[1].opponent == O) return &b.entry[1];
        return nullptr;
    }

    // Starts loading the bucket of hash (a hint; no effect where unsupported).
    void prefetch(uint64_t hash) const {
#if defined(__GNUC__) || defined(__clang__)
        __builtin_prefetch(&table_[size_t(hash & mask_)]);
#else
        (void)hash;
#endif
    }

    // Records the result of a search of depth `depth` with window (alpha, beta) that
    // returned `score` with best move `move`.
    void store(Bitboard P, Bitboard O, uint64_t hash, int depth, int alpha, int beta, int score,
               Move move);

    size_t size() const {
        return 2 * bucket_count();
    }
    // log2 of the entry count (a bucket holds two entries).
    int log2_entries() const {
        return std::popcount(mask_) + 1;
    }

    // The first bucket (on a 64-byte boundary).
    const TTBucket* buckets() const {
        return table_;
    }

  private:
    size_t bucket_count() const {
        return size_t(mask_) + 1;
    }

    // Raw storage with room to start the buckets on a 64-byte boundary. std::vector does not
    // honour alignas(64) everywhere: Emscripten 3.1.6's libc++ gives 8-byte-aligned storage,
    // where each bucket straddles two cache lines and a probe can wait for two memory accesses.
    std::unique_ptr<std::byte[]> storage_;
    TTBucket* table_;
    uint64_t mask_;
    uint8_t date_ = 0;
};

} // namespace othello
