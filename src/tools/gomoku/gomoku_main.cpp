// gomoku — command-line tool.
//   gomoku bench [depth]            deterministic node count + nodes/s (fixed positions/depth)
//   gomoku vcf POS [rule]           the winning continuous-four sequence for the side to move,
//                                   or "none"
//   gomoku vcf-suite FILE           solve a puzzle file (tests/data/gomoku format): solved/s
//   gomoku search POS [depth] [rule]  one search, for diagnostics
//   gomoku match A B [options]      engine-vs-engine games from openings (see match_usage)
//   gomoku stats POS [ms|nodes=N] [rule=R] [classic] [master:SETTINGS]
//                                   MASTER's search statistics on one position
//   gomoku selfplay OUT [options]   self-play games -> evaluation-feature file for `tune`
//   gomoku tune FILE                fit the evaluation weights (logistic regression)
//   gomoku tune-combos FILE [options]  does a per-cell pattern-combination table predict
//                                   results better than the 43 counts? (selfplay --combos)
//   gomoku referee RULE             one game's referee for a match manager: a move "X,Y" a
//                                   line on stdin, its verdict a line on stdout
// Every command also accepts being given bad input: it prints why and exits 2.
#include "games/gomoku/bench.h"
#include "games/gomoku/eval_master.h"
#include "games/gomoku/levels.h"
#include "games/gomoku/notation.h"
#include "games/gomoku/search.h"
#include "games/gomoku/threat.h"
#include "match.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace gomoku;

namespace {

// Every command and its arguments, one a line (the header above says what each does).
int usage() {
    std::fprintf(stderr,
                 "usage: gomoku bench [depth]\n"
                 "       gomoku vcf POS [rule]\n"
                 "       gomoku vcf-suite FILE\n"
                 "       gomoku search POS [depth] [rule]\n"
                 "       gomoku match A B [options]\n"
                 "       gomoku stats POS [ms|nodes=N] [rule=R] [classic] [master:SETTINGS]\n"
                 "       gomoku selfplay OUT [options]\n"
                 "       gomoku tune FILE\n"
                 "       gomoku tune-combos FILE [options]\n"
                 "       gomoku referee RULE\n");
    return 2;
}

// Parse an optional rule argument; false (and a message) when unknown.
bool rule_arg(int argc, char** argv, int i, Rule& rule) {
    if (argc <= i) return true;
    const auto r = rule_or_report(argv[i]);
    if (r) rule = *r;
    return bool(r);
}

// The depth argument argv[i] (1..MAX_DEPTH), or `fallback` when absent; false (and a message)
// when it is anything else.
bool depth_arg(int argc, char** argv, int i, int fallback, int& depth) {
    depth = fallback;
    if (argc <= i) return true;
    const std::optional<int> d = parse_depth(argv[i]);
    if (!d) {
        std::fprintf(stderr, "bad depth '%s' (a whole number 1..%d)\n", argv[i], MAX_DEPTH);
        return false;
    }
    depth = *d;
    return true;
}

int cmd_bench(int argc, char** argv) {
    int depth = 0; // 0: the bench's default depth
    if (!depth_arg(argc, argv, 2, 0, depth)) return 2;
    const BenchResult r = run_bench(depth);
    std::printf("positions %d\nnodes %llu\nms %lld\nnodes/s %llu\n", r.positions,
                (unsigned long long)r.nodes, (long long)r.ms, (unsigned long long)r.nps);
    std::printf("{\"nodes\":%llu,\"ms\":%lld,\"nps\":%llu}\n", (unsigned long long)r.nodes,
                (long long)r.ms, (unsigned long long)r.nps);
    return 0;
}

// The position argv[2] on a 15x15 board under the optional rule argv[rule_at], with a move to
// play; false (and a message) when the rule or the position is bad or the game is over.
bool position_arg(int argc, char** argv, int rule_at, Board& b) {
    Rule rule = Rule::FREESTYLE;
    if (!rule_arg(argc, argv, rule_at, rule)) return false;
    b.reset(15, rule);
    std::string err;
    Outcome out;
    if (!load_pos(b, argv[2], err, &out)) {
        std::fprintf(stderr, "bad position: %s\n", err.c_str());
        return false;
    }
    if (out.result != Result::NONE || b.full()) {
        std::fprintf(stderr, "game over (%s)\n", result_name(out.result));
        return false;
    }
    return true;
}

int cmd_vcf(int argc, char** argv) {
    Board b;
    if (!position_arg(argc, argv, 3, b)) return 2;
    const ThreatResult r = find_vcf(b, 60, 5'000'000);
    if (!r.win) {
        std::printf("none\n");
        return 0;
    }
    std::string s;
    for (Pos p : r.sequence) s += move_name(p);
    std::printf("%s\n", s.c_str());
    return 0;
}

int cmd_vcf_suite(char* file) {
    std::ifstream in(file);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", file);
        return 2;
    }
    std::string line;
    int total = 0, solved = 0;
    uint64_t nodes = 0;
    ThreatSolver solver;
    const auto t0 = std::chrono::steady_clock::now();
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        std::string idx, pos;
        ss >> idx >> pos;
        Board b(15, Rule::FREESTYLE);
        std::string err;
        ++total;
        if (!load_pos(b, pos, err)) continue;
        const ThreatResult r = solver.vcf(b, 60, 5'000'000);
        solved += r.win;
        nodes += r.nodes;
    }
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double per_sec = sec > 0 ? solved / sec : 0;
    std::printf("solved %d/%d in %.3f s (%.1f puzzles/s, %llu nodes)\n", solved, total, sec,
                per_sec, (unsigned long long)nodes);
    std::printf("{\"solved\":%d,\"total\":%d,\"sec\":%.4f,\"per_sec\":%.1f,\"nodes\":%llu}\n",
                solved, total, sec, per_sec, (unsigned long long)nodes);
    return solved == total ? 0 : 1;
}

