// app.json and page json validation: every bad case names its key.
#include "miniapp/manifest.h"

#include <doctest/doctest.h>

using namespace miniapp;

static const char* kGood = R"({
  "pages": ["pages/index/index", "pages/tictactoe/tictactoe", "pages/settings/settings"],
  "window": {"navigationBarTitleText": "미니 아레나", "navigationBarBackgroundColor": "#1AAD19",
             "navigationBarTextStyle": "white", "backgroundColor": "#F5F5F5"},
  "tabBar": {"color": "#999999", "selectedColor": "#1AAD19", "backgroundColor": "#ffffff",
             "borderStyle": "black",
             "list": [{"pagePath": "pages/index/index", "text": "게임", "iconPath": "icons/games.png"},
                      {"pagePath": "pages/settings/settings", "text": "설정"}]}
})";

TEST_CASE("a valid app.json parses with every field") {
    auto m = parse_manifest(kGood);
    REQUIRE(m);
    CHECK(m.value->pages.size() == 3);
    CHECK(m.value->entryPagePath == "pages/index/index");
    CHECK(m.value->window.navigationBarTitleText == "미니 아레나");
    CHECK(m.value->window.navigationBarBackgroundColor == 0x1AAD19FFu);
    CHECK(m.value->window.navigationBarTextStyle == TextStyle::White);
    CHECK(m.value->window.backgroundColor == 0xF5F5F5FFu);
    REQUIRE(m.value->tabBar);
    CHECK(m.value->tabBar->list.size() == 2);
    CHECK(m.value->tabBar->list[0].iconPath == "icons/games.png");
    CHECK(m.value->is_tab_page("pages/settings/settings"));
    CHECK_FALSE(m.value->is_tab_page("pages/tictactoe/tictactoe"));
    CHECK(m.value->warnings.empty());
}

TEST_CASE("entryPagePath picks the home page") {
    auto m = parse_manifest(R"({"pages":["pages/a/a","pages/b/b"],"entryPagePath":"pages/b/b"})");
    REQUIRE(m);
    CHECK(m.value->entryPagePath == "pages/b/b");
}

TEST_CASE("unknown keys are warnings, not errors") {
    auto m = parse_manifest(R"({"pages":["pages/a/a"],"debug":true,"window":{"enablePullDownRefresh":true}})");
    REQUIRE(m);
    REQUIRE(m.value->warnings.size() == 2);
    CHECK(m.value->warnings[0] == "app.json: unknown key \"window.enablePullDownRefresh\" ignored");
    CHECK(m.value->warnings[1] == "app.json: unknown key \"debug\" ignored");
}

