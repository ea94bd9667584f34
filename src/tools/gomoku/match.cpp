// The `gomoku` tool's measuring commands.
//
//   gomoku match A B [--games N] [--ms T | --nodes N] [--openings FILE] [--rule R] [--verbose]
//       Engine-vs-engine games in one process, one move at a time (never two searches at
//       once). Players: master, master-classic (MASTER before the rework), 3, 2, 1, random,
//       each optionally with ":key=value" settings: ms, nodes, depth, weights=FILE, and the
//       MASTER switches nonull, leafvcf, noleafvcf, noasp, q3, hmalus, trivial, distract,
//       lmp=PERCENT, lmr=PERCENT (of the reductions), fut=MARGIN (futility margin a ply; 0 off),
//       rfp=MARGIN (reverse futility margin a ply; 0 off), iir, istart=PERCENT (of the time
//       budget after which no new iteration starts), tact=SCORE (ordering score from which a
//       move is never pruned or reduced), three=SCORE / quiet=SCORE (a reduced move scoring at
//       least / below it is reduced one ply less / more; 0 off), razor=MARGIN (razoring at depth <=
//       2; 0 off), cfut=MARGIN (reverse futility at any depth, a ply of margin less; 0 off), nose
//       (no singular extension; sedepth=DEPTH and semargin=MARGIN tune it), nilmp=PERCENT (of the
//       pruning counts at a node that is not improving; 100 off), nilmr (one ply more of
//       reduction there), cutr=PLIES (more reduction of late non-killers at a cut-node; 0 off),
//       fhr=MARGIN (fail-high reduction at a cut-node; 0 off), lmrx=MARGIN (a reduced move
//       beating alpha by MARGIN x (reduction + 1) is searched a ply deeper; 0 off), q4=PLIES
//       (fours past the horizon, plain ones in the first PLIES; 0 off), cmove=BONUS (counter-move
//       ordering bonus; 0 off), policy=SCORE and pstep=STEP (a reduced move scoring below SCORE
//       is reduced a ply more per STEP it lacks, at most 3; 0 off), hgrav=BOUND (gravity
//       history within +-BOUND, with a malus; 0 off), eavg=PERCENT (of the parent's static
//       evaluation mixed into a leaf's; 0 off), fext=SIXTEENTHS (the forced block's extension;
//       16 a ply), flmr (reductions in sixteenths of a ply), mcp=PERCENT (move-count pruning of
//       every move at 3 + depth^1.32, halved when not improving; 0 off), d43 (facing a
//       four-three point, only its answers and own fours), d3ext=SIXTEENTHS (the answers to an
//       open three extended; 0 off). Opening k is played twice,
//       A black (its side to move after the opening's stones... see below) then B black. Opening
//       files: one opening a line, either a pos string (h8i9…) or Gomocup offsets
//       ("x,y, x,y, …" from the centre). Prints every game, then W-L-D, score, Elo ± 95 %
//       and the per-player search averages, then one JSON line.
//   gomoku stats POS [ms|nodes=N] [rule=R] [classic] [master:SETTINGS] — MASTER's search
//       statistics on one position under rule R (freestyle when absent; with SETTINGS: the
//       switches of `gomoku match`, e.g. master:lmr=80:nonull).
//   gomoku selfplay OUT [--games N] [--nodes N] [--openings FILE] [--seed S] [--combos]
//                       [--search-label W] [--rule R]
//       MASTER self-play (fixed nodes, a few random plies after each opening); every quiet
//       position's evaluation features and the game result for the side to move go to OUT
//       (with --search-label W the label is (1 - W) x the result + W x the search's value as
//       an expected result); --combos adds each empty cell's combination of four line
//       patterns, counted by id.
//   gomoku tune FILE [--iters N] [--init FILE] [--out FILE] — fits the evaluation weights to
//       such a file (logistic regression, Adam), prints the loss before/after and the weights as
//       C++.
//   gomoku tune-combos FILE [--iters N] [--lambda X (L2 on the table; 0)] [--lr X] [--dense]
//       [--out FILE]
//       An experiment: fits the 43 weights plus a weight per combination id and role to a
//       --combos file and prints the loss on held-out blocks (one in ten blocks of 500
//       positions); --dense fits the 43 alone on the same data, for comparison.
//
// Index
//   players ............ PlayerSpec, read_weights(), parse_player(), read_openings()
//   games .............. Tally, Side, setup_side(), play_game(), elo_of()
//   match .............. cmd_match(): engine-vs-engine games and their report
//   stats .............. cmd_stats(): MASTER's search statistics on one position
//   selfplay ........... quiet(), combo_id(), combo_counts(), cmd_selfplay(): training
//                        positions from self-play
//   tune ............... TrainingSet, read_training_set(), fit_weights(), cmd_tune(): the
//                        evaluation weights fitted to them
//   tune-combos ........ cmd_tune_combos(): a table per cell combination, measured against
//                        the counts alone
#include "match.h"

