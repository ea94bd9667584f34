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

}
