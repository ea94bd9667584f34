// patterns.cpp — MASTER's pattern evaluation (patterns.h): the pattern indices, the weights
// file and the blended sum of the weights.
//
// Index
//   digits ............. TERNARY, edge_2x() … diag(), PERMUTATION
//   tables ............. Tables, tables_of(), current(); MAGIC for the file
//   instances .......... INSTANCE_TYPE, INSTANCE_COUNT, pattern_indices()
//   features ........... square_instances(), set_features(), play_features()
//   weights file ....... serialize_weights(), parse_weights(), load_weights(), unpack_weights()
//   canonical .......... canonical_index(), canonical_rank(): one weight per symmetric pair
//   evaluation ......... linear_terms(), evaluate_indices(), evaluate(), evaluate_features()
#include "games/othello/patterns.h"

#include <array>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "games/othello/checksum.h"
#include "games/othello/evaluate.h"
#include "games/othello/movegen.h"
#include "games/othello/symmetry.h"

OTHELLO_PAIR_TARGET_BEGIN

namespace othello::patterns {
namespace {

using std::size_t;

// --- digits ----------------------------------------------------------------------------------

// Binary digits -> the same digits in base 3.
struct TernaryTable {
    uint16_t of[1024]{};
    constexpr TernaryTable() {
        for (int b = 0; b < 1024; ++b) {
            int v = 0;
            for (int i = 9; i >= 0; --i) v = v * 3 + (b >> i & 1);
            of[b] = uint16_t(v);
        }
    }
};
constexpr TernaryTable TERNARY{};

// The digits of each pattern, read from a (transformed) board X.
inline int edge_2x(Bitboard X) {
    return int((X & 0xFF) | ((X >> 1) & 0x100) | ((X >> 5) & 0x200));
}
inline int corner33(Bitboard X) {
    return int((X & 7) | ((X >> 5) & 0x38) | ((X >> 10) & 0x1C0));
}
inline int corner25(Bitboard X) {
    return int((X & 0x1F) | ((X >> 3) & 0x3E0));
}
inline int line(Bitboard X, int row) {
    return int((X >> (8 * row)) & 0xFF);
}
// Diagonal (r, r + k), r = 0 .. 7 - k: digit r.
template <int K> inline int diag(Bitboard X) {
    constexpr Bitboard mask = [] {
        Bitboard m = 0;
        for (int r = 0; r + K < 8; ++r) m |= Bitboard(1) << (9 * r + K);
        return m;
    }();
    return int((((X & mask) * 0x0101010101010101ull) >> 56) >> K);
}

inline uint16_t index_of(int p, int o) {
    return uint16_t(TERNARY.of[p] + 2 * TERNARY.of[o]);
}

// Symmetry of each type as a digit permutation (identity for CORNER25).
struct Permutations {
    int of[TYPE_NB][10]{};
    constexpr Permutations() {
        for (int t = 0; t < TYPE_NB; ++t)
            for (int i = 0; i < 10; ++i) of[t][i] = i;
        for (int i = 0; i < 8; ++i) of[EDGE_2X][i] = 7 - i;
        of[EDGE_2X][8] = 9;
        of[EDGE_2X][9] = 8;
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) of[CORNER33][3 * r + c] = 3 * c + r;
        for (int t : {LINE2, LINE3, LINE4, DIAG8, DIAG7, DIAG6, DIAG5, DIAG4})
            for (int i = 0; i < TYPE_SIZE[t]; ++i) of[t][i] = TYPE_SIZE[t] - 1 - i;
    }
};
constexpr Permutations PERMUTATION{};

// --- tables ----------------------------------------------------------------------------------

// Full tables: weight of every index of every type at every anchor, in 1/WEIGHT_SCALE disc,
// laid out [index][anchor] so the two anchors of a blend share a cache line.
struct Tables {
    std::array<std::vector<int16_t>, TYPE_NB> weight;
    std::array<std::array<int, LINEAR_NB>, ANCHORS> linear{};
    // Built from data that unpacks to the right size (the caller checks).
    Tables(const WeightData& data, const std::vector<int8_t>& packed) {
        int offset = 0;
        for (int t = 0; t < TYPE_NB; ++t) {
            const int n = pow3(TYPE_SIZE[t]);
            weight[t].assign(size_t(n) * ANCHORS, 0);
            for (int i = 0; i < n; ++i) {
                const int r = offset + canonical_rank(t, canonical_index(t, i));
                for (int a = 0; a < ANCHORS; ++a)
                    weight[t][size_t(i) * ANCHORS + a] = int16_t(
                        int(packed[size_t(a) * canonical_total() + size_t(r)]) << data.shift[a][t]);
            }
            offset += canonical_count(t);
        }
        for (int a = 0; a < ANCHORS; ++a)
            for (int i = 0; i < LINEAR_NB; ++i) linear[a][i] = data.linear[a * LINEAR_NB + i];
    }
};

// The tables of a weights file, or null if it does not read (parse_weights, unpack_weights).
std::unique_ptr<const Tables> tables_of(const unsigned char* bytes, size_t size) {
    WeightData data{};
    if (!parse_weights(bytes, size, data)) return nullptr;
    const std::vector<int8_t> packed = unpack_weights(data);
    if (packed.empty()) return nullptr;
    return std::make_unique<const Tables>(data, packed);
}

// The tables in use: the compiled-in weights file if any, until load_weights replaces them.
std::unique_ptr<const Tables>& current() {
    static std::unique_ptr<const Tables> t = [] {
        const std::span<const unsigned char> file = embedded_weights();
        return tables_of(file.data(), file.size());
    }();
    return t;
}

constexpr unsigned char MAGIC[4] = {'M', 'A', 'O', 'W'};
constexpr int FILE_VERSION = 1;

} // namespace