#include "games/common/rng.h"
#include "games/gomoku/eval_master.h"
#include "games/gomoku/levels.h"
#include "games/gomoku/movegen.h"
#include "games/gomoku/notation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace gomoku;

std::optional<Rule> rule_or_report(std::string_view name) {
    const std::optional<Rule> r = parse_rule(name);
    if (!r)
        std::fprintf(stderr, "unknown rule '%.*s' (freestyle, standard, renju)\n", int(name.size()),
                     name.data());
    return r;
}

namespace {

// --- players ---------------------------------------------------------------------------------

struct PlayerSpec {
    std::string text;
    Level level = Level::MASTER;
    LevelOptions options;
    MasterParams params;
    std::vector<int> weights; // empty: built-in
};

bool read_weights(const std::string& file, std::vector<int>& w) {
    std::ifstream in(file);
    if (!in) return false;
    w.clear();
    int v;
    while (in >> v) w.push_back(v);
    return int(w.size()) == EVAL_FEATURES;
}

// MASTER switches named alone (":nonull"): each sets one flag of MasterParams.
struct FlagSetting {
    const char* name;
    bool MasterParams::*field;
    bool value;
};
constexpr FlagSetting FLAG_SETTINGS[] = {
    {"nonull", &MasterParams::null_move, false},
    {"noleafvcf", &MasterParams::leaf_vcf, false},
    {"leafvcf", &MasterParams::leaf_vcf, true},
    {"noasp", &MasterParams::aspiration, false},
    {"q3", &MasterParams::three_ext, true},
    {"hmalus", &MasterParams::history_malus, true},
    {"trivial", &MasterParams::trivial_prune, true},
    {"distract", &MasterParams::distract_prune, true},
    {"iir", &MasterParams::iir, true},
    {"nose", &MasterParams::singular, false},
    {"nilmr", &MasterParams::worse_lmr, true},
    {"flmr", &MasterParams::fractional_lmr, true},
    {"d43", &MasterParams::four_three_defence, true},
};

// MASTER settings with a number (":lmr=60"): each sets one integer of MasterParams.
struct IntSetting {
    const char* name;
    int MasterParams::*field;
};
constexpr IntSetting INT_SETTINGS[] = {
    {"lmp", &MasterParams::lmp_scale},           {"lmr", &MasterParams::lmr_scale},
    {"fut", &MasterParams::futility_margin},     {"rfp", &MasterParams::rfp_margin},
    {"tact", &MasterParams::tactical_score},     {"three", &MasterParams::three_score},
    {"quiet", &MasterParams::quiet_score},       {"istart", &MasterParams::iteration_start_pct},
    {"razor", &MasterParams::razor_margin},      {"cfut", &MasterParams::child_futility},
    {"sedepth", &MasterParams::singular_depth},  {"semargin", &MasterParams::singular_margin},
    {"nilmp", &MasterParams::worse_lmp},         {"sedouble", &MasterParams::singular_double},
    {"cutr", &MasterParams::cut_node_reduction}, {"fhr", &MasterParams::fail_high_margin},
    {"lmrx", &MasterParams::lmr_deeper_margin},  {"q4", &MasterParams::four_quiescence},
    {"cmove", &MasterParams::counter_bonus},     {"policy", &MasterParams::policy_bias},
    {"pstep", &MasterParams::policy_step},       {"hgrav", &MasterParams::history_gravity},
    {"eavg", &MasterParams::eval_average},       {"fext", &MasterParams::forced_extension},
    {"mcp", &MasterParams::move_count_prune},    {"d3ext", &MasterParams::three_defence_extension},
};

// The entry of `table` named `key`, or nullptr.
template <class Setting, size_t N>
const Setting* find_setting(const Setting (&table)[N], const std::string& key) {
    for (const Setting& s : table)
        if (key == s.name) return &s;
    return nullptr;
}

bool parse_player(const std::string& text, int64_t ms, uint64_t nodes, PlayerSpec& p) {
    p.text = text;
    std::string name = text.substr(0, text.find(':'));
    if (name == "master-classic") {
        p.level = Level::MASTER;
        p.options.classic = true;
    } else if (auto l = parse_level(name)) {
        p.level = *l;
    } else {
        std::fprintf(stderr, "unknown player '%s'\n", name.c_str());
        return false;
    }
    p.options.time_ms = ms;
    p.options.nodes = ms ? 0 : nodes;
    size_t at = text.find(':');
    while (at != std::string::npos) {
        const size_t next = text.find(':', at + 1);
        const std::string kv =
            text.substr(at + 1, next == std::string::npos ? next : next - at - 1);
        const size_t eq = kv.find('=');
        const std::string k = kv.substr(0, eq),
                          v = eq == std::string::npos ? "" : kv.substr(eq + 1);
        if (k == "ms")
            p.options.time_ms = std::atoll(v.c_str()), p.options.nodes = 0;
        else if (k == "nodes")
            p.options.nodes = std::strtoull(v.c_str(), nullptr, 10), p.options.time_ms = 0;
        else if (k == "depth")
            p.options.depth = std::atoi(v.c_str()), p.options.time_ms = 0, p.options.nodes = 0;
        else if (const FlagSetting* f = find_setting(FLAG_SETTINGS, k))
            p.params.*f->field = f->value;
        else if (const IntSetting* n = find_setting(INT_SETTINGS, k))
            p.params.*n->field = std::atoi(v.c_str());
        else if (k == "weights") {
            if (!read_weights(v, p.weights)) {
                std::fprintf(stderr, "cannot read %d weights from '%s'\n", EVAL_FEATURES,
                             v.c_str());
                return false;
            }
        } else {
            std::fprintf(stderr, "unknown player setting '%s'\n", k.c_str());
            return false;
        }
        at = next;
    }
    return true;
}

// Openings as pos strings (offset lines converted for a 15x15 board).
std::vector<std::string> read_openings(const std::string& file, int size) {
    std::vector<std::string> out;
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        if (line.find(',') == std::string::npos) {
            out.push_back(line);
            continue;
        }
        std::string pos;
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream ss(line);
        int x, y;
        while (ss >> x >> y) pos += move_name(y + size / 2, x + size / 2);
        out.push_back(pos);
    }
    return out;
}

