#include "json_out.h"

#include <cmath>
#include <cstdio>

namespace games {

JsonOut& JsonOut::value(double v) {
    sep();
    if (!std::isfinite(v)) {
        out_ += "null";
        return *this;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    out_ += buf;
    return *this;
}

// Escape per RFC 8259: quotes, backslash and control characters; UTF-8 passes through.
void JsonOut::str(std::string_view s) {
    out_ += '"';
    for (unsigned char c : s) {
        switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\n': out_ += "\\n"; break;
        case '\r': out_ += "\\r"; break;
        case '\t': out_ += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out_ += buf;
            } else {
                out_ += char(c);
            }
        }
    }
    out_ += '"';
}

std::string json_error(std::string_view message) {
    JsonOut j;
    j.begin_object().field("error", message).end_object();
    return j.str();
}

} // namespace games
