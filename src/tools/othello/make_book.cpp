// make_book.cpp — `othello make-book`: MASTER's opening book from the engine's own analysis
// (book.h describes the file). Nothing is downloaded or copied.
//
//   othello make-book OUT.bin [plies=N] [depth=D] [margin=M] [full=F]
//
// From the start position, breadth-first through ply N (default 11): every position reached
// is stored with the value of its best moves, a move's value being the MASTER search's of the
// position it leads to, to a fixed depth D - 1 (default D = 14) with fresh hash tables, so a
// value is a pure function of that position. The moves within M EVAL_UNITs (default 100, one
// disc) of the best are stored and followed to the next ply; before ply F (default 4) every
// move is followed, so MASTER has a book answer to any of the first moves. Positions are canonical
// under the board's symmetries (symmetry.h) and handled in sorted order: the same arguments
// and weights give the same file, byte for byte.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "games/othello/book.h"
#include "games/othello/patterns.h"
#include "games/othello/search.h"
#include "games/othello/symmetry.h"
#include "tools/othello/options.h"
#include "tools/othello/sha256.h"

using namespace othello;

namespace {

using Key = std::pair<Bitboard, Bitboard>; // canonical (P, O), P to move

// The canonical key of the position after P plays sq.
Key child_key(Bitboard P, Bitboard O, Square sq) {
    const Bitboard f = flip(sq, P, O);
    const CanonicalBoard c = canonical_board(O ^ f, P ^ f ^ square_bb(sq));
    return {c.P, c.O};
}

// The fixed-depth values of canonical positions, each searched once with cleared tables.
class Valuer {
  public:
    explicit Valuer(int depth) : depth_(depth), searcher_(HASH_LOG2) {}

    // The value of key for its side to move (EVAL_UNITs).
    int value(const Key& key) {
        const auto it = memo_.find(key);
        if (it != memo_.end()) return it->second;
        searcher_.clear();
        SearchLimits limits;
        limits.depth = depth_;
        const SearchResult r = searcher_.search(Position(key.first, key.second, BLACK), limits);
        nodes_ += r.nodes;
        ++searches_;
        memo_.emplace(key, r.eval);
        return r.eval;
    }
    uint64_t nodes() const { return nodes_; }
    uint64_t searches() const { return searches_; }

  private:
    static constexpr int HASH_LOG2 = 17; // ample for one search of the book's depths
    int depth_;
    Searcher searcher_;
    std::map<Key, int> memo_;
    uint64_t nodes_ = 0;
    uint64_t searches_ = 0;
};

// An integer option in [lo, hi]; exits with the usage line when it is not.
int int_option(int argc, char** argv, const char* key, int fallback, int lo, int hi) {
    const char* text = tool::option(argc, argv, key, nullptr);
    if (!text) return fallback;
    char* end = nullptr;
    const long v = std::strtol(text, &end, 10);
    if (*end || v < lo || v > hi) {
        std::fprintf(stderr, "othello make-book: %s=%s is not in %d..%d\n", key, text, lo, hi);
        std::exit(2);
    }
    return int(v);
}

} // namespace

// Builds the book ply by ply and writes it; `weights` is the pattern weights file in use
// (its SHA-256 goes into the header).
int make_book(int argc, char** argv, std::span<const unsigned char> weights) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: othello make-book OUT.bin [plies=N] [depth=D] [margin=M] "
                             "[full=F]\n");
        return 2;
    }
    BookInfo info;
    info.plies = int_option(argc, argv, "plies", 11, 1, 30);
    info.depth = int_option(argc, argv, "depth", 14, 2, 30);
    info.margin = int_option(argc, argv, "margin", 100, 0, 6400);
    info.full = int_option(argc, argv, "full", 4, 0, 30);
    const std::string weights_sha =
        tool::sha256_hex(std::vector<unsigned char>(weights.begin(), weights.end()));
    for (int i = 0; i < 8; ++i)
        info.weights[i] = uint8_t(std::stoi(weights_sha.substr(2 * i, 2), nullptr, 16));

    const auto start = std::chrono::steady_clock::now();
    Valuer valuer(info.depth - 1);
    std::vector<BookPosition> book;
    const Position s = Position::start();
    const CanonicalBoard root = canonical_board(s.player(), s.opponent());
    std::set<Key> frontier = {{root.P, root.O}};
    for (int ply = 0; ply <= info.plies && !frontier.empty(); ++ply) {
        std::set<Key> next;
        for (const auto& [P, O] : frontier) {
            std::vector<BookMove> moves;
            for (Bitboard m = get_moves(P, O); m;) {
                const Square sq = pop_lsb(m);
                moves.push_back({Move(sq), -valuer.value(child_key(P, O, sq))});
            }
            if (moves.empty()) continue; // a pass: not a book position
            std::stable_sort(moves.begin(), moves.end(), [](const BookMove& a, const BookMove& b) {
                return a.value > b.value;
            });
            const int best = moves[0].value;
            BookPosition entry{P, O, {}};
            for (const BookMove& m : moves) {
                const bool near = m.value >= best - info.margin;
                if (near && int(entry.moves.size()) < BOOK_MOVES_MAX) entry.moves.push_back(m);
                if (ply < info.plies && (near || ply < info.full))
                    next.insert(child_key(P, O, to_sq(m.move)));
            }
            book.push_back(std::move(entry));
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr,
                     "ply %2d: %6zu positions (%zu in all), %llu searches, %llu nodes, %.0f s\n",
                     ply, frontier.size(), book.size(), (unsigned long long)valuer.searches(),
                     (unsigned long long)valuer.nodes(), seconds);
        frontier = std::move(next);
    }
    std::sort(book.begin(), book.end(), [](const BookPosition& a, const BookPosition& b) {
        return a.P < b.P || (a.P == b.P && a.O < b.O);
    });
    const std::vector<unsigned char> bytes = serialize_book(info, book);
    Book check;
    std::string error;
    if (!check.parse(bytes.data(), bytes.size(), error)) {
        std::fprintf(stderr, "othello make-book: the book does not read back: %s\n", error.c_str());
        return 1;
    }
    if (!patterns::write_weights_file(bytes, argv[2])) {
        std::fprintf(stderr, "othello make-book: cannot write %s\n", argv[2]);
        return 1;
    }
    const std::string sha = tool::sha256_hex(bytes);
    std::printf("%s: %zu positions, %zu bytes, SHA-256 %s\ncommit it as "
                "src/games/othello/data/book-%s.bin\n",
                argv[2], book.size(), bytes.size(), sha.c_str(), sha.substr(0, 12).c_str());
    return 0;
}
