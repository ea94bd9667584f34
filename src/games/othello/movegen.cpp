#include "games/othello/movegen.h"

namespace othello {
namespace {

// Stable discs of the mover on one 8-square edge, for every (mover, opponent) pair:
// a disc is stable if it keeps its colour whatever discs either side adds later.
// stable(P, O) = P & AND(stable(child)) over every way of filling one empty square
// (legal or not, flips applied), computed from full edges down to empty ones.
struct EdgeTable {
    uint8_t stable[256][256];

    static int flip_line(int x, int P, int O) {
        int flipped = 0;
        for (int step : {-1, 1}) {
            int y = x + step, run = 0;
            while (y >= 0 && y < 8 && (O >> y & 1)) run |= 1 << y, y += step;
            if (y >= 0 && y < 8 && (P >> y & 1)) flipped |= run;
        }
        return flipped;
    }

    EdgeTable() {
        for (auto& row : stable)
            for (auto& v : row) v = 0;
        // Process positions with more discs first: children always have one disc more.
        for (int discs = 8; discs >= 0; --discs)
            for (int P = 0; P < 256; ++P)
                for (int O = 0; O < 256; ++O) {
                    if ((P & O) || std::popcount(unsigned(P | O)) != discs) continue;
                    int s = P;
                    const int empty = ~(P | O) & 0xFF;
                    for (int x = 0; x < 8 && s; ++x) {
                        if (!(empty >> x & 1)) continue;
                        const int fp = flip_line(x, P, O); // P plays x
                        s &= stable[P | fp | (1 << x)][O & ~fp];
                        const int fo = flip_line(x, O, P); // O plays x
                        s &= stable[P & ~fo][O | fo | (1 << x)];
                    }
                    stable[P][O] = uint8_t(s & P);
                }
    }
};

// The edge table, built on first use (64 KiB).
const EdgeTable& edge_table() {
    static const EdgeTable table;
    return table;
}

// Column a (or h after >> 7) packed into 8 bits, a1 -> bit 0.
inline int pack_file_a(Bitboard b) {
    return int(((b & FILE_A) * 0x0102040810204080ull) >> 56);
}
// Inverse of pack_file_a: 8 bits back onto column a.
inline Bitboard unpack_file_a(int bits) {
    Bitboard b = 0;
    for (int i = 0; i < 8; ++i)
        if (bits >> i & 1) b |= square_bb(i * 8);
    return b;
}

// Squares whose whole line in a direction is occupied.
inline Bitboard full_rows(Bitboard d) {
    d &= d >> 1;
    d &= d >> 2;
    d &= d >> 4;
    return (d & FILE_A) * 0xFF;
}
// Squares whose column is completely filled.
inline Bitboard full_columns(Bitboard d) {
    d &= (d >> 8) | (d << 56);
    d &= (d >> 16) | (d << 48);
    d &= (d >> 32) | (d << 32);
    return d;
}

// Squares whose a1-h8 diagonal (the shift by 9) is completely filled: each square ANDed with
// its neighbours 1, 2 and 4 steps along the diagonal both ways, a step off the board counting
// as filled (the constant masks). Branch-free, instead of testing the 15 diagonals one by one.
inline Bitboard full_diagonals_9(Bitboard d) {
    Bitboard l = d, r = d;
    l &= 0xFF80808080808080ull | (l >> 9);
    r &= 0x01010101010101FFull | (r << 9);
    l &= 0xFFFFC0C0C0C0C0C0ull | (l >> 18);
    r &= 0x030303030303FFFFull | (r << 18);
    return l & r & (0x0F0F0F0FF0F0F0F0ull | (l >> 36) | (r << 36));
}
// The same for the h1-a8 diagonals (the shift by 7). Four steps are 28 bits, less than the
// board's half, so the last shifts are masked to the squares they are meant for.
inline Bitboard full_diagonals_7(Bitboard d) {
    Bitboard l = d, r = d;
    l &= 0xFF01010101010101ull | (l >> 7);
    r &= 0x80808080808080FFull | (r << 7);
    l &= 0xFFFF030303030303ull | (l >> 14);
    r &= 0xC0C0C0C0C0C0FFFFull | (r << 14);
    return l & r &
           (0xF0F0F0F00F0F0F0Full | ((l >> 28) & 0x00000000F0F0F0F0ull) |
            ((r << 28) & 0x0F0F0F0F00000000ull));
}

} // namespace

// Exact stable discs of the four edges, from the edge table.
Bitboard stable_edges(Bitboard P, Bitboard O) {
    const auto& t = edge_table().stable;
    Bitboard s = t[P & 0xFF][O & 0xFF];
    s |= Bitboard(t[P >> 56][O >> 56]) << 56;
    s |= unpack_file_a(t[pack_file_a(P)][pack_file_a(O)]);
    s |= unpack_file_a(t[pack_file_a(P >> 7)][pack_file_a(O >> 7)]) << 7;
    return s;
}

// Edges, then interior discs whose four lines are full or end on stable discs.
Bitboard stable_discs(Bitboard P, Bitboard O) {
    const Bitboard discs = P | O;
    const Bitboard central = P & 0x007E7E7E7E7E7E00ull;
    const Bitboard fh = full_rows(discs), fv = full_columns(discs);
    const Bitboard f9 = full_diagonals_9(discs), f7 = full_diagonals_7(discs);
    Bitboard stable = stable_edges(P, O) | (fh & fv & f9 & f7 & central);
    if (!stable) return 0;
    // A central disc is stable when, along each of the 4 lines, the line is full or a
    // neighbour on it is stable.
    Bitboard old;
    do {
        old = stable;
        const Bitboard h = (stable >> 1) | (stable << 1) | fh;
        const Bitboard v = (stable >> 8) | (stable << 8) | fv;
        const Bitboard d9 = (stable >> 9) | (stable << 9) | f9;
        const Bitboard d7 = (stable >> 7) | (stable << 7) | f7;
        stable |= h & v & d9 & d7 & central;
    } while (stable != old);
    return stable;
}

} // namespace othello
