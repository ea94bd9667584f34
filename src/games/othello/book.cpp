// book.cpp — MASTER's opening book (book.h): the file's reader and writer, the lookup under
// the board's symmetries, and the book in use.
//
// Index
//   file ............... MAGIC, Reader, serialize_book(), Book::parse()
//   lookup ............. Book::probe(), Book::position()
//   in use ............. embedded_book(), load_book(), unload_book(), current_book()
#include "games/othello/book.h"

#include <algorithm>
#include <memory>

#include "games/othello/checksum.h"
#include "games/othello/evaluate.h"
#include "games/othello/movegen.h"
#include "games/othello/symmetry.h"

namespace othello {
namespace {

// --- file ------------------------------------------------------------------------------------

constexpr unsigned char MAGIC[4] = {'M', 'A', 'O', 'B'};
constexpr int FILE_VERSION = 1;
constexpr std::size_t HEADER_SIZE = 24;
constexpr std::size_t ENTRY_FIXED_SIZE = 8 + 8 + 1; // P, O, the move count

// Little-endian fields read from a buffer whose bounds the caller has checked.
struct Reader {
    const unsigned char* p;
    std::size_t at = 0;
    unsigned u8() { return p[at++]; }
    unsigned u16() {
        const unsigned v = unsigned(p[at]) | unsigned(p[at + 1]) << 8;
        at += 2;
        return v;
    }
    uint32_t u32() {
        const uint32_t v = u16();
        return v | uint32_t(u16()) << 16;
    }
    uint64_t u64() {
        const uint64_t v = u32();
        return v | uint64_t(u32()) << 32;
    }
};

// Little-endian fields appended to a buffer.
struct Writer {
    std::vector<unsigned char>& out;
    void u8(unsigned v) { out.push_back((unsigned char)v); }
    void u16(unsigned v) {
        u8(v & 0xFF);
        u8(v >> 8 & 0xFF);
    }
    void u32(uint32_t v) {
        u16(v & 0xFFFF);
        u16(v >> 16);
    }
    void u64(uint64_t v) {
        u32(uint32_t(v));
        u32(uint32_t(v >> 32));
    }
};

} // namespace

// The header, then the entries in the order given, then the hash.
std::vector<unsigned char> serialize_book(const BookInfo& info,
                                          std::span<const BookPosition> positions) {
    std::vector<unsigned char> out(MAGIC, MAGIC + 4);
    Writer w{out};
    w.u8(FILE_VERSION);
    w.u8(unsigned(info.plies));
    w.u8(unsigned(info.depth));
    w.u8(unsigned(info.full));
    w.u16(unsigned(info.margin));
    for (uint8_t b : info.weights) w.u8(b);
    w.u16(0); // reserved
    w.u32(uint32_t(positions.size()));
    for (const BookPosition& p : positions) {
        w.u64(p.P);
        w.u64(p.O);
        w.u8(unsigned(p.moves.size()));
        for (const BookMove& m : p.moves) {
            w.u8(m.move);
            w.u16(uint16_t(int16_t(m.value)));
        }
    }
    w.u32(fnv1a(out.data(), out.size()));
    return out;
}

// Every field checked against the format (book.h) before anything is kept.
bool Book::parse(const unsigned char* bytes, std::size_t size, std::string& error) {
    entries_.clear();
    moves_.clear();
    auto fail = [&](const std::string& why) {
        entries_.clear();
        moves_.clear();
        error = "opening book: " + why;
        return false;
    };
    if (!bytes || size < HEADER_SIZE + 4)
        return fail("truncated (" + std::to_string(size) + " bytes, less than a header)");
    if (!std::equal(MAGIC, MAGIC + 4, bytes)) return fail("not a book file (no MAOB magic)");
    Reader r{bytes, 4};
    if (const unsigned v = r.u8(); v != FILE_VERSION)
        return fail("version " + std::to_string(v) + ", this engine reads version " +
                    std::to_string(FILE_VERSION));
    BookInfo info;
    info.plies = int(r.u8());
    info.depth = int(r.u8());
    info.full = int(r.u8());
    info.margin = int(r.u16());
    for (uint8_t& b : info.weights) b = uint8_t(r.u8());
    if (r.u16() != 0) return fail("reserved header bytes are not zero");
    const uint32_t count = r.u32();
    const std::size_t body = size - HEADER_SIZE - 4;
    if (count == 0 || count > body / ENTRY_FIXED_SIZE)
        return fail(std::to_string(count) + " positions cannot fit in " + std::to_string(size) +
                    " bytes (truncated?)");
    if (Reader{bytes, size - 4}.u32() != fnv1a(bytes, size - 4))
        return fail("checksum mismatch (corrupt or truncated)");
    entries_.reserve(count);
    for (uint32_t i = 0; i < count; ++i) {
        const std::string where = "position " + std::to_string(i) + ": ";
        if (size - 4 - r.at < ENTRY_FIXED_SIZE) return fail(where + "truncated");
        Entry e{r.u64(), r.u64(), uint32_t(moves_.size()), r.u8()};
        if (e.P & e.O) return fail(where + "a square holds both colours");
        if (popcount(e.P | e.O) < 4) return fail(where + "fewer than 4 discs");
        const CanonicalBoard c = canonical_board(e.P, e.O);
        if (c.P != e.P || c.O != e.O) return fail(where + "not in canonical form");
        if (!entries_.empty()) {
            const Entry& last = entries_.back();
            if (e.P < last.P || (e.P == last.P && e.O <= last.O))
                return fail(where + "out of order or repeated");
        }
        if (e.count == 0 || e.count > BOOK_MOVES_MAX)
            return fail(where + std::to_string(e.count) + " moves (1.." +
                        std::to_string(BOOK_MOVES_MAX) + ")");
        if (size - 4 - r.at < 3 * std::size_t(e.count)) return fail(where + "truncated");
        const Bitboard legal = get_moves(e.P, e.O);
        Bitboard seen = 0;
        for (uint32_t k = 0; k < e.count; ++k) {
            const unsigned sq = r.u8();
            const int value = int16_t(uint16_t(r.u16()));
            if (sq >= 64 || !(legal & square_bb(int(sq))) || (seen & square_bb(int(sq))))
                return fail(where + "move " + std::to_string(k) + " is not a distinct legal move");
            if (value < -EVAL_LIMIT || value > EVAL_LIMIT)
                return fail(where + "value " + std::to_string(value) + " out of range");
            if (k > 0 && value > moves_.back().value) return fail(where + "moves not best first");
            seen |= square_bb(int(sq));
            moves_.push_back({Move(sq), value});
        }
        entries_.push_back(e);
    }
    if (r.at != size - 4)
        return fail(std::to_string(size - 4 - r.at) + " bytes after the last position");
    info_ = info;
    return true;
}

// --- lookup ----------------------------------------------------------------------------------

// Binary search for the canonical form, then the moves through the inverse symmetry.
int Book::probe(Bitboard P, Bitboard O, BookMove* out) const {
    const CanonicalBoard c = canonical_board(P, O);
    const auto it = std::lower_bound(entries_.begin(), entries_.end(), c,
                                     [](const Entry& e, const CanonicalBoard& k) {
                                         return e.P < k.P || (e.P == k.P && e.O < k.O);
                                     });
    if (it == entries_.end() || it->P != c.P || it->O != c.O) return 0;
    for (uint32_t k = 0; k < it->count; ++k) {
        const BookMove& m = moves_[it->first + k];
        out[k] = {Move(apply_inverse_symmetry(c.symmetry, to_sq(m.move))), m.value};
    }
    return int(it->count);
}

// Copies the entry out, in the canonical frame.
BookPosition Book::position(std::size_t i) const {
    const Entry& e = entries_[i];
    return {e.P, e.O, {moves_.begin() + e.first, moves_.begin() + e.first + e.count}};
}

// --- in use ----------------------------------------------------------------------------------

namespace {

// The book in use: the compiled-in one, if it parses, until load_book or unload_book.
std::unique_ptr<const Book>& book_in_use() {
    static std::unique_ptr<const Book> b = []() -> std::unique_ptr<const Book> {
        const std::span<const unsigned char> file = embedded_book();
        if (file.empty()) return nullptr;
        auto book = std::make_unique<Book>();
        std::string error;
        if (!book->parse(file.data(), file.size(), error)) return nullptr;
        return book;
    }();
    return b;
}

} // namespace

#if OTHELLO_EMBEDDED_BOOK
// Generated from the book file by embed_weights.cmake (native builds).
extern const unsigned char EMBEDDED_BOOK[];
extern const std::size_t EMBEDDED_BOOK_SIZE;
// The bytes compiled in.
std::span<const unsigned char> embedded_book() {
    return {EMBEDDED_BOOK, EMBEDDED_BOOK_SIZE};
}
#else
// None: the web build ships the file beside engine-othello.wasm instead.
std::span<const unsigned char> embedded_book() {
    return {};
}
#endif

// Parsed aside, swapped in only when whole.
bool load_book(const unsigned char* bytes, std::size_t size, std::string& error) {
    auto book = std::make_unique<Book>();
    if (!book->parse(bytes, size, error)) return false;
    book_in_use() = std::move(book);
    return true;
}

void unload_book() {
    book_in_use().reset();
}

const Book* current_book() {
    return book_in_use().get();
}

bool in_book(const Position& pos) {
    const Book* book = current_book();
    BookMove moves[BOOK_MOVES_MAX];
    return book && book->probe(pos.player(), pos.opponent(), moves) > 0;
}

} // namespace othello
