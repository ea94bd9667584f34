// The mini-app shell driven headless, as tests/web/shell.test.js drives it in Chromium: start-up
// and its lifecycle, navigation by clicks (a card, the nav bar's back arrow, the tab bar), route
// calls, stored values that do not read, the browser's language, a broken app.json; what a page
// leaves behind when it goes (its engine request, its prompt); the Bot Lab when its JavaScript
// core answers with an error.
#include "driver.h"
#include "games/common/catalogue.h"

#include <doctest/doctest.h>

#include <algorithm>

using nlohmann::json;
using uitest::Driver;
using uitest::FakeHost;

namespace {

// The last `n` lifecycle hooks.
json lifecycle_tail(const Driver& d, size_t n) {
    const json all = d.state()["lifecycle"];
    return json(std::vector<json>(all.end() - std::ptrdiff_t(std::min(n, all.size())), all.end()));
}

bool contains(const json& list, const char* item) {
    return std::find(list.begin(), list.end(), json(item)) != list.end();
}

} // namespace

TEST_CASE("shell: the home page starts with its lifecycle and a first frame") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    const json s = d.state();
    CHECK(s["ready"] == true);
    CHECK(s["path"] == "pages/index/index");
    CHECK(s["stack"] == json::array({"pages/index/index"}));
    CHECK(s["tabBar"] == true);
    CHECK(s["navButton"] == nullptr);
    CHECK(s["title"] == "Mini Arena");
    CHECK(s["lang"] == "en");
    CHECK(s["frames"].get<int>() >= 1);
    CHECK(s["lifecycle"] == json::array({"App.onLaunch", "App.onShow", "pages/index/index.onLoad",
                                         "pages/index/index.onShow", "pages/index/index.onReady"}));
    CHECK(s["storageProblems"] == json::array());
    CHECK(host.titles == std::vector<std::string>{"Mini Arena"});
    CHECK(host.fatal == "");
}

TEST_CASE("shell: home to tic-tac-toe by a click and back by the nav bar arrow") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("game-tictactoe"));
    json s = d.state();
    CHECK(s["stack"] == json::array({"pages/index/index", "pages/tictactoe/tictactoe"}));
    CHECK(s["tabBar"] == false);
    CHECK(s["title"] == "Tic-tac-toe");
    REQUIRE(d.click("back"));
    s = d.state();
    CHECK(s["path"] == "pages/index/index");
    CHECK(s["stack"] == json::array({"pages/index/index"}));
    CHECK(lifecycle_tail(d, 6) ==
          json::array({"pages/index/index.onHide", "pages/tictactoe/tictactoe.onLoad",
                       "pages/tictactoe/tictactoe.onShow", "pages/tictactoe/tictactoe.onReady",
                       "pages/tictactoe/tictactoe.onUnload", "pages/index/index.onShow"}));
}

TEST_CASE("shell: the tab bar switches tabs and keeps tab pages alive") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("tab-1"));
    CHECK(d.state()["path"] == "pages/settings/settings");
    CHECK(d.state()["stack"] == json::array({"pages/settings/settings"}));
    REQUIRE(d.click("tab-0"));
    CHECK(d.state()["path"] == "pages/index/index");
    CHECK(lifecycle_tail(d, 6) ==
          json::array({"pages/index/index.onHide", "pages/settings/settings.onLoad",
                       "pages/settings/settings.onShow", "pages/settings/settings.onReady",
                       "pages/settings/settings.onHide", "pages/index/index.onShow"}));
    CHECK_FALSE(contains(d.state()["lifecycle"], "pages/index/index.onUnload")); // never unloaded
    // Back on a tab already shown: its page is the same one, so no second onLoad.
    REQUIRE(d.click("tab-1"));
    CHECK(lifecycle_tail(d, 2) ==
          json::array({"pages/index/index.onHide", "pages/settings/settings.onShow"}));
}

TEST_CASE("shell: route calls take WeChat-style urls and queries and name what they refuse") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    struct Call {
        const char* op;
        const char* url;
        bool ok;
        const char* err_msg;
        const char* path_after;
    };
    const Call calls[] = {
        {"navigateTo", "/pages/tictactoe/tictactoe?level=hard", true, "navigateTo:ok",
         "pages/tictactoe/tictactoe"},
        {"navigateTo", "/pages/nope/nope", false,
         "navigateTo:fail page \"pages/nope/nope\" is not found", "pages/tictactoe/tictactoe"},
        {"navigateTo", "../settings/settings", false,
         "navigateTo:fail can not navigateTo a tabbar page", "pages/tictactoe/tictactoe"},
        {"switchTab", "/pages/settings/settings", true, "switchTab:ok", "pages/settings/settings"},
        {"reLaunch", "/pages/index/index", true, "reLaunch:ok", "pages/index/index"},
        {"navigateBack", "", false, "navigateBack:fail cannot navigate back at first page.",
         "pages/index/index"},
    };
    for (const Call& c : calls) {
        CAPTURE(c.op);
        CAPTURE(c.url);
        const json r = d.route(c.op, c.url);
        CHECK(r["ok"] == c.ok);
        CHECK(r["errMsg"] == c.err_msg);
        CHECK(d.state()["path"] == c.path_after);
        if (std::string(c.url).find("level=hard") != std::string::npos)
            CHECK(d.game()["difficulty"] == "hard");
    }
    CHECK(d.state()["stack"] == json::array({"pages/index/index"}));
}

