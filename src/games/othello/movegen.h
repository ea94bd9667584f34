// movegen.h — legal-move generation and disc flipping on two bitboards.
//
// The hot functions are inline: the perft, the endgame solver and the midgame search call
// them tens of millions of times a second. P is the side to move, O its opponent.
//
// Portable C++20 only; GCC/Clang vector extensions where the target has vectors. get_moves and
// flip come in three forms that compute exactly the same sets (tests compare each build's form
// with the scalar reference and the square-by-square rules):
// - AVX2 (-march=native on a recent x86): four directions per operation;
// - SSSE3 (the portable x86-64-v2 build) and WebAssembly SIMD128 (the engine module): two
//   lanes, the board and its top-to-bottom mirror image, so one operation serves two directions;
// - scalar: every other build (the UI module; the engine module for browsers without SIMD).
#pragma once
#include "games/othello/bitboard.h"

#if (defined(__GNUC__) || defined(__clang__))
#if defined(__AVX2__)
#define OTHELLO_VECTOR_MOVEGEN 1
#elif defined(__SSSE3__) || (defined(__wasm__) && defined(OTHELLO_WASM_SIMD))
#define OTHELLO_PAIR_MOVEGEN 1
#endif
#endif

// The engine module's Othello library is compiled with OTHELLO_WASM_SIMD (src/platform): only
// get_moves, flip and the functions of the hot files (the solver, the midgame search, the
// pattern evaluation) get SIMD128, so engine-othello.wasm keeps its size (-msimd128 on the whole library
// added 9.5 KB gzip, for ≈ 2 % more speed, within noise).
#if OTHELLO_PAIR_MOVEGEN && defined(__wasm__)
#define OTHELLO_PAIR_TARGET __attribute__((target("simd128")))
// Between these two, every function gets SIMD128, so get_moves and flip inline into it (a call
// costs more in wasm than natively: V8 keeps no register across it). The hot files use them.
#define OTHELLO_PAIR_TARGET_BEGIN                                                                  \
    _Pragma("clang attribute push(__attribute__((target(\"simd128\"))), apply_to = function)")
#define OTHELLO_PAIR_TARGET_END _Pragma("clang attribute pop")
#else
#define OTHELLO_PAIR_TARGET
#define OTHELLO_PAIR_TARGET_BEGIN
#define OTHELLO_PAIR_TARGET_END
#endif

namespace othello {

#if OTHELLO_VECTOR_MOVEGEN
using U64x4 = uint64_t __attribute__((vector_size(32)));
#endif

#if OTHELLO_PAIR_MOVEGEN
using U64x2 = uint64_t __attribute__((vector_size(16)));
using U8x16 = uint8_t __attribute__((vector_size(16)));

// {b, b mirrored top to bottom}: lane 1 holds b's rows in reverse order (one byte shuffle).
OTHELLO_PAIR_TARGET inline U64x2 with_mirror(Bitboard b) {
    const U8x16 v = (U8x16)(U64x2){b, b};
    return (U64x2)__builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9,
                                          8);
}

// Lane 0 | lane 1 mirrored back.
OTHELLO_PAIR_TARGET inline Bitboard or_unmirrored(U64x2 v) {
    const U8x16 b = (U8x16)v;
    const U64x2 back =
        (U64x2)__builtin_shufflevector(b, b, 15, 14, 13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5, 6, 7);
    return (v | back)[0];
}
#endif

// Moves in one direction pair (shift d left and right), by parallel-prefix (Kogge-Stone)
// propagation of P through runs of O: 3 doubling steps cover the 6 discs a flip can span.
inline Bitboard moves_in_direction(Bitboard P, Bitboard mask, int d) {
    Bitboard fl = mask & (P << d);
    Bitboard fr = mask & (P >> d);
    fl |= mask & (fl << d);
    fr |= mask & (fr >> d);
    const Bitboard ml = mask & (mask << d);
    const Bitboard mr = mask & (mask >> d);
    fl |= ml & (fl << (2 * d));
    fr |= mr & (fr >> (2 * d));
    fl |= ml & (fl << (2 * d));
    fr |= mr & (fr >> (2 * d));
    return (fl << d) | (fr >> d);
}

// Every legal move of P, one direction pair at a time: the reference the vector forms match.
inline Bitboard get_moves_scalar(Bitboard P, Bitboard O) {
    const Bitboard inner = O & NOT_AH;
    return (moves_in_direction(P, inner, 1) | moves_in_direction(P, O, 8) |
            moves_in_direction(P, inner, 7) | moves_in_direction(P, inner, 9)) &
           ~(P | O);
}

