#include "games/gomoku/board.h"

#include "games/common/rng.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace gomoku {

namespace {

struct Zobrist {
    uint64_t key[2][NUM_CELLS];
    uint64_t side;
    Zobrist() {
        games::Rng rng(0x60D0C0FFEEull);
        for (auto& colour : key)
            for (auto& k : colour) k = rng.next();
        side = rng.next();
    }
};

const Zobrist& zob() {
    static const Zobrist z;
    return z;
}

} // namespace

uint64_t zobrist(Color c, Pos p) {
    return zob().key[ci(c)][p];
}

// Rebuild everything for an empty board: walls, window keys, pattern codes and counters.
void Board::reset(int size, Rule rule) {
    size_ = std::clamp(size, MIN_SIZE, MAX_SIZE);
    rule_ = rule;
    tables_ = &pattern_tables(rule);
    side_ = BLACK;
    ply_ = 0;
    hash_ = 0;
    r0_ = 0, r1_ = -1, c0_ = 0, c1_ = -1;
    std::memset(cell_, WALL, sizeof cell_);
    std::memset(near_, 0, sizeof near_);
    std::memset(p4_, 0, sizeof p4_);
    std::memset(pcode_, 0, sizeof pcode_);
    std::memset(key_, 0, sizeof key_);
    std::memset(p4count_, 0, sizeof p4count_);
    std::memset(lcount_, 0, sizeof lcount_);
    value_[0] = value_[1] = 0;
    track_value_ = true;
    log_size_ = 0;
    for (int r = 0; r < size_; ++r)
        for (int c = 0; c < size_; ++c) cell_[make_pos(r, c)] = EMPTY;
    for (int r = 0; r < size_; ++r)
        for (int c = 0; c < size_; ++c) {
            const Pos p = make_pos(r, c);
            for (int d = 0; d < 4; ++d) {
                uint32_t key = 0;
                for (int k = -5; k <= 5; ++k)
                    if (k && cell_[p + k * DIR[d]] == WALL) key |= uint32_t(WALL) << (2 * (5 + k));
                key_[d][p] = key;
            }
            refresh_cell(p);
        }
}

// Recompute the pattern codes of empty cell p from its keys and add it to the counters.
void Board::refresh_cell(Pos p) {
    const PatternTables& t = *tables_;
    for (int col = 0; col < 2; ++col) {
        uint16_t pc = 0;
        for (int d = 0; d < 4; ++d)
            pc |= uint16_t(PatternTables::colour_pattern(t.line_of(key_[d][p]), col) << (4 * d));
        pcode_[col][p] = pc;
        for (int d = 0; d < 4; ++d) ++lcount_[col][pcode_pattern(pc, d)];
        p4_[col][p] = t.p4[col][pc];
        ++p4count_[col][p4_[col][p]];
        value_[col] += t.value[col][pc];
    }
}

// The part of place (Add) and unplace (!Add) that a stone of colour c on p changes elsewhere:
// the hash, the window keys, pattern codes and counters of the empty cells on its four lines,
// and the candidate neighbourhood. One body for both, so that unplace stays place's inverse.
// With Log (place only), each empty cell whose codes change is first written to the undo log.
template <bool Add, bool TrackValue, bool Log> inline void Board::update_lines(Pos p, Color c) {
    const PatternTables& t = *tables_;
    hash_ ^= zob().key[ci(c)][p];
    for (int d = 0; d < 4; ++d) {
        const int step = DIR[d];
        const int shift0 = 4 * d;
        for (int k = -5; k <= 5; ++k) {
            if (!k) continue;
            const Pos q = Pos(p - k * step); // p is at offset +k from q
            if (cell_[q] == WALL) continue;
            if constexpr (Add)
                key_[d][q] += uint32_t(c) << (2 * (5 + k));
            else
                key_[d][q] -= uint32_t(c) << (2 * (5 + k));
            if (cell_[q] != EMPTY) continue;
            // Read once: the stores below may alias the byte table, so it would be read again.
            const uint8_t both = t.line_of(key_[d][q]);
            uint16_t pcs[2];
            for (int col = 0; col < 2; ++col)
                pcs[col] = uint16_t((pcode_[col][q] & ~(15u << shift0)) |
                                    (uint32_t(PatternTables::colour_pattern(both, col)) << shift0));
            if (pcs[0] == pcode_[0][q] && pcs[1] == pcode_[1][q]) continue;
            if constexpr (Log)
                log_[log_size_++] = {q, {pcode_[0][q], pcode_[1][q]}, {p4_[0][q], p4_[1][q]}};
            for (int col = 0; col < 2; ++col) {
                const uint16_t old = pcode_[col][q], pc = pcs[col];
                if (pc == old) continue;
                pcode_[col][q] = pc;
                --lcount_[col][pcode_pattern(old, d)];
                ++lcount_[col][pcode_pattern(pc, d)];
                if constexpr (TrackValue) value_[col] += t.value[col][pc] - t.value[col][old];
                const uint8_t np4 = t.p4[col][pc];
                --p4count_[col][p4_[col][q]];
                ++p4count_[col][np4];
                p4_[col][q] = np4;
            }
        }
    }
    update_near<Add>(p);
}