// --- games -----------------------------------------------------------------------------------

struct Tally {
    uint64_t moves = 0, searched = 0, depth = 0, nodes = 0;
    int64_t ms = 0, max_ms = 0;
};

struct Side {
    PlayerSpec spec;
    std::unique_ptr<Engine> engine;
    Tally tally;
    MoveChoice choose(Board& b, uint64_t seed) {
        const auto t0 = std::chrono::steady_clock::now();
        MoveChoice mc = engine->choose(b, spec.level, seed, spec.options);
        const int64_t ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::steady_clock::now() - t0)
                               .count();
        ++tally.moves;
        tally.ms += ms;
        tally.max_ms = std::max(tally.max_ms, ms);
        if (!std::strcmp(mc.source, "search")) {
            ++tally.searched;
            tally.depth += uint64_t(mc.depth);
            tally.nodes += mc.nodes;
        }
        return mc;
    }
};

// A player's MASTER switches and weights on `e` (the weights stay owned by `p`).
void apply_settings(Engine& e, const PlayerSpec& p) {
    e.master().params = p.params;
    if (!p.weights.empty()) e.master().params.weights = p.weights.data();
}

void setup_side(Side& s) {
    s.engine = std::make_unique<Engine>(32);
    apply_settings(*s.engine, s.spec);
}

// One game from `opening`; returns the result, `pos` the whole game.
Result play_game(Side& black, Side& white, const std::string& opening, Rule rule, uint64_t seed,
                 std::string& pos) {
    Board board(15, rule);
    Outcome out;
    std::string err;
    if (!load_pos(board, opening, err, &out)) {
        std::fprintf(stderr, "bad opening '%s': %s\n", opening.c_str(), err.c_str());
        return Result::DRAW;
    }
    while (out.result == Result::NONE) {
        Side& s = board.to_move() == BLACK ? black : white;
        const Color mover = board.to_move();
        const MoveChoice mc = s.choose(board, seed);
        const std::string why = mc.move == NO_POS
                                    ? "no move"
                                    : play_checked(board, row_of(mc.move), col_of(mc.move), out);
        if (!why.empty()) {
            std::fprintf(stderr, "%s made an illegal move (%s)\n", s.spec.text.c_str(),
                         why.c_str());
            out.result = mover == BLACK ? Result::WHITE_WIN : Result::BLACK_WIN;
        }
    }
    pos = to_pos(board);
    return out.result;
}

double elo_of(double score) {
    score = std::clamp(score, 0.001, 0.999);
    return -400.0 * std::log10(1.0 / score - 1.0);
}

} // namespace

// --- match -----------------------------------------------------------------------------------

