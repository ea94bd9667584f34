// engine_module.cpp — the engine-only WebAssembly module (no SDL, no GL): one exported call
// that answers the engine protocol. Loaded by web/engine-worker.js in a Web Worker and by
// scripts/arena and the tests under Node.
#include "games/service/service.h"

#include <emscripten.h>

#include <string>

extern "C" {

// Answer one request line; the returned string lives until the next call.
EMSCRIPTEN_KEEPALIVE const char* engine_serve(const char* line) {
    static std::string reply;
    reply = games::serve_line(line ? line : "");
    return reply.c_str();
}

// Hand over a file of the game catalogue's assets (Othello's weights, othello-weights.bin): 1 if
// its game accepted the bytes, 0 if no game takes that name or the bytes are malformed (then the
// game keeps what it had: Othello MASTER the classic evaluation until a set is loaded).
EMSCRIPTEN_KEEPALIVE int engine_load_asset(const char* file, const unsigned char* bytes, int size) {
    return games::load_asset(file ? file : "", bytes, size > 0 ? std::size_t(size) : 0) ? 1 : 0;
}
}
