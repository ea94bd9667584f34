// search.h — iterative-deepening principal-variation search with a transposition table.
//
// Leaves go into a quiescence search over fours (a VCF with stand-pat); forced blocks are
// extended; when the opponent has an open three only defences and counter-fours are
// searched. Limits: depth, nodes (deterministic), time (std::chrono::steady_clock) and an
// external stop flag (the Gomocup brain's YXSTOP). No threads, no allocation while searching.
#pragma once
#include "games/gomoku/board.h"
#include "games/gomoku/movegen.h"
#include "games/gomoku/threat.h"
#include "games/gomoku/tt.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace gomoku {

struct SearchLimits {
    int depth = 0;                           // deepest iteration (0 = up to MAX_DEPTH)
    uint64_t nodes = 0;                      // node budget (0 = none); deterministic
    int64_t time_ms = 0;                     // time budget for this move (0 = none)
    const std::atomic<bool>* stop = nullptr; // set by another thread to stop now
    uint64_t vcf_nodes = 20000;              // root VCF budget (0 = skip)
    uint64_t vct_nodes = 0;                  // root VCT budget (0 = skip)
    int vct_depth = 8;
    uint64_t defend_nodes = 0; // > 0: if the opponent has a VCT after a pass, search only
                               // root moves that leave it none (each check this budget)
    int width = 0;             // > 0: search only the `width` best-ordered moves at each node
    uint64_t threat_nodes = 0; // > 0: the root VCF, VCT and refutation checks together spend
                               // at most this many nodes (each still within its own budget)
};

struct SearchInfo {
    Pos move = NO_POS;
    int value = 0; // from the side to move's view; mate = VALUE_MATE - plies
    int depth = 0; // last completed iteration (0 for immediate/threat answers)
    uint64_t nodes = 0;
    int64_t ms = 0;
    std::vector<Pos> pv;
    const char* source = "search"; // "five", "block", "vcf", "vct", "search", "only"
};

// Where the work went (one think()); see `gomoku stats`.
struct SearchStats {
    uint64_t nodes = 0;        // main-search nodes (interior + leaves)
    uint64_t leaves = 0;       // depth-0 nodes (VCF probe + evaluation)
    uint64_t threat_nodes = 0; // threat-solver nodes (root VCF/VCT/defence + leaf VCFs)
    uint64_t tt_probes = 0, tt_hits = 0, tt_cuts = 0;
    uint64_t expanded = 0;       // interior nodes that generated moves
    uint64_t moves_searched = 0; // children searched at those nodes
    uint64_t cutoffs = 0, first_move_cutoffs = 0;
    uint64_t null_tries = 0, null_cuts = 0;
    uint64_t leaf_vcf_wins = 0;
    uint64_t quiet_fours = 0; // fours searched past the horizon (MASTER's four_quiescence)
    uint64_t singular_tests = 0, singular_extensions = 0, multi_cuts = 0; // MASTER only
    int64_t root_threat_us = 0; // root VCF + VCT + defence check time
    int64_t total_us = 0;
    int depth = 0;
};

constexpr int MAX_DEPTH = 60;
constexpr int MAX_PLY = 128;

// A depth given as text (the tools' arguments): 1..MAX_DEPTH in plain decimal digits, else
// nullopt (a depth of 0 would mean "no limit" to SearchLimits).
std::optional<int> parse_depth(std::string_view s);

// What Searcher and MasterSearcher share: the position, limits, clock and node count, the
// transposition table, threat solver, history, PV and move-list stacks, and the steps of a node
// and of the root that are the same in both searches (so that the two cannot drift apart).
class SearchCore {
  public:
    // Forget the transposition table, the threat solver's cache and the history (for
    // reproducible searches).
    void clear();
    void resize_tt(size_t megabytes) { tt_.resize(megabytes); }
    size_t tt_megabytes() const { return tt_.megabytes(); }
    uint64_t nodes() const { return nodes_; }
    const SearchStats& stats() const { return stats_; } // counters only: no effect on play

  protected:
    SearchCore(size_t tt_megabytes, size_t solver_cache_bits);
    void begin(Board& board, const SearchLimits& limits, int threat_pct);
    void poll();
    int64_t elapsed_ms() const;
    int64_t elapsed_us() const;
    bool node_decided(int ply, uint64_t& counter, int& their_fives, int& value);
    bool tt_cut(uint64_t key, int depth, int ply, int alpha, int beta, bool pv_node, Pos& tt_move,
                int& value);
    void tt_save(uint64_t key, int best, Pos best_move, int old_alpha, int beta, int depth,
                 int ply);
    void update_pv(int ply, Pos m);
    bool child_cut(int ply, Pos m, int v, int beta, int& best, Pos& best_move, int& alpha);
    int history_score(int side, const ScoredMove& m) const;
    const char* immediate(Board& b, Pos& move, int& value);
    const char* root_threat_win(Board& b, SearchInfo& info, int& value);
    void root_refutations(Board& b, int max_moves);
    // Root threat nodes still allowed, at most n (limits_.threat_nodes, when set, minus the
    // nodes spent so far: the root threat searches come before the main search).
    uint64_t threat_budget(uint64_t n) const {
        if (!limits_.threat_nodes) return n;
        return std::min(n, limits_.threat_nodes > nodes_ ? limits_.threat_nodes - nodes_ : 0);
    }
    Pos fallback_move(Board& b);
    SearchInfo finish(SearchInfo& info, Pos m, int v, const char* source);

