// The opening book: the board's symmetries, the compiled-in book under all of them, a parser
// that refuses every malformed file with a reason, and MASTER's book moves.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "games/common/rng.h"
#include "games/othello/book.h"
#include "games/othello/levels.h"
#include "games/othello/service.h"
#include "games/othello/symmetry.h"

using namespace othello;

namespace {

// The squares of a list of book moves, as a bitboard.
Bitboard squares_of(const BookMove* moves, int n) {
    Bitboard b = 0;
    for (int i = 0; i < n; ++i) b |= square_bb(to_sq(moves[i].move));
    return b;
}

// The compiled-in book, parsed on its own (not the one in use, which tests swap).
const Book& compiled_book() {
    static const Book book = [] {
        Book b;
        std::string error;
        const auto bytes = embedded_book();
        REQUIRE_MESSAGE(b.parse(bytes.data(), bytes.size(), error), error);
        return b;
    }();
    return book;
}

// Puts the compiled-in book back in use (tests that swap it call this at the end).
void restore_book() {
    std::string error;
    const auto bytes = embedded_book();
    REQUIRE(load_book(bytes.data(), bytes.size(), error));
}

// Replaces the trailing FNV-1a check of a book file by the right one for its bytes.
void fix_checksum(std::vector<unsigned char>& bytes) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i + 4 < bytes.size(); ++i) h = (h ^ bytes[i]) * 16777619u;
    for (int i = 0; i < 4; ++i) bytes[bytes.size() - 4 + i] = (unsigned char)(h >> (8 * i));
}

// The canonical form of the position after f5 (white to move), and its moves in that frame.
BookPosition after_f5_canonical() {
    Position pos = Position::start();
    pos.do_move(Move(SQ_F5));
    const CanonicalBoard c = canonical_board(pos.player(), pos.opponent());
    return {c.P, c.O, {}};
}

} // namespace

TEST_CASE("symmetry: squares and bitboards agree, each symmetry undoes") {
    for (int s = 0; s < SYMMETRY_NB; ++s)
        for (int x = 0; x < 64; ++x) {
            const Square sq = Square(x), image = apply_symmetry(s, sq);
            CHECK(apply_inverse_symmetry(s, image) == sq);
            CHECK(apply_symmetry(s, square_bb(sq)) == square_bb(image));
        }
    // Symmetries map legal moves onto legal moves.
    Position pos = Position::start();
    for (Move m : {Move(SQ_F5), Move(SQ_D6), Move(SQ_C3)}) pos.do_move(m);
    const Bitboard P = pos.player(), O = pos.opponent();
    for (int s = 0; s < SYMMETRY_NB; ++s) {
        Bitboard mapped = 0;
        for (Bitboard m = get_moves(P, O); m;) mapped |= square_bb(apply_symmetry(s, pop_lsb(m)));
        CHECK(get_moves(apply_symmetry(s, P), apply_symmetry(s, O)) == mapped);
        const CanonicalBoard c = canonical_board(apply_symmetry(s, P), apply_symmetry(s, O));
        CHECK(c.P == canonical_board(P, O).P);
        CHECK(c.O == canonical_board(P, O).O);
    }
}

TEST_CASE("book: every position is found under all 8 symmetries, its moves mapped back legal") {
    const Book& book = compiled_book();
    REQUIRE(book.size() > 100);
    CHECK(book.info().plies >= 8);
    BookMove moves[BOOK_MOVES_MAX];
    for (size_t i = 0; i < book.size(); ++i) {
        const BookPosition p = book.position(i);
        const int n = int(p.moves.size());
        for (int s = 0; s < SYMMETRY_NB; ++s) {
            const Bitboard P = apply_symmetry(s, p.P), O = apply_symmetry(s, p.O);
            REQUIRE(book.probe(P, O, moves) == n);
            CHECK((squares_of(moves, n) & ~get_moves(P, O)) == 0);
            Bitboard want = 0;
            for (const BookMove& m : p.moves) want |= square_bb(apply_symmetry(s, to_sq(m.move)));
            CHECK(squares_of(moves, n) == want);
            for (int k = 0; k < n; ++k) CHECK(moves[k].value == p.moves[k].value);
        }
    }
    // Not in the book: a position far from the opening.
    CHECK(book.probe(0xFFFF, 0xFF0000, moves) == 0);
}

