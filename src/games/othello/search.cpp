// search.cpp — the MASTER search (search.h): iterative-deepening PVS with Multi-ProbCut,
// the exact solve when in range, and the plain alpha-beta of LEVEL 2/3.
//
// Index
//   helpers ............ floor_div(), ceil_div(), mobility_key(), sort_by_key()
//   Multi-ProbCut ...... the error model, PROBCUT_MARGIN, probcut_depth()
//   Searcher ........... Searcher(), clear(), start_clock(), out_of_time(), exact()
//   interior nodes ..... order_moves(), probcut(), pvs()
//   root ............... search(), analyse()
//   alphabeta .......... alphabeta(): plain fail-soft negamax (LEVEL2/3)
#include "games/othello/search.h"

#include <algorithm>
#include <cmath>

#include "games/othello/movegen.h"

OTHELLO_PAIR_TARGET_BEGIN

namespace othello {
namespace {

constexpr int INF = EVAL_LIMIT + 1;
// Depth of the full-width midgame search that precedes the exact values of analyse().
constexpr int EXACT_PRESEARCH_DEPTH = 16;
// The midgame search (with Multi-ProbCut) that precedes an exact solve in search() goes to
// empties - SOLVE_PRESEARCH_GAP plies, at most SOLVE_PRESEARCH_DEPTH.
constexpr int SOLVE_PRESEARCH_GAP = 4;
constexpr int SOLVE_PRESEARCH_DEPTH = 24;
// The selective endgame (SearchLimits::selective_end): searches at depth empties + k, k = 0 ..
// SELECTIVE_END_LEVELS - 1, cut by Multi-ProbCut at T = SELECTIVE_END_T10[k] / 10 (the depth
// above the empties keeps the levels apart in the hash table), exact from SELECTIVE_END_EXACT
// empties down. Measured by the exact loss of MASTER's moves (docs/othello-strength.md).
constexpr int SELECTIVE_END_LEVELS = 2;
constexpr int SELECTIVE_END_T10[SELECTIVE_END_LEVELS] = {12, 25};
constexpr int SELECTIVE_END_EXACT = 14;

// --- helpers ---------------------------------------------------------------------------------

// Integer division rounding down (also for negative a).
inline int floor_div(int a, int b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}
// Integer division rounding up.
inline int ceil_div(int a, int b) {
    return -floor_div(-a, b);
}

// Fastest-first key of P playing x: few opponent replies, corners, stable corners.
inline int mobility_key(Bitboard P, Bitboard O, Square x, Bitboard f) {
    const Bitboard np = O ^ f, no = P ^ f ^ square_bb(x);
    const Bitboard replies = get_moves(np, no);
    return (corner_stability(no) << 6) - ((popcount(replies) + popcount(replies & CORNERS)) << 8) -
           (potential_mobility(np, no) << 2);
}

// Moves of P in a stable order: by key, ties by square (same on every platform).
inline void sort_by_key(Square* squares, Bitboard* flips, int* keys, int n) {
    for (int i = 1; i < n; ++i) {
        const Square s = squares[i];
        const Bitboard f = flips[i];
        const int k = keys[i];
        int j = i;
        while (j > 0 && keys[j - 1] < k) {
            squares[j] = squares[j - 1];
            flips[j] = flips[j - 1];
            keys[j] = keys[j - 1];
            --j;
        }
        squares[j] = s;
        flips[j] = f;
        keys[j] = k;
    }
}

// --- Multi-ProbCut ---------------------------------------------------------------------------

// Multi-ProbCut (Buro 1997; the shallow depth and the error model follow Edax): the value of
// a deep search is predicted by a shallow one; their difference has a standard deviation
// sigma = A*empties + B*shallow + C*depth + D discs, fitted by `othello mpc-calibrate` on the
// engine's own self-play positions (src/tools/othello/mpc_calibrate.cpp; the command and its
// output are in docs/othello-strength.md). A null-window node at depth >= PROBCUT_MIN_DEPTH is
// cut when the shallow search lies more than T = PROBCUT_T10 / 10 sigmas beyond the window.
// PROBCUT_MIN_DEPTH (search.h) is 2, where the shallow search is the static evaluation itself
// (it was 3: 102-86-12 in self-play at 100 ms a move since, 18 % fewer nodes to depth 14).
// Integers only (1/10000 disc, T in tenths), so the margins are the same natively and in wasm.
constexpr int PROBCUT_T10 = 12;                                         // T = 1.2
constexpr int MPC_A = -506, MPC_B = -7006, MPC_C = 4001, MPC_D = 46701; // 1/10000 disc

// Margin in EVAL_UNITs per [empties][depth]: T * sigma (sigma at least half a disc).
struct ProbcutMargins {
    int v[61][61] = {};
    constexpr ProbcutMargins() {
        for (int e = 0; e <= 60; ++e)
            for (int d = PROBCUT_MIN_DEPTH; d <= 60; ++d) {
                const int s = 2 * (d / 4) + (d & 1);
                const int sigma = std::max(MPC_A * e + MPC_B * s + MPC_C * d + MPC_D, 5000);
                // sigma / 10000 discs * EVAL_UNIT * T10 / 10, rounded
                v[e][d] = (sigma * EVAL_UNIT * PROBCUT_T10 + 50000) / 100000;
            }
    }
};
constexpr ProbcutMargins PROBCUT_MARGIN{};

} // namespace

// Multi-ProbCut's shallow depth: 2 * floor(depth / 4) + parity of depth (Edax's choice).
int probcut_depth(int depth) {
    return depth < PROBCUT_MIN_DEPTH ? 0 : 2 * (depth / 4) + (depth & 1);
}

// --- Searcher --------------------------------------------------------------------------------

Searcher::Searcher(int log2_entries)
    : eval_(patterns::evaluate), tt_(log2_entries), tt_end_(log2_entries), solver_(tt_end_),
      features_(new patterns::Features[MAX_PLY]) {
    solver_.set_move_hints(&tt_);
    solver_.set_order_eval(eval_);
}

// Empties both hash tables.
void Searcher::clear() {
    tt_.clear();
    tt_end_.clear();
    solver_.clear_near_table();
}

// Starts a search: limits, counters, table dates.
void Searcher::start_clock(const SearchLimits& limits) {
    start_ = Clock::now();
    has_deadline_ = limits.time_ms > 0;
    deadline_ = start_ + std::chrono::milliseconds(limits.time_ms);
    node_limit_ = limits.nodes;
    stop_ = limits.stop;
    nodes_ = 0;
    next_check_ = 4096;
    aborted_ = false;
    probcut_ = limits.probcut;
    exact_from_ = 64;
    incremental_ = eval_ == EvalFn(patterns::evaluate) && patterns::weights_loaded();
    ply_ = 0;
    solver_.reset_nodes();
    tt_.new_search();
    tt_end_.new_search();
    solver_.new_search();
}

// Checks the node and time limits (every 4096 nodes); sets aborted_.
bool Searcher::out_of_time() {
    next_check_ = nodes_ + 4096;
    if (node_limit_ && nodes() >= node_limit_) aborted_ = true;
    if (has_deadline_ && Clock::now() >= deadline_) aborted_ = true;
    if (stop_ && stop_->load(std::memory_order_relaxed)) aborted_ = true;
    return aborted_;
}

// Exact value (in EVAL_UNITs) from the endgame solver, within the same limits.
int Searcher::exact(Bitboard P, Bitboard O, int alpha, int beta) {
    const int a = std::max(floor_div(alpha, EVAL_UNIT), SCORE_MIN - 1);
    const int b = std::min(ceil_div(beta, EVAL_UNIT), SCORE_MAX + 1);
    const uint64_t used = nodes();
    solver_.set_limits(node_limit_ ? (node_limit_ > used ? node_limit_ - nodes_ : 1) : 0,
                       has_deadline_, deadline_, stop_);
    const int s = solver_.search(P, O, a, b);
    if (solver_.aborted()) {
        aborted_ = true;
        return 0;
    }
    return s * EVAL_UNIT;
}

// --- interior nodes --------------------------------------------------------------------------

// Orders the moves of P: hash move first, then by a cheap key (shallow evaluation when deep).
int Searcher::order_moves(Bitboard P, Bitboard O, int depth, Move hash_move, Square* squares,
                          Bitboard* flips) {
    int keys[MAX_MOVES];
    int n = 0;
    for (Bitboard moves = get_moves(P, O); moves;) {
        const Square x = pop_lsb(moves);
        const Bitboard f = flip(x, P, O);
        squares[n] = x;
        flips[n] = f;
        if (Move(x) == hash_move)
            keys[n] = 1 << 30;
        else if (depth >= 3)
            keys[n] = -child_eval(P, O, x, f) * 16 + mobility_key(P, O, x, f);
        else
            keys[n] = mobility_key(P, O, x, f);
        ++n;
    }
    sort_by_key(squares, flips, keys, n);
    return n;
}

// Multi-ProbCut at a null-window node (alpha + 1 == beta): true with `value` set when a
// shallow null-window search, shifted by the margin, predicts the deep one fails high (beta)
// or low (alpha). The shallow search may itself cut (hence "multi").
bool Searcher::probcut(Bitboard P, Bitboard O, int depth, int alpha, int beta, int& value) {
    const int empties = 64 - popcount(P | O);
    // In the selective endgame the depth is empties + level: the model's depth is the empties.
    const int d = std::min(depth, empties);
    const int shallow = probcut_depth(d);
    int margin = PROBCUT_MARGIN.v[empties][d];
    if (depth >= empties)
        margin = margin * SELECTIVE_END_T10[std::min(depth - empties, SELECTIVE_END_LEVELS - 1)] /
                 PROBCUT_T10;
    const int up = beta + margin;
    if (up < EVAL_LIMIT) {
        const int s = pvs(P, O, shallow, up - 1, up);
        if (aborted_) return false;
        if (s >= up) {
            value = beta;
            return true;
        }
    }
    const int down = alpha - margin;
    if (down > -EVAL_LIMIT) {
        const int s = pvs(P, O, shallow, down, down + 1);
        if (aborted_) return false;
        if (s <= down) {
            value = alpha;
            return true;
        }
    }
    return false;
}

// Midgame PVS to depth; exact when the depth reaches the end of the game (in the selective
// endgame, once few enough empties are left).
int Searcher::pvs(Bitboard P, Bitboard O, int depth, int alpha, int beta) {
    const int empties = 64 - popcount(P | O);
    if (depth >= empties && empties <= exact_from_) return exact(P, O, alpha, beta);
    ++nodes_;
    if (nodes_ >= next_check_ && out_of_time()) return 0;
    if (depth <= 0) return leaf_eval(P, O);
    const uint64_t hash = hash_discs(P, O);
    Move hash_move = MOVE_NONE;
    if (const TTEntry* e = tt_.probe(P, O, hash)) {
        if (e->depth >= depth) {
            if (e->lower >= beta || e->lower == e->upper) return e->lower;
            if (e->upper <= alpha) return e->upper;
        }
        hash_move = Move(e->move);
    }
    if (!get_moves(P, O)) {
        if (!get_moves(O, P)) return final_score(P, O) * EVAL_UNIT;
        enter_pass();
        const int s = -pvs(O, P, depth, -beta, -alpha);
        leave();
        return s;
    }
    if (probcut_ && depth >= PROBCUT_MIN_DEPTH && beta == alpha + 1) {
        int value;
        if (probcut(P, O, depth, alpha, beta, value)) return value;
        if (aborted_) return 0;
    }
    Square squares[MAX_MOVES];
    Bitboard flips[MAX_MOVES];
    const int n = order_moves(P, O, depth, hash_move, squares, flips);
    const int alpha0 = alpha;
    int best = -INF;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; ++i) {
        const Bitboard np = O ^ flips[i], no = P ^ flips[i] ^ square_bb(squares[i]);
        enter(squares[i], flips[i]);
        int s;
        if (i == 0)
            s = -pvs(np, no, depth - 1, -beta, -alpha);
        else {
            s = -pvs(np, no, depth - 1, -alpha - 1, -alpha);
            if (!aborted_ && s > alpha && s < beta) s = -pvs(np, no, depth - 1, -beta, -alpha);
        }
        leave();
        if (aborted_) return 0;
        if (s > best) {
            best = s;
            best_move = Move(squares[i]);
            if (s > alpha) alpha = s;
            if (s >= beta) break;
        }
    }
    tt_.store(P, O, hash, depth, alpha0, beta, best, best_move);
    return best;
}

