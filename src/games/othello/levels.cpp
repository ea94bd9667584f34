#include "games/othello/levels.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "games/common/rng.h"
#include "games/othello/book.h"

namespace othello {
namespace {

struct Scored {
    Move move;
    int value;
};

// Legal moves of pos with a value each, in square order.
template <class F> int score_moves(const Position& pos, Scored* out, F&& value_of) {
    int n = 0;
    for (Bitboard m = pos.legal_moves(); m;) {
        const Square x = pop_lsb(m);
        out[n++] = {Move(x), value_of(x)};
    }
    return n;
}

// A random move among those within `margin` of the best value.
Scored pick_near_best(const Scored* moves, int n, int margin, games::Rng& rng) {
    int best = moves[0].value;
    for (int i = 1; i < n; ++i) best = std::max(best, moves[i].value);
    Scored near[MAX_MOVES];
    int k = 0;
    for (int i = 0; i < n; ++i)
        if (moves[i].value >= best - margin) near[k++] = moves[i];
    return near[rng.below(uint32_t(k))];
}

// MASTER's book moves are those within this much of the book's best (half a disc): near-equal
// moves, drawn at random so games differ.
constexpr int BOOK_MARGIN = EVAL_UNIT / 2;

// MASTER's move from the opening book when pos is in it: a seeded draw among the near-best book
// moves (taken in square order, so the draw does not depend on the frame the book stores the
// position in). False when there is no book or pos is not in it.
bool choose_book_move(const Position& pos, games::Rng& rng, Choice& c) {
    const Book* book = current_book();
    BookMove moves[BOOK_MOVES_MAX];
    const int n = book ? book->probe(pos.player(), pos.opponent(), moves) : 0;
    if (n == 0) return false;
    Scored scored[BOOK_MOVES_MAX];
    for (int i = 0; i < n; ++i) scored[i] = {moves[i].move, moves[i].value};
    std::sort(scored, scored + n, [](const Scored& a, const Scored& b) { return a.move < b.move; });
    const Scored s = pick_near_best(scored, n, BOOK_MARGIN, rng);
    c.move = s.move;
    c.eval = s.value;
    c.depth = book->info().depth;
    c.book = true;
    return true;
}

} // namespace

// Level from its service name ("random", "1".."3", "master").
std::optional<Level> parse_level(std::string_view t) {
    if (t == "random" || t == "0") return Level::RANDOM;
    if (t == "1" || t == "level1") return Level::LEVEL1;
    if (t == "2" || t == "level2") return Level::LEVEL2;
    if (t == "3" || t == "level3") return Level::LEVEL3;
    if (t == "master" || t == "4") return Level::MASTER;
    return std::nullopt;
}

// Service name of a level (inverse of parse_level).
std::string level_name(Level level) {
    switch (level) {
    case Level::RANDOM: return "random";
    case Level::LEVEL1: return "1";
    case Level::LEVEL2: return "2";
    case Level::LEVEL3: return "3";
    default: return "master";
    }
}

// Dispatches to the level; every random choice draws from Rng(seed).
Choice choose_move(const Position& pos, Level level, uint64_t seed, const SearchLimits& limits,
                   Searcher* searcher) {
    const auto start = std::chrono::steady_clock::now();
    Choice c;
    if (!pos.legal_moves()) {
        c.move = pos.game_over() ? MOVE_NONE : MOVE_PASS;
        return c;
    }
    games::Rng rng(seed);
    const Bitboard P = pos.player(), O = pos.opponent();
    Scored moves[MAX_MOVES];
    int n = 0;
    switch (level) {
    case Level::RANDOM: {
        n = score_moves(pos, moves, [](Square) { return 0; });
        c.move = moves[rng.below(uint32_t(n))].move;
        break;
    }
    case Level::LEVEL1: {
        // Flips, and the first rule every beginner learns: take a corner when offered.
        n = score_moves(pos, moves, [&](Square x) {
            return popcount(flip(x, P, O)) + ((CORNERS & square_bb(x)) ? 100 : 0);
        });
        // Three times in four a most-flipping move, else one flipping at most 2 fewer.
        const Scored s = pick_near_best(moves, n, rng.below(4) == 0 ? 2 : 0, rng);
        c.move = s.move;
        c.eval = 0;
        c.depth = 1;
        break;
    }
    case Level::LEVEL2:
    case Level::LEVEL3: {
        const bool l3 = level == Level::LEVEL3;
        const int depth = l3 ? 4 : 2;
        const int empties = pos.empty_count();
        const bool solve = l3 && empties <= 10;
        TranspositionTable tt(12);
        EndgameSolver solver(tt);
        n = score_moves(pos, moves, [&](Square x) {
            const Bitboard f = flip(x, P, O);
            const Bitboard np = O ^ f, no = P ^ f ^ square_bb(x);
            if (solve) return -solver.search(np, no, SCORE_MIN - 1, SCORE_MAX + 1) * EVAL_UNIT;
            if (l3)
                return -alphabeta(np, no, depth - 1, -EVAL_LIMIT - 1, EVAL_LIMIT + 1, evaluate,
                                  c.nodes);
            return -alphabeta(
                np, no, depth - 1, -EVAL_LIMIT - 1, EVAL_LIMIT + 1,
                [](Bitboard a, Bitboard b) { return positional_score(a, b); }, c.nodes);
        });
        c.nodes += solver.nodes();
        // Near-best: LEVEL2 within 8 square-weight points, LEVEL3 within half a disc
        // (exact: only the best moves).
        const Scored s = pick_near_best(moves, n, solve ? 0 : l3 ? EVAL_UNIT / 2 : 8, rng);
        c.move = s.move;
        c.eval = s.value;
        c.depth = solve ? empties : depth;
        c.exact = solve;
        break;
    }
    case Level::MASTER: {
        if (choose_book_move(pos, rng, c)) break;
        std::unique_ptr<Searcher> own;
        if (!searcher) {
            own = std::make_unique<Searcher>(18);
            searcher = own.get();
        }
        // Without a book: the four first moves are equivalent by symmetry, the seed picks one.
        if (pos == Position::start()) {
            n = score_moves(pos, moves, [](Square) { return 0; });
            c.move = moves[rng.below(uint32_t(n))].move;
            break;
        }
        SearchLimits play = limits;
        play.selective_end = true;
        const SearchResult r = searcher->search(pos, play);
        c.move = r.best;
        c.eval = r.eval;
        c.depth = r.depth;
        c.exact = r.exact;
        c.nodes = r.nodes;
        break;
    }
    }
    c.ms = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
                   .count());
    return c;
}

} // namespace othello
