#include "games/gomoku/review.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace gomoku {

namespace {

// MASTER's deterministic limits (levels.cpp, MASTER under depth= / nodes=) at `nodes`.
SearchLimits review_limits(uint64_t nodes) {
    SearchLimits l;
    l.nodes = nodes;
    l.vcf_nodes = 100000;
    l.vct_nodes = 20000;
    l.defend_nodes = 5000;
    return l;
}

// Does the side to move win through fours: a five point of its own, or a VCF?
bool wins_by_fours(Board& b, ThreatSolver& solver, uint64_t& nodes) {
    if (b.find_five(b.to_move()) != NO_POS) return true;
    solver.clear();
    const ThreatResult r = solver.vcf(b, 40, REVIEW_VCF_NODES);
    nodes += r.nodes;
    return r.win;
}

// After the side to move (S) plays p: does S still win through fours? A five, or a four whose
// forced block leaves S a VCF (two five points, or a block that renju forbids, win outright).
bool keeps_win(Board& b, Pos p, ThreatSolver& solver, uint64_t& nodes) {
    b.make(p);
    bool kept = false;
    const Color o = b.to_move(), s = opponent(o);
    if (b.last_move_won()) {
        kept = true;
    } else if (b.find_five(o) == NO_POS && b.count(s, P4_FIVE) >= 1) {
        if (b.count(s, P4_FIVE) >= 2) {
            kept = true;
        } else {
            const Pos block = b.find_five(s);
            if (!is_legal_for_side(b, block)) {
                kept = true;
            } else {
                b.make(block);
                kept = wins_by_fours(b, solver, nodes);
                b.undo();
            }
        }
    }
    b.undo();
    return kept;
}

// The search value of the position for the side to move. Forced blocks of a single five point
// are played first (MASTER's root answers those without a search, with the value 0).
int position_score(MasterSearcher& searcher, Board& b, uint64_t nodes, uint64_t& used) {
    const Color us = b.to_move(), them = opponent(us);
    if (b.find_five(us) != NO_POS) return VALUE_MATE - 1;
    const int their_fives = b.count(them, P4_FIVE);
    if (their_fives >= 2) return -(VALUE_MATE - 2);
    if (their_fives == 1) {
        const Pos block = b.find_five(them);
        if (!is_legal_for_side(b, block)) return -(VALUE_MATE - 2);
        b.make(block);
        const int v = b.full() ? 0 : -position_score(searcher, b, nodes, used);
        b.undo();
        return v;
    }
    if (b.full()) return 0;
    searcher.clear();
    const SearchInfo info = searcher.think(b, review_limits(nodes));
    used += info.nodes;
    return info.value;
}

// The score of move p for the side to move (its view).
int move_score(MasterSearcher& searcher, Board& b, Pos p, uint64_t nodes, uint64_t& used) {
    if (!is_legal_for_side(b, p)) return -(VALUE_MATE - 1); // renju: black's forbidden move
    b.make(p);
    const int v = b.last_move_won() ? VALUE_MATE - 1
                  : b.full()        ? 0
                                    : -position_score(searcher, b, nodes, used);
    b.undo();
    return v;
}

// Does the opponent win through fours after the side to move plays p?
bool opponent_wins_after(Board& b, Pos p, ThreatSolver& solver, uint64_t& nodes) {
    if (!is_legal_for_side(b, p)) return true;
    b.make(p);
    const bool wins = !b.last_move_won() && !b.full() && wins_by_fours(b, solver, nodes);
    b.undo();
    return wins;
}

ThreatSolver& review_solver() {
    static ThreatSolver solver;
    return solver;
}

} // namespace

int review_eval(int score) {
    if (score >= VALUE_MATE_IN_MAX) return 1000;
    if (score <= -VALUE_MATE_IN_MAX) return 0;
    const long p = std::lround(1000.0 / (1.0 + std::exp(-double(score) / REVIEW_SCALE)));
    return int(std::clamp(p, 1L, 999L)); // 0 and 1000: forced results only
}

MoveReview review_move(MasterSearcher& searcher, Board& b, Pos played, uint64_t nodes) {
    const auto start = std::chrono::steady_clock::now();
    ThreatSolver& solver = review_solver();
    MoveReview r;
    r.played = played;
    r.side = b.to_move();
    const Color them = opponent(r.side);
    r.forbidden = !is_legal_for_side(b, played);

    // MASTER's move, then both moves valued by the same search of the position after them.
    searcher.clear();
    const SearchInfo choice = searcher.think(b, review_limits(nodes));
    r.nodes += choice.nodes;
    r.best = choice.move != NO_POS ? choice.move : played; // (no move of its own: the played one)
    r.score_best = move_score(searcher, b, r.best, nodes, r.nodes);
    r.score_played =
        played == r.best ? r.score_best : move_score(searcher, b, played, nodes, r.nodes);
    if (r.score_played > r.score_best) { // the played move searched better: it is the best
        r.best = played;
        r.score_best = r.score_played;
    }
    r.eval_best = review_eval(r.score_best);
    r.eval_played = review_eval(r.score_played);

    // Tactics.
    r.had_win = wins_by_fours(b, solver, r.nodes);
    // A threat on the board: a four (their five point) or a point where they make a straight
    // four or a double four (an open three, or two fours' worth): they win next move unless
    // answered. (Their VCF if the mover passed is no test here: a stone never helps the
    // opponent's fours, so every VCF they have after the move they had before it.)
    r.threatened = b.count(them, P4_FIVE) > 0 || b.count(them, P4_FLEX4) > 0;
    if (r.had_win) {
        r.mark = keeps_win(b, played, solver, r.nodes) ? "best" : "missedWin";
    } else if (r.forbidden) {
        r.mark = "blunder";
    } else if (played != r.best && opponent_wins_after(b, played, solver, r.nodes) &&
               !opponent_wins_after(b, r.best, solver, r.nodes)) {
        r.mark = r.threatened ? "missedBlock" : "allowsVcf";
    } else if (r.score_best >= VALUE_MATE_IN_MAX && r.score_played < VALUE_MATE_IN_MAX) {
        r.mark = "missedWin"; // a forced win the search found (a VCT, say) given up
    } else if (r.score_played <= -VALUE_MATE_IN_MAX && r.score_best > -VALUE_MATE_IN_MAX) {
        r.mark = "blunder"; // into a forced loss that MASTER's move avoids
    } else {
        const int loss = played == r.best ? 0 : r.loss();
        r.mark = loss <= 0                  ? "best"
                 : loss < REVIEW_INACCURACY ? "good"
                 : loss < REVIEW_MISTAKE    ? "inaccuracy"
                 : loss < REVIEW_BLUNDER    ? "mistake"
                                            : "blunder";
    }
    r.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
               .count();
    return r;
}

} // namespace gomoku