// --- root ------------------------------------------------------------------------------------

// Iterative deepening at the root, then the exact solve when in range and in time.
SearchResult Searcher::search(const Position& pos, const SearchLimits& limits) {
    start_clock(limits);
    SearchResult r;
    const Bitboard P = pos.player(), O = pos.opponent();
    const int empties = pos.empty_count();
    if (incremental_) patterns::set_features(P, O, features_[0]);
    auto finish = [&]() {
        r.nodes = nodes();
        r.ms = int(
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count());
        return r;
    };
    if (!get_moves(P, O)) {
        if (!get_moves(O, P)) { // the game is over
            r.best = MOVE_NONE;
            r.eval = final_score(P, O) * EVAL_UNIT;
            r.exact = true;
            return finish();
        }
        // A forced pass: the move is PASS, its value the opponent's search negated (a solve or
        // a hint must not report 0 for it).
        Position after = pos;
        after.do_move(MOVE_PASS);
        r = search(after, limits);
        r.best = MOVE_PASS;
        r.eval = -r.eval;
        return r;
    }
    const bool try_exact =
        empties <= limits.exact_empties && (limits.depth == 0 || limits.depth >= empties);
    // Before an exact solve, a midgame search with ProbCut gives the solver its first move, a
    // first guess of the value and the best moves of the midgame table (move hints). Selective,
    // it can go much deeper for its cost: FFO #40-#49 took 45.8 s (12.8 s of it presearch),
    // 943 M nodes, with a full-width presearch to empties - 10 plies; 25.5 s, 543 M nodes
    // with this one to empties - 4 (empties - 3, - 5, - 6: 556 M, 610 M, 594 M nodes).
    probcut_ = limits.probcut;
    int max_depth = limits.depth > 0 ? std::min(limits.depth, empties - 1) : empties - 1;
    if (try_exact)
        max_depth = std::min(max_depth,
                             std::clamp(empties - SOLVE_PRESEARCH_GAP, 1, SOLVE_PRESEARCH_DEPTH));
    // The iterations' depths: 1 .. max_depth, then the selective endgame's levels. Under a
    // clock an exact solve that cannot end in time used to leave the move of a presearch cut at
    // an eighth of the budget; after the selective endgame it keeps that search's move.
    const bool selective_end = limits.selective_end && probcut_ && limits.depth == 0;
    int depths[MAX_PLY];
    int n_depths = 0;
    for (int d = 1; d <= max_depth; ++d) depths[n_depths++] = d;
    if (selective_end) {
        exact_from_ = SELECTIVE_END_EXACT;
        for (int k = 0; k < SELECTIVE_END_LEVELS; ++k) depths[n_depths++] = empties + k;
    }
    // No new iteration once this part of the budget is spent: a third, an eighth before an
    // exact solve (unless the selective endgame is its fallback).
    const int budget_part = try_exact && !selective_end ? 8 : 3;
    Square squares[MAX_MOVES];
    Bitboard flips[MAX_MOVES];
    Move best_move = MOVE_NONE;
    // A legal move even if the search is stopped before its first iteration ends.
    r.best = Move(lsb(get_moves(P, O)));
    for (int step = 0; step < n_depths; ++step) {
        const int depth = depths[step];
        const int n = order_moves(P, O, depth, best_move, squares, flips);
        int alpha = -INF;
        Move iteration_best = MOVE_NONE;
        // A move whose null-window search beat alpha, during its full-window search.
        Move failed_high = MOVE_NONE;
        int failed_high_value = 0;
        for (int i = 0; i < n; ++i) {
            const Bitboard np = O ^ flips[i], no = P ^ flips[i] ^ square_bb(squares[i]);
            enter(squares[i], flips[i]);
            int s;
            if (i == 0)
                s = -pvs(np, no, depth - 1, -INF, -alpha);
            else {
                s = -pvs(np, no, depth - 1, -alpha - 1, -alpha);
                if (!aborted_ && s > alpha) {
                    failed_high = Move(squares[i]);
                    failed_high_value = s;
                    s = -pvs(np, no, depth - 1, -INF, -alpha);
                }
            }
            leave();
            if (aborted_) break;
            failed_high = MOVE_NONE;
            if (s > alpha) {
                alpha = s;
                iteration_best = Move(squares[i]);
            }
        }
        // An iteration the limit stops still answers once its first move is searched: the best
        // move so far at the deeper depth (the others are proven no better, or not yet seen),
        // or the one proven better whose exact value was being searched.
        if (aborted_) {
            if (failed_high != MOVE_NONE) {
                r.best = failed_high;
                r.eval = failed_high_value;
            } else if (iteration_best != MOVE_NONE) {
                r.best = iteration_best;
                r.eval = alpha;
            }
            break;
        }
        best_move = iteration_best;
        r.best = best_move;
        r.eval = alpha;
        r.depth = std::min(depth, empties);
        const auto elapsed = Clock::now() - start_;
        if (has_deadline_ && elapsed * budget_part > std::chrono::milliseconds(limits.time_ms))
            break;
    }
    if (try_exact && !aborted_) {
        solver_.set_limits(node_limit_ ? (node_limit_ > nodes() ? node_limit_ - nodes_ : 1) : 0,
                           has_deadline_, deadline_, stop_);
        // Feed the midgame choice to the solver as its first move to try.
        // (No bounds are stored: alpha above beta leaves them unset.)
        solver_.suggest_move(P, O, best_move);
        const int guess = 2 * int(std::lround(double(r.eval) / (2 * EVAL_UNIT)));
        const auto s = solver_.solve(pos, SCORE_MIN - 1, SCORE_MAX + 1, r.depth ? guess : 0);
        if (s.complete) {
            r.best = s.best;
            r.eval = s.score * EVAL_UNIT;
            r.exact = true;
            r.depth = empties;
        }
    }
    if (r.best == MOVE_NONE) r.best = Move(lsb(get_moves(P, O))); // aborted before depth 1
    return finish();
}