// --- instances -------------------------------------------------------------------------------

constexpr uint8_t INSTANCE_TYPE[INSTANCES] = {
    EDGE_2X,  EDGE_2X,  EDGE_2X,  EDGE_2X,  CORNER33, CORNER33, CORNER33, CORNER33,
    CORNER25, CORNER25, CORNER25, CORNER25, CORNER25, CORNER25, CORNER25, CORNER25,
    LINE2,    LINE2,    LINE2,    LINE2,    LINE3,    LINE3,    LINE3,    LINE3,
    LINE4,    LINE4,    LINE4,    LINE4,    DIAG8,    DIAG8,    DIAG7,    DIAG7,
    DIAG7,    DIAG7,    DIAG6,    DIAG6,    DIAG6,    DIAG6,    DIAG5,    DIAG5,
    DIAG5,    DIAG5,    DIAG4,    DIAG4,    DIAG4,    DIAG4};

namespace {
// Instances of each type (they are listed type by type in INSTANCE_TYPE).
struct InstanceCount {
    int of[TYPE_NB]{};
    constexpr InstanceCount() {
        for (int i = 0; i < INSTANCES; ++i) ++of[INSTANCE_TYPE[i]];
        for (int i = 1; i < INSTANCES; ++i)
            if (INSTANCE_TYPE[i] < INSTANCE_TYPE[i - 1])
                throw "INSTANCE_TYPE is not grouped by type";
    }
};
constexpr InstanceCount INSTANCE_COUNT{};
} // namespace