int cmd_match(int argc, char** argv) {
    int games = 20;
    int64_t ms = 0;
    uint64_t nodes = 100000;
    std::string openings_file = "tests/data/gomoku/openings_freestyle15.txt";
    Rule rule = Rule::FREESTYLE;
    bool verbose = false;
    int first = 0;
    for (int i = 4; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--games")
            games = std::atoi(next().c_str());
        else if (a == "--ms")
            ms = std::atoll(next().c_str());
        else if (a == "--nodes")
            nodes = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--openings")
            openings_file = next();
        else if (a == "--first")
            first = std::atoi(next().c_str());
        else if (a == "--rule") {
            const auto r = rule_or_report(next());
            if (!r) return 2;
            rule = *r;
        } else if (a == "--verbose")
            verbose = true;
        else {
            std::fprintf(stderr, "unknown option '%s'\n", a.c_str());
            return 2;
        }
    }
    Side a, b;
    if (!parse_player(argv[2], ms, nodes, a.spec) || !parse_player(argv[3], ms, nodes, b.spec))
        return 2;
    setup_side(a);
    setup_side(b);
    const std::vector<std::string> openings = read_openings(openings_file, 15);
    if (openings.empty()) {
        std::fprintf(stderr, "no openings in '%s'\n", openings_file.c_str());
        return 2;
    }
    int w = 0, l = 0, d = 0;
    double sum2 = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (int g = 0; g < games; ++g) {
        const std::string& op = openings[size_t(first + g / 2) % openings.size()];
        // Game 2k: A takes the side that moved first in the game (black); 2k+1: B does.
        const bool a_black = g % 2 == 0;
        std::string pos;
        const Result r = a_black ? play_game(a, b, op, rule, uint64_t(g / 2), pos)
                                 : play_game(b, a, op, rule, uint64_t(g / 2), pos);
        double x = 0.5;
        if (r == Result::DRAW)
            ++d;
        else if ((r == Result::BLACK_WIN) == a_black)
            ++w, x = 1;
        else
            ++l, x = 0;
        sum2 += x * x;
        std::printf("game %d opening %s A=%s %s -> %s%s%s\n", g + 1, op.c_str(),
                    a_black ? "black" : "white", result_name(r),
                    x == 1   ? "A wins"
                    : x == 0 ? "B wins"
                             : "draw",
                    verbose ? " " : "", verbose ? pos.c_str() : "");
        std::fflush(stdout);
    }
    const int n = w + l + d;
    const double score = n ? (w + 0.5 * d) / n : 0.5;
    const double var = n ? sum2 / n - score * score : 0;
    const double se = n ? std::sqrt(std::max(var, 0.0) / n) : 0;
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s vs %s: +%d -%d =%d  score %.1f%%  Elo %+.0f [%+.0f, %+.0f]  (%.0f s)\n",
                a.spec.text.c_str(), b.spec.text.c_str(), w, l, d, 100 * score, elo_of(score),
                elo_of(score - 1.96 * se), elo_of(score + 1.96 * se), sec);
    for (Side* s : {&a, &b}) {
        const Tally& t = s->tally;
        std::printf("  %s: %llu moves, avg %.0f ms (max %lld); %llu searched: avg depth %.1f, "
                    "avg nodes %.0f\n",
                    s->spec.text.c_str(), (unsigned long long)t.moves,
                    t.moves ? double(t.ms) / double(t.moves) : 0.0, (long long)t.max_ms,
                    (unsigned long long)t.searched,
                    t.searched ? double(t.depth) / double(t.searched) : 0.0,
                    t.searched ? double(t.nodes) / double(t.searched) : 0.0);
    }
    std::printf("{\"a\":\"%s\",\"b\":\"%s\",\"wins\":%d,\"losses\":%d,\"draws\":%d,"
                "\"score\":%.4f,\"elo\":%.1f}\n",
                a.spec.text.c_str(), b.spec.text.c_str(), w, l, d, score, elo_of(score));
    return 0;
}

// --- stats -----------------------------------------------------------------------------------