TEST_CASE("book: the file round-trips through serialize_book") {
    const Book& book = compiled_book();
    std::vector<BookPosition> all;
    for (size_t i = 0; i < book.size(); ++i) all.push_back(book.position(i));
    const auto bytes = embedded_book();
    CHECK(serialize_book(book.info(), all) ==
          std::vector<unsigned char>(bytes.begin(), bytes.end()));
}

TEST_CASE("book: a truncated or corrupt file is refused with the reason") {
    const auto embedded = embedded_book();
    const std::vector<unsigned char> good(embedded.begin(), embedded.end());
    // Changes to the good file: {what, edit, words of the error}.
    struct Case {
        const char* what;
        std::vector<unsigned char> bytes;
        const char* reason;
    };
    std::vector<Case> cases;
    for (size_t size : {size_t(0), size_t(3), size_t(24), size_t(27), size_t(28), size_t(100),
                        good.size() / 2, good.size() - 1})
        cases.push_back({"truncated", {good.begin(), good.begin() + long(size)}, ""});
    auto edited = [&](size_t at, unsigned char v, bool fix) {
        std::vector<unsigned char> b = good;
        b[at] = v;
        if (fix) fix_checksum(b);
        return b;
    };
    cases.push_back({"magic", edited(0, 'X', true), "no MAOB magic"});
    cases.push_back({"version", edited(4, 9, true), "version 9"});
    cases.push_back({"reserved", edited(18, 1, true), "reserved"});
    cases.push_back(
        {"a flipped bit", edited(good.size() / 2, good[good.size() / 2] ^ 4, false), "checksum"});
    cases.push_back({"count", edited(23, 0x7F, true), "cannot fit"});
    cases.push_back({"extra byte",
                     [&] {
                         std::vector<unsigned char> b = good;
                         b.insert(b.end() - 4, 0);
                         fix_checksum(b);
                         return b;
                     }(),
                     "after the last position"});
    // Well-formed files (right checksum) whose content is wrong.
    const BookPosition f5 = after_f5_canonical();
    const Move first = Move(lsb(get_moves(f5.P, f5.O)));
    const Move other = Move(lsb(get_moves(f5.P, f5.O) & (get_moves(f5.P, f5.O) - 1)));
    // An image of f5's canonical form that is not canonical itself.
    int s = 1;
    while (apply_symmetry(s, f5.P) == f5.P && apply_symmetry(s, f5.O) == f5.O) ++s;
    const Move mapped = Move(apply_symmetry(s, to_sq(first)));
    auto file = [](std::vector<BookPosition> positions) {
        return serialize_book(BookInfo{}, positions);
    };
    cases.push_back({"no positions", file({}), "0 positions"});
    cases.push_back({"no moves", file({{f5.P, f5.O, {}}}), "0 moves"});
    cases.push_back(
        {"illegal move", file({{f5.P, f5.O, {{Move(SQ_A1), 0}}}}), "not a distinct legal move"});
    cases.push_back({"repeated move", file({{f5.P, f5.O, {{first, 0}, {first, 0}}}}),
                     "not a distinct legal move"});
    cases.push_back(
        {"worst first", file({{f5.P, f5.O, {{first, -100}, {other, 100}}}}), "best first"});
    cases.push_back({"value", file({{f5.P, f5.O, {{first, 7000}}}}), "out of range"});
    cases.push_back({"not canonical",
                     file({{apply_symmetry(s, f5.P), apply_symmetry(s, f5.O), {{mapped, 0}}}}),
                     "canonical"});
    cases.push_back({"overlap", file({{f5.P | 1, f5.O | 1, {{first, 0}}}}), "both colours"});
    cases.push_back({"repeated position",
                     file({{f5.P, f5.O, {{first, 0}}}, {f5.P, f5.O, {{first, 0}}}}),
                     "out of order"});
    for (const Case& c : cases) {
        Book book;
        std::string error;
        CHECK_MESSAGE(!book.parse(c.bytes.data(), c.bytes.size(), error), c.what);
        CHECK_MESSAGE(error.find(c.reason) != std::string::npos, c.what << ": " << error);
        CHECK_MESSAGE(error.rfind("opening book: ", 0) == 0, c.what << ": " << error);
        CHECK(book.size() == 0);
    }
    // The good file parses; a refused file leaves the book in use as it was.
    std::string error;
    Book book;
    CHECK(book.parse(good.data(), good.size(), error));
    REQUIRE(current_book() != nullptr);
    const size_t in_use = current_book()->size();
    CHECK_FALSE(load_book(good.data(), good.size() - 1, error));
    REQUIRE(current_book() != nullptr);
    CHECK(current_book()->size() == in_use);
    CHECK_FALSE(load_asset("othello-book.bin", good.data(), 10));
    CHECK(load_asset("othello-book.bin", good.data(), good.size()));
}