// Every instance's index: the board's symmetric images, then fixed digit reads.
void pattern_indices(Bitboard P, Bitboard O, uint16_t* idx) {
    const Bitboard hP = mirror_columns(P), hO = mirror_columns(O);
    const Bitboard vP = mirror_rows(P), vO = mirror_rows(O);
    const Bitboard hvP = mirror_rows(hP), hvO = mirror_rows(hO);
    const Bitboard tP = transpose_board(P), tO = transpose_board(O);
    const Bitboard thP = transpose_board(hP), thO = transpose_board(hO);
    const Bitboard tvP = transpose_board(vP), tvO = transpose_board(vO);
    const Bitboard thvP = transpose_board(hvP), thvO = transpose_board(hvO);
    int k = 0;
    // Edges (top, bottom, left, right) with their X-squares.
    idx[k++] = index_of(edge_2x(P), edge_2x(O));
    idx[k++] = index_of(edge_2x(vP), edge_2x(vO));
    idx[k++] = index_of(edge_2x(tP), edge_2x(tO));
    idx[k++] = index_of(edge_2x(thP), edge_2x(thO));
    // 3x3 corners a1, h1, a8, h8.
    idx[k++] = index_of(corner33(P), corner33(O));
    idx[k++] = index_of(corner33(hP), corner33(hO));
    idx[k++] = index_of(corner33(vP), corner33(vO));
    idx[k++] = index_of(corner33(hvP), corner33(hvO));
    // 2x5 corners, both orientations at each corner.
    idx[k++] = index_of(corner25(P), corner25(O));
    idx[k++] = index_of(corner25(hP), corner25(hO));
    idx[k++] = index_of(corner25(vP), corner25(vO));
    idx[k++] = index_of(corner25(hvP), corner25(hvO));
    idx[k++] = index_of(corner25(tP), corner25(tO));
    idx[k++] = index_of(corner25(thP), corner25(thO));
    idx[k++] = index_of(corner25(tvP), corner25(tvO));
    idx[k++] = index_of(corner25(thvP), corner25(thvO));
    // Lines 2, 3, 4 from each edge.
    for (int row = 1; row <= 3; ++row) {
        idx[k++] = index_of(line(P, row), line(O, row));
        idx[k++] = index_of(line(vP, row), line(vO, row));
        idx[k++] = index_of(line(tP, row), line(tO, row));
        idx[k++] = index_of(line(thP, row), line(thO, row));
    }
    // Diagonals.
    idx[k++] = index_of(diag<0>(P), diag<0>(O));
    idx[k++] = index_of(diag<0>(hP), diag<0>(hO));
    idx[k++] = index_of(diag<1>(P), diag<1>(O));
    idx[k++] = index_of(diag<1>(tP), diag<1>(tO));
    idx[k++] = index_of(diag<1>(hP), diag<1>(hO));
    idx[k++] = index_of(diag<1>(thP), diag<1>(thO));
    idx[k++] = index_of(diag<2>(P), diag<2>(O));
    idx[k++] = index_of(diag<2>(tP), diag<2>(tO));
    idx[k++] = index_of(diag<2>(hP), diag<2>(hO));
    idx[k++] = index_of(diag<2>(thP), diag<2>(thO));
    idx[k++] = index_of(diag<3>(P), diag<3>(O));
    idx[k++] = index_of(diag<3>(tP), diag<3>(tO));
    idx[k++] = index_of(diag<3>(hP), diag<3>(hO));
    idx[k++] = index_of(diag<3>(thP), diag<3>(thO));
    idx[k++] = index_of(diag<4>(P), diag<4>(O));
    idx[k++] = index_of(diag<4>(tP), diag<4>(tO));
    idx[k++] = index_of(diag<4>(hP), diag<4>(hO));
    idx[k++] = index_of(diag<4>(thP), diag<4>(thO));
}

// --- features --------------------------------------------------------------------------------

namespace {
// The instances each square belongs to and its digit's weight (3^place) in each: read from
// pattern_indices of the board with that one disc.
struct SquareInstances {
    int count = 0;
    uint8_t instance[10]{};
    uint16_t power[10]{};
};
const std::array<SquareInstances, 64>& square_instances() {
    static const std::array<SquareInstances, 64> table = [] {
        std::array<SquareInstances, 64> t{};
        for (int sq = 0; sq < 64; ++sq) {
            uint16_t idx[INSTANCES];
            pattern_indices(square_bb(Square(sq)), 0, idx);
            for (int i = 0; i < INSTANCES; ++i)
                if (idx[i] != 0) {
                    SquareInstances& s = t[size_t(sq)]; // at most 8 (b2): room for 10
                    if (s.count == 10) break;
                    s.instance[s.count] = uint8_t(i);
                    s.power[s.count] = idx[i];
                    ++s.count;
                }
        }
        return t;
    }();
    return table;
}
} // namespace

void set_features(Bitboard P, Bitboard O, Features& f) {
    pattern_indices(P, O, f.mine);
    pattern_indices(O, P, f.theirs);
}

// The child's side to move is the parent's opponent: its view is the parent's `theirs`, in
// which x goes from empty to 2 and each turned disc from 1 to 2; and the other way round.
void play_features(const Features& parent, Square x, Bitboard flips, Features& child) {
    const std::array<SquareInstances, 64>& table = square_instances();
    pass_features(parent, child);
    const SquareInstances& placed = table[size_t(x)];
    for (int k = 0; k < placed.count; ++k) {
        child.mine[placed.instance[k]] += uint16_t(2 * placed.power[k]);
        child.theirs[placed.instance[k]] += placed.power[k];
    }
    for (Bitboard b = flips; b; b &= b - 1) {
        const SquareInstances& turned = table[size_t(lsb(b))];
        for (int k = 0; k < turned.count; ++k) {
            child.mine[turned.instance[k]] += turned.power[k];
            child.theirs[turned.instance[k]] -= turned.power[k];
        }
    }
}

