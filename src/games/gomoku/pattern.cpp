#include "games/gomoku/pattern.h"

#include <array>
#include <memory>
#include <vector>

namespace gomoku {

namespace {

// Three-state cells of a line seen from one colour.
enum Cell3 : uint8_t { C_EMPTY = 0, C_OWN = 1, C_BLOCK = 2 };
constexpr int LINE_LEN = 11;
constexpr int CENTRE = 5;
constexpr int CONFIGS = 59049; // 3^10: the ten non-centre cells

enum FiveKind { NO_FIVE, FIVE, OVERLINE };

// Does the run of own stones through the centre make five? `exact` = exactly five only.
FiveKind five_through_centre(const std::array<uint8_t, LINE_LEN>& c, bool exact) {
    int len = 1;
    for (int i = CENTRE - 1; i >= 0 && c[i] == C_OWN; --i) ++len;
    for (int i = CENTRE + 1; i < LINE_LEN && c[i] == C_OWN; ++i) ++len;
    if (len < 5) return NO_FIVE;
    if (len == 5 || !exact) return FIVE;
    return OVERLINE;
}

int config_index(const std::array<uint8_t, LINE_LEN>& c) {
    int idx = 0;
    for (int i = LINE_LEN - 1; i >= 0; --i)
        if (i != CENTRE) idx = idx * 3 + c[i];
    return idx;
}

// Memoised recursive classification of a line with the centre stone placed: a four has one
// or two completions to five, a three has a move to a four, and so on down to one.
class Classifier {
  public:
    Classifier(bool exact, bool renju_black) : exact_(exact), renju_black_(renju_black) {
        memo_.assign(CONFIGS, 0xFF);
    }

    Pattern classify(std::array<uint8_t, LINE_LEN>& c) {
        const int idx = config_index(c);
        if (memo_[idx] != 0xFF) return Pattern(memo_[idx]);
        Pattern result = compute(c);
        memo_[idx] = result;
        return result;
    }

  private:
    Pattern compute(std::array<uint8_t, LINE_LEN>& c) {
        switch (five_through_centre(c, exact_)) {
        case FIVE: return F5;
        case OVERLINE: return OL;
        default: break;
        }
        int fives[LINE_LEN];
        int n = 0;
        for (int i = 0; i < LINE_LEN; ++i) {
            if (i == CENTRE || c[i] != C_EMPTY) continue;
            c[i] = C_OWN;
            if (five_through_centre(c, exact_) == FIVE) fives[n++] = i;
            c[i] = C_EMPTY;
        }
        if (n >= 2) {
            bool straight = n == 2 && fives[1] - fives[0] == 5;
            for (int i = fives[0] + 1; straight && i < fives[1]; ++i) straight = c[i] == C_OWN;
            return straight ? F4 : D4;
        }
        if (n == 1) return B4;
        Pattern best = DEAD;
        for (int i = 0; i < LINE_LEN; ++i) {
            if (i == CENTRE || c[i] != C_EMPTY) continue;
            c[i] = C_OWN;
            Pattern r = classify(c);
            c[i] = C_EMPTY;
            Pattern up = DEAD;
            switch (r) {
            case F4: up = F3; break;
            case D4: up = renju_black_ ? DEAD : F3; break; // a renju double four is forbidden
            case B4: up = B3; break;
            case F3: up = F2; break;
            case B3: up = B2; break;
            case F2: up = F1; break;
            case B2: up = B1; break;
            default: break;
            }
            if (up > best) best = up;
        }
        return best;
    }

