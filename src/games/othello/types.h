// types.h — the small strong types every Othello file shares: colours, squares, moves, scores.
//
// Squares follow the project's board convention: a1 = 0 is the top-left corner
// (board[0][0]), the letter is the column, the digit the row, index = row * 8 + column.
// Bit i of a Bitboard is square i.
#pragma once
#include <bit>
#include <cstdint>

namespace othello {

using Bitboard = uint64_t;

enum Color : uint8_t { BLACK, WHITE, COLOR_NB = 2, NO_COLOR = 2 };

constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}

// clang-format off
enum Square : uint8_t {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQUARE_NB = 64
};
// clang-format on

// A move is a square, or a pass, or "no move" (nothing found / not yet set).
enum Move : uint8_t { MOVE_PASS = 64, MOVE_NONE = 65 };

constexpr Move make_move(Square s) {
    return Move(s);
}
constexpr Square to_sq(Move m) {
    return Square(m);
}
constexpr bool is_square(Move m) {
    return m < 64;
}

constexpr Square make_square(int row, int col) {
    return Square(row * 8 + col);
}
constexpr int row_of(Square s) {
    return s >> 3;
}
constexpr int col_of(Square s) {
    return s & 7;
}
constexpr Bitboard square_bb(Square s) {
    return Bitboard(1) << s;
}
constexpr Bitboard square_bb(int s) {
    return Bitboard(1) << s;
}

inline int popcount(Bitboard b) {
    return std::popcount(b);
}
inline Square lsb(Bitboard b) {
    return Square(std::countr_zero(b));
}
// Clears the lowest set bit and returns its square.
inline Square pop_lsb(Bitboard& b) {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}
// The square of b's k-th set bit, counting from the lowest (k < popcount(b)): with a random
// k, a uniformly random square of b.
inline Square nth_square(Bitboard b, uint32_t k) {
    for (; k; --k) b &= b - 1;
    return lsb(b);
}

// Most legal moves any reachable position has (33 is the known maximum).
constexpr int MAX_MOVES = 34;

// Game scores: the exact disc difference is in [-64, 64]; SCORE_INF bounds every window.
constexpr int SCORE_MIN = -64;
constexpr int SCORE_MAX = 64;
constexpr int SCORE_INF = 127;

} // namespace othello