// --- weights file ----------------------------------------------------------------------------

std::vector<unsigned char> serialize_weights(const WeightData& data) {
    std::vector<unsigned char> out(MAGIC, MAGIC + 4);
    auto u32 = [&](uint32_t v) {
        for (int i = 0; i < 4; ++i) out.push_back((unsigned char)(v >> (8 * i)));
    };
    out.push_back(FILE_VERSION);
    out.push_back(ANCHORS);
    out.push_back(TYPE_NB);
    out.push_back(LINEAR_NB);
    u32(uint32_t(canonical_total()));
    for (int a = 0; a < ANCHORS; ++a)
        for (int t = 0; t < TYPE_NB; ++t) out.push_back(data.shift[a][t]);
    for (int i = 0; i < ANCHORS * LINEAR_NB; ++i) {
        const auto v = uint16_t(data.linear[i]);
        out.push_back((unsigned char)(v & 0xFF));
        out.push_back((unsigned char)(v >> 8));
    }
    u32(uint32_t(data.packed_size));
    out.insert(out.end(), data.packed, data.packed + data.packed_size);
    u32(fnv1a(out.data(), out.size()));
    return out;
}

// The weights file's bytes, written to `path` as they are.
bool write_weights_file(std::span<const unsigned char> bytes, const char* path) {
    std::FILE* out = std::fopen(path, "wb");
    if (!out) return false;
    const bool written = std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size();
    return std::fclose(out) == 0 && written;
}

// The header's layout and hash checked, the fields read (serialize_weights in reverse).
bool parse_weights(const unsigned char* bytes, size_t size, WeightData& data) {
    constexpr size_t HEAD = 4 + 4 + 4 + ANCHORS * TYPE_NB + 2 * ANCHORS * LINEAR_NB + 4;
    if (!bytes || size < HEAD + 4 || std::memcmp(bytes, MAGIC, 4) != 0) return false;
    auto u32 = [&](size_t at) {
        return uint32_t(bytes[at]) | uint32_t(bytes[at + 1]) << 8 | uint32_t(bytes[at + 2]) << 16 |
               uint32_t(bytes[at + 3]) << 24;
    };
    if (bytes[4] != FILE_VERSION || bytes[5] != ANCHORS || bytes[6] != TYPE_NB ||
        bytes[7] != LINEAR_NB || u32(8) != uint32_t(canonical_total()))
        return false;
    const size_t packed_size = u32(HEAD - 4);
    if (packed_size != size - HEAD - 4) return false;
    if (u32(size - 4) != fnv1a(bytes, size - 4)) return false;
    size_t at = 12;
    for (int a = 0; a < ANCHORS; ++a)
        for (int t = 0; t < TYPE_NB; ++t) {
            data.shift[a][t] = bytes[at++];
            if (data.shift[a][t] > 7) return false;
        }
    for (int i = 0; i < ANCHORS * LINEAR_NB; ++i, at += 2)
        data.linear[i] = int16_t(uint16_t(bytes[at] | bytes[at + 1] << 8));
    data.packed = bytes + HEAD;
    data.packed_size = packed_size;
    return true;
}

// The tables are built from the bytes, which the caller may then free.
bool load_weights(const unsigned char* bytes, size_t size) {
    std::unique_ptr<const Tables> tables = tables_of(bytes, size);
    if (!tables) return false;
    current() = std::move(tables);
    return true;
}

#if OTHELLO_EMBEDDED_WEIGHTS
// Generated from the weights file by embed_weights.cmake (native builds).
extern const unsigned char EMBEDDED_WEIGHTS[];
extern const size_t EMBEDDED_WEIGHTS_SIZE;
// The bytes compiled in.
std::span<const unsigned char> embedded_weights() {
    return {EMBEDDED_WEIGHTS, EMBEDDED_WEIGHTS_SIZE};
}
#else
// None: the web build ships the file beside engine-othello.wasm instead.
std::span<const unsigned char> embedded_weights() {
    return {};
}
#endif

bool weights_loaded() {
    return current() != nullptr;
}

// Zero runs expanded.
std::vector<int8_t> unpack_weights(const WeightData& data) {
    std::vector<int8_t> out;
    out.reserve(size_t(ANCHORS) * canonical_total());
    for (size_t i = 0; i < data.packed_size; ++i) {
        if (data.packed[i] != 0) {
            out.push_back(int8_t(data.packed[i]));
        } else {
            if (++i == data.packed_size) return {};
            out.insert(out.end(), size_t(data.packed[i]) + 1, int8_t(0));
        }
    }
    if (out.size() != size_t(ANCHORS) * canonical_total()) return {};
    return out;
}

