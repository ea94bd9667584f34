// rng.h — a small, fast, seedable PRNG (xoshiro256**, seeded through SplitMix64).
//
// Every level that plays with randomness takes one of these, so a game is reproducible from
// its seed natively, in wasm and in the browser alike (no std::random_device, no
// implementation-defined std::distributions).
#pragma once
#include <cstdint>

namespace games {

class Rng {
  public:
    explicit Rng(uint64_t seed = 0x9E3779B97F4A7C15ull) { reseed(seed); }

    // Re-initialise the state from one 64-bit seed (SplitMix64 expansion).
    void reseed(uint64_t seed) {
        for (auto& word : s_) {
            seed += 0x9E3779B97F4A7C15ull;
            uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            word = z ^ (z >> 31);
        }
    }

    // Next 64 random bits.
    uint64_t next() {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform integer in [0, bound), bound > 0 (Lemire's multiply-shift, unbiased).
    uint32_t below(uint32_t bound) {
        uint64_t m = uint64_t(uint32_t(next() >> 32)) * bound;
        uint32_t low = uint32_t(m);
        if (low < bound) {
            const uint32_t threshold = uint32_t(-bound) % bound;
            while (low < threshold) {
                m = uint64_t(uint32_t(next() >> 32)) * bound;
                low = uint32_t(m);
            }
        }
        return uint32_t(m >> 32);
    }

    // Uniform double in [0, 1).
    double unit() { return double(next() >> 11) * 0x1.0p-53; }

  private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t s_[4];
};

} // namespace games
