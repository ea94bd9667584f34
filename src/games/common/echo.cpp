#include "games/common/echo.h"

namespace games {

std::string echo(std::string_view s, size_t max) {
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    for (size_t i = 0; i < s.size() && i < max; ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c == '\\')
            out += "\\\\";
        else if (c >= 0x20 && c < 0x7F)
            out += char(c);
        else
            out += {'\\', 'x', hex[c >> 4], hex[c & 15]};
    }
    if (s.size() > max) out += "...";
    return out;
}

} // namespace games
