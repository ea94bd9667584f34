// request.h — tokenising a service request line: "<verb> <positional>... key=value ...".
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace games {

struct Request {
    std::string verb;
    std::vector<std::string> positional;
    std::vector<std::pair<std::string, std::string>> options;

    // Value of key=value, if present.
    std::optional<std::string_view> get(std::string_view key) const;
    // Integer option in [lo, hi]; fallback when absent; nullopt when present but malformed.
    std::optional<int64_t> get_int(std::string_view key, int64_t fallback, int64_t lo,
                                   int64_t hi) const;
};

// Split on ASCII whitespace; tokens containing '=' become options.
Request parse_request(std::string_view line);

} // namespace games
