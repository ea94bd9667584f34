// search.h — the MASTER search: iterative-deepening principal variation search.
//
// Midgame: PVS with a transposition table, the hash move first, then moves ordered by a
// shallow search (deep nodes) or fastest-first keys (opponent mobility, corners). Leaves use
// evaluate(). Null-window nodes are pruned by Multi-ProbCut: a shallow search whose value is
// far enough outside the window (a calibrated multiple of the deep-minus-shallow error's
// standard deviation) answers for the deep one. When the remaining empties fit, the exact endgame
// solver takes over and the answer is exact (FFO convention, in discs). Limits: depth, nodes
// (deterministic) and a time budget per move (steady_clock). With only depth/nodes limits a search
// is a pure function of the position: reproducible everywhere.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "games/othello/endgame.h"
#include "games/othello/evaluate.h"
#include "games/othello/patterns.h"

namespace othello {

struct SearchLimits {
    int depth = 0;          // midgame plies; 0 = no limit (up to the end)
    uint64_t nodes = 0;     // 0 = no limit
    int time_ms = 0;        // 0 = no limit
    int exact_empties = 22; // try the exact solve from this many empties down
    bool probcut = true;    // Multi-ProbCut in the midgame (off: full-width, for calibration)
    // MASTER's play (time= or nodes=, no depth=): after the midgame depths, searches to the end
    // of the game with Multi-ProbCut (the selective endgame), also before an exact solve, which
    // then gets what is left of the limit and falls back on them. Needs probcut and depth 0.
    bool selective_end = false;
    // Set by another thread to stop at once (the NBoard tool's `ping`); checked with the limits.
    const std::atomic<bool>* stop = nullptr;
};

struct SearchResult {
    Move best = MOVE_NONE; // MOVE_PASS when the side to move must pass
    int eval = 0;          // EVAL_UNIT per disc, side-to-move's view (exact: score * 100)
    int depth = 0;         // completed midgame depth (empties when exact)
    bool exact = false;
    uint64_t nodes = 0;
    int ms = 0;
};

struct MoveValue {
    Move move;
    int value; // EVAL_UNIT per disc
    bool exact;
};

class Searcher {
  public:
    // Hash tables of 2^log2_entries entries each (midgame and endgame).
    explicit Searcher(int log2_entries = 20);

    // Best move of pos under limits.
    SearchResult search(const Position& pos, const SearchLimits& limits);
    // Every legal move with its value, best first (hints); passes give one MOVE_PASS entry.
    std::vector<MoveValue> analyse(const Position& pos, const SearchLimits& limits);
    // Forget all hash tables (benches start from the same empty state).
    void clear();
    // The evaluation at the leaves and for move ordering: the pattern evaluation
    // (patterns::evaluate) unless set (e.g. the classic evaluate, for matches between them).
    void set_eval(EvalFn eval) {
        eval_ = eval;
        solver_.set_order_eval(eval);
    }

    uint64_t nodes() const { return nodes_ + solver_.nodes(); }

  private:
    using Clock = EndgameSolver::Clock;
    // Plies below the root: each a move (at most 60) or a pass (never two in a row).
    static constexpr int MAX_PLY = 128;

    // The static evaluation of the node at ply_ (P to move).
    int leaf_eval(Bitboard P, Bitboard O) const {
        return incremental_ ? patterns::evaluate_features(P, O, features_[ply_]) : eval_(P, O);
    }
    // The static evaluation of P's move x (turning over f), from the child's side.
    int child_eval(Bitboard P, Bitboard O, Square x, Bitboard f) {
        const Bitboard np = O ^ f, no = P ^ f ^ square_bb(x);
        if (!incremental_) return eval_(np, no);
        patterns::play_features(features_[ply_], x, f, features_[ply_ + 1]);
        return patterns::evaluate_features(np, no, features_[ply_ + 1]);
    }
    // Down to the child after move x (turning over f), or after a pass; and back up.
    void enter(Square x, Bitboard f) {
        if (incremental_) patterns::play_features(features_[ply_], x, f, features_[ply_ + 1]);
        ++ply_;
    }
    void enter_pass() {
        if (incremental_) patterns::pass_features(features_[ply_], features_[ply_ + 1]);
        ++ply_;
    }
    void leave() { --ply_; }

    int pvs(Bitboard P, Bitboard O, int depth, int alpha, int beta);
    bool probcut(Bitboard P, Bitboard O, int depth, int alpha, int beta, int& value);
    int exact(Bitboard P, Bitboard O, int alpha, int beta);
    int order_moves(Bitboard P, Bitboard O, int depth, Move hash_move, Square* squares,
                    Bitboard* flips);
    void start_clock(const SearchLimits& limits);
    bool out_of_time();

    EvalFn eval_;
    TranspositionTable tt_;
    TranspositionTable tt_end_;
    EndgameSolver solver_;
    uint64_t nodes_ = 0;
    uint64_t node_limit_ = 0;
    uint64_t next_check_ = 0;
    bool has_deadline_ = false;
    bool aborted_ = false;
    bool probcut_ = true;
    // A node searched to the end of the game (depth >= empties) calls the exact solver from
    // this many empties down (64: always; SELECTIVE_END_EXACT in the selective endgame).
    int exact_from_ = 64;
    // The pattern evaluation with its indices kept up to date move by move (features_[ply]
    // are those of the node ply_ plies below the root); off for another evaluation.
    bool incremental_ = false;
    int ply_ = 0;
    std::unique_ptr<patterns::Features[]> features_;
    const std::atomic<bool>* stop_ = nullptr;
    Clock::time_point start_{}, deadline_{};
};

// Fixed-depth alpha-beta with a plain evaluation (the weaker levels): the value of P to move.
int alphabeta(Bitboard P, Bitboard O, int depth, int alpha, int beta, EvalFn eval, uint64_t& nodes);

// The least depth at which a null-window node tries Multi-ProbCut (search.cpp).
constexpr int PROBCUT_MIN_DEPTH = 2;
// Multi-ProbCut's shallow depth for a deep search of `depth` plies: 0 at depth 2 (the static
// evaluation) and below PROBCUT_MIN_DEPTH (where ProbCut is not tried).
int probcut_depth(int depth);

} // namespace othello
