// endgame.h — the exact endgame solver.
//
// Scores follow the FFO convention: the final disc difference for the side to move, empty
// squares going to the winner. Layers, from the leaves up:
//   last 1..4 empties — specialised code, parity-ordered, no move generation;
//   up to 6 empties   — null-window search over the empty squares as a bit set in a fixed
//                       order, odd quadrants first (parity), no hashing;
//   above             — null-window search with the transposition tables (the solver's own
//                       small one up to NEAR_EMPTIES empties, the given one above), stability
//                       cutoff and fastest-first move ordering (opponent mobility, corner
//                       stability; from 14 empties also the static evaluation of each move,
//                       from 18 a shallow midgame search of it instead);
//   PV nodes / root   — principal variation search on top of the null-window searches.
// Node limits and deadlines are checked every few thousand nodes; an aborted search says so.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>

#include "games/othello/evaluate.h"
#include "games/othello/position.h"
#include "games/othello/tt.h"

namespace othello {

struct MoveItem; // a move of a hashed node's list (endgame.cpp)

class EndgameSolver {
  public:
    using Clock = std::chrono::steady_clock;

    // tt holds the nodes with more than NEAR_EMPTIES empties; the solver keeps the others in a
    // table of its own, a quarter of tt's size and at most 2^NEAR_LOG2 entries.
    explicit EndgameSolver(TranspositionTable& tt);

    // Empties up to which nodes go to the solver's own table, and that table's largest size.
    static constexpr int NEAR_EMPTIES = 9;
    static constexpr int NEAR_LOG2 = 14;

    // Abort after max_nodes (0 = no limit), at deadline (when has_deadline), or once *stop is
    // set (by another thread; nullptr: never).
    void set_limits(uint64_t max_nodes, bool has_deadline = false, Clock::time_point deadline = {},
                    const std::atomic<bool>* stop = nullptr) {
        max_nodes_ = max_nodes;
        has_deadline_ = has_deadline;
        deadline_ = deadline;
        stop_ = stop;
    }

    struct Result {
        int score = 0;         // exact when complete, and inside (alpha, beta)
        Move best = MOVE_NONE; // MOVE_PASS when the side to move must pass
        uint64_t nodes = 0;
        bool complete = true;
    };

    // Exact value and best move of pos; a window narrows the work (fail-soft outside it).
    // guess (a likely value) only changes the speed, never the answer.
    Result solve(const Position& pos, int alpha = SCORE_MIN - 1, int beta = SCORE_MAX + 1,
                 int guess = 0);

    // Exact value of (P to move, O) within (alpha, beta) — for the midgame search.
    int search(Bitboard P, Bitboard O, int alpha, int beta);

    // A table of midgame results whose best moves order the moves of nodes with many
    // empties when the solver's own table knows nothing yet (set by the Searcher).
    void set_move_hints(const TranspositionTable* hints) { hints_ = hints; }
    // The evaluation that orders the moves of nodes with many empties (nullptr: none).
    void set_order_eval(EvalFn eval) { order_eval_ = eval; }

    uint64_t nodes() const { return nodes_; }
    void reset_nodes() {
        nodes_ = 0;
        next_check_ = 4096;
        aborted_ = false;
    }
    bool aborted() const { return aborted_; }
    // Offers move as the first to try at (P, O), in the table that holds it (no bounds stored).
    void suggest_move(Bitboard P, Bitboard O, Move move);
    // The solver's own table: forget it (with tt's clear()), or age it (with tt's new_search()).
    void clear_near_table() { near_.clear(); }
    void new_search() { near_.new_search(); }

  private:
    int last1(Bitboard P, Square x);
    int last2(Bitboard P, Bitboard O, int alpha, int beta, Square x1, Square x2);
    int last3(Bitboard P, Bitboard O, int alpha, int beta, Square x1, Square x2, Square x3);
    int last4(Bitboard P, Bitboard O, int alpha, int beta, Square x1, Square x2, Square x3,
              Square x4);
    int shallow(Bitboard P, Bitboard O, int alpha, int beta, int n, uint64_t empties);
    int shallow_entry(Bitboard P, Bitboard O, int alpha, int beta);
    int nws(Bitboard P, Bitboard O, int alpha);
    int nws(Bitboard P, Bitboard O, int alpha, uint64_t hash);
    int pvs(Bitboard P, Bitboard O, int alpha, int beta, Move* best_move);
    bool check_abort();
    EvalFn order_eval(int n) const;
    // Ordering keys of a node's moves (window from alpha up); see endgame.cpp.
    void score_moves(Bitboard P, Bitboard O, MoveItem* list, int count, int alpha);
    // Shallow midgame alpha-beta (EVAL_UNITs) that orders the moves of nodes with many empties.
    int order_search(Bitboard P, Bitboard O, int depth, int alpha, int beta);

    // The table of a node with n empties.
    TranspositionTable& table(int n) { return n <= NEAR_EMPTIES ? near_ : tt_; }

    TranspositionTable& tt_;
    TranspositionTable near_;
    const TranspositionTable* hints_ = nullptr;
    EvalFn order_eval_ = nullptr;
    uint64_t nodes_ = 0;
    uint64_t max_nodes_ = 0;
    uint64_t next_check_ = 4096;
    bool has_deadline_ = false;
    bool aborted_ = false;
    const std::atomic<bool>* stop_ = nullptr;
    Clock::time_point deadline_{};
};

} // namespace othello
