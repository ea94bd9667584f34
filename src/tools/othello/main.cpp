// othello — native command-line front of the Othello engine.
//
//   othello perft DEPTH [BOARD SIDE]   leaves of the game tree (pass = 1 ply), with leaves/s
//   othello solve FILE.obf [FIRST [LAST]] [hash=N]
//                                      exact solve of every OBF line (or lines FIRST..LAST),
//                                      with tables of 2^N entries (21; the engine module's 19)
//   othello bench [-v]                 fixed deterministic workload: node count and nodes/s
//   othello nboard                     the NBoard protocol on stdin/stdout
//   othello serve                      the engine module's service protocol on stdin/stdout
//   othello selfplay / train-eval      MASTER's pattern weights from self-play (train.cpp)
//   othello train-linear OUT.h [N [SEED]] the classic evaluation's weights (train_linear.cpp)
//   othello match PAIRS [limits]       pattern vs classic evaluation, both colours (match.cpp)
//   othello mpc-calibrate DATA.bin ... Multi-ProbCut's error model (mpc_calibrate.cpp)
//   othello pack-games / unpack-games  self-play records in a committable form (games_file.cpp)
//   othello make-book OUT.bin [...]   MASTER's opening book from its own search (make_book.cpp)
//   othello weights=FILE.bin COMMAND … any command with those pattern weights instead of the
//                                      compiled-in ones (trial weights, without a rebuild)
//   othello book=FILE.bin|none COMMAND … any command with that opening book, or none, instead
//                                      of the compiled-in one
//
// Index
//   helpers ............ usage(), to_int()
//   perft and solve .... cmd_perft(), cmd_solve(): leaf counts, exact solves of an OBF file
//   bench .............. cmd_bench(): the fixed workload
//   protocols .......... cmd_nboard(), serve_one(), cmd_serve(): NBoard, the service protocol
//   main ............... read_file(), load_weights_file(), load_book_file(), main():
//                        weights=FILE and book=FILE, then dispatch on the command word (and
//                        weights-file, book-file)
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "games/othello/bench.h"
#include "games/othello/book.h"
#include "games/othello/nboard.h"
#include "games/othello/notation.h"
#include "games/othello/patterns.h"
#include "games/othello/perft.h"
#include "games/othello/search.h"
#if MINIARENA_HAS_SERVICE
#include "games/service/service.h"
#else
#include "games/common/json_out.h"
#include "games/common/request.h"
#include "games/othello/service.h"
#endif

using namespace othello;

int train_eval(int argc, char** argv);
int train_linear(int argc, char** argv);
int selfplay(int argc, char** argv);
int match(int argc, char** argv);
int mpc_calibrate(int argc, char** argv);
int relabel(int argc, char** argv);
int pack_games(int argc, char** argv);
int unpack_games(int argc, char** argv);
int make_book(int argc, char** argv, std::span<const unsigned char> weights);