int cmd_stats(int argc, char** argv) {
    Rule rule = Rule::FREESTYLE;
    LevelOptions o;
    o.time_ms = 1000;
    PlayerSpec settings; // MASTER switches, as `gomoku match` reads them after "master:"
    for (int i = 3; i < argc; ++i) {
        if (!std::strncmp(argv[i], "rule=", 5)) {
            const std::optional<Rule> r = rule_or_report(argv[i] + 5);
            if (!r) return 2;
            rule = *r;
        } else if (!std::strcmp(argv[i], "classic"))
            o.classic = true;
        else if (!std::strncmp(argv[i], "nodes=", 6))
            o.nodes = std::strtoull(argv[i] + 6, nullptr, 10), o.time_ms = 0;
        else if (!std::strncmp(argv[i], "master:", 7)) {
            if (!parse_player(argv[i], 0, 0, settings)) return 2;
        } else
            o.time_ms = std::atoll(argv[i]);
    }
    Board b(15, rule); // the search plays under the board's rule
    std::string err;
    Outcome out;
    if (!load_pos(b, argv[2], err, &out) || out.result != Result::NONE) {
        std::fprintf(stderr, "bad position: %s\n", err.c_str());
        return 2;
    }
    Engine e(32);
    apply_settings(e, settings);
    const MoveChoice mc = e.choose(b, Level::MASTER, 0, o);
    const SearchStats& s = o.classic && e.classic() ? e.classic()->stats() : e.master().stats();
    const double expanded = s.expanded ? double(s.expanded) : 1.0;
    std::printf("move %s source %s value %d depth %d nodes %llu ms %lld\n",
                move_name(mc.move).c_str(), mc.source, mc.value, mc.depth,
                (unsigned long long)mc.nodes, (long long)mc.ms);
    std::printf("search nodes %llu (leaves %llu), threat-solver nodes %llu, root threat "
                "time %.0f ms of %.0f ms\n",
                (unsigned long long)s.nodes, (unsigned long long)s.leaves,
                (unsigned long long)s.threat_nodes, s.root_threat_us / 1000.0, s.total_us / 1000.0);
    std::printf("TT hit %.1f%% of %llu probes, cut %.1f%%; moves searched per expanded node "
                "%.2f; first-move cutoffs %.1f%% of %llu; null cuts %llu/%llu; leaf VCF wins "
                "%llu\n",
                s.tt_probes ? 100.0 * double(s.tt_hits) / double(s.tt_probes) : 0.0,
                (unsigned long long)s.tt_probes,
                s.tt_probes ? 100.0 * double(s.tt_cuts) / double(s.tt_probes) : 0.0,
                double(s.moves_searched) / expanded,
                s.cutoffs ? 100.0 * double(s.first_move_cutoffs) / double(s.cutoffs) : 0.0,
                (unsigned long long)s.cutoffs, (unsigned long long)s.null_cuts,
                (unsigned long long)s.null_tries, (unsigned long long)s.leaf_vcf_wins);
    std::printf("singular tests %llu: extensions %llu, multi-cuts %llu; fours past the horizon "
                "%llu\n",
                (unsigned long long)s.singular_tests, (unsigned long long)s.singular_extensions,
                (unsigned long long)s.multi_cuts, (unsigned long long)s.quiet_fours);
    return 0;
}

// --- selfplay --------------------------------------------------------------------------------

namespace {

// A position worth learning from: nothing decided by the next move or two.
bool quiet(Board& b) {
    const Color us = b.to_move(), them = opponent(us);
    if (b.count(us, P4_FIVE) || b.count(them, P4_FIVE)) return false;
    if (b.count(us, P4_FLEX4)) return false;
    return true;
}

// The combination of a cell's four line patterns for one colour, order ignored: an id in
// [0, COMBO_IDS).
constexpr int COMBO_IDS = PATTERN_NB * PATTERN_NB * PATTERN_NB * PATTERN_NB;
int combo_id(uint16_t pcode) {
    int p[4];
    for (int d = 0; d < 4; ++d) p[d] = pcode_pattern(pcode, d);
    std::sort(p, p + 4);
    return ((p[0] * PATTERN_NB + p[1]) * PATTERN_NB + p[2]) * PATTERN_NB + p[3];
}

// " id:count …" over the empty cells: the side to move's combinations (ids 0 … COMBO_IDS - 1)
// and the opponent's (COMBO_IDS … 2 * COMBO_IDS - 1).
std::string combo_counts(const Board& b) {
    const Color us = b.to_move(), them = opponent(us);
    std::vector<int> ids;
    for (int r = 0; r < b.size(); ++r)
        for (int c = 0; c < b.size(); ++c) {
            const Pos q = make_pos(r, c);
            if (!b.is_empty(q)) continue;
            ids.push_back(combo_id(b.pcode(us, q)));
            ids.push_back(COMBO_IDS + combo_id(b.pcode(them, q)));
        }
    std::sort(ids.begin(), ids.end());
    std::string out;
    for (size_t i = 0; i < ids.size();) {
        size_t j = i;
        while (j < ids.size() && ids[j] == ids[i]) ++j;
        char item[32];
        std::snprintf(item, sizeof item, " %d:%zu", ids[i], j - i);
        out += item;
        i = j;
    }
    return out;
}

// A search value v as an expected result: 1 / (1 + e^(-v / scale)) (about the fitted sigmoid
// scale of the built-in weights).
constexpr double SEARCH_LABEL_SCALE = 500.0;

} // namespace