    Board* b_ = nullptr;
    TranspositionTable tt_;
    ThreatSolver solver_;
    SearchLimits limits_;
    SearchStats stats_;
    std::chrono::steady_clock::time_point start_;
    uint64_t nodes_ = 0;
    bool stopped_ = false;
    MoveList root_filter_; // when non-empty: the only root moves searched
    int history_[2][NUM_CELLS];
    std::unique_ptr<MoveList[]> lists_;
    Pos pv_[MAX_PLY + 1][MAX_PLY + 1];
    int pv_len_[MAX_PLY + 1];
};

// Start of a node: count it in nodes_ and in `counter`, poll the limits every 1024 nodes, and
// settle a node that is already decided: stopped or a full board (0), our five (we mate at
// once), two fives of theirs (we are mated). Otherwise false, their fives (0 or 1) in
// `their_fives`.
inline bool SearchCore::node_decided(int ply, uint64_t& counter, int& their_fives, int& value) {
    const Board& b = *b_;
    ++nodes_;
    ++counter;
    if ((nodes_ & 1023) == 0) poll();
    value = 0;
    if (stopped_) return true;
    if (b.full()) return true;
    const Color us = b.to_move(), them = opponent(us);
    if (b.count(us, P4_FIVE)) {
        value = VALUE_MATE - ply - 1;
        return true;
    }
    their_fives = b.count(them, P4_FIVE);
    if (their_fives >= 2) {
        value = -(VALUE_MATE - ply - 2);
        return true;
    }
    return false;
}

// Transposition-table probe: the stored move (searched first) in `tt_move`; true, with the
// stored value, when at a non-PV node its depth and bound settle the window.
inline bool SearchCore::tt_cut(uint64_t key, int depth, int ply, int alpha, int beta, bool pv_node,
                               Pos& tt_move, int& value) {
    ++stats_.tt_probes;
    if (const TTEntry* e = tt_.probe(key)) {
        ++stats_.tt_hits;
        tt_move = e->move;
        const int v = value_from_tt(e->value, ply);
        if (!pv_node && e->depth >= depth &&
            ((e->bound & BOUND_LOWER && v >= beta) || (e->bound & BOUND_UPPER && v <= alpha))) {
            ++stats_.tt_cuts;
            value = v;
            return true;
        }
    }
    return false;
}

// Store a searched node: `best` is a lower bound above beta, exact inside the window it was
// searched with, an upper bound below it.
inline void SearchCore::tt_save(uint64_t key, int best, Pos best_move, int old_alpha, int beta,
                                int depth, int ply) {
    const Bound bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_.store(key, value_to_tt(best, ply), best_move, depth, bound);
}

// The PV at `ply` becomes m followed by the child's PV.
inline void SearchCore::update_pv(int ply, Pos m) {
    pv_[ply][ply] = m;
    for (int j = ply + 1; j < pv_len_[ply + 1]; ++j) pv_[ply][j] = pv_[ply + 1][j];
    pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
}

// Child m searched to value v: maybe the new best move, and above alpha the new alpha with m's
// PV. True when v reaches beta (a cutoff: no more moves to search).
inline bool SearchCore::child_cut(int ply, Pos m, int v, int beta, int& best, Pos& best_move,
                                  int& alpha) {
    if (v <= best) return false;
    best = v;
    best_move = m;
    if (v <= alpha) return false;
    alpha = v;
    update_pv(ply, m);
    return v >= beta;
}

// Ordering score of a generated move: its pattern score first, the side's history as tie-break.
inline int SearchCore::history_score(int side, const ScoredMove& m) const {
    return m.score * 16 + std::min(history_[side][m.pos], 1 << 20) / 64;
}

class Searcher : public SearchCore {
  public:
    explicit Searcher(size_t tt_megabytes = 16);
    // Best move for the side to move (the board is restored afterwards). Needs an empty cell.
    SearchInfo think(Board& board, const SearchLimits& limits);

  private:
    int search(int alpha, int beta, int depth, int ply, bool pv_node);
    int qsearch(int alpha, int beta, int ply, int qply);

    int width_ = 0;
};

} // namespace gomoku