// --- canonical -------------------------------------------------------------------------------

// The smaller of idx and its image under the type's symmetry.
int canonical_index(int type, int idx) {
    const int n = TYPE_SIZE[type];
    int digits[10], v = idx;
    for (int i = 0; i < n; ++i) digits[i] = v % 3, v /= 3;
    int image = 0;
    for (int i = n - 1; i >= 0; --i) image = image * 3 + digits[PERMUTATION.of[type][i]];
    return image < idx ? image : idx;
}

int canonical_rank(int type, int canonical_idx) {
    static const auto ranks = [] {
        std::array<std::vector<int>, TYPE_NB> r;
        for (int t = 0; t < TYPE_NB; ++t) {
            r[t].assign(size_t(pow3(TYPE_SIZE[t])), -1);
            int k = 0;
            for (int i = 0; i < pow3(TYPE_SIZE[t]); ++i)
                if (canonical_index(t, i) == i) r[t][size_t(i)] = k++;
        }
        return r;
    }();
    return ranks[type][size_t(canonical_idx)];
}

// --- evaluation ------------------------------------------------------------------------------

void linear_terms(Bitboard P, Bitboard O, int* f) {
    f[MOBILITY_P] = popcount(get_moves(P, O));
    f[MOBILITY_O] = popcount(get_moves(O, P));
    f[POTENTIAL_P] = potential_mobility(P, O);
    f[POTENTIAL_O] = potential_mobility(O, P);
    f[PARITY] = popcount(~(P | O)) & 1;
    f[BIAS] = 1;
}

namespace {
// Sum of the instance weights (indices idx) at the two anchors around the position's phase,
// blended, plus the linear terms; in EVAL_UNITs, inside (-EVAL_LIMIT, EVAL_LIMIT).
int evaluate_indices(const Tables& t, Bitboard P, Bitboard O, const uint16_t* idx) {
    const Blend b = blend_of(popcount(~(P | O)));
    int s0 = 0, s1 = 0;
    // Type by type (instances of a type are consecutive), so each table's address is read once.
    // g++ keeps both loops unless told to unroll them (the counts are constants): 1.6 times
    // the instructions. clang unrolls them its own way, better than with the pragma.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 16
#endif
    for (int type = 0, i = 0; type < TYPE_NB; ++type) {
        const int16_t* table = t.weight[type].data() + b.a;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 8
#endif
        for (const int end = i + INSTANCE_COUNT.of[type]; i < end; ++i) {
            const int16_t* w = table + size_t(idx[i]) * ANCHORS;
            s0 += w[0];
            s1 += w[1];
        }
    }
    int f[LINEAR_NB];
    linear_terms(P, O, f);
    for (int i = 0; i < LINEAR_NB; ++i) {
        s0 += t.linear[b.a][i] * f[i];
        s1 += t.linear[b.a + 1][i] * f[i];
    }
    // 1/WEIGHT_SCALE disc * 64 -> EVAL_UNIT (100 per disc); floor division, same everywhere.
    const int64_t blended = int64_t(s0) * (64 - b.t) + int64_t(s1) * b.t;
    const int64_t num = blended * EVAL_UNIT;
    const int64_t den = int64_t(64) * WEIGHT_SCALE;
    int score = int(num >= 0 ? num / den : -((-num + den - 1) / den));
    if (score >= EVAL_LIMIT) score = EVAL_LIMIT - 1;
    if (score <= -EVAL_LIMIT) score = -EVAL_LIMIT + 1;
    return score;
}
} // namespace

// The indices read from the board.
int evaluate(Bitboard P, Bitboard O) {
    const Tables* t = current().get();
    if (!t) return othello::evaluate(P, O);
    uint16_t idx[INSTANCES];
    pattern_indices(P, O, idx);
    return evaluate_indices(*t, P, O, idx);
}

// The indices kept by the search.
int evaluate_features(Bitboard P, Bitboard O, const Features& f) {
    const Tables* t = current().get();
    if (!t) return othello::evaluate(P, O);
    return evaluate_indices(*t, P, O, f.mine);
}

} // namespace othello::patterns

OTHELLO_PAIR_TARGET_END
