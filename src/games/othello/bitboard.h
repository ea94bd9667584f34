// bitboard.h — bit masks and the per-square ray tables that move generation and flips use.
//
// Every table is computed at compile time, so there is no start-up cost and nothing differs
// between native and WebAssembly builds.
#pragma once
#include <array>

#include "games/othello/types.h"

namespace othello {

constexpr Bitboard FILE_A = 0x0101010101010101ull;
constexpr Bitboard FILE_H = 0x8080808080808080ull;
constexpr Bitboard NOT_A = ~FILE_A;
constexpr Bitboard NOT_H = ~FILE_H;
// Files b-g: the discs a shift along a row or a diagonal may walk over without wrapping.
constexpr Bitboard NOT_AH = NOT_A & NOT_H;
constexpr Bitboard CORNERS = 0x8100000000000081ull;
constexpr Bitboard EDGES = 0xFF818181818181FFull;

// Rays of one square: ray[0..3] run towards higher bits (+1 east, +8 south, +9 south-east,
// +7 south-west), ray[4..7] towards lower bits (-1, -8, -9, -7). The square itself is excluded.
struct RayTable {
    std::array<std::array<Bitboard, 4>, 64> up{};
    std::array<std::array<Bitboard, 4>, 64> down{};
    std::array<Bitboard, 64> all{}; // union of the eight rays (the "queen" lines)
};

constexpr RayTable make_rays() {
    RayTable t;
    constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    constexpr int dc[8] = {1, 0, 1, -1, -1, 0, -1, 1};
    for (int s = 0; s < 64; ++s) {
        for (int d = 0; d < 8; ++d) {
            Bitboard ray = 0;
            int r = s / 8 + dr[d], c = s % 8 + dc[d];
            while (r >= 0 && r < 8 && c >= 0 && c < 8) {
                ray |= Bitboard(1) << (r * 8 + c);
                r += dr[d];
                c += dc[d];
            }
            if (d < 4)
                t.up[s][d] = ray;
            else
                t.down[s][d - 4] = ray;
            t.all[s] |= ray;
        }
    }
    return t;
}

inline constexpr RayTable RAYS = make_rays();

// The eight neighbours of every square of b (shifts that never wrap around a file).
constexpr Bitboard neighbours(Bitboard b) {
    const Bitboard ew = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    const Bitboard row = b | ew;
    return ew | (row << 8) | (row >> 8);
}

// The four 4x4 quadrants, for parity ordering in the endgame.
constexpr Bitboard QUADRANT[4] = {0x000000000F0F0F0Full, 0x00000000F0F0F0F0ull,
                                  0x0F0F0F0F00000000ull, 0xF0F0F0F000000000ull};

// Index 0..3 of the quadrant of each square.
constexpr int quadrant_of(Square s) {
    return (col_of(s) >= 4) + 2 * (row_of(s) >= 4);
}

} // namespace othello
