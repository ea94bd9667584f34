// fuzz_common.h — small helpers shared by the libFuzzer harnesses in tests/fuzz/.
//
// A harness calls one parser or protocol front with the fuzzer's bytes and checks what the
// front promises (no crash, no exception escaping, round trips, replies in the documented
// shape). A broken promise calls fuzz_fail(), which prints the reason and aborts, so libFuzzer
// saves the input as a crash artefact.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace fuzz {

[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "\nFUZZ CHECK FAILED: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

#define FUZZ_CHECK(cond, what)                                                                    \
    do {                                                                                          \
        if (!(cond)) ::fuzz::fail(std::string(#cond) + " — " + std::string(what));                \
    } while (0)

inline std::string_view as_text(const uint8_t* data, size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Lines of a session ('\n'-separated; a trailing '\r' is kept: the fronts must cope with it).
inline std::vector<std::string_view> lines(std::string_view text, size_t max_lines = 256) {
    std::vector<std::string_view> out;
    while (!text.empty() && out.size() < max_lines) {
        const size_t nl = text.find('\n');
        out.push_back(text.substr(0, nl));
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
    return out;
}

// (first line, rest) — "rest" is empty when there is no '\n'.
inline std::pair<std::string_view, std::string_view> split_first_line(std::string_view text) {
    const size_t nl = text.find('\n');
    if (nl == std::string_view::npos) return {text, {}};
    return {text.substr(0, nl), text.substr(nl + 1)};
}

// For messages: the text with non-printable bytes escaped, cut to `max` characters.
inline std::string printable(std::string_view s, size_t max = 300) {
    std::string out;
    for (unsigned char c : s.substr(0, max)) {
        if (c >= 0x20 && c < 0x7f) {
            out += char(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    if (s.size() > max) out += "...";
    return out;
}

// Is s well-formed UTF-8 (no overlongs, surrogates or code points above U+10FFFF)?
inline bool valid_utf8(std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        const unsigned char c = s[i];
        int n = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
        if (n < 0 || i + n >= s.size() + (n == 0)) return false;
        uint32_t cp = n == 0 ? c : n == 1 ? (c & 0x1f) : n == 2 ? (c & 0x0f) : (c & 0x07);
        for (int k = 1; k <= n; ++k) {
            const unsigned char d = s[i + k];
            if ((d >> 6) != 2) return false;
            cp = (cp << 6) | (d & 0x3f);
        }
        if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += n + 1;
    }
    return true;
}

// Known open bugs in code that the fuzz harnesses do not own are stepped around by "guards"
// so that smoke runs keep finding new things; MINIARENA_FUZZ_GUARDS=0 turns the guards off
// (scripts/test-hardening replays the regressions/ inputs that way).
inline bool guards_on() {
    static const bool on = [] {
        const char* v = std::getenv("MINIARENA_FUZZ_GUARDS");
        return !(v && std::string_view(v) == "0");
    }();
    return on;
}

} // namespace fuzz
