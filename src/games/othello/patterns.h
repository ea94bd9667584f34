// patterns.h — the pattern evaluation of MASTER (Logistello / Edax style).
//
// A position is described by 46 pattern instances: each reads a fixed set of squares (cell
// 0 empty, 1 side to move, 2 opponent) as a base-3 index into a table of weights. The 11
// pattern types, each at every place the board's 8 symmetries put it:
//
//   type      squares                              instances   weights (after symmetry)
//   EDGE_2X   a1-h1 + b2 + g2                      4           29,646
//   CORNER33  a1-c3                                4           10,206
//   CORNER25  a1-e1 + a2-e2                        8           59,049
//   LINE2     a2-h2                                4            3,321
//   LINE3     a3-h3                                4            3,321
//   LINE4     a4-h4                                4            3,321
//   DIAG8     a1-h8                                2            3,321
//   DIAG7     b1-h7                                4            1,134
//   DIAG6     c1-h6                                4              378
//   DIAG5     d1-h5                                4              135
//   DIAG4     e1-h4                                4               45
//                                                              -------
//                                                              113,877 per phase
//
// plus a few linear terms (mobility and potential mobility of both sides, parity, bias).
// Configurations that a symmetry of the pattern maps onto each other share one weight.
// Weights exist for a handful of game phases (anchors, by number of empty squares); a
// position between two anchors blends their values linearly. Everything is integer
// arithmetic: identical natively and in WebAssembly.
//
// The weights are fitted by `othello train-eval` (src/tools/othello/train.cpp) to positions
// from games the engine played against itself; they are data (data/weights-<hash>.bin, see
// data/README.md), not code.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "games/othello/types.h"

