#include "games/othello/tt.h"

#include <cstring>

namespace othello {

// The buckets start at the first 64-byte boundary of storage one line longer than they need.
TranspositionTable::TranspositionTable(int log2_entries)
    : mask_((uint64_t(1) << (log2_entries - 1)) - 1) {
    const size_t bytes = bucket_count() * sizeof(TTBucket);
    size_t room = bytes + alignof(TTBucket);
    storage_.reset(new std::byte[room]);
    void* start = storage_.get();
    table_ = static_cast<TTBucket*>(std::align(alignof(TTBucket), bytes, start, room));
    clear();
}

// Marks every entry empty (all-zero bytes: no position has two empty bitboards, so a zeroed
// entry never matches a probe; its bounds are set when it is first stored) and resets the date.
void TranspositionTable::clear() {
    std::memset(static_cast<void*>(table_), 0, bucket_count() * sizeof(TTBucket));
    date_ = 0;
}

// Updates or replaces (older, then shallower) the entry of (P, O).
void TranspositionTable::store(Bitboard P, Bitboard O, uint64_t hash, int depth, int alpha,
                               int beta, int score, Move move) {
    TTBucket& bucket = table_[size_t(hash & mask_)];
    TTEntry* e = &bucket.entry[0];
    if (!(e->player == P && e->opponent == O)) {
        TTEntry* other = &bucket.entry[1];
        if (other->player == P && other->opponent == O)
            e = other;
        else {
            // Victim: an entry of an older search first, then the shallower one.
            const bool e_old = e->date != date_, o_old = other->date != date_;
            if (e_old != o_old)
                e = e_old ? e : other;
            else if (other->depth < e->depth)
                e = other;
            *e = TTEntry{P, O, TT_NO_LOWER, TT_NO_UPPER, uint8_t(depth), MOVE_NONE, date_, {}};
        }
    }
    if (e->depth != depth) {
        if (e->depth > depth && e->date == date_) return; // keep the deeper result
        e->lower = TT_NO_LOWER;
        e->upper = TT_NO_UPPER;
        e->depth = uint8_t(depth);
    }
    e->date = date_;
    if (score > alpha) e->lower = int16_t(score > e->lower ? score : e->lower);
    if (score < beta) e->upper = int16_t(score < e->upper ? score : e->upper);
    if (e->lower > e->upper) e->lower = e->upper = int16_t(score); // inconsistent: keep the newest
    if (score > alpha && move != MOVE_NONE)
        e->move = move;
    else if (e->move == MOVE_NONE)
        e->move = move;
}

} // namespace othello
