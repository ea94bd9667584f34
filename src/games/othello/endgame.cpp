// endgame.cpp — the exact endgame solver (endgame.h).
//
// Index
//   tables ............. *_EMPTIES, NEIGHBOUR, PRESORTED, RANK, SQUARE_VALUE, STABILITY_THRESHOLD
//   empty sets ......... RankSet, ODD_QUADRANTS, rank_set(), take_next(), parity_ordered()
//   move ordering ...... order_depth(), order_key(), build_moves(), select_best()
//   solver ............. EndgameSolver(), suggest_move(), order_eval(), check_abort(),
//                        score_moves(), order_search()
//   last moves ......... last1() … last4(), shallow(), shallow_entry(): no hashing
//   hashed search ...... nws(), pvs(), search()
//   root ............... solve(): MTD(f) from a guess, then PVS if needed
#include "games/othello/endgame.h"

#include <algorithm>
#include <bit>
#include <initializer_list>

#include "games/othello/movegen.h"

OTHELLO_PAIR_TARGET_BEGIN

namespace othello {

// A move of a hashed node's list.
struct MoveItem {
    Bitboard flipped;
    uint64_t hash; // of the position after the move (set when the child is hashed)
    int key;
    Square x;
};

namespace {

// --- tables ----------------------------------------------------------------------------------

// Empties at or below which the solver stops hashing and generating move lists.
constexpr int SHALLOW_EMPTIES = 6;
// Empties from which the null-window search tries enhanced transposition cutoffs.
constexpr int ETC_EMPTIES = 10;
// Empties from which the midgame table's best move is used when the solver has none.
constexpr int HINT_EMPTIES = 12;
// Empties from which the static evaluation of each child joins the ordering key (nodes this
// high are few, and the evaluation cuts FFO #40-#49 from 1.21 G to 1.12 G nodes).
constexpr int EVAL_ORDER_EMPTIES = 14;
// Empties from which a shallow midgame search replaces the static evaluation in the ordering
// key, its depth growing by one ply every SEARCH_ORDER_STEP empties.
// (FFO #40-#49 after a probcut presearch: 28.2 s without, 25.5 s with 18 and 2.)
constexpr int SEARCH_ORDER_EMPTIES = 18;
constexpr int SEARCH_ORDER_STEP = 2;
// The shallow search tells apart only the moves whose value may reach alpha - SORT_MARGIN.
constexpr int SORT_MARGIN = 8;

// Depth of the ordering search at a node with n empties (0: the static evaluation).
inline int order_depth(int n) {
    return n >= SEARCH_ORDER_EMPTIES ? 1 + (n - SEARCH_ORDER_EMPTIES) / SEARCH_ORDER_STEP : 0;
}

// The eight neighbours of each square: a move must touch an opponent disc.
struct NeighbourTable {
    Bitboard of[64]{};
    constexpr NeighbourTable() {
        for (int s = 0; s < 64; ++s) of[s] = neighbours(square_bb(s));
    }
};
constexpr NeighbourTable NEIGHBOUR{};

// Static preference of squares (corners first, X-squares last): the order of the empty
// lists of the shallow search, before parity.
constexpr Square PRESORTED[64] = {
    SQ_A1, SQ_H1, SQ_A8, SQ_H8, SQ_C1, SQ_F1, SQ_A3, SQ_H3, SQ_A6, SQ_H6, SQ_C8, SQ_F8, SQ_C3,
    SQ_F3, SQ_C6, SQ_F6, SQ_D1, SQ_E1, SQ_A4, SQ_H4, SQ_A5, SQ_H5, SQ_D8, SQ_E8, SQ_D3, SQ_E3,
    SQ_C4, SQ_F4, SQ_C5, SQ_F5, SQ_D6, SQ_E6, SQ_D2, SQ_E2, SQ_B4, SQ_G4, SQ_B5, SQ_G5, SQ_D7,
    SQ_E7, SQ_C2, SQ_F2, SQ_B3, SQ_G3, SQ_B6, SQ_G6, SQ_C7, SQ_F7, SQ_B1, SQ_G1, SQ_A2, SQ_H2,
    SQ_A7, SQ_H7, SQ_B8, SQ_G8, SQ_B2, SQ_G2, SQ_B7, SQ_G7, SQ_D4, SQ_E4, SQ_D5, SQ_E5};

// Position of each square in PRESORTED.
struct RankTable {
    uint8_t of[64]{};
    constexpr RankTable() {
        for (int i = 0; i < 64; ++i) of[PRESORTED[i]] = uint8_t(i);
    }
};
constexpr RankTable RANK{};

// Move-ordering value of each square (corners high, X/C-squares low).
constexpr int SQUARE_VALUE[64] = {18, 4, 16, 12, 12, 16, 4, 18, 4,  2, 6,  8,  8,  6,  2, 4,
                                  16, 6, 14, 10, 10, 14, 6, 16, 12, 8, 10, 0,  0,  10, 8, 12,
                                  12, 8, 10, 0,  0,  10, 8, 12, 16, 6, 14, 10, 10, 14, 6, 16,
                                  4,  2, 6,  8,  8,  6,  2, 4,  18, 4, 16, 12, 12, 16, 4, 18};

// Below these alpha values (by empties) the stability bound 64 - 2 * stable(O) cannot cut.
constexpr int STABILITY_THRESHOLD[65] = {
    99, 99, 99, 99, 6,  8,  10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42,
    44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64};

// Quadrant (0..3) of a square, for parity.
inline int quad(Square s) {
    return quadrant_of(s);
}

// --- empty sets ------------------------------------------------------------------------------

// The empties of a small position as bits in PRESORTED order (bit r: PRESORTED[r] is empty):
// walking the bits upwards visits them in that order, and a child's set is one bit less (no
// lists to copy).
using RankSet = uint64_t;

// For each 4-bit quadrant parity, the PRESORTED-order bits of the squares in its odd quadrants.
struct OddQuadrantTable {
    RankSet of[16]{};
    constexpr OddQuadrantTable() {
        for (int parity = 0; parity < 16; ++parity)
            for (int r = 0; r < 64; ++r)
                if (parity >> quadrant_of(PRESORTED[r]) & 1) of[parity] |= RankSet(1) << r;
    }
};
constexpr OddQuadrantTable ODD_QUADRANTS{};

// The empties of (P, O) as a RankSet.
inline RankSet rank_set(Bitboard P, Bitboard O) {
    RankSet set = 0;
    for (Bitboard empties = ~(P | O); empties;) set |= RankSet(1) << RANK.of[pop_lsb(empties)];
    return set;
}

// The next square of `first`, or of `then` once `first` is empty (taken off its set).
inline Square take_next(RankSet& first, RankSet& then) {
    RankSet& set = first ? first : then;
    const int r = std::countr_zero(set);
    set &= set - 1;
    return PRESORTED[r];
}

// Four empties, as last4 wants them: those of the odd quadrants of `parity` first, each group
// in PRESORTED order.
struct FourSquares {
    Square x1, x2, x3, x4;
};
inline FourSquares parity_ordered(RankSet four, int parity) {
    RankSet odd = four & ODD_QUADRANTS.of[parity], even = four & ~odd;
    const Square x1 = take_next(odd, even), x2 = take_next(odd, even);
    const Square x3 = take_next(odd, even), x4 = take_next(odd, even);
    return {x1, x2, x3, x4};
}

// --- move ordering ---------------------------------------------------------------------------

// The key of the hash move: above every computed key.
constexpr int HASH_KEY = 1 << 30;

// Fastest-first ordering key of P playing x (flipping f): few replies for the opponent, few
// empty squares next to our discs, stable corners, good squares, odd quadrants.
inline int order_key(Bitboard P, Bitboard O, Square x, Bitboard f, int parity) {
    const Bitboard next_p = O ^ f, next_o = P ^ f ^ square_bb(x);
    const Bitboard replies = get_moves(next_p, next_o);
    int key = SQUARE_VALUE[x];
    if (parity >> quad(x) & 1) key += 1 << 3;
    key += (36 - potential_mobility(next_p, next_o)) << 5;
    key += corner_stability(next_o) << 11;
    key += (36 - popcount(replies) - popcount(replies & CORNERS)) << 15;
    return key;
}

// Quadrants with an odd number of empties, as 4 bits.
inline int quadrant_parity(Bitboard P, Bitboard O) {
    const Bitboard empties = ~(P | O);
    return (popcount(empties & QUADRANT[0]) & 1) | (popcount(empties & QUADRANT[1]) & 1) << 1 |
           (popcount(empties & QUADRANT[2]) & 1) << 2 | (popcount(empties & QUADRANT[3]) & 1) << 3;
}

// Builds the move list of P; the hash move gets the top key, the others 0 (keys come later,
// from EndgameSolver::score_moves).
inline int build_moves(Bitboard P, Bitboard O, Bitboard moves, Move hash_move, MoveItem* list) {
    int n = 0;
    while (moves) {
        const Square x = pop_lsb(moves);
        list[n].x = x;
        list[n].flipped = flip(x, P, O);
        list[n].key = Move(x) == hash_move ? HASH_KEY : 0;
        ++n;
    }
    return n;
}

// Moves the best remaining item to position i (selection sort step; ties keep list order,
// so the order is the same on every platform).
inline void select_best(MoveItem* list, int i, int n) {
    int best = i;
    for (int j = i + 1; j < n; ++j)
        if (list[j].key > list[best].key) best = j;
    if (best != i) {
        const MoveItem t = list[best];
        for (int j = best; j > i; --j) list[j] = list[j - 1];
        list[i] = t;
    }
}

} // namespace

// --- solver ----------------------------------------------------------------------------------

// Nodes with at most NEAR_EMPTIES empties are most of the hashed ones. Their entries live in
// a table small enough to stay in the core's cache (2^14 entries, 512 KB: half of a 1 MB L2,
// which also holds the pattern weights and the stack), so their probes rarely wait on memory:
// natively the bucket is prefetched by the parent, but WebAssembly has no prefetch. The big
// table keeps the deeper entries, which save the most work.
EndgameSolver::EndgameSolver(TranspositionTable& tt)
    : tt_(tt), near_(std::clamp(tt.log2_entries() - 2, 4, NEAR_LOG2)) {}

// Stores move with bounds that say nothing (lower above upper), unless (P, O) is known already.
void EndgameSolver::suggest_move(Bitboard P, Bitboard O, Move move) {
    TranspositionTable& t = table(64 - popcount(P | O));
    const uint64_t hash = hash_discs(P, O);
    if (move != MOVE_NONE && !t.probe(P, O, hash))
        t.store(P, O, hash, 0, SCORE_INF, -SCORE_INF, 0, move);
}

// The evaluation that joins the move ordering at a node with n empties (none below
// EVAL_ORDER_EMPTIES).
EvalFn EndgameSolver::order_eval(int n) const {
    return n >= EVAL_ORDER_EMPTIES ? order_eval_ : nullptr;
}

// Checks the node limit and the clock (every 4096 nodes); sets aborted_.
bool EndgameSolver::check_abort() {
    next_check_ = nodes_ + 4096;
    if (max_nodes_ && nodes_ >= max_nodes_) aborted_ = true;
    if (has_deadline_ && Clock::now() >= deadline_) aborted_ = true;
    if (stop_ && stop_->load(std::memory_order_relaxed)) aborted_ = true;
    return aborted_;
}

// Ordering keys of list[0..count) at a node with window (alpha, ...): the fastest-first key,
// below a value of each child that outweighs it (from EVAL_ORDER_EMPTIES empties: the static
// evaluation; from SEARCH_ORDER_EMPTIES: a shallow midgame search that only tells apart the
// moves above alpha - SORT_MARGIN). The hash move keeps its top key.
void EndgameSolver::score_moves(Bitboard P, Bitboard O, MoveItem* list, int count, int alpha) {
    const int n = 64 - popcount(P | O);
    const int parity = quadrant_parity(P, O);
    const EvalFn eval = order_eval(n);
    const int depth = eval ? order_depth(n) : 0;
    // Child values at or above this are all as bad for us (fail-soft: cheaper to search).
    const int cap = std::max(-(alpha - SORT_MARGIN) * EVAL_UNIT, -EVAL_LIMIT + 1);
    for (int i = 0; i < count; ++i) {
        MoveItem& m = list[i];
        if (m.key == HASH_KEY) continue;
        m.key = order_key(P, O, m.x, m.flipped, parity);
        if (!eval) continue;
        const Bitboard np = O ^ m.flipped, no = P ^ m.flipped ^ square_bb(m.x);
        int v = depth ? order_search(np, no, depth, -EVAL_LIMIT, cap) : eval(np, no);
        v = std::clamp(v, -EVAL_LIMIT, EVAL_LIMIT);
        // The child's value for the opponent, in steps of 4 discs (0..32), outweighs the rest.
        m.key += ((EVAL_LIMIT - v) / (4 * EVAL_UNIT)) << 18;
    }
}

// Fail-soft alpha-beta to `depth` plies with the ordering evaluation at the leaves (EVAL_UNITs
// for P): the value that orders the moves of nodes with many empties.
int EndgameSolver::order_search(Bitboard P, Bitboard O, int depth, int alpha, int beta) {
    ++nodes_;
    if (depth <= 0) return order_eval_(P, O);
    Bitboard moves = get_moves(P, O);
    if (!moves) {
        if (!get_moves(O, P)) return final_score(P, O) * EVAL_UNIT;
        return -order_search(O, P, depth, -beta, -alpha);
    }
    int best = -EVAL_LIMIT - 1;
    while (moves) {
        const Square x = pop_lsb(moves);
        const Bitboard f = flip(x, P, O);
        const int s = -order_search(O ^ f, P ^ f ^ square_bb(x), depth - 1, -beta,
                                    -(alpha > best ? alpha : best));
        if (s > best) {
            best = s;
            if (best >= beta) break;
        }
    }
    return best;
}

// --- last moves ------------------------------------------------------------------------------

// One empty square x; P to move, every other square is O's.
int EndgameSolver::last1(Bitboard P, Square x) {
    ++nodes_;
    const int p = popcount(P);
    int n = count_last_flip(x, P);
    if (n) return 2 * (p + n + 1) - 64;
    n = count_last_flip(x, ~(P | square_bb(x)));
    if (n) return 2 * (p - n) - 64;
    return p >= 32 ? 2 * p - 62 : 2 * p - 64;
}

// Two empties x1, x2: each move, then last1; passes and the end handled here.
int EndgameSolver::last2(Bitboard P, Bitboard O, int alpha, int beta, Square x1, Square x2) {
    ++nodes_;
    int best = -SCORE_INF;
    Bitboard f;
    if ((NEIGHBOUR.of[x1] & O) && (f = flip(x1, P, O))) {
        best = -last1(O ^ f, x2);
        if (best >= beta) return best;
    }
    if ((NEIGHBOUR.of[x2] & O) && (f = flip(x2, P, O))) {
        const int s = -last1(O ^ f, x1);
        return s > best ? s : best;
    }
    if (best > -SCORE_INF) return best;
    // P passes: O chooses the reply that is worst for P.
    best = SCORE_INF;
    if ((NEIGHBOUR.of[x1] & P) && (f = flip(x1, O, P))) {
        best = last1(P ^ f, x2);
        if (best <= alpha) return best;
    }
    if ((NEIGHBOUR.of[x2] & P) && (f = flip(x2, O, P))) {
        const int s = last1(P ^ f, x1);
        if (s < best) best = s;
    }
    return best < SCORE_INF ? best : final_score(P, O);
}

// Three empties, the one alone in its quadrant first (parity).
int EndgameSolver::last3(Bitboard P, Bitboard O, int alpha, int beta, Square x1, Square x2,
                         Square x3) {
    ++nodes_;
    // Parity: play first into the quadrant holding a single empty.
    if (quad(x1) == quad(x2))
        std::swap(x1, x3), std::swap(x2, x3);
    else if (quad(x1) == quad(x3))
        std::swap(x1, x2), std::swap(x2, x3);
    // Each move, then last2 on the other two in their order; written out, not looped over an
    // array, so the squares stay in registers (g++ keeps such arrays in memory). last4's
    // lambda form, tried here, ran 5 % more instructions in last3 under g++, 1 % under clang.
    int best = -SCORE_INF;
    Bitboard f;
    if ((NEIGHBOUR.of[x1] & O) && (f = flip(x1, P, O))) {
        best = -last2(O ^ f, P ^ f ^ square_bb(x1), -beta, -alpha, x2, x3);
        if (best >= beta) return best;
    }
    if ((NEIGHBOUR.of[x2] & O) && (f = flip(x2, P, O))) {
        const int s =
            -last2(O ^ f, P ^ f ^ square_bb(x2), -beta, -(alpha > best ? alpha : best), x1, x3);
        if (s > best) {
            best = s;
            if (best >= beta) return best;
        }
    }
    if ((NEIGHBOUR.of[x3] & O) && (f = flip(x3, P, O))) {
        const int s =
            -last2(O ^ f, P ^ f ^ square_bb(x3), -beta, -(alpha > best ? alpha : best), x1, x2);
        return s > best ? s : best;
    }
    if (best > -SCORE_INF) return best;
    // P passes: O's replies, the worst for P.
    best = SCORE_INF;
    if ((NEIGHBOUR.of[x1] & P) && (f = flip(x1, O, P))) {
        best = last2(P ^ f, O ^ f ^ square_bb(x1), alpha, beta, x2, x3);
        if (best <= alpha) return best;
    }
    if ((NEIGHBOUR.of[x2] & P) && (f = flip(x2, O, P))) {
        const int s = last2(P ^ f, O ^ f ^ square_bb(x2), alpha, beta < best ? beta : best, x1, x3);
        if (s < best) {
            best = s;
            if (best <= alpha) return best;
        }
    }
    if ((NEIGHBOUR.of[x3] & P) && (f = flip(x3, O, P))) {
        const int s = last2(P ^ f, O ^ f ^ square_bb(x3), alpha, beta < best ? beta : best, x1, x2);
        if (s < best) best = s;
    }
    return best < SCORE_INF ? best : final_score(P, O);
}

// Four empties x1..x4, already sorted with odd quadrants first. Squares as values, not a list
// in memory, so they can stay in registers.
int EndgameSolver::last4(Bitboard P, Bitboard O, int alpha, int beta, Square x1, Square x2,
                         Square x3, Square x4) {
    ++nodes_;
    if (alpha >= STABILITY_THRESHOLD[4]) {
        const int bound = 64 - 2 * popcount(stable_discs(O, P));
        if (bound <= alpha) return bound;
    }
    // Each move x, then the other three (a, b, c) in their order; true on a cutoff. Called with
    // the squares as arguments, not looped over an array: they stay in registers.
    int best = -SCORE_INF;
    const auto play = [&](Square x, Square a, Square b, Square c) {
        Bitboard f;
        if ((NEIGHBOUR.of[x] & O) && (f = flip(x, P, O))) {
            const int s =
                -last3(O ^ f, P ^ f ^ square_bb(x), -beta, -(alpha > best ? alpha : best), a, b, c);
            if (s > best) {
                best = s;
                return best >= beta;
            }
        }
        return false;
    };
    if (play(x1, x2, x3, x4) || play(x2, x1, x3, x4) || play(x3, x1, x2, x4) ||
        play(x4, x1, x2, x3))
        return best;
    if (best > -SCORE_INF) return best;
    if (!get_moves(O, P)) return final_score(P, O);
    return -last4(O, P, -beta, -alpha, x1, x2, x3, x4);
}

// 5..SHALLOW_EMPTIES empties, n of them, in `empties`; no hashing. Moves in odd quadrants
// first (parity), each group in PRESORTED order.
int EndgameSolver::shallow(Bitboard P, Bitboard O, int alpha, int beta, int n, RankSet empties) {
    ++nodes_;
    if (alpha >= STABILITY_THRESHOLD[n]) {
        const int bound = 64 - 2 * popcount(stable_discs(O, P));
        if (bound <= alpha) return bound;
    }
    const int parity = quadrant_parity(P, O);
    int best = -SCORE_INF;
    // The odd group, then the even one, each in PRESORTED order (two scalars, not a list of
    // the groups, which g++ keeps in memory).
    const RankSet odd = empties & ODD_QUADRANTS.of[parity];
    for (int pass = 0; pass < 2; ++pass) {
        for (RankSet left = pass ? empties & ~odd : odd; left; left &= left - 1) {
            const int r = std::countr_zero(left);
            const Square x = PRESORTED[r];
            if (!(NEIGHBOUR.of[x] & O)) continue;
            const Bitboard f = flip(x, P, O);
            if (!f) continue;
            const RankSet rest = empties ^ (RankSet(1) << r);
            const Bitboard np = O ^ f, no = P ^ f ^ square_bb(x);
            const int a = alpha > best ? alpha : best;
            int s;
            if (n == 5) {
                const auto [x1, x2, x3, x4] = parity_ordered(rest, parity ^ (1 << quad(x)));
                s = -last4(np, no, -beta, -a, x1, x2, x3, x4);
            } else {
                s = -shallow(np, no, -beta, -a, n - 1, rest);
            }
            if (s > best) {
                best = s;
                if (best >= beta) return best;
            }
        }
    }
    if (best > -SCORE_INF) return best;
    if (!get_moves(O, P)) return final_score(P, O);
    return -shallow(O, P, -beta, -alpha, n, empties);
}

// Hands a small position to the matching leaf search, its empties in PRESORTED order.
int EndgameSolver::shallow_entry(Bitboard P, Bitboard O, int alpha, int beta) {
    RankSet all = rank_set(P, O), none = 0;
    const int n = popcount(all);
    if (n > 4) return shallow(P, O, alpha, beta, n, all);
    if (n == 4) {
        const auto [x1, x2, x3, x4] = parity_ordered(all, quadrant_parity(P, O));
        return last4(P, O, alpha, beta, x1, x2, x3, x4);
    }
    if (n == 0) {
        ++nodes_;
        return final_score(P, O);
    }
    const Square x1 = take_next(all, none);
    if (n == 1) return last1(P, x1);
    const Square x2 = take_next(all, none);
    if (n == 2) return last2(P, O, alpha, beta, x1, x2);
    return last3(P, O, alpha, beta, x1, x2, take_next(all, none));
}

// --- hashed search ---------------------------------------------------------------------------

// Null-window search (alpha, alpha + 1) with hashing, stability cutoff and ordered moves.
int EndgameSolver::nws(Bitboard P, Bitboard O, int alpha) {
    const int n = 64 - popcount(P | O);
    if (n <= SHALLOW_EMPTIES) return shallow_entry(P, O, alpha, alpha + 1);
    const uint64_t hash = hash_discs(P, O);
    table(n).prefetch(hash);
    return nws(P, O, alpha, hash);
}

// nws with the hash of (P, O) already computed and its bucket prefetched by the caller.
int EndgameSolver::nws(Bitboard P, Bitboard O, int alpha, uint64_t hash) {
    const int n = 64 - popcount(P | O);
    if (n <= SHALLOW_EMPTIES) return shallow_entry(P, O, alpha, alpha + 1);
    ++nodes_;
    if (nodes_ >= next_check_ && check_abort()) return alpha;
    if (alpha >= STABILITY_THRESHOLD[n]) {
        const int bound = 64 - 2 * popcount(stable_discs(O, P));
        if (bound <= alpha) return bound;
    }
    Move hash_move = MOVE_NONE;
    if (const TTEntry* e = table(n).probe(P, O, hash)) {
        if (e->lower > alpha) return e->lower;
        if (e->upper <= alpha) return e->upper;
        hash_move = Move(e->move);
    }
    if (hash_move == MOVE_NONE && hints_ && n >= HINT_EMPTIES)
        if (const TTEntry* e = hints_->probe(P, O, hash)) hash_move = Move(e->move);
    const Bitboard moves = get_moves(P, O);
    if (!moves) {
        if (!get_moves(O, P)) return final_score(P, O);
        return -nws(O, P, -alpha - 1);
    }
    MoveItem list[MAX_MOVES];
    const int count = build_moves(P, O, moves, hash_move, list);
    // Children that hash: compute their keys and start loading their buckets now, so the
    // memory latency overlaps the work on their elder siblings.
    const bool hashed_children = n - 1 > SHALLOW_EMPTIES;
    if (hashed_children)
        for (int i = 0; i < count; ++i) {
            const Bitboard np = O ^ list[i].flipped,
                           no = P ^ list[i].flipped ^ square_bb(list[i].x);
            list[i].hash = hash_discs(np, no);
            table(n - 1).prefetch(list[i].hash);
        }
    // Enhanced transposition cutoff: a child already known to be bad enough for the opponent.
    if (n >= ETC_EMPTIES) {
        for (int i = 0; i < count; ++i) {
            const Bitboard np = O ^ list[i].flipped,
                           no = P ^ list[i].flipped ^ square_bb(list[i].x);
            if (const TTEntry* e = table(n - 1).probe(np, no, list[i].hash))
                if (-e->upper > alpha) {
                    const int score = -e->upper;
                    table(n).store(P, O, hash, n, alpha, alpha + 1, score, Move(list[i].x));
                    return score;
                }
        }
    }
    int best = -SCORE_INF;
    Move best_move = MOVE_NONE;
    // The hash move first, before the other moves are scored: it usually cuts.
    bool scored = true;
    for (int i = 0; i < count; ++i)
        if (list[i].key == HASH_KEY) scored = false;
    if (scored) score_moves(P, O, list, count, alpha);
    for (int i = 0; i < count; ++i) {
        select_best(list, i, count);
        if (i == 1 && !scored) {
            score_moves(P, O, list + 1, count - 1, alpha);
            select_best(list, i, count);
        }
        const MoveItem& m = list[i];
        const Bitboard np = O ^ m.flipped, no = P ^ m.flipped ^ square_bb(m.x);
        const int s = hashed_children ? -nws(np, no, -alpha - 1, m.hash) : -nws(np, no, -alpha - 1);
        if (aborted_) return alpha;
        if (s > best) {
            best = s;
            best_move = Move(m.x);
            if (best > alpha) break;
        }
    }
    table(n).store(P, O, hash, n, alpha, alpha + 1, best, best_move);
    return best;
}

// Principal variation search with window (alpha, beta); best_move, if given, gets the move.
int EndgameSolver::pvs(Bitboard P, Bitboard O, int alpha, int beta, Move* best_move) {
    const int n = 64 - popcount(P | O);
    if (n <= SHALLOW_EMPTIES && !best_move) return shallow_entry(P, O, alpha, beta);
    ++nodes_;
    if (nodes_ >= next_check_ && check_abort()) return alpha;
    const uint64_t hash = hash_discs(P, O);
    Move hash_move = MOVE_NONE;
    if (hints_ && n >= HINT_EMPTIES)
        if (const TTEntry* e = hints_->probe(P, O, hash)) hash_move = Move(e->move);
    if (const TTEntry* e = table(n).probe(P, O, hash)) {
        if (e->move != MOVE_NONE) hash_move = Move(e->move);
        if (!best_move) { // the root always searches, to name its best move
            if (e->lower >= beta || e->lower == e->upper) return e->lower;
            if (e->upper <= alpha) return e->upper;
        }
    }
    const Bitboard moves = get_moves(P, O);
    if (!moves) {
        if (!get_moves(O, P)) {
            if (best_move) *best_move = MOVE_NONE;
            return final_score(P, O);
        }
        if (best_move) *best_move = MOVE_PASS;
        return -pvs(O, P, -beta, -alpha, nullptr);
    }
    MoveItem list[MAX_MOVES];
    const int count = build_moves(P, O, moves, hash_move, list);
    score_moves(P, O, list, count, alpha);
    const int alpha0 = alpha;
    int best = -SCORE_INF;
    Move best_found = MOVE_NONE;
    for (int i = 0; i < count; ++i) {
        select_best(list, i, count);
        const MoveItem& m = list[i];
        const Bitboard np = O ^ m.flipped, no = P ^ m.flipped ^ square_bb(m.x);
        int s;
        if (i == 0) {
            s = -pvs(np, no, -beta, -alpha, nullptr);
        } else {
            s = -nws(np, no, -alpha - 1);
            if (!aborted_ && s > alpha && s < beta) s = -pvs(np, no, -beta, -alpha, nullptr);
        }
        if (aborted_) return alpha;
        if (s > best) {
            best = s;
            best_found = Move(m.x);
            if (best > alpha) alpha = best;
            if (best >= beta) break;
        }
    }
    table(n).store(P, O, hash, n, alpha0, beta, best, best_found);
    if (best_move) *best_move = best_found;
    return best;
}

// Exact value within (alpha, beta): null-window or PVS by window width.
int EndgameSolver::search(Bitboard P, Bitboard O, int alpha, int beta) {
    if (beta == alpha + 1) return nws(P, O, alpha);
    return pvs(P, O, alpha, beta, nullptr);
}

// --- root ------------------------------------------------------------------------------------

// Root: MTD(f) from the guess (then a PVS pass if needed) to get value and move.
EndgameSolver::Result EndgameSolver::solve(const Position& pos, int alpha, int beta, int guess) {
    Result r;
    const uint64_t start = nodes_;
    next_check_ = nodes_ + 1;
    aborted_ = false;
    const Bitboard P = pos.player(), O = pos.opponent();
    if (get_moves(P, O) && 64 - popcount(P | O) > SHALLOW_EMPTIES) {
        // Null-window searches converging on the value from a first guess (MTD(f)): cheaper
        // than one wide window at the root. The best move is the hash move of the last
        // search that failed high.
        int lower = alpha, upper = beta,
            g = guess < alpha + 1  ? alpha + 1
                : guess > beta - 1 ? beta - 1
                                   : guess;
        while (lower < upper && !aborted_) {
            const int test = g == lower ? g + 1 : g; // is the value >= test?
            const int s = nws(P, O, test - 1);
            if (aborted_) break;
            if (s >= test) {
                lower = s;
                if (const TTEntry* e = table(pos.empty_count()).probe(P, O, hash_discs(P, O)))
                    r.best = Move(e->move);
            } else
                upper = s;
            g = s;
        }
        r.score = lower;
        if (!aborted_ && (r.best == MOVE_NONE || lower != upper))
            r.score = pvs(P, O, alpha, beta, &r.best);
    } else {
        r.score = pvs(P, O, alpha, beta, &r.best);
    }
    r.nodes = nodes_ - start;
    r.complete = !aborted_;
    return r;
}

} // namespace othello

OTHELLO_PAIR_TARGET_END