    bool exact_, renju_black_;
    std::vector<uint8_t> memo_;
};

bool exact_five(Rule rule, Color colour) {
    return rule == Rule::STANDARD || (rule == Rule::RENJU && colour == BLACK);
}

// Combination of the four line patterns of one cell.
Pattern4 combine(Rule rule, Color colour, uint16_t pcode, bool& double_three) {
    int n[16] = {};
    for (int d = 0; d < 4; ++d) ++n[pcode_pattern(pcode, d)];
    const bool renju_black = rule == Rule::RENJU && colour == BLACK;
    double_three = false;
    if (n[F5]) return P4_FIVE;
    if (renju_black) {
        if (n[OL]) return P4_FORBID;
        if (n[B4] + n[F4] + 2 * n[D4] >= 2) return P4_FORBID;
        double_three = n[F3] >= 2;
    }
    if (n[F4] + n[D4] > 0 || n[B4] >= 2) return P4_FLEX4;
    if (n[B4]) {
        if (n[F3]) return P4_BLOCK4_FLEX3;
        if (n[B3] || n[F2]) return P4_BLOCK4_PLUS;
        return P4_BLOCK4;
    }
    if (n[F3] >= 2) return P4_FLEX3_2X;
    if (n[F3]) return (n[B3] || n[F2]) ? P4_FLEX3_PLUS : P4_FLEX3;
    if (n[B3] && (n[B3] >= 2 || n[F2])) return P4_BLOCK3_PLUS;
    if (n[F2] >= 2) return P4_FLEX2_2X;
    if (n[B3]) return P4_BLOCK3;
    if (n[F2]) return P4_FLEX2;
    return P4_NONE;
}

// Evaluation weights: value of an empty cell per line pattern and per combination.
constexpr int16_t LINE_VALUE[PATTERN_NB] = {0, 0, 1, 3, 6, 16, 20, 60, 70, 300, 300, 1200};
constexpr int16_t P4_VALUE[PATTERN4_NB] = {0, 0, 0, 0, 30, 30, 0, 100, 400, 0, 100, 500, 600, 0};
// Move-ordering weights (own threat made / opponent threat taken away).
constexpr int16_t P4_ATTACK[PATTERN4_NB] = {0,   0,    50,  60,  130,  150,  400,
                                            450, 1500, 500, 800, 2500, 5000, 10000};
constexpr int16_t P4_DEFEND[PATTERN4_NB] = {0,   0,    40,  40,  100,  110,  300,
                                            350, 1200, 380, 600, 2000, 4000, 9000};
constexpr int16_t LINE_SCORE[PATTERN_NB] = {0, 0, 1, 2, 4, 8, 10, 20, 24, 40, 40, 50};

std::unique_ptr<PatternTables> build(Rule rule) {
    auto t = std::make_unique<PatternTables>();
    for (int colour = 0; colour < 2; ++colour) {
        const Color me = Color(colour + 1);
        Classifier cls(exact_five(rule, me), rule == Rule::RENJU && me == BLACK);
        // Classify every three-state configuration once, then expand to the 4-state keys.
        std::vector<uint8_t> by_config(CONFIGS);
        std::array<uint8_t, LINE_LEN> c{};
        for (int idx = 0; idx < CONFIGS; ++idx) {
            int v = idx;
            for (int i = 0; i < LINE_LEN; ++i) {
                if (i == CENTRE) {
                    c[i] = C_OWN;
                    continue;
                }
                c[i] = uint8_t(v % 3);
                v /= 3;
            }
            by_config[idx] = cls.classify(c);
        }
        for (uint32_t key = 0; key < (1u << LINE_INDEX_BITS); ++key) {
            int idx = 0, mult = 1;
            for (int i = 0; i < 10; ++i) {
                const uint32_t s = (key >> (2 * i)) & 3;
                const int c3 = s == EMPTY ? C_EMPTY : s == me ? C_OWN : C_BLOCK;
                idx += c3 * mult;
                mult *= 3;
            }
            t->line[key] |= uint8_t(by_config[idx] << (4 * colour));
        }
        for (uint32_t pcode = 0; pcode < (1u << 16); ++pcode) {
            bool valid = true;
            for (int d = 0; d < 4; ++d) valid &= pcode_pattern(uint16_t(pcode), d) < PATTERN_NB;
            bool dbl3 = false;
            Pattern4 p4 = valid ? combine(rule, me, uint16_t(pcode), dbl3) : P4_NONE;
            t->p4[colour][pcode] = p4;
            if (colour == 0) t->check3[pcode] = dbl3;
            int value = 0, line_score = 0;
            if (valid && p4 != P4_FORBID) {
                for (int d = 0; d < 4; ++d) {
                    value += LINE_VALUE[pcode_pattern(uint16_t(pcode), d)];
                    line_score += LINE_SCORE[pcode_pattern(uint16_t(pcode), d)];
                }
                value += P4_VALUE[p4];
            }
            t->value[colour][pcode] = int16_t(value > 20000 ? 20000 : value);
            t->attack[colour][pcode] = int16_t(p4 == P4_FORBID ? 0 : P4_ATTACK[p4] + line_score);
            t->defend[colour][pcode] = int16_t(p4 == P4_FORBID ? 0 : P4_DEFEND[p4] + line_score);
        }
    }
    if (rule == Rule::FREESTYLE) {
        // The short table: the outermost cells empty. Used only if every full index agrees.
        // (A key from a 20-bit index: the centre's two bits put back, empty.)
        const auto key_of = [](uint32_t idx) { return (idx & 0x3FFu) | ((idx >> 10) << 12); };
        for (uint32_t s = 0; s < (1u << 16); ++s)
            t->line_short[s] = t->line[line_index(((s & 0xFFu) << 2) | ((s >> 8) << 12))];
        bool same = true;
        for (uint32_t idx = 0; idx < (1u << LINE_INDEX_BITS) && same; ++idx)
            same = t->line[idx] == t->line_short[short_index(key_of(idx))];
        t->short_window = same;
    }
    return t;
}

} // namespace

const PatternTables& pattern_tables(Rule rule) {
    static const std::unique_ptr<PatternTables> freestyle = build(Rule::FREESTYLE);
    switch (rule) {
    case Rule::STANDARD: {
        static const std::unique_ptr<PatternTables> t = build(Rule::STANDARD);
        return *t;
    }
    case Rule::RENJU: {
        static const std::unique_ptr<PatternTables> t = build(Rule::RENJU);
        return *t;
    }
    default: return *freestyle;
    }
}

Pattern classify_line(Rule rule, Color colour, const Color cells[11]) {
    Classifier cls(exact_five(rule, colour), rule == Rule::RENJU && colour == BLACK);
    std::array<uint8_t, LINE_LEN> c{};
    for (int i = 0; i < LINE_LEN; ++i)
        c[i] = i == CENTRE          ? C_OWN
               : cells[i] == EMPTY  ? C_EMPTY
               : cells[i] == colour ? C_OWN
                                    : C_BLOCK;
    return cls.classify(c);
}

const char* pattern_name(Pattern p) {
    static const char* names[PATTERN_NB] = {"DEAD", "OL", "B1", "F1", "B2", "F2",
                                            "B3",   "F3", "B4", "F4", "D4", "F5"};
    return p < PATTERN_NB ? names[p] : "?";
}

const char* pattern4_name(Pattern4 p) {
    static const char* names[PATTERN4_NB] = {
        "NONE",       "FORBID",   "FLEX2",  "BLOCK3",      "FLEX2_2X",     "BLOCK3_PLUS", "FLEX3",
        "FLEX3_PLUS", "FLEX3_2X", "BLOCK4", "BLOCK4_PLUS", "BLOCK4_FLEX3", "FLEX4",       "FIVE"};
    return p < PATTERN4_NB ? names[p] : "?";
}

} // namespace gomoku