// Values of every root move (full windows), exact when in range; best first.
std::vector<MoveValue> Searcher::analyse(const Position& pos, const SearchLimits& limits) {
    start_clock(limits);
    std::vector<MoveValue> out;
    const Bitboard P = pos.player(), O = pos.opponent();
    const int empties = pos.empty_count();
    if (incremental_) patterns::set_features(P, O, features_[0]);
    if (!get_moves(P, O)) {
        if (get_moves(O, P)) { // a forced pass: search() gives its value
            const SearchResult r = search(pos, limits);
            out.push_back({MOVE_PASS, r.eval, r.exact});
        }
        return out;
    }
    Square squares[MAX_MOVES];
    Bitboard flips[MAX_MOVES];
    const int n = order_moves(P, O, 0, MOVE_NONE, squares, flips);
    for (int i = 0; i < n; ++i) out.push_back({Move(squares[i]), 0, false});
    const bool try_exact =
        empties - 1 <= limits.exact_empties && (limits.depth == 0 || limits.depth >= empties);
    probcut_ = limits.probcut && !try_exact;
    int max_depth = limits.depth > 0 ? std::min(limits.depth, empties - 1) : empties - 1;
    if (try_exact)
        max_depth = std::min(max_depth, std::clamp(empties - 10, 1, EXACT_PRESEARCH_DEPTH));
    for (int depth = 1; depth <= max_depth; ++depth) {
        std::vector<int> values(n);
        for (int i = 0; i < n && !aborted_; ++i) {
            const Bitboard np = O ^ flips[i], no = P ^ flips[i] ^ square_bb(squares[i]);
            enter(squares[i], flips[i]);
            values[i] = -pvs(np, no, depth - 1, -INF, INF);
            leave();
        }
        if (aborted_) break;
        for (int i = 0; i < n; ++i) out[i].value = values[i];
        const auto elapsed = Clock::now() - start_;
        if (has_deadline_ &&
            elapsed * (try_exact ? 8 : 3) > std::chrono::milliseconds(limits.time_ms))
            break;
    }
    if (try_exact && !aborted_) {
        std::vector<int> values(n);
        bool complete = true;
        for (int i = 0; i < n && complete; ++i) {
            const Bitboard np = O ^ flips[i], no = P ^ flips[i] ^ square_bb(squares[i]);
            values[i] = -exact(np, no, -INF, INF) / EVAL_UNIT;
            complete = !aborted_;
        }
        if (complete)
            for (int i = 0; i < n; ++i) out[i] = {Move(squares[i]), values[i] * EVAL_UNIT, true};
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
    return out;
}

// --- alphabeta -------------------------------------------------------------------------------

// Plain fail-soft negamax to a fixed depth (LEVEL2/3).
int alphabeta(Bitboard P, Bitboard O, int depth, int alpha, int beta, EvalFn eval,
              uint64_t& nodes) {
    ++nodes;
    Bitboard moves = get_moves(P, O);
    if (!moves) {
        if (!get_moves(O, P)) return final_score(P, O) * EVAL_UNIT;
        return -alphabeta(O, P, depth, -beta, -alpha, eval, nodes);
    }
    if (depth <= 0) return eval(P, O);
    int best = -INF;
    while (moves) {
        const Square x = pop_lsb(moves);
        const Bitboard f = flip(x, P, O);
        const int s = -alphabeta(O ^ f, P ^ f ^ square_bb(x), depth - 1, -beta,
                                 -std::max(alpha, best), eval, nodes);
        if (s > best) {
            best = s;
            if (best >= beta) break;
        }
    }
    return best;
}

} // namespace othello

OTHELLO_PAIR_TARGET_END
