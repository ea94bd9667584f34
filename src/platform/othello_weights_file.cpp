// othello_weights_file.cpp — writes othello-weights.bin, the pattern weights of
// src/games/othello/pattern_weights.cpp in the file format of patterns.h (serialize_weights),
// for the engine module to load at run time. Built with Emscripten (NODERAWFS) and run under
// Node by the web build; `othello weights-file OUT` does the same natively.
#include <cstdio>

#include "games/othello/patterns.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: othello_weights_file OUT.bin\n");
        return 2;
    }
    const auto bytes = othello::patterns::serialize_weights(othello::patterns::WEIGHTS);
    std::FILE* out = std::fopen(argv[1], "wb");
    if (!out || std::fwrite(bytes.data(), 1, bytes.size(), out) != bytes.size() ||
        std::fclose(out) != 0) {
        std::fprintf(stderr, "othello_weights_file: cannot write %s\n", argv[1]);
        return 1;
    }
    std::printf("%s: %zu bytes\n", argv[1], bytes.size());
    return 0;
}
