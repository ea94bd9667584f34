// service.h — one entry point for every game's engine protocol (src/games/README.md):
// "<game> <verb> …" → the game's serve(), for the games of the catalogue. Used by the WebAssembly engine module (Web Worker,
// Node) and by native tools and tests.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace games {

// Answer one request line with one JSON object; never throws, never aborts.
std::string serve_line(std::string_view line);

// Hand over a file of the catalogue's assets (its name and bytes: Othello's weights) to the game
// that needs it; false when no game takes that name or its game refuses the bytes.
bool load_asset(std::string_view file, const unsigned char* bytes, std::size_t size);

} // namespace games
