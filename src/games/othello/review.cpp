#include "games/othello/review.h"

#include <chrono>

namespace othello {

const char* review_mark(int loss) {
    if (loss <= 0) return "best";
    if (loss < REVIEW_INACCURACY_DISCS * EVAL_UNIT) return "good";
    if (loss < REVIEW_MISTAKE_DISCS * EVAL_UNIT) return "inaccuracy";
    if (loss < REVIEW_BLUNDER_DISCS * EVAL_UNIT) return "mistake";
    return "blunder";
}

MoveReview review_move(Searcher& searcher, const Position& pos, Move played,
                       const ReviewLimits& limits) {
    const auto start = std::chrono::steady_clock::now();
    searcher.clear();
    MoveReview r;
    r.played = played;
    r.side = pos.side_to_move();
    r.empties = pos.empty_count();
    // Exact: no node limit (exact= is bounded instead); midgame: the node budget, no solve.
    SearchLimits exact_limits;
    exact_limits.exact_empties = 64;
    SearchLimits mid_limits;
    mid_limits.nodes = limits.nodes;
    mid_limits.exact_empties = 0;
    const bool exact = r.empties <= limits.exact;
    if (played == MOVE_PASS) {
        // A forced pass: nothing to choose, the value is the opponent's negated.
        const SearchResult s = searcher.search(pos, exact ? exact_limits : mid_limits);
        r.best = MOVE_PASS;
        r.eval_best = r.eval_played = s.eval;
        r.exact = s.exact;
        r.nodes = s.nodes;
    } else if (exact) {
        const SearchResult s = searcher.search(pos, exact_limits);
        r.best = s.best;
        r.eval_best = r.eval_played = s.eval;
        r.exact = true;
        r.nodes = s.nodes;
        if (played != s.best) {
            Position after = pos;
            after.do_move(played);
            const SearchResult t = searcher.search(after, exact_limits);
            r.eval_played = -t.eval;
            r.nodes += t.nodes;
        }
    } else {
        const std::vector<MoveValue> values = searcher.analyse(pos, mid_limits);
        r.nodes = searcher.nodes();
        // Best first (a stable sort: ties keep the searcher's move order).
        r.best = values.front().move;
        r.eval_best = values.front().value;
        for (const MoveValue& v : values)
            if (v.move == played) r.eval_played = v.value;
        r.exact = values.front().exact;
    }
    r.ms = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
                   .count());
    return r;
}

} // namespace othello
