// symmetry.h — the eight symmetries of the board (the dihedral group of the square), on
// bitboards and on squares, and the canonical form of a position under them (the opening book
// stores each position once, in that form).
//
// Symmetry s (0..7) transposes the board when bit 2 is set, then mirrors the columns (bit 0)
// and the rows (bit 1). apply_inverse undoes apply for the same s.
#pragma once
#include <cstdint>

#include "games/othello/types.h"

namespace othello {

constexpr int SYMMETRY_NB = 8;

// Column c -> 7 - c.
constexpr Bitboard mirror_columns(Bitboard b) {
    b = ((b >> 1) & 0x5555555555555555ull) | ((b & 0x5555555555555555ull) << 1);
    b = ((b >> 2) & 0x3333333333333333ull) | ((b & 0x3333333333333333ull) << 2);
    return ((b >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((b & 0x0F0F0F0F0F0F0F0Full) << 4);
}
// Row r -> 7 - r.
constexpr Bitboard mirror_rows(Bitboard b) {
    b = ((b >> 8) & 0x00FF00FF00FF00FFull) | ((b & 0x00FF00FF00FF00FFull) << 8);
    b = ((b >> 16) & 0x0000FFFF0000FFFFull) | ((b & 0x0000FFFF0000FFFFull) << 16);
    return (b >> 32) | (b << 32);
}
// (r, c) -> (c, r).
constexpr Bitboard transpose_board(Bitboard b) {
    Bitboard t = 0x0F0F0F0F00000000ull & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333000033330000ull & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500550055005500ull & (b ^ (b << 7));
    return b ^ t ^ (t >> 7);
}

// The image of b under symmetry s.
constexpr Bitboard apply_symmetry(int s, Bitboard b) {
    if (s & 4) b = transpose_board(b);
    if (s & 1) b = mirror_columns(b);
    if (s & 2) b = mirror_rows(b);
    return b;
}
// The image of square sq under symmetry s.
constexpr Square apply_symmetry(int s, Square sq) {
    int r = row_of(sq), c = col_of(sq);
    if (s & 4) {
        const int t = r;
        r = c;
        c = t;
    }
    if (s & 1) c = 7 - c;
    if (s & 2) r = 7 - r;
    return make_square(r, c);
}
// The square that symmetry s maps onto sq (apply_symmetry undone).
constexpr Square apply_inverse_symmetry(int s, Square sq) {
    int r = row_of(sq), c = col_of(sq);
    if (s & 2) r = 7 - r;
    if (s & 1) c = 7 - c;
    if (s & 4) {
        const int t = r;
        r = c;
        c = t;
    }
    return make_square(r, c);
}

// A position (side to move's discs P, the other's O) in the canonical form: the smallest
// (P, O) pair, compared as (P, then O), over the eight images; `symmetry` maps the position
// given onto it.
struct CanonicalBoard {
    Bitboard P;
    Bitboard O;
    int symmetry;
};

// The canonical form of (P, O) and the symmetry that gives it (the smallest s on ties).
constexpr CanonicalBoard canonical_board(Bitboard P, Bitboard O) {
    CanonicalBoard best{P, O, 0};
    for (int s = 1; s < SYMMETRY_NB; ++s) {
        const Bitboard p = apply_symmetry(s, P), o = apply_symmetry(s, O);
        if (p < best.P || (p == best.P && o < best.O)) best = {p, o, s};
    }
    return best;
}

} // namespace othello
