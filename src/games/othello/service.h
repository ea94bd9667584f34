// service.h — the Othello entry point of the engine service protocol (src/games/README.md).
//
// One request in, one JSON object out; bad input answers {"error": "..."} and never throws.
#pragma once
#include <string>

#include "games/common/request.h"

namespace othello {

std::string serve(const games::Request& request);

} // namespace othello
