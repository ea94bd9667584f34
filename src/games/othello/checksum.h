// checksum.h — FNV-1a (32 bits), the check each of the engine's data files (weights, book,
// packed self-play games) keeps of its own contents.
#pragma once
#include <cstddef>
#include <cstdint>

namespace othello {

// FNV-1a of n bytes.
inline uint32_t fnv1a(const unsigned char* p, std::size_t n) {
    uint32_t h = 2166136261u;
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
    return h;
}

} // namespace othello
