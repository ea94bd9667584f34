#include "miniapp/url.h"

#include <cctype>
#include <vector>

namespace miniapp {

std::string url_decode(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    auto hex = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 &&
            hex(s[i + 2]) >= 0) {
            out += char(hex(s[i + 1]) * 16 + hex(s[i + 2]));
            i += 2;
        } else if (s[i] == '+') {
            out += ' ';
        } else {
            out += s[i];
        }
    }
    return out;
}

static std::string url_encode(std::string_view s) {
    static const char* digits = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out += char(c);
        } else {
            out += '%';
            out += digits[c >> 4];
            out += digits[c & 15];
        }
    }
    return out;
}

std::optional<PageUrl> resolve_url(std::string_view url, std::string_view current) {
    if (url.empty()) return std::nullopt;
    PageUrl out;
    std::string_view path = url, query;
    if (auto q = url.find('?'); q != std::string_view::npos) {
        path = url.substr(0, q);
        query = url.substr(q + 1);
    }
    if (path.empty()) return std::nullopt;

    std::vector<std::string> parts;
    if (path.front() != '/') { // relative: start from the current page's folder
        size_t slash = current.rfind('/');
        std::string_view dir = slash == std::string_view::npos ? "" : current.substr(0, slash);
        size_t start = 0;
        while (start < dir.size()) {
            size_t end = dir.find('/', start);
            if (end == std::string_view::npos) end = dir.size();
            if (end > start) parts.emplace_back(dir.substr(start, end - start));
            start = end + 1;
        }
    }
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = path.find('/', start);
        if (end == std::string_view::npos) end = path.size();
        std::string_view seg = path.substr(start, end - start);
        if (seg == "..") {
            if (parts.empty()) return std::nullopt;
            parts.pop_back();
        } else if (!seg.empty() && seg != ".") {
            parts.emplace_back(seg);
        }
        start = end + 1;
    }
    if (parts.empty()) return std::nullopt;
    for (size_t i = 0; i < parts.size(); ++i) out.path += (i ? "/" : "") + parts[i];

    start = 0;
    while (start < query.size()) {
        size_t end = query.find('&', start);
        if (end == std::string_view::npos) end = query.size();
        std::string_view kv = query.substr(start, end - start);
        if (!kv.empty()) {
            size_t eq = kv.find('=');
            std::string key = url_decode(kv.substr(0, eq));
            std::string value = eq == std::string_view::npos ? "" : url_decode(kv.substr(eq + 1));
            if (!key.empty()) out.query[key] = value;
        }
        start = end + 1;
    }
    return out;
}

std::string to_string(const PageUrl& url) {
    std::string s = url.path;
    char sep = '?';
    for (const auto& [k, v] : url.query) {
        s += sep;
        s += url_encode(k) + "=" + url_encode(v);
        sep = '&';
    }
    return s;
}

} // namespace miniapp
