// service.h — the Gomoku service entry point (see src/games/README.md, "Gomoku").
#pragma once
#include "games/common/request.h"

#include <string>

namespace gomoku {

// Serve one request ("search", "play", "state", "forbidden", "vcf", "vct", "bench"); the
// reply is one JSON object, {"error": "..."} when the request cannot be served. Never throws.
std::string serve(const games::Request& request);

} // namespace gomoku