TEST_CASE("MASTER plays its first moves from the book, without a search") {
    restore_book();
    // The start: a seeded draw among the four first moves, the same as without a book.
    const Move first_moves[4] = {Move(SQ_D3), Move(SQ_C4), Move(SQ_F5), Move(SQ_E6)};
    for (uint64_t seed = 0; seed < 8; ++seed) {
        const Choice c = choose_move(Position::start(), Level::MASTER, seed, {});
        CHECK(c.book);
        CHECK(c.nodes == 0);
        games::Rng rng(seed);
        CHECK(c.move == first_moves[rng.below(4)]);
    }
    // The reply to each first move comes from the book.
    for (Move m : first_moves) {
        Position pos = Position::start();
        pos.do_move(m);
        for (uint64_t seed = 0; seed < 16; ++seed) {
            const Choice c = choose_move(pos, Level::MASTER, seed, {});
            CHECK(c.book);
            CHECK(c.nodes == 0);
            CHECK(pos.is_legal(c.move));
        }
    }
    // Different seeds vary MASTER's book games: from f5, MASTER against itself for eight plies,
    // every move from the book, gives more than one line over 16 seeds (where the book keeps
    // moves within half a disc of the best).
    std::set<std::vector<Move>> lines;
    for (uint64_t seed = 0; seed < 16; ++seed) {
        Position pos = Position::start();
        pos.do_move(Move(SQ_F5));
        std::vector<Move> line;
        for (int ply = 1; ply <= 8; ++ply) {
            const Choice c = choose_move(pos, Level::MASTER, seed * 100 + uint64_t(ply), {});
            CHECK(c.book);
            CHECK(c.nodes == 0);
            REQUIRE(pos.is_legal(c.move));
            line.push_back(c.move);
            pos.do_move(c.move);
        }
        lines.insert(line);
    }
    CHECK(lines.size() >= 2);
    // The service says so.
    const std::string reply = serve(games::parse_request(
        "search ---------------------------OX------XXX-------------------------- O level=master"));
    CHECK(reply.find("\"nodes\":0,") != std::string::npos);
    CHECK(reply.find("\"book\":true") != std::string::npos);
    // Without a book MASTER searches; out of the book it searches too.
    unload_book();
    Position after_f5 = Position::start();
    after_f5.do_move(Move(SQ_F5));
    SearchLimits limits;
    limits.depth = 4;
    const Choice searched = choose_move(after_f5, Level::MASTER, 1, limits);
    CHECK_FALSE(searched.book);
    CHECK(searched.nodes > 0);
    restore_book();
}

// The engine worker's first try while the weights are on their way (partial=1): a position in
// the book gets its book move, one out of it {"partial":true}, a forced pass its pass; other
// levels never wait for MASTER's files.
TEST_CASE("search partial=1: answered from the book alone, else partial") {
    restore_book();
    const std::string in_book_reply = serve(games::parse_request(
        "search ---------------------------OX------XXX-------------------------- O level=master "
        "partial=1"));
    CHECK(in_book_reply.find("\"book\":true") != std::string::npos);
    CHECK(in_book_reply.find("\"partial\"") == std::string::npos);
    // f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 c6 b6 (13 plies): past the book's 11.
    const std::string deep = "load f5d6c3d3c4f4f6f3e6e7d7c6b6";
    const std::string loaded = serve(games::parse_request(deep));
    const auto board_at = loaded.find("\"board\":\"") + 9;
    const std::string board = loaded.substr(board_at, 64);
    const std::string side = loaded.substr(loaded.find("\"side\":\"") + 8, 1);
    CHECK(serve(games::parse_request("search " + board + " " + side + " level=master partial=1")) ==
          R"({"partial":true})");
    // Without partial=1 the same request searches.
    const std::string searched =
        serve(games::parse_request("search " + board + " " + side + " level=master depth=2"));
    CHECK(searched.find("\"book\":false") != std::string::npos);
    // Other levels answer as always.
    CHECK(serve(games::parse_request("search " + board + " " + side + " level=2 partial=1"))
              .find("\"move\"") != std::string::npos);
    // Without a book nothing is in it.
    unload_book();
    CHECK(serve(games::parse_request(
              "search ---------------------------OX------XXX-------------------------- O "
              "level=master partial=1")) == R"({"partial":true})");
    restore_book();
}