namespace {

using Clock = std::chrono::steady_clock;

// --- helpers ---------------------------------------------------------------------------------

// Prints the commands; exit status 2.
int usage() {
    std::fprintf(
        stderr,
        "usage: othello perft DEPTH [BOARD SIDE]\n"
        "       othello solve FILE.obf [FIRST [LAST]] [hash=N]\n"
        "       othello bench [-v]\n"
        "       othello nboard\n"
        "       othello serve\n"
        "       othello selfplay OUT.bin GAMES [SEED [DEPTH [EXACT [EVAL [MIN [MAX [DEVIATE]]]]]]]\n"
        "       othello train-eval OUT.bin DATA.bin... [iters=N] [lambda=X] [min=K] [holdout=M]\n"
        "       othello train-linear OUT.h [POSITIONS [SEED]]\n"
        "       othello match PAIRS [depth=D] [nodes=N] [exact=E] [plies=K] [seed=S]\n"
        "       othello mpc-calibrate DATA.bin [POSITIONS [SEED [MAXDEPTH]]]\n"
        "       othello relabel IN.bin OUT.bin DEPTH [EXACT [FIRST_GAME [END_GAME]]]\n"
        "       othello pack-games IN.bin OUT.games\n"
        "       othello unpack-games IN.games OUT.bin\n"
        "       othello make-book OUT.bin [plies=N] [depth=D] [margin=M] [full=F]\n"
        "       othello weights-file OUT.bin\n"
        "       othello book-file OUT.bin\n"
        "  any command can follow weights=FILE.bin (those pattern weights instead of the\n"
        "  compiled-in ones) and book=FILE.bin or book=none (that opening book, or none)\n");
    return 2;
}

// Whole-string integer parse.
bool to_int(const char* s, int& v) {
    try {
        size_t used = 0;
        v = std::stoi(s, &used);
        return s[used] == 0;
    } catch (...) {
        return false;
    }
}

// --- perft and solve -------------------------------------------------------------------------

// othello perft DEPTH [BOARD SIDE].
int cmd_perft(int argc, char** argv) {
    int depth = 0;
    if (argc < 3 || !to_int(argv[2], depth) || depth < 0 || depth > 20) {
        std::fprintf(stderr, "perft: DEPTH must be a number in 0..20\n");
        return 2;
    }
    Position pos = Position::start();
    if (argc >= 5) {
        std::string error;
        if (!parse_board(argv[3], argv[4], pos, error)) {
            std::fprintf(stderr, "perft: %s\n", error.c_str());
            return 2;
        }
    } else if (argc == 4) {
        std::fprintf(stderr, "perft: the side to move (X or O) must follow the board\n");
        return 2;
    }
    const auto start = Clock::now();
    const uint64_t leaves = perft(pos, depth);
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("perft %d: %llu leaves in %.3f s (%.1f M leaves/s)\n", depth,
                (unsigned long long)leaves, s, s > 0 ? double(leaves) / s / 1e6 : 0.0);
    return 0;
}

// othello solve FILE.obf [FIRST [LAST]] [hash=N]: exact solves, per line and in total.
int cmd_solve(int argc, char** argv) {
    // hash=N, last if given: 2^N entries per table (32 bytes each, two tables).
    int hash_log2 = 21;
    if (argc > 3 && std::string(argv[argc - 1]).rfind("hash=", 0) == 0) {
        if (!to_int(argv[argc - 1] + 5, hash_log2) || hash_log2 < 10 || hash_log2 > 26) {
            std::fprintf(stderr, "solve: hash=N wants N in 10..26 (2^N entries per table)\n");
            return 2;
        }
        --argc;
    }
    if (argc < 3) return usage();
    if (argc > 5) {
        std::fprintf(stderr, "solve: unexpected '%s' (FILE.obf [FIRST [LAST]] [hash=N])\n",
                     argv[5]);
        return 2;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(argv[2], ec)) {
        std::fprintf(stderr, "solve: %s is a directory, not an OBF file\n", argv[2]);
        return 2;
    }
    std::ifstream in(argv[2]);
    if (!in) {
        std::fprintf(stderr, "solve: cannot open %s\n", argv[2]);
        return 2;
    }
    int first = 1, last = 1 << 30;
    if ((argc > 3 && !to_int(argv[3], first)) || (argc > 4 && !to_int(argv[4], last)) ||
        first < 1 || last < first) {
        std::fprintf(stderr, "solve: FIRST and LAST are line numbers, 1 <= FIRST <= LAST\n");
        return 2;
    }
    // The searcher runs a short midgame search first (first move and value guess), then the
    // exact solver.
    Searcher searcher(hash_log2);
    std::string line;
    int number = 0, solved = 0, differ = 0, errors = 0;
    uint64_t total_nodes = 0;
    double total_seconds = 0;
    while (std::getline(in, line)) {
        ++number;
        if (number < first || number > last) continue;
        ObfLine obf;
        std::string error;
        if (!parse_obf_line(line, obf, error)) {
            std::printf("line %d: error: %s\n", number, error.c_str());
            std::fflush(stdout);
            ++errors;
            continue;
        }
        if (obf.is_comment) continue;
        // Timed from the tables' clearing, as the engine module's solve is.
        const auto start = Clock::now();
        searcher.clear();
        SearchLimits limits;
        limits.exact_empties = 64;
        const SearchResult sr = searcher.search(obf.pos, limits);
        const double s = std::chrono::duration<double>(Clock::now() - start).count();
        struct {
            int score;
            Move best;
            uint64_t nodes;
        } r{sr.eval / EVAL_UNIT, sr.best, sr.nodes};
        ++solved;
        total_nodes += r.nodes;
        total_seconds += s;
        std::string verdict;
        if (obf.best_score) {
            bool ok = *obf.best_score == r.score;
            for (const auto& [m, v] : obf.move_scores)
                if (m == r.best && v != r.score) ok = false;
            verdict = ok ? "ok" : "DIFFERS (file: " + std::to_string(*obf.best_score) + ")";
            differ += !ok;
        }
        std::printf("line %d: %-2s %+3d  %12llu nodes  %8.3f s  %s\n", number,
                    move_name(r.best).c_str(), r.score, (unsigned long long)r.nodes, s,
                    verdict.c_str());
        std::fflush(stdout);
    }
    std::printf("total: %d solved, %.3f s, %llu nodes, %.1f M nodes/s, %d disagree with the file, "
                "%d malformed\n",
                solved, total_seconds, (unsigned long long)total_nodes,
                total_seconds > 0 ? double(total_nodes) / total_seconds / 1e6 : 0.0, differ,
                errors);
    return differ || errors ? 1 : 0;
}

// --- bench -----------------------------------------------------------------------------------

// othello bench [-v].
int cmd_bench(int argc, char** argv) {
    const bool verbose = argc > 2 && std::string(argv[2]) == "-v";
    const BenchResult r = run_bench(verbose ? &std::cout : nullptr);
    std::printf("bench: %llu nodes in %.3f s (%llu nodes/s)\n", (unsigned long long)r.nodes,
                r.seconds, (unsigned long long)r.nps());
    return 0;
}

// --- protocols -------------------------------------------------------------------------------

// othello nboard: one protocol line per input line until quit or EOF. A second thread reads
// the input, so that a `ping` or `quit` arriving while the engine thinks stops the search at
// once, as the protocol asks ("stop thinking and respond"); the answer then comes from what was
// searched. Other commands wait their turn.
int cmd_nboard() {
    NBoardSession session(std::cout);
    std::atomic<bool> stop{false};
    session.set_stop(&stop);
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<std::string> lines;
    int interrupts = 0; // pings and quits waiting in `lines`
    bool eof = false;
    auto interrupting = [](const std::string& l) {
        const size_t b = l.find_first_not_of(" \t");
        return b != std::string::npos &&
               (l.compare(b, 4, "ping") == 0 || l.compare(b, 4, "quit") == 0);
    };
    std::thread reader([&] {
        std::string line;
        while (std::getline(std::cin, line)) {
            std::lock_guard<std::mutex> lock(mutex);
            if (interrupting(line)) {
                ++interrupts;
                stop = true;
            }
            lines.push_back(std::move(line));
            ready.notify_one();
        }
        std::lock_guard<std::mutex> lock(mutex);
        eof = true;
        ready.notify_one();
    });
    reader.detach(); // it may sit in a read after `quit`; the process ends anyway
    for (;;) {
        std::string line;
        {
            std::unique_lock<std::mutex> lock(mutex);
            ready.wait(lock, [&] { return !lines.empty() || eof; });
            if (lines.empty()) break;
            line = std::move(lines.front());
            lines.pop_front();
            if (interrupting(line)) --interrupts;
            stop = interrupts > 0; // a search started now stops at once only if one is queued
        }
        if (!session.handle(line)) break;
    }
    std::cout.flush();
    return 0;
}

// One request line, one JSON reply: the engine module's dispatcher (games::serve_line) when
// this configuration builds it, else the Othello service alone (the same replies).
std::string serve_one(const std::string& line) {
#if MINIARENA_HAS_SERVICE
    return games::serve_line(line);
#else
    games::Request all = games::parse_request(line);
    if (all.verb != "othello") return games::json_error("unknown game \"" + all.verb + "\"");
    games::Request req;
    req.options = std::move(all.options);
    if (!all.positional.empty()) {
        req.verb = all.positional.front();
        req.positional.assign(all.positional.begin() + 1, all.positional.end());
    }
    return othello::serve(req);
#endif
}

// othello serve: the service protocol of src/games/README.md on stdin/stdout, so a match
// manager can drive the engine natively. One request line in ("othello search <board> <side>
// level=master time=1000"), one JSON line out, flushed; `quit` or end of input ends. Every
// other line, empty or malformed, gets a reply (an {"error": …} line), so the two sides never
// lose step. A CR before the newline is ignored.
int cmd_serve() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const size_t b = line.find_first_not_of(" \t");
        const size_t e = line.find_last_not_of(" \t");
        if (b != std::string::npos && line.compare(b, e + 1 - b, "quit") == 0) break;
        std::cout << serve_one(line) << '\n' << std::flush;
    }
    return 0;
}

} // namespace