TEST_CASE("every malformed app.json fails naming the problem") {
    struct Case {
        const char* json;
        const char* error;
    };
    const Case cases[] = {
        {"", "app.json: not valid JSON"},
        {"{\"pages\": [", "app.json: not valid JSON"},
        {"[]", "app.json: the top level must be an object, not an array"},
        {"{}", "app.json: \"pages\" is required"},
        {R"({"pages":"pages/a/a"})", "app.json: \"pages\" must be an array, not a string"},
        {R"({"pages":[]})", "app.json: \"pages\" must list at least one page"},
        {R"({"pages":[3]})", "app.json: \"pages[0]\" must be a string, not a number"},
        {R"({"pages":[""]})", "app.json: \"pages[0]\" must not be empty"},
        {R"({"pages":["/pages/a/a"]})", "app.json: \"pages[0]\" must not start with '/': \"/pages/a/a\""},
        {R"({"pages":["pages/a/a.js"]})", "app.json: \"pages[0]\" must not carry a file extension: \"pages/a/a.js\""},
        {R"({"pages":["pages/a/a?x=1"]})", "app.json: \"pages[0]\" must not carry a query: \"pages/a/a?x=1\""},
        {R"({"pages":["pages/a b/a"]})", "app.json: \"pages[0]\" has an invalid character in \"pages/a b/a\""},
        {R"({"pages":["pages/a/a","pages/a/a"]})", "app.json: \"pages[1]\" repeats \"pages/a/a\""},
        {R"({"pages":["pages/a/a"],"entryPagePath":"pages/b/b"})", "app.json: \"entryPagePath\" \"pages/b/b\" is not in \"pages\""},
        {R"({"pages":["pages/a/a"],"window":[]})", "app.json: \"window\" must be an object, not an array"},
        {R"({"pages":["pages/a/a"],"window":{"navigationBarTitleText":5}})", "app.json: \"window.navigationBarTitleText\" must be a string, not a number"},
        {R"({"pages":["pages/a/a"],"window":{"navigationBarBackgroundColor":"green"}})", "app.json: \"window.navigationBarBackgroundColor\" must be a hex colour like \"#1AAD19\", not \"green\""},
        {R"({"pages":["pages/a/a"],"window":{"navigationBarTextStyle":"red"}})", "app.json: \"window.navigationBarTextStyle\" must be \"black\" or \"white\", not \"red\""},
        {R"({"pages":["pages/a/a"],"window":{"backgroundColor":"#12345"}})", "app.json: \"window.backgroundColor\" must be a hex colour like \"#1AAD19\", not \"#12345\""},
        {R"({"pages":["pages/a/a"],"tabBar":true})", "app.json: \"tabBar\" must be an object, not a boolean"},
        {R"({"pages":["pages/a/a"],"tabBar":{"selectedColor":"#000","backgroundColor":"#fff","list":[]}})", "app.json: \"tabBar.color\" is required"},
        {R"({"pages":["pages/a/a"],"tabBar":{"color":"#000","selectedColor":"#000","backgroundColor":"#fff","list":{}}})", "app.json: \"tabBar.list\" must be an array, not an object"},
        {R"({"pages":["pages/a/a"],"tabBar":{"color":"#000","selectedColor":"#000","backgroundColor":"#fff","list":[{"pagePath":"pages/a/a","text":"A"}]}})", "app.json: \"tabBar.list\" must have 2 to 5 items, not 1"},
        {R"({"pages":["pages/a/a","pages/b/b"],"tabBar":{"color":"#000","selectedColor":"#000","backgroundColor":"#fff","borderStyle":"grey","list":[{"pagePath":"pages/a/a","text":"A"},{"pagePath":"pages/b/b","text":"B"}]}})", "app.json: \"tabBar.borderStyle\" must be \"black\" or \"white\", not \"grey\""},
        {R"({"pages":["pages/a/a","pages/b/b"],"tabBar":{"color":"#000","selectedColor":"#000","backgroundColor":"#fff","list":[{"pagePath":"pages/a/a","text":"A"},{"text":"B"}]}})", "app.json: \"tabBar.list[1].pagePath\" is required"},
        {R"({"pages":["pages/a/a","pages/b/b"],"tabBar":{"color":"#000","selectedColor":"#000","backgroundColor":"#fff","list":[{"pagePath":"pages/a/a","text":"A"},{"pagePath":"pages/b/b"}]}})", "app.json: \"tabBar.list[1].text\" is required"},
        {R"({"pages":["pages/a/a","pages/b/b"],"tabBar":{"color":"#000","selectedColor":"#000","backgroundColor":"#fff","list":[{"pagePath":"pages/a/a","text":"A"},{"pagePath":"pages/c/c","text":"C"}]}})", "app.json: \"tabBar.list[1].pagePath\" \"pages/c/c\" is not in \"pages\""},
        {R"({"pages":["pages/a/a","pages/b/b"],"tabBar":{"color":"#000","selectedColor":"#000","backgroundColor":"#fff","list":[{"pagePath":"pages/a/a","text":"A"},{"pagePath":"pages/a/a","text":"A2"}]}})", "app.json: \"tabBar.list[1].pagePath\" repeats \"pages/a/a\""},
        {R"({"pages":["pages/a/a","pages/b/b"],"tabBar":{"color":"#000","selectedColor":"#000","backgroundColor":"#fff","list":[{"pagePath":"pages/a/a","text":"A","iconPath":7},{"pagePath":"pages/b/b","text":"B"}]}})", "app.json: \"tabBar.list[0].iconPath\" must be a string, not a number"},
        {R"({"pages":["pages/a/a","pages/b/b","pages/c/c","pages/d/d","pages/e/e","pages/f/f"],"tabBar":{"color":"#000","selectedColor":"#000","backgroundColor":"#fff","list":[{"pagePath":"pages/a/a","text":"A"},{"pagePath":"pages/b/b","text":"B"},{"pagePath":"pages/c/c","text":"C"},{"pagePath":"pages/d/d","text":"D"},{"pagePath":"pages/e/e","text":"E"},{"pagePath":"pages/f/f","text":"F"}]}})", "app.json: \"tabBar.list\" must have 2 to 5 items, not 6"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.json);
        auto m = parse_manifest(c.json);
        CHECK_FALSE(m);
        CHECK(m.error == c.error);
    }
}

TEST_CASE("page json overrides the window flatly") {
    WindowConfig base;
    base.navigationBarTitleText = "미니 아레나";
    auto w = parse_page_config(R"({"navigationBarTitleText":"틱택토","navigationBarTextStyle":"black","usingComponents":{}})",
                               base, "pages/tictactoe/tictactoe");
    REQUIRE(w);
    CHECK(w.value->navigationBarTitleText == "틱택토");
    CHECK(w.value->navigationBarTextStyle == TextStyle::Black);
    CHECK(w.value->backgroundColor == base.backgroundColor);

    auto bad = parse_page_config(R"({"backgroundColor":1})", base, "pages/tictactoe/tictactoe");
    CHECK_FALSE(bad);
    CHECK(bad.error == "pages/tictactoe/tictactoe.json: \"backgroundColor\" must be a string, not a number");
}

TEST_CASE("colours") {
    CHECK(parse_color("#fff") == 0xFFFFFFFFu);
    CHECK(parse_color("#1AAD19") == 0x1AAD19FFu);
    CHECK(parse_color("#1aad1980") == 0x1AAD1980u);
    CHECK_FALSE(parse_color("1AAD19"));
    CHECK_FALSE(parse_color("#1AAD1G"));
    CHECK_FALSE(parse_color(""));
}
