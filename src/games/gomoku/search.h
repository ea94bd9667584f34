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

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
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
    uint64_t nodes = 0;          // main-search nodes (interior + leaves)
    uint64_t leaves = 0;         // depth-0 nodes (VCF probe + evaluation)
    uint64_t threat_nodes = 0;   // threat-solver nodes (root VCF/VCT/defence + leaf VCFs)
    uint64_t tt_probes = 0, tt_hits = 0, tt_cuts = 0;
    uint64_t expanded = 0;       // interior nodes that generated moves
    uint64_t moves_searched = 0; // children searched at those nodes
    uint64_t cutoffs = 0, first_move_cutoffs = 0;
    uint64_t null_tries = 0, null_cuts = 0;
    uint64_t leaf_vcf_wins = 0;
    int64_t root_threat_us = 0; // root VCF + VCT + defence check time
    int64_t total_us = 0;
    int depth = 0;
};

constexpr int MAX_DEPTH = 60;
constexpr int MAX_PLY = 128;

class Searcher {
  public:
    explicit Searcher(size_t tt_megabytes = 16);
    // Best move for the side to move (the board is restored afterwards). Needs an empty cell.
    SearchInfo think(Board& board, const SearchLimits& limits);
    // Forget the transposition table and history (for reproducible searches).
    void clear();
    void resize_tt(size_t megabytes) { tt_.resize(megabytes); }
    uint64_t nodes() const { return nodes_; }
    const SearchStats& stats() const { return stats_; } // counters only: no effect on play

  private:
    int search(int alpha, int beta, int depth, int ply, bool pv_node);
    int qsearch(int alpha, int beta, int ply, int qply);
    void poll();
    int64_t elapsed_ms() const;

    Board* b_ = nullptr;
    TranspositionTable tt_;
    ThreatSolver solver_;
    SearchLimits limits_;
    SearchStats stats_;
    std::chrono::steady_clock::time_point start_;
    uint64_t nodes_ = 0;
    bool stopped_ = false;
    int width_ = 0;
    MoveList root_filter_; // when non-empty: the only root moves searched
    int history_[2][NUM_CELLS];
    std::unique_ptr<MoveList[]> lists_;
    Pos pv_[MAX_PLY + 1][MAX_PLY + 1];
    int pv_len_[MAX_PLY + 1];
};

} // namespace gomoku