// --- main ------------------------------------------------------------------------------------

// The bytes of the file at `path`; false when it cannot be read.
bool read_file(const char* path, std::vector<unsigned char>& bytes) {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return in.good() || in.eof();
}

// The weights file given by weights=FILE (empty: the compiled-in one is in use).
std::vector<unsigned char>& weights_file_given() {
    static std::vector<unsigned char> bytes;
    return bytes;
}

// Replaces the compiled-in pattern weights by a weights file's (`othello weights=FILE …`):
// trial weights in matches and self-play without a rebuild. False, with the reason on stderr,
// when the file cannot be read or is not a weights file of this pattern layout.
bool load_weights_file(const char* path) {
    std::vector<unsigned char>& bytes = weights_file_given();
    if (!read_file(path, bytes)) {
        std::fprintf(stderr, "othello: cannot read weights file %s\n", path);
        return false;
    }
    if (bytes.empty() || !patterns::load_weights(bytes.data(), bytes.size())) {
        std::fprintf(stderr, "othello: %s is not a weights file of this pattern layout\n", path);
        return false;
    }
    return true;
}

// Replaces the compiled-in opening book by a book file's (`othello book=FILE …`), or plays
// without one (`book=none`: searches from the first move, as in matches between evaluations).
// False, with the reason on stderr, when the file cannot be read or does not parse.
bool load_book_file(const char* path) {
    if (std::strcmp(path, "none") == 0) {
        unload_book();
        return true;
    }
    std::vector<unsigned char> bytes;
    std::string error;
    if (!read_file(path, bytes)) {
        std::fprintf(stderr, "othello: cannot read book file %s\n", path);
        return false;
    }
    if (!load_book(bytes.data(), bytes.size(), error)) {
        std::fprintf(stderr, "othello: %s: %s\n", path, error.c_str());
        return false;
    }
    return true;
}

