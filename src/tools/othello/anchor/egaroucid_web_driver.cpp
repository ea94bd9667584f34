// egaroucid_web_driver.cpp — puts the search engine of Egaroucid for Web (its compiled-in
// evaluation, one thread, no book) behind the `othello search` line of the service protocol,
// so that the match referee (src/tools/othello/anchor_match.py) plays it like `othello serve`.
//
// This file is the project's own code. It is not part of the CMake build: it is compiled
// against an Egaroucid source tree kept outside the repository (nothing of it is committed) by
//   scripts/build-othello-anchor EGAROUCID_DIR OUT
// which runs  g++ -std=c++20 -O2 -march=native -DNO_BOOK -I EGAROUCID_DIR/src THIS -o OUT.
//
// Protocol: one line in, one JSON line out, `quit` or end of input ends.
//   othello search <64-char board a1..h8, X/O/-> <X|O> time=<ms>
//   othello search <board> <side> depth=<plies> [exact=<empties>]
//     → {"move":"f5","eval":<discs>,"depth":d,"exact":bool,"nodes":n,"ms":t}  ("pass" if forced)
//   anything else → {"error":"…"}
//
// depth= (no clock, for equal-depth matches: `anchor_match.py --depth`): full-width midgame
// iterations 1 … plies without ProbCut, or, from `exact` empties down (default 20), the exact
// solve alone: the search as MASTER's with `depth=… probcut=off exact=…`, each with its own
// evaluation.
//
// Time per move (the driver's own, the same rule as MASTER's Searcher): iterative deepening,
// no new iteration once a third of the budget is spent, the running one stopped at the budget
// (Egaroucid's own stop flag, set by a timer thread) and its result dropped. Midgame
// iterations use Multi-ProbCut at Egaroucid for Web's midgame setting (t = 0.88); from
// depth empties − 10 on, endgame iterations follow, with ProbCut at t = 0.88, 1.64, 2.05,
// 2.33, then exact (the ladder of Egaroucid's levels).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

// Egaroucid for Web's search (not its ai.hpp front, written for 32-bit wasm): the midgame and
// endgame searches, the level constants (MPC_*), square names.
#include "web/level.hpp"
#include "web/midsearch.hpp"
#include "web/util.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// Engine tables and evaluation, once.
void init_engine() {
    board_init();
    mobility_init();
    stability_init();
    parent_transpose_table.first_init();
    child_transpose_table.first_init();
    evaluate_init();
}

// Board string (a1..h8 row by row, X black, O white, -) and side → Egaroucid's Board (bit
// 63 − square, player to move first). False on a malformed string.
bool read_board(const std::string& cells, const std::string& side, Board& b) {
    if (cells.size() != 64 || (side != "X" && side != "O")) return false;
    uint64_t black = 0, white = 0;
    for (int s = 0; s < 64; ++s) {
        const uint64_t bit = 1ULL << (63 - s);
        if (cells[s] == 'X' || cells[s] == 'x' || cells[s] == '*')
            black |= bit;
        else if (cells[s] == 'O' || cells[s] == 'o')
            white |= bit;
        else if (cells[s] != '-' && cells[s] != '.')
            return false;
    }
    b.player = side == "X" ? black : white;
    b.opponent = side == "X" ? white : black;
    return true;
}

// Stops the engine (global_searching = false) at a deadline unless cancelled first.
class Timer {
  public:
    explicit Timer(Clock::time_point deadline)
        : thread_([this, deadline] {
              std::unique_lock<std::mutex> lock(mutex_);
              if (!cv_.wait_until(lock, deadline, [this] { return done_; }))
                  global_searching = false;
          }) {}
    ~Timer() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            done_ = true;
        }
        cv_.notify_one();
        thread_.join();
    }

  private:
    std::mutex mutex_;
    std::condition_variable cv_;
    bool done_ = false;
    std::thread thread_;
};

struct Answer {
    int policy = -1; // Egaroucid cell index (63 − square), −1 = pass
    int value = 0;
    int depth = 0;
    bool exact = false;
    uint64_t nodes = 0;
};

