// threat.h — threat-space search: VCF (victory by continuous fours) and VCT (by threes and
// fours). The attacker is the side to move; the defender's replies are all the moves that
// stop the threat (the five point against a four; every cell that removes all straight-four
// points against an open three, plus counter-fours). Failed positions are cached by hash.
#pragma once
#include "games/gomoku/board.h"
#include "games/gomoku/movegen.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

namespace gomoku {

struct ThreatResult {
    bool win = false;
    std::vector<Pos> sequence; // attacker, defender, attacker, ..., the five
    uint64_t nodes = 0;
    bool aborted = false;     // node limit, stop flag or deadline hit before an answer
    bool interrupted = false; // aborted by the stop flag or the deadline (not the node limit)
};

class ThreatSolver {
  public:
    using TimePoint = std::chrono::steady_clock::time_point;
    using ClockFn = TimePoint (*)();
    // Nodes between two readings of the clock. The count runs on across searches (a VCT
    // restarted for each root candidate does not start a fresh one), so the deadline is seen
    // within this many nodes (about 0.1 ms here) wherever it passes.
    static constexpr int CLOCK_INTERVAL = 16;

    explicit ThreatSolver(size_t cache_bits = 18);
    // Give up (aborted) once the clock passes `deadline`. Once seen, a passed deadline stays
    // passed: every later search gives up at its first node, until the next set/clear.
    void set_deadline(TimePoint deadline) { deadline_ = deadline, expired_ = false; }
    void clear_deadline() { set_deadline(TimePoint::max()); }
    // The clock that the deadline is checked against (tests: a fake one); nullptr = steady_clock.
    void set_clock(ClockFn now);
    // Forget the cached failures (for reproducible searches).
    void clear();
    // Continuous fours only; `max_fours` attacker moves at most.
    ThreatResult vcf(Board& b, int max_fours, uint64_t max_nodes,
                     const std::atomic<bool>* stop = nullptr);
    // VCF without building a result: true when the side to move wins; `*length` = moves of
    // the winning sequence (attacker's first move .. the five). For MASTER's leaves.
    bool vcf_quick(Board& b, int max_fours, uint64_t max_nodes, int* length, uint64_t* nodes_used);
    // Threes and fours; `max_threats` attacker moves at most (each may end in a VCF).
    ThreatResult vct(Board& b, int max_threats, uint64_t max_nodes,
                     const std::atomic<bool>* stop = nullptr);
    // The root moves that refute the opponent's threat sequence. When the opponent, given a
    // pass, has a VCT within `max_nodes`, the first `max_moves` ordered candidates (the defences,
    // when it has a straight four) after which it has none within `max_nodes` are added to
    // `refutations` (`scratch` holds the candidates). A check cut short by the stop flag or the
    // deadline proves nothing: that candidate and the rest are left out; so does one cut by
    // `total_nodes`, the budget of all the checks together. Returns the threat-solver nodes
    // spent.
    uint64_t refute_vct(Board& b, int max_threats, uint64_t max_nodes, int max_moves,
                        MoveList& scratch, MoveList& refutations,
                        const std::atomic<bool>* stop = nullptr, uint64_t total_nodes = UINT64_MAX);

  private:
    enum NodeState { OPEN, WIN, LOSS };
    void begin(Board& b, uint64_t max_nodes, const std::atomic<bool>* stop);
    ThreatResult result(bool win) const;
    NodeState attack_start(int& their_fives);
    // Scratch move list of the current line's depth (one per attacker move, 64 at most).
    MoveList& level_list() { return lists_[len_ / 2 < 63 ? len_ / 2 : 63]; }
    bool vcf_node(int depth);
    bool vct_node(int depth);
    bool vct_defend(int depth);
    bool out_of_budget();
    void push(Pos p) { line_[len_++] = p; }
    void pop() { --len_; }
    void record(std::initializer_list<Pos> tail);
    bool cached_fail(uint64_t key, int depth) const;
    void store_fail(uint64_t key, int depth);

    Board* b_ = nullptr;
    uint64_t nodes_ = 0, max_nodes_ = 0;
    const std::atomic<bool>* stop_ = nullptr;
    TimePoint deadline_ = TimePoint::max();
    ClockFn now_;
    int until_clock_ = CLOCK_INTERVAL; // nodes before the next clock reading (kept across searches)
    bool expired_ = false;             // the deadline has been seen passed
    bool aborted_ = false;
    bool interrupted_ = false; // aborted_ by the stop flag or the deadline
    int vcf_depth_ = 0;
    Pos line_[2 * MAX_MOVES];
    int len_ = 0;
    std::vector<Pos> best_;
    std::vector<uint64_t> cache_key_;
    std::vector<int8_t> cache_depth_;
    uint64_t cache_mask_;
    std::unique_ptr<MoveList[]> lists_;
};

// Convenience: one-shot VCF for the side to move.
ThreatResult find_vcf(Board& b, int max_fours = 40, uint64_t max_nodes = 2'000'000);

} // namespace gomoku
