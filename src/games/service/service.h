// service.h — one entry point for every game's engine protocol (src/games/README.md):
// "<game> <verb> …" → the game's serve(). Used by the WebAssembly engine module (Web Worker,
// Node) and by native tools and tests.
#pragma once
#include <string>
#include <string_view>

namespace games {

// Answer one request line with one JSON object; never throws, never aborts.
std::string serve_line(std::string_view line);

} // namespace games
