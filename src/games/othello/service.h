// service.h — the Othello entry point of the engine service protocol (src/games/README.md).
//
// One request in, one JSON object out; bad input answers {"error": "..."} and never throws.
#pragma once
#include <string>

#include "games/common/request.h"

namespace othello {

// log2 of the entries of each of the service's search tables (2^19: 16 MB each), the module's
// size; `othello solve FILE hash=19` solves with the same tables natively.
constexpr int SERVICE_HASH_LOG2 = 19;

std::string serve(const games::Request& request);

} // namespace othello
