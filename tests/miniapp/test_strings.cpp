// The string table.
#include "miniapp/strings.h"

#include <doctest/doctest.h>

#include <cstring>
#include <set>

using namespace miniapp;

TEST_CASE("every string exists in both languages and ids are unique") {
    std::set<std::string> names;
    for (int i = 0; i < int(Str::Count); ++i) {
        Str id = Str(i);
        CAPTURE(str_name(id));
        CHECK(std::strlen(tr(id, Lang::Ko)) > 0);
        CHECK(std::strlen(tr(id, Lang::En)) > 0);
        CHECK(names.insert(str_name(id)).second);
    }
}

TEST_CASE("locale, format and manifest text") {
    CHECK(lang_from_locale("ko") == Lang::Ko);
    CHECK(lang_from_locale("ko-KR") == Lang::Ko);
    CHECK(lang_from_locale("KO_kr") == Lang::Ko);
    CHECK(lang_from_locale("kok") == Lang::En);
    CHECK(lang_from_locale("en-US") == Lang::En);
    CHECK(lang_from_locale("") == Lang::En);
    CHECK(format("{0} at row {1}, column {2}", {"X", "1", "3"}) == "X at row 1, column 3");
    CHECK(format("{1}{0}{9}", {"a", "b"}) == "ba{9}");
    CHECK(translate_manifest_text("틱택토", Lang::En) == "Tic-tac-toe");
    CHECK(translate_manifest_text("틱택토", Lang::Ko) == "틱택토");
    CHECK(translate_manifest_text("unknown", Lang::En) == "unknown");
}
