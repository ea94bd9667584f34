// position.h — an Othello position: two bitboards and the side to move.
//
// Make/undo never allocate: do_move returns the flipped discs and undo_move takes them back.
// A pass is a move (MOVE_PASS) that only hands the turn over. The board-array helpers use the
// page's convention: 0 empty, 1 black, 2 white, board[row][col], a1 = board[0][0].
#pragma once
#include <array>

#include "games/othello/movegen.h"

namespace othello {

using BoardArray = std::array<std::array<int, 8>, 8>;

class Position {
  public:
    // The standard start: white d4 e5, black d5 e4, black to move.
    Position() : Position(start()) {}
    Position(Bitboard black, Bitboard white, Color side) : discs_{black, white}, side_(side) {}
    static Position start() {
        return Position(square_bb(SQ_E4) | square_bb(SQ_D5), square_bb(SQ_D4) | square_bb(SQ_E5),
                        BLACK);
    }

    Bitboard pieces(Color c) const { return discs_[c]; }
    Bitboard player() const { return discs_[side_]; }
    Bitboard opponent() const { return discs_[~side_]; }
    Bitboard occupied() const { return discs_[0] | discs_[1]; }
    Bitboard empties() const { return ~occupied(); }
    int empty_count() const { return 64 - popcount(occupied()); }
    int count(Color c) const { return popcount(discs_[c]); }
    Color side_to_move() const { return side_; }
    Color piece_on(Square s) const {
        return (discs_[BLACK] & square_bb(s))   ? BLACK
               : (discs_[WHITE] & square_bb(s)) ? WHITE
                                                : NO_COLOR;
    }

    Bitboard legal_moves() const { return get_moves(player(), opponent()); }
    // The side to move has no move but the opponent has one: it must pass.
    bool must_pass() const { return !legal_moves() && get_moves(opponent(), player()); }
    // Neither side can move.
    bool game_over() const { return !legal_moves() && !get_moves(opponent(), player()); }
    // A square with flips, or a pass when passing is forced.
    bool is_legal(Move m) const {
        if (m == MOVE_PASS) return must_pass();
        return is_square(m) && (legal_moves() & square_bb(to_sq(m)));
    }

    // Plays a legal move (or a pass) and returns the flipped discs, for undo_move.
    Bitboard do_move(Move m) {
        Bitboard flipped = 0;
        if (is_square(m)) {
            flipped = flip(to_sq(m), player(), opponent());
            discs_[side_] ^= flipped | square_bb(to_sq(m));
            discs_[~side_] ^= flipped;
        }
        side_ = ~side_;
        return flipped;
    }
    // Takes back do_move(m) given what it returned.
    void undo_move(Move m, Bitboard flipped) {
        side_ = ~side_;
        if (is_square(m)) {
            discs_[side_] ^= flipped | square_bb(to_sq(m));
            discs_[~side_] ^= flipped;
        }
    }

    // Black discs minus white discs (no empties credited).
    int disc_difference() const { return count(BLACK) - count(WHITE); }
    // Final score for c under the FFO convention: empties go to the winner.
    int final_score(Color c) const;

    // 64-bit key of (discs, side); equal positions give equal keys on every platform.
    uint64_t key() const;

    bool operator==(const Position& o) const {
        return discs_[0] == o.discs_[0] && discs_[1] == o.discs_[1] && side_ == o.side_;
    }

  private:
    Bitboard discs_[COLOR_NB];
    Color side_;
};

// Disc difference for the side owning P at the end of the game, empties to the winner.
inline int final_score(Bitboard P, Bitboard O) {
    const int p = popcount(P), o = popcount(O), e = 64 - p - o;
    return p > o ? p - o + e : p < o ? p - o - e : 0;
}

// 64-bit mix of two bitboards (deterministic, platform independent).
inline uint64_t hash_discs(Bitboard P, Bitboard O) {
    uint64_t h = P * 0x9E3779B97F4A7C15ull ^ (O + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

// Page helpers: board[row][col] with 0 empty, 1 black, 2 white; to_move 1 black, 2 white.
// from_array returns false (and leaves pos alone) if a cell or to_move is out of range.
bool from_array(const BoardArray& board, int to_move, Position& pos);
BoardArray to_array(const Position& pos);
inline int to_move_code(const Position& pos) {
    return pos.side_to_move() == BLACK ? 1 : 2;
}

} // namespace othello
