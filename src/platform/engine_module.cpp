// engine_module.cpp — the engine-only WebAssembly module (no SDL, no GL): one exported call
// that answers the engine protocol. Loaded by web/engine-worker.js in a Web Worker and by
// scripts/arena and the tests under Node.
#include "games/othello/patterns.h"
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

// Hand Othello's pattern weights (the bytes of othello-weights.bin) to the engine: 1 if they
// were accepted, 0 if malformed (then MASTER keeps the evaluation it had: the classic one
// until a set is loaded).
EMSCRIPTEN_KEEPALIVE int engine_othello_weights(const unsigned char* bytes, int size) {
    return othello::patterns::load_weights(bytes, size > 0 ? std::size_t(size) : 0) ? 1 : 0;
}

}
