#include "miniapp/strings.h"

namespace miniapp {

namespace {
struct Entry {
    const char* name;
    const char* ko;
    const char* en;
};
constexpr Entry kTable[] = {
#define MINIAPP_STRING(id, ko, en) {#id, ko, en},
#include "miniapp/strings_table.inc"
#undef MINIAPP_STRING
};
static_assert(sizeof(kTable) / sizeof(kTable[0]) == size_t(Str::Count));
} // namespace

const char* tr(Str id, Lang lang) {
    const Entry& e = kTable[size_t(id)];
    return lang == Lang::Ko ? e.ko : e.en;
}

const char* str_name(Str id) { return kTable[size_t(id)].name; }

Str str_from_name(std::string_view name) {
    for (size_t i = 0; i < size_t(Str::Count); ++i)
        if (name == kTable[i].name) return Str(i);
    return Str::Count;
}

std::string format(std::string_view pattern, std::initializer_list<std::string_view> args) {
    std::string out;
    out.reserve(pattern.size() + 16);
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 2] == '}' &&
            pattern[i + 1] >= '0' && pattern[i + 1] <= '9') {
            size_t n = size_t(pattern[i + 1] - '0');
            if (n < args.size()) {
                out += *(args.begin() + n);
                i += 2;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

Lang lang_from_locale(std::string_view locale) {
    if (locale.size() >= 2 && (locale[0] == 'k' || locale[0] == 'K') &&
        (locale[1] == 'o' || locale[1] == 'O') && (locale.size() == 2 || locale[2] == '-' || locale[2] == '_'))
        return Lang::Ko;
    return Lang::En;
}

const char* lang_code(Lang lang) { return lang == Lang::Ko ? "ko" : "en"; }

std::string_view translate_manifest_text(std::string_view text, Lang lang) {
    if (lang == Lang::Ko) return text;
    for (const Entry& e : kTable)
        if (text == e.ko) return e.en;
    return text;
}

} // namespace miniapp