int cmd_selfplay(int argc, char** argv) {
    int games = 100;
    uint64_t nodes = 20000, seed = 1;
    std::string openings_file = "tests/data/gomoku/openings_freestyle15.txt";
    std::string weights_file;
    bool combos = false;
    double search_weight = 0; // share of the search's own value in the label
    Rule rule = Rule::FREESTYLE;
    for (int i = 3; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--games")
            games = std::atoi(next().c_str());
        else if (a == "--nodes")
            nodes = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--openings")
            openings_file = next();
        else if (a == "--seed")
            seed = std::strtoull(next().c_str(), nullptr, 10);
        else if (a == "--weights")
            weights_file = next();
        else if (a == "--combos")
            combos = true;
        else if (a == "--search-label")
            search_weight = std::atof(next().c_str());
        else if (a == "--rule") {
            const auto r = rule_or_report(next());
            if (!r) return 2;
            rule = *r;
        } else {
            std::fprintf(stderr, "unknown option '%s'\n", a.c_str());
            return 2;
        }
    }
    const std::vector<std::string> openings = read_openings(openings_file, 15);
    if (openings.empty()) return 2;
    std::vector<int> weights;
    if (!weights_file.empty() && !read_weights(weights_file, weights)) return 2;
    std::FILE* out = std::fopen(argv[2], "w");
    if (!out) return 2;
    Engine engine(32);
    if (!weights.empty()) engine.master().params.weights = weights.data();
    games::Rng rng(seed);
    int results[3] = {0, 0, 0};
    size_t positions = 0;
    for (int g = 0; g < games; ++g) {
        Board b(15, rule);
        Outcome o;
        std::string err;
        if (!load_pos(b, openings[size_t(g) % openings.size()], err, &o)) continue;
        // Two random plies among the 6 best-ordered candidates: different games per opening.
        for (int k = 0; k < 2 && o.result == Result::NONE; ++k) {
            MoveList list;
            gen_candidates(b, list);
            list.sort();
            const Pos m = list.moves[rng.below(uint32_t(std::min(list.size, 6)))].pos;
            play_checked(b, row_of(m), col_of(m), o);
        }
        std::vector<std::vector<int>> feats;
        std::vector<std::string> extra; // --combos: the cells' combination counts
        std::vector<int> side;
        std::vector<double> searched; // the search's value as a result, side to move's view
        LevelOptions lo;
        lo.nodes = nodes;
        while (o.result == Result::NONE) {
            const bool recorded = quiet(b);
            if (recorded) {
                std::vector<int> f(EVAL_FEATURES);
                eval_features(b, f.data());
                feats.push_back(std::move(f));
                side.push_back(b.to_move());
                if (combos) extra.push_back(combo_counts(b));
            }
            const MoveChoice mc = engine.choose(b, Level::MASTER, 0, lo);
            if (recorded)
                searched.push_back(1.0 / (1.0 + std::exp(-mc.value / SEARCH_LABEL_SCALE)));
            if (mc.move == NO_POS || !play_checked(b, row_of(mc.move), col_of(mc.move), o).empty())
                break;
        }
        const int winner = o.result == Result::BLACK_WIN   ? BLACK
                           : o.result == Result::WHITE_WIN ? WHITE
                                                           : 0;
        ++results[winner];
        for (size_t i = 0; i < feats.size(); ++i) {
            const double result = winner == 0 ? 0.5 : winner == side[i] ? 1.0 : 0.0;
            const double label = (1 - search_weight) * result + search_weight * searched[i];
            std::fprintf(out, "%.3f", label);
            for (int v : feats[i]) std::fprintf(out, " %d", v);
            if (combos) std::fputs(extra[i].c_str(), out);
            std::fputc('\n', out);
        }
        positions += feats.size();
        std::fprintf(stderr, "game %d: %s, %zu positions\n", g + 1, result_name(o.result),
                     feats.size());
    }
    std::fclose(out);
    std::printf("games %d (black %d, white %d, draws %d), positions %zu\n", games, results[1],
                results[2], results[0], positions);
    return 0;
}

// --- tune ------------------------------------------------------------------------------------