// The candidate neighbourhood of a stone on p, added or taken away.
template <bool Add> inline void Board::update_near(Pos p) {
    // The 5x5 neighbourhood, one 8-byte add per row (its five counts and three untouched
    // bytes): a count never exceeds 25, so no byte carries or borrows into the next. Byte-wide
    // increments side by side instead stall store-to-load forwarding (clang emits them in
    // address order: its build ran a third slower).
    static_assert(std::endian::native == std::endian::little,
                  "byte i of the add is near_[row + i]");
    static_assert(make_pos(MAX_SIZE - 1, MAX_SIZE - 1) + 2 * STRIDE + 5 < NUM_CELLS,
                  "the last row's 8 bytes stay inside near_");
    constexpr uint64_t FIVE_ONES = 0x0101010101ull;
    for (int dr = -2; dr <= 2; ++dr) {
        uint8_t* row = near_ + p + dr * STRIDE - 2;
        uint64_t counts;
        std::memcpy(&counts, row, sizeof counts);
        counts = Add ? counts + FIVE_ONES : counts - FIVE_ONES;
        std::memcpy(row, &counts, sizeof counts);
    }
}

// Put a stone of colour c on p and update the 40 cells sharing a line with it. With Log, p's
// own entry and then every changed cell go to the undo log (unplace_logged).
template <bool Log> void Board::place(Pos p, Color c) {
    const PatternTables& t = *tables_;
    if constexpr (Log)
        log_[log_size_++] = {p, {pcode_[0][p], pcode_[1][p]}, {p4_[0][p], p4_[1][p]}};
    for (int col = 0; col < 2; ++col) {
        --p4count_[col][p4_[col][p]];
        value_[col] -= t.value[col][pcode_[col][p]];
        for (int d = 0; d < 4; ++d) --lcount_[col][pcode_pattern(pcode_[col][p], d)];
        p4_[col][p] = P4_NONE;
    }
    cell_[p] = c;
    if (!track_value_) [[likely]]
        update_lines<true, false, Log>(p, c);
    else
        update_lines<true, true, Log>(p, c);
}

// Remove the stone on p (exact inverse of place): every changed cell recomputed.
void Board::unplace(Pos p) {
    const Color c = Color(cell_[p]);
    cell_[p] = EMPTY;
    if (!track_value_) [[likely]]
        update_lines<false, false, false>(p, c);
    else
        update_lines<false, true, false>(p, c);
    refresh_cell(p);
}

// The same for a stone placed with its changes logged from log_[begin] and its counters saved
// in `saved`: the keys, hash and neighbourhood as unplace, the codes from the log (no table
// lookups), the counters copied back.
void Board::unplace_logged(Pos p, int begin, const Counters& saved) {
    const Color c = Color(cell_[p]);
    cell_[p] = EMPTY;
    hash_ ^= zob().key[ci(c)][p];
    for (int d = 0; d < 4; ++d)
        for (int k = -5; k <= 5; ++k) {
            const Pos q = Pos(p - k * DIR[d]);
            if (k && cell_[q] != WALL) key_[d][q] -= uint32_t(c) << (2 * (5 + k));
        }
    update_near<false>(p);
    for (int i = log_size_ - 1; i >= begin; --i) {
        const Change& e = log_[i];
        pcode_[0][e.pos] = e.pcode[0], pcode_[1][e.pos] = e.pcode[1];
        p4_[0][e.pos] = e.p4[0], p4_[1][e.pos] = e.p4[1];
    }
    log_size_ = begin;
    value_[0] = saved.value[0], value_[1] = saved.value[1];
    std::memcpy(p4count_, saved.p4count, sizeof p4count_);
    std::memcpy(lcount_, saved.lcount, sizeof lcount_);
}

void Board::set_value_tracking(bool on) {
    if (on && !track_value_) {
        const PatternTables& t = *tables_;
        for (int col = 0; col < 2; ++col) {
            value_[col] = 0;
            for (int r = 0; r < size_; ++r)
                for (int c = 0; c < size_; ++c) {
                    const Pos p = make_pos(r, c);
                    if (cell_[p] == EMPTY) value_[col] += t.value[col][pcode_[col][p]];
                }
        }
    }
    track_value_ = on;
}

