// book.h — MASTER's opening book: for positions of the first plies, the values of the best
// moves, found by the engine's own fixed-depth search (`othello make-book`, src/tools/othello).
//
// A position is stored once for its eight symmetric images, in canonical form (symmetry.h),
// with its moves in that frame; probe() maps them back onto the board asked about. The book is
// data (data/book-<hash>.bin, see data/README.md), read like the pattern weights: native builds
// compile the file in (embedded_book), the web build ships it beside engine-othello.wasm as
// othello-book.bin and the engine module is handed its bytes (load_book). Without a book MASTER
// searches every move.
//
// The file (little-endian):
//   "MAOB", version (1), plies, depth, full (bytes): the book's last ply, the search depth
//           of its values, the ply before which every move was followed
//   margin (uint16): moves within this many EVAL_UNITs of the best were followed and stored
//   weights (8 bytes): the first bytes of the SHA-256 of the pattern weights it was made with
//   reserved (uint16): 0
//   count (uint32), then count entries in strictly increasing (P, then O) order:
//     P, O (uint64 each): the canonical position, P to move
//     n (byte, 1..BOOK_MOVES_MAX), then n x {square (byte), value (int16, EVAL_UNITs)},
//       legal and distinct squares, values best first
//   the FNV-1a hash (uint32) of everything before it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "games/othello/position.h"
#include "games/othello/types.h"

namespace othello {

// The most moves one book position keeps.
constexpr int BOOK_MOVES_MAX = 32;

struct BookMove {
    Move move;
    int value; // EVAL_UNITs, side to move's view
};

// How a book was made (the header's fields).
struct BookInfo {
    int plies = 0;
    int depth = 0;
    int full = 0;
    int margin = 0;
    uint8_t weights[8] = {};
};

// One position of a book, as the builder hands it to serialize_book: canonical (P, O) and its
// moves in that frame, best first.
struct BookPosition {
    Bitboard P;
    Bitboard O;
    std::vector<BookMove> moves;
};

class Book {
  public:
    // Reads a book file; false, with the reason in `error`, when it is truncated, corrupt or
    // inconsistent (then the book is left empty).
    bool parse(const unsigned char* bytes, std::size_t size, std::string& error);
    // The book moves of (P, O), mapped onto that board, best first: their count (0 when the
    // position is not in the book). `out` holds BOOK_MOVES_MAX moves. No allocation.
    int probe(Bitboard P, Bitboard O, BookMove* out) const;

    std::size_t size() const { return entries_.size(); }
    const BookInfo& info() const { return info_; }
    // The i-th stored position (canonical frame), for tests and tools.
    BookPosition position(std::size_t i) const;

  private:
    struct Entry {
        Bitboard P;
        Bitboard O;
        uint32_t first; // index of its first move in moves_
        uint32_t count;
    };
    BookInfo info_;
    std::vector<Entry> entries_;
    std::vector<BookMove> moves_;
};

// The book file of `positions` (sorted and checked by the caller: parse() must accept it).
std::vector<unsigned char> serialize_book(const BookInfo& info,
                                          std::span<const BookPosition> positions);

// The book compiled into the program; empty in the WebAssembly build.
std::span<const unsigned char> embedded_book();
// Replaces the book in use by a book file's; false (and the book in use stays) if it does not
// parse, the reason in `error`.
bool load_book(const unsigned char* bytes, std::size_t size, std::string& error);
// Plays without a book from now on (the tool's book=none).
void unload_book();
// The book in use (the compiled-in one until load_book or unload_book), or null.
const Book* current_book();
// Whether the book in use has moves for pos (MASTER then plays from it, with no search).
bool in_book(const Position& pos);

} // namespace othello