TEST_CASE(
    "shell: corrupt and foreign stored values are reported and ignored and the app still plays") {
    FakeHost host;
    host.stored["tictactoe"] = R"({"miniarena":1,"data":{"difficulty":"hard")";
    host.stored["othello"] = R"("written by someone else")";
    Driver d(host);
    REQUIRE(d.start());
    CHECK(d.state()["storageProblems"] ==
          json::array({"storage key \"othello\" was not written by this app; ignored",
                       "storage key \"tictactoe\" is corrupt (not JSON); ignored"}));
    REQUIRE(d.click("game-tictactoe"));
    CHECK(d.game()["difficulty"] == "easy"); // the corrupt record was not trusted
    REQUIRE(d.click_cell(4));
    CHECK(d.game()["board"][4] == "X");
    // The move was saved over the corrupt record, in the envelope.
    CHECK(json::parse(host.stored["tictactoe"])["data"]["board"] == "----X----");
}

TEST_CASE("shell: the language follows the browser's locale") {
    struct Locale {
        const char* locale;
        const char* lang;
        const char* title;
    };
    for (const Locale& l :
         {Locale{"ko-KR", "ko", "미니 아레나"}, Locale{"en-GB", "en", "Mini Arena"}}) {
        CAPTURE(l.locale);
        FakeHost host;
        host.locale_name = l.locale;
        Driver d(host);
        REQUIRE(d.start());
        CHECK(d.state()["lang"] == l.lang);
        CHECK(d.state()["title"] == l.title);
    }
}

TEST_CASE("shell: a malformed app.json stops start-up with a message naming the key") {
    struct Broken {
        const char* app_json;
        const char* message;
    };
    const Broken broken[] = {
        {R"({"pages": ["pages/index/index"], "window": {"navigationBarTextStyle": "red"}})",
         "app.json: \"window.navigationBarTextStyle\" must be \"black\" or \"white\", not \"red\""},
        {R"({"pages": [)", "app.json: not valid JSON"},
        {R"({"pages": ["pages/index/index", "pages/nope/nope"]})",
         "app.json: \"pages[1]\" \"pages/nope/nope\" has no implementation in this build"},
    };
    for (const Broken& b : broken) {
        CAPTURE(b.app_json);
        FakeHost host;
        Driver d(host);
        CHECK_FALSE(d.start_with(b.app_json));
        CHECK(host.fatal == b.message);
        CHECK_FALSE(d.app().started());
    }
}

TEST_CASE("shell: leaving a page cancels its engine request and takes down its prompt") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("game-othello"));
    REQUIRE(d.click("level-level1"));
    REQUIRE(d.click_cell(2 * 8 + 3)); // d3: the AI thinks
    REQUIRE(host.pending().size() == 1);
    const int ticket = host.pending().front().ticket;
    REQUIRE(d.click("back"));
    CHECK(d.state()["path"] == "pages/index/index");
    CHECK(host.cancelled == std::vector<int>{ticket});
    CHECK(host.pending().empty());

    // The saved game comes back on the next visit: the AI is asked again.
    REQUIRE(d.click("game-othello"));
    CHECK(d.game()["transcript"] == "d3");
    CHECK(d.game()["thinking"] == true);
    REQUIRE(host.pending().size() == 1);
    host.deliver_all();
    host.advance(350);
    d.settle();
    REQUIRE(d.click("paste"));
    REQUIRE(host.prompts().size() == 1);
    const int prompt = host.prompts().begin()->first;
    CHECK(d.route("navigateBack")["ok"] == true);
    CHECK(host.prompts().empty());
    CHECK(host.closed_prompts == std::vector<int>{prompt});
}

TEST_CASE("shell: the Bot Lab reports its JavaScript core's error on the bot it could not check") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("botlab"));
    CHECK(d.state()["path"] == "pages/botlab/botlab");
    REQUIRE(!host.script_calls.empty());
    CHECK(host.script_calls.front() == "botlab examples {}");
    REQUIRE(d.click("load-bot"));
    REQUIRE(host.prompts().size() == 1);
    const std::string source = "function onTurnStart(data) { return [1, 1]; }";
    REQUIRE(host.answer_prompt(source));
    CHECK(host.script_calls.back() == "botlab load " + json{{"source", source}}.dump());
    CHECK(d.game()["bot"]["status"] == "checking");
    d.frame(); // the core's answer comes in the next frame
    d.settle();
    CHECK(d.game()["bot"]["status"] == "failed");
    CHECK(d.game()["bot"]["error"] == "no script modules in this host");
}

TEST_CASE("shell: the Bot Lab's state carries the shared board shape, an empty board before a match") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("botlab"));
    const json g = d.game();
    const auto* info = games::find_game(g["game"].get<std::string>());
    REQUIRE(info != nullptr);
    REQUIRE(g["cells"].size() == size_t(info->rows));
    CHECK(g["cells"][0] == json(std::vector<int>(size_t(info->cols), 0)));
    CHECK(g["turn"] == 0);
    CHECK(g["you"] == 1);
    CHECK(g["legalMoves"] == json::array());
    CHECK(g["forbiddenPoints"] == json::array());
    CHECK(g["last"].is_null());
    CHECK(g["outcome"].is_null());
}
