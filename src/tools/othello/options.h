// options.h — "key=value" arguments of the othello tool's sub-commands (argv[3] onwards).
#pragma once
#include <cstring>

namespace othello::tool {

// The value of `key=...` among argv[3..argc), or `fallback` when absent.
inline const char* option(int argc, char** argv, const char* key, const char* fallback) {
    const size_t n = std::strlen(key);
    for (int i = 3; i < argc; ++i)
        if (std::strncmp(argv[i], key, n) == 0 && argv[i][n] == '=') return argv[i] + n + 1;
    return fallback;
}

} // namespace othello::tool