namespace othello::patterns {

enum Type : int {
    EDGE_2X,
    CORNER33,
    CORNER25,
    LINE2,
    LINE3,
    LINE4,
    DIAG8,
    DIAG7,
    DIAG6,
    DIAG5,
    DIAG4,
    TYPE_NB
};

constexpr int INSTANCES = 46;

// Squares of each type (the digits of its base-3 index, least significant first).
constexpr int TYPE_SIZE[TYPE_NB] = {10, 9, 10, 8, 8, 8, 8, 7, 6, 5, 4};
// Type of each instance, in the order pattern_indices writes them.
extern const uint8_t INSTANCE_TYPE[INSTANCES];

// 3^n.
constexpr int pow3(int n) {
    int p = 1;
    while (n-- > 0) p *= 3;
    return p;
}

// Base-3 index of every instance for P to move (P's discs are digit 1, O's digit 2).
void pattern_indices(Bitboard P, Bitboard O, uint16_t* index);

// The indices of every instance seen from both sides, kept up to date move by move: the search
// derives a child's from its parent's with the few digits the move changes (play_features)
// instead of reading the whole board again (pattern_indices).
struct Features {
    uint16_t mine[INSTANCES];   // the side to move's discs digit 1, the other's 2
    uint16_t theirs[INSTANCES]; // the other side's view: the digits the other way round
};
// From the discs (P to move).
void set_features(Bitboard P, Bitboard O, Features& f);
// After the side to move plays x, turning over `flips`: the child's features (its side to move
// is the parent's opponent).
void play_features(const Features& parent, Square x, Bitboard flips, Features& child);
// After a pass.
inline void pass_features(const Features& parent, Features& child) {
    for (int i = 0; i < INSTANCES; ++i) {
        child.mine[i] = parent.theirs[i];
        child.theirs[i] = parent.mine[i];
    }
}

// Cycles of the digit permutation of each type's symmetry (CORNER25 has none: 10 fixed
// digits): (3^n + 3^cycles) / 2 configurations are canonical.
constexpr int TYPE_CYCLES[TYPE_NB] = {5, 6, 10, 4, 4, 4, 4, 4, 3, 3, 2};
constexpr int canonical_count(int type) {
    return type == CORNER25 ? pow3(TYPE_SIZE[type])
                            : (pow3(TYPE_SIZE[type]) + pow3(TYPE_CYCLES[type])) / 2;
}
constexpr int canonical_total() {
    int n = 0;
    for (int t = 0; t < TYPE_NB; ++t) n += canonical_count(t);
    return n;
}
static_assert(canonical_total() == 113877);

// The index of the configuration a symmetry of the type maps idx onto, if smaller (every
// configuration and its mirror image share the weight of the smaller index).
int canonical_index(int type, int idx);
// The rank of a canonical index among the canonical indices of its type.
int canonical_rank(int type, int canonical_idx);

// Linear terms besides the patterns.
enum Linear : int { MOBILITY_P, MOBILITY_O, POTENTIAL_P, POTENTIAL_O, PARITY, BIAS, LINEAR_NB };
void linear_terms(Bitboard P, Bitboard O, int* terms);

// Phase anchors (empty squares, decreasing) and the blend of a number of empties between
// them: the position uses anchors a and a + 1 with weights (64 - t) / 64 and t / 64.
constexpr int ANCHORS = 5;
constexpr int ANCHOR_EMPTIES[ANCHORS] = {52, 41, 30, 19, 8};
struct Blend {
    int a;
    int t;
};
constexpr Blend blend_of(int empties) {
    if (empties >= ANCHOR_EMPTIES[0]) return {0, 0};
    for (int a = 0; a + 1 < ANCHORS; ++a)
        if (empties >= ANCHOR_EMPTIES[a + 1])
            return {a, (ANCHOR_EMPTIES[a] - empties) * 64 /
                           (ANCHOR_EMPTIES[a] - ANCHOR_EMPTIES[a + 1])};
    return {ANCHORS - 2, 64};
}

// Weight units: 1/WEIGHT_SCALE disc.
constexpr int WEIGHT_SCALE = 32;

// The evaluation in EVAL_UNITs (100 per disc) for P to move (the classic evaluation when no
// weights are loaded, see below).
int evaluate(Bitboard P, Bitboard O);
// The same value, with the pattern indices taken from `f` (the features of P to move).
int evaluate_features(Bitboard P, Bitboard O, const Features& f);

// A set of pattern weights: for each anchor and type, the weights of the canonical indices in
// increasing order (anchor after anchor), as int8 scaled by 2^shift[anchor][type] (weight in
// 1/WEIGHT_SCALE disc = stored << shift), with zero runs packed: a 0 byte is followed by the
// run length - 1. Then the linear terms (int16, 1/WEIGHT_SCALE disc per unit).
struct WeightData {
    const unsigned char* packed;
    std::size_t packed_size;
    int16_t linear[ANCHORS * LINEAR_NB];
    uint8_t shift[ANCHORS][TYPE_NB];
};

// The unpacked int8 pattern weights (ANCHORS x canonical_total()); empty if the data is
// malformed.
std::vector<int8_t> unpack_weights(const WeightData& data);

// The weights file (`othello train-eval` writes it; committed as data/weights-<hash>.bin, where
// <hash> is the first 12 hex digits of its SHA-256, which the build checks): "MAOW", version 1,
// ANCHORS, TYPE_NB, LINEAR_NB (bytes), canonical_total() (uint32), shift[ANCHORS][TYPE_NB]
// (bytes), linear (int16 x ANCHORS x LINEAR_NB), the packed size (uint32), the packed bytes,
// then the FNV-1a hash (uint32) of everything before it; little-endian.
//
// Where the weights come from. Native builds compile the file in (embedded_weights, generated
// from the .bin at build time) and load it on first use. The WebAssembly engine module embeds
// nothing (the weights would more than double engine-othello.wasm, which is part of the page's
// first load): the web build ships the same file beside engine-othello.wasm as othello-weights.bin,
// and the engine module is handed its bytes (load_weights) the first time MASTER needs them. Both
// read the file with parse_weights. Without weights, evaluate() is the classic evaluation
// (evaluate.h).
std::vector<unsigned char> serialize_weights(const WeightData& data);
// Reads a weights file into `data` (data.packed points into `bytes`): false if it is
// malformed, truncated or for another pattern layout (the packed stream is checked by
// unpack_weights).
bool parse_weights(const unsigned char* bytes, std::size_t size, WeightData& data);
// The weights file compiled into the program; empty in the WebAssembly build.
std::span<const unsigned char> embedded_weights();
// Writes `bytes` (a weights file, or another of the tools' files) to `path`: false when the file
// cannot be written.
bool write_weights_file(std::span<const unsigned char> bytes, const char* path);
// Replaces the weights in use by a serialized set; false (and nothing changes) if the data is
// malformed, truncated or for another pattern layout.
bool load_weights(const unsigned char* bytes, std::size_t size);
// Whether pattern weights are in use (else evaluate() is the classic evaluation).
bool weights_loaded();

} // namespace othello::patterns
