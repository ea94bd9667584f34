#include "games/gomoku/eval_master.h"

#include <algorithm>

namespace gomoku {

namespace {

// The tables below keep one row per feature group.
// clang-format off
constexpr Pattern LINE_FEATURES[8] = {B1, F1, B2, F2, B3, F3, B4, F4};
constexpr Pattern4 P4_FEATURES[9] = {P4_FLEX2_2X,  P4_BLOCK3_PLUS, P4_FLEX3,
                                     P4_FLEX3_PLUS, P4_FLEX3_2X,   P4_BLOCK4,
                                     P4_BLOCK4_PLUS, P4_BLOCK4_FLEX3, P4_FLEX4};

const char* const NAMES[EVAL_FEATURES] = {
    "tempo",
    "own.B1", "own.F1", "own.B2", "own.F2", "own.B3", "own.F3", "own.B4", "own.F4",
    "their.B1", "their.F1", "their.B2", "their.F2", "their.B3", "their.F3", "their.B4",
    "their.F4",
    "own.FLEX2_2X", "own.BLOCK3_PLUS", "own.FLEX3", "own.FLEX3_PLUS", "own.FLEX3_2X",
    "own.BLOCK4", "own.BLOCK4_PLUS", "own.BLOCK4_FLEX3", "own.FLEX4",
    "their.FLEX2_2X", "their.BLOCK3_PLUS", "their.FLEX3", "their.FLEX3_PLUS", "their.FLEX3_2X",
    "their.BLOCK4", "their.BLOCK4_PLUS", "their.BLOCK4_FLEX3", "their.FLEX4",
    "own.any3", "their.any3", "own.any4", "their.any4", "own.double", "their.double",
    "their.open3", "their.open3_no_counter"};

// Fitted weights (units of 1/8 evaluation point). See README.md "Evaluation" for how.
constexpr int BUILTIN[EVAL_FEATURES] = {
    52, // tempo
    -9, -37, 15, -7, 158, 211, 875, 600, // own line patterns
    12, 38, -3, 12, -125, -117, -694, -1773, // their line patterns
    562, 410, 262, 1371, -886, 337, 1331, 10620, 1200, // own combinations
    -413, -466, -268, -998, -276, -803, -1422, -3904, -1456, // their combinations
    1037, -732, 457, 1104, 3558, -941, -1259, 59}; // indicators
// clang-format on

} // namespace

void eval_features(const Board& b, int* f) {
    const Color us = b.to_move(), them = opponent(us);
    int k = 0;
    f[k++] = 1;
    for (Color c : {us, them})
        for (Pattern p : LINE_FEATURES)
            f[k++] = b.line_count(c, p) + (p == F4 ? b.line_count(c, D4) : 0);
    for (Color c : {us, them})
        for (Pattern4 p : P4_FEATURES) f[k++] = std::min(b.count(c, p), 4);
    int any3[2], any4[2], dbl[2];
    for (int s = 0; s < 2; ++s) {
        const Color c = s ? them : us;
        any3[s] = b.count(c, P4_FLEX3) + b.count(c, P4_FLEX3_PLUS) + b.count(c, P4_FLEX3_2X) > 0;
        any4[s] = b.has_four_point(c);
        dbl[s] = b.count(c, P4_FLEX3_2X) + b.count(c, P4_BLOCK4_FLEX3) > 0;
    }
    f[k++] = any3[0], f[k++] = any3[1];
    f[k++] = any4[0], f[k++] = any4[1];
    f[k++] = dbl[0], f[k++] = dbl[1];
    const int open3 = b.count(them, P4_FLEX4) > 0;
    f[k++] = open3;
    f[k++] = open3 && !any4[0] && !b.count(us, P4_FLEX4);
}

const int* eval_weights() {
    return BUILTIN;
}

const char* eval_feature_name(int i) {
    return i >= 0 && i < EVAL_FEATURES ? NAMES[i] : "?";
}

int master_evaluate(const Board& b, const int* w) {
    int f[EVAL_FEATURES];
    eval_features(b, f);
    if (!w) w = BUILTIN;
    int v = 0;
    for (int i = 0; i < EVAL_FEATURES; ++i) v += w[i] * f[i];
    v >>= EVAL_SHIFT;
    return std::clamp(v, -5000, 5000);
}

} // namespace gomoku
