// WeChat-style url resolution.
#include "miniapp/url.h"

#include <doctest/doctest.h>

using namespace miniapp;

TEST_CASE("urls resolve as wx.navigateTo does") {
    struct Case {
        const char* url;
        const char* current;
        const char* path; // nullptr = invalid
    };
    const Case cases[] = {
        {"/pages/a/a", "pages/b/b", "pages/a/a"},
        {"../a/a", "pages/b/b", "pages/a/a"},
        {"./c", "pages/b/b", "pages/b/c"},
        {"c", "pages/b/b", "pages/b/c"},
        {"../../pages/a/a", "pages/b/b", "pages/a/a"},
        {"../../../a", "pages/b/b", nullptr},
        {"/", "pages/b/b", nullptr},
        {"", "pages/b/b", nullptr},
        {"?x=1", "pages/b/b", nullptr},
        {"/pages//a/a", "", "pages/a/a"},
    };
    for (auto& c : cases) {
        CAPTURE(c.url);
        auto r = resolve_url(c.url, c.current);
        if (!c.path) {
            CHECK_FALSE(r);
        } else {
            REQUIRE(r);
            CHECK(r->path == c.path);
        }
    }
}

TEST_CASE("query strings decode and round-trip") {
    auto r = resolve_url("/pages/a/a?b=2&a=%EC%98%A4%EB%8D%B8%EB%A1%9C&flag&c=x+y&bad=%zz", "");
    REQUIRE(r);
    CHECK(r->query.at("a") == "오델로");
    CHECK(r->query.at("b") == "2");
    CHECK(r->query.at("flag") == "");
    CHECK(r->query.at("c") == "x y");
    CHECK(r->query.at("bad") == "%zz");
    auto again = resolve_url("/" + to_string(*r), "");
    REQUIRE(again);
    CHECK(again->query == r->query);
    CHECK(again->path == r->path);
}