namespace {

// A selfplay file in memory: per position its label, its 43 dense features (row-major in x)
// and, for --combos files read with sparse on, its (combination id, count) entries.
struct TrainingSet {
    struct Sample {
        float y;
        uint32_t first, count; // sparse entries
        bool held_out;
    };
    std::vector<Sample> samples;
    std::vector<float> x;
    std::vector<std::pair<int, float>> sparse;
};

// Reads a selfplay file; with hold_out, one block of 500 positions in ten is held out of the fit
// (whole blocks, so the held-out positions come from games the fit did not see).
bool read_training_set(const char* path, bool read_sparse, bool hold_out, TrainingSet& set) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "cannot read '%s'\n", path);
        return false;
    }
    std::string line;
    size_t lines = 0;
    while (std::getline(in, line)) {
        std::istringstream ss(line);
        TrainingSet::Sample s{};
        if (!(ss >> s.y)) continue;
        for (int k = 0; k < EVAL_FEATURES; ++k) {
            int v = 0;
            ss >> v;
            set.x.push_back(float(v));
        }
        s.first = uint32_t(set.sparse.size());
        std::string tok;
        while (read_sparse && ss >> tok) {
            const size_t colon = tok.find(':');
            const int id = std::atoi(tok.c_str());
            if (colon == std::string::npos || id < 0 || id >= 2 * COMBO_IDS) continue;
            set.sparse.push_back({id, float(std::atoi(tok.c_str() + colon + 1))});
        }
        s.count = uint32_t(set.sparse.size()) - s.first;
        s.held_out = hold_out && (lines / 500) % 10 == 0;
        ++lines;
        set.samples.push_back(s);
    }
    if (set.samples.empty()) {
        std::fprintf(stderr, "no samples in '%s'\n", path);
        return false;
    }
    return true;
}

// Fits w (the 43 dense weights, then one per combination id and role) by Adam on the mean
// squared error of sigmoid(eval / K) against the labels; K is fitted for the starting weights
// and then kept, so the weights keep the evaluation's scale. lambda is an L2 penalty on the
// sparse weights only. Prints the training (and held-out) loss every report_every iterations.
void fit_weights(const TrainingSet& set, std::vector<double>& w, int iters, double lr,
                 double lambda, int report_every) {
    const auto& samples = set.samples;
    const size_t n = samples.size();
    const int nd = EVAL_FEATURES, nw = int(w.size());
    const double scale = 1.0 / (1 << EVAL_SHIFT);
    auto eval_of = [&](size_t i) {
        double e = 0;
        const float* xi = &set.x[i * nd];
        for (int k = 0; k < nd; ++k) e += w[k] * xi[k];
        for (uint32_t j = 0; j < samples[i].count; ++j) {
            const auto& [id, c] = set.sparse[samples[i].first + j];
            e += w[nd + id] * c;
        }
        return std::clamp(e * scale, -5000.0, 5000.0);
    };
    bool any_held = false;
    for (const auto& s : samples) any_held |= s.held_out;
    auto losses = [&](double kk, double& train, double& held) {
        double lt = 0, lh = 0;
        size_t nt = 0, nh = 0;
        for (size_t i = 0; i < n; ++i) {
            const double p = 1.0 / (1.0 + std::exp(-eval_of(i) / kk));
            const double l = (samples[i].y - p) * (samples[i].y - p);
            if (samples[i].held_out)
                lh += l, ++nh;
            else
                lt += l, ++nt;
        }
        train = nt ? lt / double(nt) : 0, held = nh ? lh / double(nh) : 0;
    };
    auto report = [&](const char* what, double kk) {
        double t, h;
        losses(kk, t, h);
        if (any_held)
            std::printf("%s loss train %.5f held-out %.5f\n", what, t, h);
        else
            std::printf("%s loss %.5f\n", what, t);
        std::fflush(stdout);
    };
    double best_k = 100, best = 1e9;
    for (double kk = 25; kk <= 1600; kk *= 1.15) {
        double t, h;
        losses(kk, t, h);
        if (t < best) best = t, best_k = kk;
    }
    std::printf("samples %zu (%zu sparse entries), K %.1f\n", n, set.sparse.size(), best_k);
    report("before:", best_k);
    std::vector<double> m(nw, 0), v(nw, 0), g(nw);
    const double b1 = 0.9, b2 = 0.999;
    for (int it = 1; it <= iters; ++it) {
        std::fill(g.begin(), g.end(), 0.0);
        size_t nt = 0;
        for (size_t i = 0; i < n; ++i) {
            if (samples[i].held_out) continue;
            ++nt;
            const double e = eval_of(i);
            if (e >= 5000 || e <= -5000) continue;
            const double p = 1.0 / (1.0 + std::exp(-e / best_k));
            const double dl = -2.0 * (samples[i].y - p) * p * (1 - p) * scale / best_k;
            const float* xi = &set.x[i * nd];
            for (int k = 0; k < nd; ++k) g[k] += dl * xi[k];
            for (uint32_t j = 0; j < samples[i].count; ++j) {
                const auto& [id, c] = set.sparse[samples[i].first + j];
                g[nd + id] += dl * c;
            }
        }
        for (int k = 0; k < nw; ++k) {
            g[k] /= double(nt);
            if (k >= nd) g[k] += lambda * w[k] * scale * scale;
            if (g[k] == 0 && m[k] == 0) continue;
            m[k] = b1 * m[k] + (1 - b1) * g[k];
            v[k] = b2 * v[k] + (1 - b2) * g[k] * g[k];
            const double mh = m[k] / (1 - std::pow(b1, it)), vh = v[k] / (1 - std::pow(b2, it));
            w[k] -= lr * mh / (std::sqrt(vh) + 1e-12);
        }
        if (report_every && it % report_every == 0) {
            const std::string what = "iter " + std::to_string(it);
            report(what.c_str(), best_k);
        }
    }
    report("after:", best_k);
}

