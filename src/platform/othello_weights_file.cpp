// othello_weights_file.cpp — writes othello-weights.bin, the pattern weights of
// src/games/othello/pattern_weights.cpp in the file format of patterns.h (write_weights_file),
// for the engine module to load at run time. Built with Emscripten (NODERAWFS) and run under
// Node by the web build; `othello weights-file OUT` does the same natively.
#include <cstdio>

#include "games/othello/patterns.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: othello_weights_file OUT.bin\n");
        return 2;
    }
    const size_t bytes = othello::patterns::write_weights_file(othello::patterns::WEIGHTS, argv[1]);
    if (!bytes) {
        std::fprintf(stderr, "othello_weights_file: cannot write %s\n", argv[1]);
        return 1;
    }
    std::printf("%s: %zu bytes\n", argv[1], bytes);
    return 0;
}
