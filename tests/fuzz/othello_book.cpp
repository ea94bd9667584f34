// othello_book — opening book files (book.h): the bytes as they are, then the same bytes with
// their trailing FNV-1a check made right, so the fuzzer gets past the checksum to the fields.
// Promise: a refused file names the problem; a parsed one serializes back to the same bytes,
// and each of its positions probes to legal moves under every symmetry.
#include <vector>

#include "fuzz_common.h"
#include "games/othello/book.h"
#include "games/othello/movegen.h"
#include "games/othello/symmetry.h"

using namespace othello;

namespace {

// The bytes with their last four replaced by the FNV-1a hash of the rest.
std::vector<unsigned char> with_checksum(const uint8_t* data, size_t size) {
    std::vector<unsigned char> b(data, data + size);
    if (b.size() < 4) return b;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i + 4 < b.size(); ++i) h = (h ^ b[i]) * 16777619u;
    for (int i = 0; i < 4; ++i) b[b.size() - 4 + i] = (unsigned char)(h >> (8 * i));
    return b;
}

// Parses `bytes` and checks the promise.
void check(const std::vector<unsigned char>& bytes) {
    Book book;
    std::string error;
    if (!book.parse(bytes.data(), bytes.size(), error)) {
        FUZZ_CHECK(!error.empty(), "a refused file names the problem");
        FUZZ_CHECK(book.size() == 0, "a refused file leaves the book empty");
        return;
    }
    std::vector<BookPosition> all;
    for (size_t i = 0; i < book.size(); ++i) all.push_back(book.position(i));
    FUZZ_CHECK(serialize_book(book.info(), all) == bytes, "serialize_book gives the file back");
    BookMove moves[BOOK_MOVES_MAX];
    for (const BookPosition& p : all)
        for (int s = 0; s < SYMMETRY_NB; ++s) {
            const Bitboard P = apply_symmetry(s, p.P), O = apply_symmetry(s, p.O);
            const int n = book.probe(P, O, moves);
            FUZZ_CHECK(n == int(p.moves.size()), "found under every symmetry");
            for (int k = 0; k < n; ++k)
                FUZZ_CHECK(get_moves(P, O) & square_bb(to_sq(moves[k].move)), "legal book move");
        }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    check(std::vector<unsigned char>(data, data + size));
    check(with_checksum(data, size));
    return 0;
}