// Play the side to move at p; remembers whether it made five.
void Board::make(Pos p) {
    State& s = stack_[ply_];
    s.move = p;
    s.five = p4_[ci(side_)][p] == P4_FIVE;
    s.r0 = r0_, s.r1 = r1_, s.c0 = c0_, s.c1 = c1_;
    const int r = row_of(p), c = col_of(p);
    if (r1_ < r0_) {
        r0_ = r1_ = int8_t(r);
        c0_ = c1_ = int8_t(c);
    } else {
        r0_ = int8_t(std::min<int>(r0_, r)), r1_ = int8_t(std::max<int>(r1_, r));
        c0_ = int8_t(std::min<int>(c0_, c)), c1_ = int8_t(std::max<int>(c1_, c));
    }
    s.log_begin = int16_t(log_size_);
    Counters& saved = saved_[ply_];
    saved.value[0] = value_[0], saved.value[1] = value_[1];
    std::memcpy(saved.p4count, p4count_, sizeof p4count_);
    std::memcpy(saved.lcount, lcount_, sizeof lcount_);
    place<true>(p, side_);
    side_ = opponent(side_);
    hash_ ^= zob().side;
    ++ply_;
}

// Take back the last move.
void Board::undo() {
    const State& s = stack_[--ply_];
    unplace_logged(s.move, s.log_begin, saved_[ply_]);
    r0_ = s.r0, r1_ = s.r1, c0_ = s.c0, c1_ = s.c1;
    side_ = opponent(side_);
    hash_ ^= zob().side;
}

void Board::make_null() {
    side_ = opponent(side_);
    hash_ ^= zob().side;
}

void Board::undo_null() {
    make_null();
}

void Board::candidate_box(int& r0, int& r1, int& c0, int& c1) const {
    if (r1_ < r0_) {
        r0 = r1 = c0 = c1 = size_ / 2;
        return;
    }
    r0 = std::max(0, r0_ - 2), r1 = std::min(size_ - 1, r1_ + 2);
    c0 = std::max(0, c0_ - 2), c1 = std::min(size_ - 1, c1_ + 2);
}

Pos Board::find_five(Color c) const {
    if (!count(c, P4_FIVE)) return NO_POS;
    int r0, r1, c0, c1;
    candidate_box(r0, r1, c0, c1);
    for (int r = r0; r <= r1; ++r)
        for (int col = c0; col <= c1; ++col) {
            const Pos p = make_pos(r, col);
            if (p4_[ci(c)][p] == P4_FIVE) return p;
        }
    return NO_POS;
}

bool Board::is_forbidden(Pos p) {
    if (rule_ != Rule::RENJU || cell_[p] != EMPTY) return false;
    return forbidden_rec(p);
}

// Renju forbidden test for black at p. A line the tables call an open three (F3) is a real
// three only if a straight-four point of that three is a move that makes no five (RIF: a
// three becomes a straight four "without at the same time a five in a row is made") and is
// itself not forbidden (tested recursively, with p placed). Those points are the first empty
// cell past the black stones joined to p on either side: a straight four through p has only
// black stones between p and the added stone. Each level places a stone, so the recursion
// ends without a depth limit.
bool Board::forbidden_rec(Pos p) {
    const uint16_t pc = pcode_[0][p];
    const Pattern4 k = Pattern4(tables_->p4[0][pc]);
    if (k == P4_FIVE) return false;
    if (k == P4_FORBID) return true;
    if (!tables_->check3[pc]) return false;
    place<false>(p, BLACK);
    int real = 0;
    for (int d = 0; d < 4 && real < 2; ++d) {
        if (pcode_pattern(pc, d) != F3) continue;
        for (const int step : {-DIR[d], DIR[d]}) {
            Pos e = Pos(p + step);
            while (cell_[e] == BLACK) e = Pos(e + step);
            if (cell_[e] != EMPTY || pattern(BLACK, e, d) != F4 || p4_[0][e] == P4_FIVE) continue;
            if (!forbidden_rec(e)) {
                ++real;
                break;
            }
        }
    }
    unplace(p);
    return real >= 2;
}

std::vector<Pos> Board::winning_line(Pos p) const {
    std::vector<Pos> line;
    const Color c = Color(cell_[p]);
    if (c != BLACK && c != WHITE) return line;
    const bool exact = rule_ == Rule::STANDARD || (rule_ == Rule::RENJU && c == BLACK);
    for (int d = 0; d < 4; ++d) {
        Pos a = p, b = p;
        while (cell_[a - DIR[d]] == c) a = Pos(a - DIR[d]);
        while (cell_[b + DIR[d]] == c) b = Pos(b + DIR[d]);
        const int len = (b - a) / DIR[d] + 1;
        if (len == 5 || (len > 5 && !exact)) {
            for (Pos q = a; q <= b; q = Pos(q + DIR[d])) line.push_back(q);
            return line;
        }
    }
    return line;
}

} // namespace gomoku