// Dispatches on the command word, after optional weights=FILE and book=FILE (either order).
int main(int argc, char** argv) {
    while (argc >= 2) {
        if (std::strncmp(argv[1], "weights=", 8) == 0) {
            if (!load_weights_file(argv[1] + 8)) return 2;
        } else if (std::strncmp(argv[1], "book=", 5) == 0) {
            if (!load_book_file(argv[1] + 5)) return 2;
        } else {
            break;
        }
        --argc, ++argv; // the sub-commands read argv[1] onwards
    }
    if (argc < 2) return usage();
    const std::string command = argv[1];
    if (command == "perft") return cmd_perft(argc, argv);
    if (command == "solve") return cmd_solve(argc, argv);
    if (command == "bench") return cmd_bench(argc, argv);
    if (command == "nboard") return cmd_nboard();
    if (command == "serve") return cmd_serve();
    if (command == "train-eval") return train_eval(argc, argv);
    if (command == "train-linear") return train_linear(argc, argv);
    if (command == "selfplay") return selfplay(argc, argv);
    if (command == "match") return match(argc, argv);
    if (command == "mpc-calibrate") return mpc_calibrate(argc, argv);
    if (command == "relabel") return relabel(argc, argv);
    if (command == "pack-games") return pack_games(argc, argv);
    if (command == "unpack-games") return unpack_games(argc, argv);
    if (command == "make-book") {
        const std::vector<unsigned char>& given = weights_file_given();
        return make_book(argc, argv,
                         given.empty() ? patterns::embedded_weights()
                                       : std::span<const unsigned char>(given));
    }
    if (command == "weights-file" && argc == 3) {
        // The compiled-in weights file (src/games/othello/data/weights-*.bin, the bytes the web
        // build ships as othello-weights.bin).
        const std::span<const unsigned char> bytes = patterns::embedded_weights();
        if (!patterns::write_weights_file(bytes, argv[2])) {
            std::fprintf(stderr, "othello: cannot write %s\n", argv[2]);
            return 1;
        }
        std::printf("%s: %zu bytes\n", argv[2], bytes.size());
        return 0;
    }
    if (command == "book-file" && argc == 3) {
        // The compiled-in opening book (src/games/othello/data/book-*.bin, the bytes the web
        // build ships as othello-book.bin).
        const std::span<const unsigned char> bytes = embedded_book();
        if (!patterns::write_weights_file(bytes, argv[2])) {
            std::fprintf(stderr, "othello: cannot write %s\n", argv[2]);
            return 1;
        }
        std::printf("%s: %zu bytes\n", argv[2], bytes.size());
        return 0;
    }
    return usage();
}
