// service.h — the Othello entry point of the engine service protocol (src/games/README.md).
//
// One request in, one JSON object out; bad input answers {"error": "..."} and never throws.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "games/common/request.h"

namespace othello {

// log2 of the entries of each of the service's search tables (2^19: 16 MB each), the module's
// size; `othello solve FILE hash=19` solves with the same tables natively.
constexpr int SERVICE_HASH_LOG2 = 19;

std::string serve(const games::Request& request);

// A file of the catalogue's assets for Othello, handed over by its name: the pattern weights
// (othello-weights.bin) or the opening book (othello-book.bin). False when the name is not
// Othello's or the bytes are malformed; MASTER then keeps the evaluation it had (the classic one
// until a set is loaded) and the book it had (none until one is loaded: it searches).
bool load_asset(std::string_view file, const unsigned char* bytes, std::size_t size);

} // namespace othello