// Every legal move of P (empty squares that bracket a run of O in some direction).
OTHELLO_PAIR_TARGET inline Bitboard get_moves(Bitboard P, Bitboard O) {
#if OTHELLO_VECTOR_MOVEGEN
    const Bitboard inner = O & NOT_AH;
    const U64x4 shift = {1, 8, 7, 9};
    const U64x4 shift2 = {2, 16, 14, 18};
    const U64x4 PP = {P, P, P, P};
    const U64x4 mask = {inner, O, inner, inner};
    U64x4 fl = mask & (PP << shift);
    U64x4 fr = mask & (PP >> shift);
    fl |= mask & (fl << shift);
    fr |= mask & (fr >> shift);
    const U64x4 ml = mask & (mask << shift);
    const U64x4 mr = mask & (mask >> shift);
    fl |= ml & (fl << shift2);
    fr |= mr & (fr >> shift2);
    fl |= ml & (fl << shift2);
    fr |= mr & (fr >> shift2);
    const U64x4 m = (fl << shift) | (fr >> shift);
    return (m[0] | m[1] | m[2] | m[3]) & ~(P | O);
#elif OTHELLO_PAIR_MOVEGEN
    // A left shift by 7, 8 or 9 walks one direction in lane 0 and, on the mirror image in
    // lane 1, the opposite one; the row direction stays scalar. Kogge-Stone as above.
    const U64x2 PP = with_mirror(P), OO = with_mirror(O);
    const U64x2 MM = OO & NOT_AH;
    U64x2 f7 = MM & (PP << 7), f8 = OO & (PP << 8), f9 = MM & (PP << 9);
    f7 |= MM & (f7 << 7);
    f8 |= OO & (f8 << 8);
    f9 |= MM & (f9 << 9);
    const U64x2 m7 = MM & (MM << 7), m8 = OO & (OO << 8), m9 = MM & (MM << 9);
    f7 |= m7 & (f7 << 14);
    f8 |= m8 & (f8 << 16);
    f9 |= m9 & (f9 << 18);
    f7 |= m7 & (f7 << 14);
    f8 |= m8 & (f8 << 16);
    f9 |= m9 & (f9 << 18);
    const Bitboard both = or_unmirrored((f7 << 7) | (f8 << 8) | (f9 << 9));
    return (both | moves_in_direction(P, O & NOT_AH, 1)) & ~(P | O);
#else
    return get_moves_scalar(P, O);
#endif
}

// The flips of P playing on x along one ray towards higher bits: the first non-O square is
// found with a carry ((O | ~ray) + 1).
inline Bitboard flip_up(Bitboard P, Bitboard O, Bitboard ray) {
    const Bitboard outflank = ((O | ~ray) + 1) & P & ray;
    return (outflank - (outflank != 0)) & ray;
}

// The same along a ray towards lower bits, with a leading-zero count.
inline Bitboard flip_down(Bitboard P, Bitboard O, Bitboard ray) {
    const Bitboard outflank = (0x8000000000000000ull >> std::countl_zero((~O & ray) | 1)) & P & ray;
    return (0 - outflank) << 1 & ray;
}

// The discs of O that P flips by playing on x, ray by ray: the reference the vector forms match.
inline Bitboard flip_scalar(Square x, Bitboard P, Bitboard O) {
    Bitboard flipped = 0;
    for (int d = 0; d < 4; ++d)
        flipped |= flip_up(P, O, RAYS.up[x][d]) | flip_down(P, O, RAYS.down[x][d]);
    return flipped;
}

#if OTHELLO_PAIR_MOVEGEN
// For each square x and each of the three directions +8, +9, +7: {x's ray that way, the same ray
// of x's mirror square}. In the mirror image the second is one of x's rays towards lower bits
// (-8, -7, -9), so one carry in two lanes covers two directions.
struct PairRayTable {
    alignas(16) Bitboard ray[64][3][2]{};
    constexpr PairRayTable() {
        for (int s = 0; s < 64; ++s)
            for (int d = 0; d < 3; ++d) {
                ray[s][d][0] = RAYS.up[s][d + 1];
                ray[s][d][1] = RAYS.up[s ^ 56][d + 1];
            }
    }
};
inline constexpr PairRayTable PAIR_RAYS{};
#endif

