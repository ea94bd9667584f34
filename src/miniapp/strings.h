// strings.h — every user-visible string, in Korean and English, from one table
// (strings_table.inc). The language follows the browser unless the user picks one.
// The build cuts the Hangul font to the glyphs this table and app.json use, so a string
// added here is all it takes for its glyphs to ship.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace miniapp {

enum class Lang : uint8_t { Ko, En };

enum class Str : uint16_t {
#define MINIAPP_STRING(id, ko, en) id,
#include "miniapp/strings_table.inc"
#undef MINIAPP_STRING
    Count
};

// The text of `id` in `lang`.
const char* tr(Str id, Lang lang);

// The string's identifier ("NewGame"), for tests and the automation API.
const char* str_name(Str id);
// The string whose identifier is `name` (the game catalogue names its strings so), or Count.
Str str_from_name(std::string_view name);

// Replace {0}, {1}, … in `pattern` with `args`.
std::string format(std::string_view pattern, std::initializer_list<std::string_view> args);

// "ko", "ko-KR" → Ko; anything else → En.
Lang lang_from_locale(std::string_view locale);
const char* lang_code(Lang lang); // "ko" / "en"

// A manifest text (written in Korean, like the user's app.json) in `lang`: the table's
// English for a Korean text it knows, else the text unchanged.
std::string_view translate_manifest_text(std::string_view text, Lang lang);

} // namespace miniapp