// Writes w rounded, one dense weight a line, then "c ID W" for each non-zero combination weight
// (tune-combos); read_weights() reads the dense part back.
bool write_weights(const std::string& path, const std::vector<double>& w) {
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (!f) {
        std::fprintf(stderr, "cannot write '%s'\n", path.c_str());
        return false;
    }
    for (int k = 0; k < EVAL_FEATURES; ++k) std::fprintf(f, "%d\n", int(std::lround(w[k])));
    for (size_t k = EVAL_FEATURES; k < w.size(); ++k)
        if (std::lround(w[k]))
            std::fprintf(f, "c %d %d\n", int(k) - EVAL_FEATURES, int(std::lround(w[k])));
    std::fclose(f);
    return true;
}

} // namespace

// Fits the 43 evaluation weights to a whole selfplay file, from the built-in weights or --init.
int cmd_tune(int argc, char** argv) {
    int iters = 2000;
    std::string out_file;
    std::string init_file;
    for (int i = 3; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--iters")
            iters = std::atoi(next().c_str());
        else if (a == "--out")
            out_file = next();
        else if (a == "--init")
            init_file = next();
        else {
            std::fprintf(stderr, "unknown option '%s'\n", a.c_str());
            return 2;
        }
    }
    TrainingSet set;
    if (!read_training_set(argv[2], false, false, set)) return 2;
    std::vector<double> w(EVAL_FEATURES);
    std::vector<int> init;
    if (!init_file.empty() && !read_weights(init_file, init)) return 2;
    for (int k = 0; k < EVAL_FEATURES; ++k) w[k] = init.empty() ? eval_weights()[k] : init[k];
    fit_weights(set, w, iters, 4.0, 0.0, 200);
    std::vector<int> wi(EVAL_FEATURES);
    for (int k = 0; k < EVAL_FEATURES; ++k) wi[k] = int(std::lround(w[k]));
    for (int k = 0; k < EVAL_FEATURES; ++k)
        std::printf("%s%d%s", k ? " " : "", wi[k], k + 1 == EVAL_FEATURES ? "\n" : ",");
    for (int k = 0; k < EVAL_FEATURES; ++k)
        std::printf("  %-24s %6d\n", eval_feature_name(k), wi[k]);
    return out_file.empty() || write_weights(out_file, w) ? 0 : 2;
}

// --- tune-combos (experiment) ------------------------------------------------------------------

// Fits the dense weights plus one weight per cell combination and role (selfplay --combos
// files) and reports the loss on held-out blocks of positions, against the dense weights
// alone refitted on the same data: does a per-cell combination table carry knowledge the 43
// counts do not?
int cmd_tune_combos(int argc, char** argv) {
    int iters = 600;
    // No penalty by default: a table weight's gradient is about 1e-7, so even 1e-7 holds the
    // table at zero (docs/gomoku-strength.md).
    double lambda = 0, lr = 4.0;
    std::string out_file;
    bool dense_only = false;
    for (int i = 3; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--iters")
            iters = std::atoi(next().c_str());
        else if (a == "--lambda")
            lambda = std::atof(next().c_str());
        else if (a == "--lr")
            lr = std::atof(next().c_str());
        else if (a == "--out")
            out_file = next();
        else if (a == "--dense")
            dense_only = true;
        else {
            std::fprintf(stderr, "unknown option '%s'\n", a.c_str());
            return 2;
        }
    }
    TrainingSet set;
    if (!read_training_set(argv[2], !dense_only, true, set)) return 2;
    const int nd = EVAL_FEATURES, nw = nd + 2 * COMBO_IDS;
    std::vector<double> w(nw, 0.0);
    for (int k = 0; k < nd; ++k) w[k] = eval_weights()[k];
    fit_weights(set, w, iters, lr, lambda, 100);
    return out_file.empty() || write_weights(out_file, w) ? 0 : 2;
}
