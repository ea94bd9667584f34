#include "games/gomoku/movegen.h"

#include <bitset>

namespace gomoku {

void MoveList::sort() {
    for (int i = 1; i < size; ++i) {
        ScoredMove m = moves[i];
        int j = i - 1;
        while (j >= 0 && moves[j].score < m.score) {
            moves[j + 1] = moves[j];
            --j;
        }
        moves[j + 1] = m;
    }
}

bool is_legal_for_side(Board& b, Pos p) {
    if (!b.is_empty(p)) return false;
    if (b.rule() != Rule::RENJU || b.to_move() != BLACK) return true;
    return !b.is_forbidden(p);
}

void gen_candidates(Board& b, MoveList& list) {
    list.clear();
    if (!b.ply()) {
        const Pos c = make_pos(b.size() / 2, b.size() / 2);
        list.add(c, 0);
        return;
    }
    const bool renju_black = b.rule() == Rule::RENJU && b.to_move() == BLACK;
    int r0, r1, c0, c1;
    b.candidate_box(r0, r1, c0, c1);
    for (int r = r0; r <= r1; ++r)
        for (int c = c0; c <= c1; ++c) {
            const Pos p = make_pos(r, c);
            if (!b.is_empty(p) || !b.near(p)) continue;
            if (renju_black && (b.p4(BLACK, p) == P4_FORBID ||
                                (b.tables().check3[b.pcode(BLACK, p)] && b.is_forbidden(p))))
                continue;
            list.add(p, move_score(b, p));
        }
}

void gen_fours(Board& b, MoveList& list) {
    list.clear();
    const Color us = b.to_move();
    const bool renju_black = b.rule() == Rule::RENJU && us == BLACK;
    int n = b.count(us, P4_BLOCK4) + b.count(us, P4_BLOCK4_PLUS) + b.count(us, P4_BLOCK4_FLEX3) +
            b.count(us, P4_FLEX4);
    if (!n) return;
    int r0, r1, c0, c1;
    b.candidate_box(r0, r1, c0, c1);
    for (int r = r0; r <= r1 && n; ++r)
        for (int c = c0; c <= c1 && n; ++c) {
            const Pos p = make_pos(r, c);
            const Pattern4 k = b.p4(us, p);
            if (k < P4_BLOCK4 || k > P4_FLEX4) continue;
            --n;
            if (renju_black && b.tables().check3[b.pcode(BLACK, p)] && b.is_forbidden(p)) continue;
            list.add(p, move_score(b, p));
        }
}

Pos find_flex4(Board& b, Color c) {
    int n = b.count(c, P4_FLEX4);
    if (!n) return NO_POS;
    const bool renju_black = b.rule() == Rule::RENJU && c == BLACK;
    int r0, r1, c0, c1;
    b.candidate_box(r0, r1, c0, c1);
    for (int r = r0; r <= r1 && n; ++r)
        for (int col = c0; col <= c1 && n; ++col) {
            const Pos p = make_pos(r, col);
            if (b.p4(c, p) != P4_FLEX4) continue;
            --n;
            if (renju_black && b.tables().check3[b.pcode(BLACK, p)] && b.is_forbidden(p)) continue;
            return p;
        }
    return NO_POS;
}

// Does colour c still have a winning (legal) straight-four point?
static bool has_flex4(Board& b, Color c) {
    if (!b.count(c, P4_FLEX4)) return false;
    if (b.rule() != Rule::RENJU || c != BLACK) return true;
    return find_flex4(b, c) != NO_POS;
}

namespace {

// The replies to the opponent's straight-four threats: own fours, then empty cells within 5 of
// a threat point along a line through it that leave no five and no straight four. With
// `lines_only`, only the lines on which the threat point makes a four (B4 or better).
void gen_defences_impl(Board& b, MoveList& list, bool lines_only) {
    const Color us = b.to_move(), them = opponent(us);
    gen_fours(b, list);
    // Threat points of the opponent and the cells sharing a line with them.
    Pos threats[MAX_MOVES];
    int nt = 0;
    const int n = b.count(them, P4_FLEX4);
    int r0, r1, c0, c1;
    b.candidate_box(r0, r1, c0, c1);
    for (int r = r0; r <= r1 && (!lines_only || nt < n); ++r)
        for (int c = c0; c <= c1; ++c) {
            const Pos p = make_pos(r, c);
            if (b.p4(them, p) == P4_FLEX4) threats[nt++] = p;
        }
    std::bitset<NUM_CELLS> seen;
    for (int i = 0; i < list.size; ++i) seen.set(size_t(list.moves[i].pos));
    const bool renju_black = b.rule() == Rule::RENJU && us == BLACK;
    for (int t = 0; t < nt; ++t)
        for (int d = 0; d < 4; ++d) {
            if (lines_only && b.pattern(them, threats[t], d) < B4) continue;
            for (int k = -5; k <= 5; ++k) {
                const Pos q = Pos(threats[t] + k * DIR[d]);
                if (!b.is_empty(q) || seen.test(size_t(q))) continue;
                seen.set(size_t(q));
                if (renju_black && !is_legal_for_side(b, q)) continue;
                const int score = move_score(b, q);
                b.make(q);
                const bool stops = !b.count(them, P4_FIVE) && !has_flex4(b, them);
                b.undo();
                if (stops) list.add(q, score);
            }
        }
}

} // namespace

void gen_defences(Board& b, MoveList& list) { gen_defences_impl(b, list, false); }

void gen_defences_lines(Board& b, MoveList& list) { gen_defences_impl(b, list, true); }

} // namespace gomoku
