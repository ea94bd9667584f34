// review.h — reviewing a played game: each move against MASTER's choice, tactics first.
//
// For the position before the move (the mover S to move, O the opponent):
//   missedWin    S had a five or a VCF, and the move neither makes five nor keeps a VCF going
//                (a four after whose forced block S still has a VCF, or a double five point);
//   missedBlock  O threatened to win next move (a four on the board, or a point where O makes a
//                straight four or a double four: an open three, say), and after the move O
//                still wins through fours (a five point or a VCF, O to move), though after
//                MASTER's move it would not;
//   allowsVcf    no such threat, but after the move O wins through fours (a longer VCF: a
//                four-three, say) and after MASTER's move it would not. (A stone never helps
//                the opponent's fours: every VCF O has after the move it had before it, as if
//                S passed; the two marks differ by how visible the threat was.)
//   forced results the searches found count too: giving up a forced win (a VCT, say) is a
//                missedWin, walking into a forced loss that MASTER's move avoids a blunder;
//   otherwise by the score loss (below). A move that keeps S's own win is "best".
// Values: MASTER's search value (`score`, the mover's view, mate = 30000 - plies) of the
// position after a move, negated, for MASTER's move and for the played one under the same
// limits; best = the higher of the two (so loss >= 0). `eval` maps a score to a per-mille
// win-probability-like value: 1000 / (1 + exp(-score / REVIEW_SCALE)), 1000 / 0 for a mate
// either way. Loss = evalBest - evalPlayed (per mille).
// Deterministic: fixed node limits and a searcher cleared before each move's review (no time).
#pragma once
#include "games/gomoku/master.h"

#include <cstdint>

namespace gomoku {

// Score-loss marks in per mille of win probability (the only place these numbers live).
constexpr int REVIEW_INACCURACY = 100;
constexpr int REVIEW_MISTAKE = 200;
constexpr int REVIEW_BLUNDER = 350;
// Search score -> win probability: logistic with this scale (score units).
constexpr double REVIEW_SCALE = 400.0;

// Defaults: MASTER's node budget per search, the VCF budget of every tactical check.
constexpr uint64_t REVIEW_DEFAULT_NODES = 20000;
constexpr uint64_t REVIEW_VCF_NODES = 100000;

struct MoveReview {
    Pos played = NO_POS;
    Pos best = NO_POS;
    Color side = BLACK;
    int score_best = 0, score_played = 0; // search scores, mover's view
    int eval_best = 0, eval_played = 0;   // per mille
    bool had_win = false;    // S had a five or a VCF before the move
    bool threatened = false; // O had a five point, or a straight-four / double-four point
    bool forbidden = false;  // renju: black's move was forbidden (it loses)
    const char* mark = "best";
    uint64_t nodes = 0;
    int64_t ms = 0;
    int loss() const { return eval_best - eval_played; }
};

// Per mille of a search score (mover's view).
int review_eval(int score);

// Reviews `played` (an empty cell) in `board` (not over; restored afterwards) with `searcher`,
// which is cleared first.
MoveReview review_move(MasterSearcher& searcher, Board& board, Pos played, uint64_t nodes);

} // namespace gomoku
