#include "request.h"

#include <charconv>

namespace games {

std::optional<std::string_view> Request::get(std::string_view key) const {
    for (const auto& [k, v] : options)
        if (k == key) return std::string_view(v);
    return std::nullopt;
}

std::optional<int64_t> Request::get_int(std::string_view key, int64_t fallback, int64_t lo,
                                        int64_t hi) const {
    auto v = get(key);
    if (!v) return fallback;
    int64_t out = 0;
    auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
    if (ec != std::errc() || ptr != v->data() + v->size() || out < lo || out > hi)
        return std::nullopt;
    return out;
}

Request parse_request(std::string_view line) {
    Request r;
    size_t i = 0;
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    bool first = true;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        size_t j = i;
        while (j < line.size() && !is_space(line[j])) ++j;
        if (j > i) {
            std::string_view tok = line.substr(i, j - i);
            if (first) {
                r.verb = tok;
                first = false;
            } else if (auto eq = tok.find('='); eq != std::string_view::npos && eq > 0) {
                r.options.emplace_back(std::string(tok.substr(0, eq)), std::string(tok.substr(eq + 1)));
            } else {
                r.positional.emplace_back(tok);
            }
        }
        i = j;
    }
    return r;
}

} // namespace games
