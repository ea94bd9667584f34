// board.h — the Gomoku position: stones, incremental line patterns, make/undo.
//
// make()/undo() update, without allocating, the 22-bit window keys of the 40 cells that
// share a line with the move (five cells each way, four directions), their pattern codes
// for both colours, the per-colour counts of every Pattern4 class, the per-colour sum of
// empty-cell values (the evaluation), the Zobrist hash and the candidate neighbourhood.
// make() logs the codes it changes, so undo() restores them without the pattern tables.
#pragma once
#include "games/gomoku/pattern.h"
#include "games/gomoku/types.h"

#include <cstdint>
#include <vector>

namespace gomoku {

class Board {
  public:
    explicit Board(int size = 15, Rule rule = Rule::FREESTYLE) { reset(size, rule); }

    // Empty board of size x size (MIN_SIZE..MAX_SIZE) under `rule`; black to move.
    void reset(int size, Rule rule);

    int size() const { return size_; }
    Rule rule() const { return rule_; }
    Color to_move() const { return side_; }
    int ply() const { return ply_; }
    bool full() const { return ply_ >= size_ * size_; }
    uint64_t hash() const { return hash_; }

    bool inside(int row, int col) const {
        return row >= 0 && col >= 0 && row < size_ && col < size_;
    }
    Color at(Pos p) const { return Color(cell_[p]); }
    Color at(int row, int col) const { return Color(cell_[make_pos(row, col)]); }
    bool is_empty(Pos p) const { return cell_[p] == EMPTY; }

    Pos move_at(int i) const { return stack_[i].move; }
    Pos last_move() const { return ply_ ? stack_[ply_ - 1].move : NO_POS; }
    // Did the last move make a five (a win) for the colour that played it?
    bool last_move_won() const { return ply_ && stack_[ply_ - 1].five; }

    // Play the side to move on empty on-board cell p (no legality check: see rules.h).
    void make(Pos p);
    // Take back the last move.
    void undo();
    // Pass: only flips the side to move (threat search "what if the defender passes").
    void make_null();
    void undo_null();

    // Line pattern of direction d at empty cell p for colour c.
    Pattern pattern(Color c, Pos p, int d) const { return pcode_pattern(pcode_[ci(c)][p], d); }
    uint16_t pcode(Color c, Pos p) const { return pcode_[ci(c)][p]; }
    Pattern4 p4(Color c, Pos p) const { return Pattern4(p4_[ci(c)][p]); }
    // Number of empty cells whose combination for c is exactly k.
    int count(Color c, Pattern4 k) const { return p4count_[ci(c)][k]; }
    // Has c an empty cell where it makes a four that is not a straight four?
    bool has_four_point(Color c) const {
        return count(c, P4_BLOCK4) + count(c, P4_BLOCK4_PLUS) + count(c, P4_BLOCK4_FLEX3) > 0;
    }
    // Sum of the evaluation values of every empty cell for c (only while value tracking is on).
    int value(Color c) const { return value_[ci(c)]; }
    // Whether make/undo keep value() up to date (on by default). MASTER's search, which never
    // reads it, turns it off: the sums cost a table lookup for each of up to 80 changed codes a
    // move. Turning it back on recomputes the sums.
    void set_value_tracking(bool on);
    // Number of (empty cell, direction) pairs whose line pattern for c is exactly p (MASTER's
    // evaluation features).
    int line_count(Color c, Pattern p) const { return lcount_[ci(c)][p]; }
    // Stones within the 5x5 square around p (the candidate neighbourhood).
    int near(Pos p) const { return near_[p]; }
    // Bounding box of the stones, grown by 2 and clipped to the board (rows/cols).
    void candidate_box(int& r0, int& r1, int& c0, int& c1) const;

    // Renju: would black playing empty cell p be forbidden (overline, double four, double
    // three with the recursive "real three" test)? Always false under other rules, and a
    // five is never forbidden.
    bool is_forbidden(Pos p);
    // First empty cell where c makes five, or NO_POS.
    Pos find_five(Color c) const;
    // The stones of the five (or longer winning run) through p, in line order; empty if none.
    std::vector<Pos> winning_line(Pos p) const;

    const PatternTables& tables() const { return *tables_; }

  private:
    struct State {
        Pos move;
        bool five;
        int8_t r0, r1, c0, c1;
        int16_t log_begin; // the move's first undo-log entry
    };
    // An undo-log entry: a cell's codes before a move changed them.
    struct Change {
        Pos pos;
        uint16_t pcode[2];
        uint8_t p4[2];
    };
    // A move logs its own cell and at most the 40 on its lines (a random 400-move game on 20x20
    // logs 12 a move on average, but the log never overflows).
    static constexpr int LOG_CAPACITY = MAX_MOVES * 41;
    static_assert(LOG_CAPACITY <= INT16_MAX, "State::log_begin holds a log index");
    template <bool Log> void place(Pos p, Color c);
    void unplace(Pos p);
    struct Counters;
    void unplace_logged(Pos p, int begin, const Counters& saved);
    template <bool Add, bool TrackValue, bool Log> void update_lines(Pos p, Color c);
    template <bool Add> void update_near(Pos p);
    void refresh_cell(Pos p);
    bool forbidden_rec(Pos p);

    const PatternTables* tables_ = nullptr;
    int size_ = 15;
    Rule rule_ = Rule::FREESTYLE;
    Color side_ = BLACK;
    int ply_ = 0;
    uint64_t hash_ = 0;
    int8_t r0_ = 0, r1_ = -1, c0_ = 0, c1_ = -1; // stone bounding box (empty when r1_ < r0_)
    int value_[2] = {0, 0};
    bool track_value_ = true;
    int p4count_[2][PATTERN4_NB] = {};
    int lcount_[2][PATTERN_NB] = {};
    uint8_t cell_[NUM_CELLS];
    uint8_t near_[NUM_CELLS];
    uint8_t p4_[2][NUM_CELLS];
    uint16_t pcode_[2][NUM_CELLS];
    uint32_t key_[4][NUM_CELLS];
    State stack_[MAX_MOVES + 1];
    int log_size_ = 0;
    Change log_[LOG_CAPACITY];
    // The counters before each move (restored whole by undo: cheaper than undoing each change).
    struct Counters {
        int value[2];
        int p4count[2][PATTERN4_NB];
        int lcount[2][PATTERN_NB];
    };
    Counters saved_[MAX_MOVES + 1];
};

// Zobrist key of colour c on cell p (fixed, seeded tables: identical natively and in wasm).
uint64_t zobrist(Color c, Pos p);

} // namespace gomoku
