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
// Column a of every 8-bit value (bit i -> row i), for unpack_file_a: a lookup, as the loop
// costs g++ more than clang and a multiply cannot spread the bits without carries.
struct FileATable {
    Bitboard of[256]{};
    constexpr FileATable() {
        for (int bits = 0; bits < 256; ++bits)
            for (int i = 0; i < 8; ++i)
                if (bits >> i & 1) of[bits] |= Bitboard(1) << (i * 8);
    }
};
constexpr FileATable FILE_A_OF{};

// Inverse of pack_file_a: 8 bits back onto column a.
inline Bitboard unpack_file_a(int bits) {
    return FILE_A_OF.of[bits];
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

// Squares whose neighbour `steps` away in the direction (dr, dc) is off the board.
constexpr Bitboard off_board_after(int steps, int dr, int dc) {
    Bitboard b = 0;
    for (int s = 0; s < 64; ++s) {
        const int r = s / 8 + steps * dr, c = s % 8 + steps * dc;
        if (r < 0 || r > 7 || c < 0 || c > 7) b |= Bitboard(1) << s;
    }
    return b;
}

// Squares whose line through them in the direction (dr, dc) — a shift by S = 8 dr + dc bits
// — is completely filled: each square ANDed with its neighbours 1, 2 and 4 steps along the line
// both ways, a step off the board counting as filled. The 4-step terms are masked to the
// squares that have such a neighbour, as a shift by 4 S can wrap onto another line.
// Branch-free, instead of testing each of the 15 lines of a direction.
template <int dr, int dc> inline Bitboard full_lines(Bitboard d) {
    constexpr int S = 8 * dr + dc;
    constexpr Bitboard edge_l1 = off_board_after(1, dr, dc), edge_r1 = off_board_after(1, -dr, -dc);
    constexpr Bitboard edge_l2 = off_board_after(2, dr, dc), edge_r2 = off_board_after(2, -dr, -dc);
    constexpr Bitboard far_l = ~off_board_after(4, dr, dc), far_r = ~off_board_after(4, -dr, -dc);
    Bitboard l = d, r = d;
    l &= edge_l1 | (l >> S);
    r &= edge_r1 | (r << S);
    l &= edge_l2 | (l >> 2 * S);
    r &= edge_r2 | (r << 2 * S);
    return l & r & (~(far_l | far_r) | ((l >> 4 * S) & far_l) | ((r << 4 * S) & far_r));
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
    const Bitboard f9 = full_lines<1, 1>(discs), f7 = full_lines<1, -1>(discs);
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