// The discs of O that P flips by playing on x (0 when x is not a legal move for P).
OTHELLO_PAIR_TARGET inline Bitboard flip(Square x, Bitboard P, Bitboard O) {
#if OTHELLO_VECTOR_MOVEGEN
    const auto& up = RAYS.up[x];
    const auto& down = RAYS.down[x];
    const U64x4 PP = {P, P, P, P};
    const U64x4 OO = {O, O, O, O};
    const U64x4 mu = {up[0], up[1], up[2], up[3]};
    U64x4 outflank = ((OO | ~mu) + 1) & PP & mu;
    U64x4 fu = (outflank + (U64x4)(outflank != 0)) & mu;
    // Lower rays: fill every square below the first non-O square, keep the O run above it.
    const U64x4 md = {down[0], down[1], down[2], down[3]};
    const U64x4 s1 = {1, 8, 9, 7}, s2 = {2, 16, 18, 14}, s4 = {4, 32, 36, 28};
    U64x4 fill = ~OO & md;
    fill |= fill >> s1;
    fill |= fill >> s2;
    fill |= fill >> s4;
    const U64x4 run = md & ~fill;
    const U64x4 xx = {square_bb(x), square_bb(x), square_bb(x), square_bb(x)};
    const U64x4 head = run | xx;
    const U64x4 beyond = ((head & -head) >> s1) & PP & md;
    const U64x4 fd = run & (U64x4)(beyond != 0);
    const U64x4 f = fu | fd;
    return f[0] | f[1] | f[2] | f[3];
#elif OTHELLO_PAIR_MOVEGEN
    // Six directions by carries on the board and its mirror image; the row stays scalar.
    const U64x2 PP = with_mirror(P), OO = with_mirror(O);
    U64x2 f = {0, 0};
    for (int d = 0; d < 3; ++d) {
        U64x2 ray;
        __builtin_memcpy(&ray, PAIR_RAYS.ray[x][d], sizeof ray);
        const U64x2 outflank = ((OO | ~ray) + 1) & PP & ray;
        f |= (outflank + (U64x2)(outflank != 0)) & ray;
    }
    return or_unmirrored(f) | flip_up(P, O, RAYS.up[x][0]) | flip_down(P, O, RAYS.down[x][0]);
#else
    return flip_scalar(x, P, O);
#endif
}

// Flips along one line of 8 when P's discs on it are `line` (bit = position on the line), the
// move is at `pos` and every other square of the line is O's: the last-empty case.
struct LastFlipTable {
    uint8_t count[8][256]{};
    std::array<Bitboard, 64> diag9{}, diag7{};
    constexpr LastFlipTable() {
        for (int pos = 0; pos < 8; ++pos)
            for (int line = 0; line < 256; ++line) {
                int n = 0, run = 0, j = pos - 1;
                while (j >= 0 && !(line >> j & 1)) ++run, --j;
                if (j >= 0) n += run;
                run = 0, j = pos + 1;
                while (j < 8 && !(line >> j & 1)) ++run, ++j;
                if (j < 8) n += run;
                count[pos][line] = uint8_t(n);
            }
        for (int s = 0; s < 64; ++s) {
            diag9[s] = RAYS.up[s][2] | RAYS.down[s][2] | square_bb(s);
            diag7[s] = RAYS.up[s][3] | RAYS.down[s][3] | square_bb(s);
        }
    }
};
inline constexpr LastFlipTable LAST_FLIP{};

// Number of discs P flips by playing on the last empty square x (everything else is O):
// the four lines through x are packed into bytes and looked up.
inline int count_last_flip(Square x, Bitboard P) {
    const int r = row_of(x), c = col_of(x);
    const int row = int((P >> (8 * r)) & 0xFF);
    const int col = int((((P >> c) & FILE_A) * 0x0102040810204080ull) >> 56);
    const int d9 = int(((P & LAST_FLIP.diag9[x]) * FILE_A) >> 56);
    const int d7 = int(((P & LAST_FLIP.diag7[x]) * FILE_A) >> 56);
    return LAST_FLIP.count[c][row] + LAST_FLIP.count[r][col] + LAST_FLIP.count[c][d9] +
           LAST_FLIP.count[c][d7];
}

// Mobility with corners counted twice (fastest-first ordering key).
inline int weighted_mobility(Bitboard P, Bitboard O) {
    const Bitboard m = get_moves(P, O);
    return popcount(m) + popcount(m & CORNERS);
}

// Empty squares next to O: where P may later find moves (potential mobility).
inline int potential_mobility(Bitboard P, Bitboard O) {
    return popcount(neighbours(O) & ~(P | O));
}

// Discs of P that can never be flipped (edge tables, full lines and propagation); a lower
// bound of the true stable set, which is all the stability cutoff needs.
Bitboard stable_discs(Bitboard P, Bitboard O);

// Stable discs of P along the four edges only (exact for the edges).
Bitboard stable_edges(Bitboard P, Bitboard O);

// Stable discs of P in corners and their edge neighbours: a cheap ordering term.
inline int corner_stability(Bitboard P) {
    const Bitboard stable =
        ((((0x0100000000000001ull & P) << 1) | ((0x8000000000000080ull & P) >> 1) |
          ((0x0000000000000081ull & P) << 8) | ((0x8100000000000000ull & P) >> 8) |
          0x8100000000000081ull) &
         P);
    return popcount(stable);
}

} // namespace othello