// One search of `board` (which has a legal move) under a budget of `ms` milliseconds, or, with
// `depth` > 0, to that depth with no clock (see the protocol above).
Answer think(Board board, int ms, int depth = 0, int exact_empties = 20) {
    const auto start = Clock::now();
    const auto budget = std::chrono::milliseconds(ms);
    const int empties = HW2 - board.n_discs();
    Answer a;
    uint64_t legal = board.get_legal();
    a.policy = first_bit(&legal); // a legal move even if no iteration ends in time
    global_searching = true;
    Timer timer(start + (depth > 0 ? std::chrono::milliseconds(std::chrono::hours(24)) : budget));
    struct Step {
        int depth;
        bool end;
        bool mpc;
        double t;
    };
    std::vector<Step> steps;
    const int last_mid = std::max(1, std::min(empties - 1, empties - 10));
    if (depth > 0 && empties <= exact_empties) {
        steps.push_back({empties, true, false, NOMPC});
    } else if (depth > 0) {
        for (int d = 1; d <= std::min(depth, empties - 1); ++d)
            steps.push_back({d, false, false, NOMPC});
    } else {
        for (int d = 1; d <= last_mid; ++d) steps.push_back({d, false, true, MPC_81});
        for (double t : {MPC_81, MPC_95, MPC_98, MPC_99}) steps.push_back({empties, true, true, t});
        steps.push_back({empties, true, false, NOMPC});
    }
    int best = TRANSPOSE_TABLE_UNDEFINED;
    uint64_t nodes = 0;
    for (const Step& step : steps) {
        Search search;
        Board copy = board;
        search.init_board(&copy);
        search.n_nodes = 0;
        search.use_mpc = step.mpc;
        search.mpct = step.t;
        search.use_multi_thread = false;
        search.first_depth = step.depth;
        calc_features(&search);
        const std::pair<int, int> r = first_nega_scout(&search, -SCORE_MAX, SCORE_MAX, step.depth,
                                                       false, step.end, false, best);
        nodes += search.n_nodes;
        if (!global_searching) break; // stopped at the budget: this iteration does not count
        best = r.second;
        a.policy = r.second;
        a.value = r.first;
        a.depth = step.depth;
        a.exact = step.end && !step.mpc;
        if (depth == 0 && Clock::now() - start > budget / 3) break;
    }
    a.nodes = nodes;
    global_searching = true;
    return a;
}

// Minimal JSON string escaping for error messages.
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if ((unsigned char)c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
            continue;
        }
        out += c;
    }
    return out + "\"";
}

// One request line → one JSON reply.
std::string answer(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> words;
    int ms = 1000, depth = 0, exact = 20;
    for (std::string w; in >> w;) {
        // A number after `key=` within [lo, hi], or false.
        const auto number = [&](const char* key, int lo, int hi, int& out) {
            const std::string k = std::string(key) + "=";
            if (w.rfind(k, 0) != 0) return true;
            try {
                size_t used = 0;
                out = std::stoi(w.substr(k.size()), &used);
                return used == w.size() - k.size() && out >= lo && out <= hi;
            } catch (...) {
                return false;
            }
        };
        if (!number("time", 1, 3600000, ms))
            return "{\"error\":" + quoted("time: '" + w.substr(5) + "' is not milliseconds") + "}";
        if (!number("depth", 1, 60, depth))
            return "{\"error\":" + quoted("depth: '" + w.substr(6) + "' is not 1..60") + "}";
        if (!number("exact", 0, 60, exact))
            return "{\"error\":" + quoted("exact: '" + w.substr(6) + "' is not 0..60") + "}";
        if (w.find('=') == std::string::npos) words.push_back(w);
    }
    if (words.size() != 4 || words[0] != "othello" || words[1] != "search")
        return "{\"error\":" + quoted("expected: othello search <board> <side> time=<ms>") + "}";
    Board board;
    if (!read_board(words[2], words[3], board))
        return "{\"error\":" + quoted("bad board or side") + "}";
    const auto start = Clock::now();
    std::ostringstream out;
    if (board.get_legal() == 0) {
        Board passed = board;
        passed.pass();
        if (passed.get_legal() == 0) return "{\"error\":\"the game is over\"}";
        out << "{\"move\":\"pass\",\"eval\":0,\"depth\":0,\"exact\":false,\"nodes\":0,\"ms\":0}";
        return out.str();
    }
    const Answer a = think(board, std::max(1, ms), depth, exact);
    const long t =
        long(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count());
    out << "{\"move\":\"" << idx_to_coord(a.policy) << "\",\"eval\":" << a.value
        << ",\"depth\":" << a.depth << ",\"exact\":" << (a.exact ? "true" : "false")
        << ",\"nodes\":" << a.nodes << ",\"ms\":" << t << "}";
    return out.str();
}

} // namespace

// Serves request lines until `quit` or end of input.
int main() {
    std::cerr.setstate(std::ios::failbit); // the engine's own logging stays quiet
    init_engine();
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line == "quit") break;
        std::cout << answer(line) << std::endl;
    }
    return 0;
}