int cmd_search(int argc, char** argv) {
    Board b;
    int depth = 0;
    if (!depth_arg(argc, argv, 3, 8, depth) || !position_arg(argc, argv, 4, b)) return 2;
    Searcher s(64);
    SearchLimits l;
    l.depth = depth;
    const SearchInfo info = s.think(b, l);
    std::string pv;
    for (Pos p : info.pv) pv += move_name(p);
    std::printf("move %s value %d depth %d nodes %llu ms %lld pv %s (%s)\n",
                move_name(info.move).c_str(), info.value, info.depth,
                (unsigned long long)info.nodes, (long long)info.ms, pv.c_str(), info.source);
    return 0;
}

// The referee of one 15x15 game under `rule` for a match manager (gomocup_match.py): reads
// one move a line as "X,Y" (column,row, Gomocup order) and answers, flushed, "none" (game on),
// "black" / "white" (that colour won; "white forbidden" when black played a renju forbidden
// move), "draw" (full board) or "refused REASON". One implementation of the rules for the
// engine, the UI and the measurements.
int cmd_referee(int argc, char** argv) {
    Rule rule = Rule::FREESTYLE;
    if (!rule_arg(argc, argv, 2, rule)) return 2;
    Board b(15, rule);
    Outcome out;
    std::string line;
    while (std::getline(std::cin, line)) {
        int x = -1, y = -1;
        char comma = 0;
        std::istringstream ss(line);
        if (!(ss >> x >> comma >> y) || comma != ',') {
            std::printf("refused malformed move\n");
        } else if (const std::string err = play_checked(b, y, x, out); !err.empty()) {
            std::printf("refused %s\n", err.c_str());
        } else {
            std::printf("%s%s\n", result_name(out.result), out.forbidden ? " forbidden" : "");
        }
        std::fflush(stdout);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && !std::strcmp(argv[1], "bench")) return cmd_bench(argc, argv);
    if (argc >= 3 && !std::strcmp(argv[1], "vcf")) return cmd_vcf(argc, argv);
    if (argc >= 3 && !std::strcmp(argv[1], "vcf-suite")) return cmd_vcf_suite(argv[2]);
    if (argc >= 3 && !std::strcmp(argv[1], "search")) return cmd_search(argc, argv);
    if (argc >= 4 && !std::strcmp(argv[1], "match")) return cmd_match(argc, argv);
    if (argc >= 3 && !std::strcmp(argv[1], "stats")) return cmd_stats(argc, argv);
    if (argc >= 3 && !std::strcmp(argv[1], "selfplay")) return cmd_selfplay(argc, argv);
    if (argc >= 3 && !std::strcmp(argv[1], "tune")) return cmd_tune(argc, argv);
    if (argc >= 3 && !std::strcmp(argv[1], "tune-combos")) return cmd_tune_combos(argc, argv);
    if (argc >= 3 && !std::strcmp(argv[1], "referee")) return cmd_referee(argc, argv);
    return usage();
}
