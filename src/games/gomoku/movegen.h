// movegen.h — candidate moves near stones, four moves and defences against open-four threats.
#pragma once
#include "games/gomoku/board.h"

namespace gomoku {

struct ScoredMove {
    Pos pos;
    int score;
};

// A fixed-size move list (no allocation).
struct MoveList {
    ScoredMove moves[MAX_MOVES];
    int size = 0;
    void clear() { size = 0; }
    void add(Pos p, int s) { moves[size++] = {p, s}; }
    bool contains(Pos p) const {
        for (int i = 0; i < size; ++i)
            if (moves[i].pos == p) return true;
        return false;
    }
    // Stable sort by descending score (insertion sort: lists are short, order deterministic).
    void sort();
};

// Ordering score of empty cell p for the side to move: own threat made + opponent's taken.
inline int move_score(const Board& b, Pos p) {
    const Color us = b.to_move(), them = opponent(us);
    const PatternTables& t = b.tables();
    return t.attack[ci(us)][b.pcode(us, p)] + t.defend[ci(them)][b.pcode(them, p)];
}

// Is empty cell p a legal move for the side to move (renju black: not forbidden)?
bool is_legal_for_side(Board& b, Pos p);

// Every legal empty cell with a stone in its 5x5 square (the centre on an empty board),
// scored for the side to move, in row-major order (unsorted).
void gen_candidates(Board& b, MoveList& list);

// Legal cells where colour c (the side to move) makes a four but not a five.
void gen_fours(Board& b, MoveList& list);

// A legal cell where colour c makes a straight/double four (wins next move), or NO_POS.
Pos find_flex4(Board& b, Color c);

// Cells where the side to move stops every opponent straight-four point (tried on the board),
// plus every own four, scored. Used when the opponent has an open three.
void gen_defences(Board& b, MoveList& list);

// The same set of moves, faster (MASTER): only the cells on the threat points' four lines
// (the directions where the opponent's pattern is a four) are tried on the board.
void gen_defences_lines(Board& b, MoveList& list);

} // namespace gomoku
