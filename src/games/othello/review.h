// review.h — reviewing a played game: each move's value against the engine's best.
//
// One move at a time (`othello review <board> <side> <move>`: the page's worker answers move by
// move and fills its evaluation graph as the replies come) or a whole transcript
// (`othello review-game`). Deterministic: the searcher's tables are emptied at the start of each
// move's review and the limits are node counts and an exact-solve range, never time, so a
// request gives the same reply natively and in wasm, alone or inside a whole-game review.
//
//   empties <= exact  the exact solver: the position's value and best move, then (when another
//                     move was played) the exact value after the played move; the loss is exact.
//   otherwise         Searcher::analyse under the node limit: every legal move is searched with
//                     the same full-window iterative deepening, and a depth counts only when
//                     all moves completed it; best = the highest value, so best and played come
//                     from one search and loss = best - played >= 0.
// Values are EVAL_UNITs (1/100 disc) from the mover's view; exact ones are the FFO final disc
// difference (empties to the winner) times 100.
#pragma once
#include <cstdint>

#include "games/othello/search.h"

namespace othello {

// The marks, by loss in discs (the only place these numbers live; README.md explains them).
constexpr int REVIEW_INACCURACY_DISCS = 4;
constexpr int REVIEW_MISTAKE_DISCS = 8;
constexpr int REVIEW_BLUNDER_DISCS = 16;

// Defaults: midgame node budget per reviewed move, and exact from this many empties down.
constexpr uint64_t REVIEW_DEFAULT_NODES = 500000;
constexpr int REVIEW_DEFAULT_EXACT = 22;
// The largest exact= a review accepts (an exact solve has no node limit).
constexpr int REVIEW_MAX_EXACT = 30;

struct ReviewLimits {
    uint64_t nodes = REVIEW_DEFAULT_NODES;
    int exact = REVIEW_DEFAULT_EXACT;
};

struct MoveReview {
    Move played = MOVE_NONE; // MOVE_PASS for a forced pass
    Move best = MOVE_NONE;   // MOVE_PASS for a forced pass
    Color side = BLACK;      // the mover
    int empties = 0;         // before the move
    int eval_best = 0;       // EVAL_UNITs, mover's view
    int eval_played = 0;     // EVAL_UNITs, mover's view; <= eval_best
    bool exact = false;
    uint64_t nodes = 0;
    int ms = 0;
    int loss() const { return eval_best - eval_played; } // EVAL_UNITs, >= 0
};

// "best" (no loss), "good", "inaccuracy", "mistake", "blunder" for a loss in EVAL_UNITs.
const char* review_mark(int loss);

// Reviews `played` (legal in pos; MOVE_PASS when pos must pass) with `searcher` (its tables are
// cleared first). pos must not be over.
MoveReview review_move(Searcher& searcher, const Position& pos, Move played,
                       const ReviewLimits& limits);

} // namespace othello
