// The game catalogue: one description per game that the UI, the site and the tools read.
#include "games/common/catalogue.h"
#include "games/service/service.h"
#include "miniapp/strings.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

using games::catalogue;

TEST_CASE("every game of the catalogue is a page of app.json, named in the string table") {
    std::ifstream f(std::string(MINIARENA_WEB_DIR) + "/app.json");
    auto app = nlohmann::json::parse(f);
    std::set<std::string> pages(app["pages"].begin(), app["pages"].end());
    REQUIRE(catalogue().size() >= 3);
    std::set<std::string_view> ids;
    for (const auto& g : catalogue()) {
        CAPTURE(g.id);
        CHECK(ids.insert(g.id).second);
        CHECK(games::find_game(g.id) == &g);
        CHECK(pages.count(std::string(g.page)));
        CHECK(g.rows > 0);
        CHECK(g.cols > 0);
        CHECK(miniapp::str_from_name(g.name) != miniapp::Str::Count);
        CHECK(miniapp::str_from_name(g.description) != miniapp::Str::Count);
        REQUIRE(!g.levels.empty());
        CHECK(g.level(g.default_level) != nullptr);
        for (const auto& l : g.levels) {
            CAPTURE(l.id);
            CHECK(miniapp::str_from_name(l.label) != miniapp::Str::Count);
            bool on_ladder = false;
            for (const auto& rung : games::ladder()) on_ladder |= rung.id == l.id;
            CHECK(on_ladder);
        }
        for (const auto& r : g.rules) CHECK(miniapp::str_from_name(r.label) != miniapp::Str::Count);
        for (const auto& r : g.reasons)
            CHECK(miniapp::str_from_name(r.label) != miniapp::Str::Count);
        for (const auto& e : g.examples) { // the Bot Lab words its example bots from the string table
            CAPTURE(e.id);
            CHECK(miniapp::str_from_name(e.label) != miniapp::Str::Count);
            CHECK(miniapp::str_from_name(e.description) != miniapp::Str::Count);
        }
        // The engine knows the game: an unknown verb is refused by the game, not as an unknown
        // game.
        auto reply = nlohmann::json::parse(games::serve_line(std::string(g.id) + " no-such-verb"));
        CHECK(reply["error"].get<std::string>().find("unknown game") == std::string::npos);
    }
    CHECK(games::find_game("chess") == nullptr);
    for (auto id : games::botlab_games()) CHECK(games::find_game(id) != nullptr);
}

TEST_CASE("the home page's cards: every game once, in the catalogue's home order, then the Bot Lab") {
    std::ifstream f(std::string(MINIARENA_WEB_DIR) + "/app.json");
    auto app = nlohmann::json::parse(f);
    std::set<std::string> pages(app["pages"].begin(), app["pages"].end());
    std::vector<std::string> controls;
    std::set<std::string_view> games_shown;
    for (const auto& c : games::home_cards()) {
        CAPTURE(c.control);
        controls.emplace_back(c.control);
        CHECK(pages.count(std::string(c.page)));
        CHECK(miniapp::str_from_name(c.name) != miniapp::Str::Count);
        CHECK(miniapp::str_from_name(c.description) != miniapp::Str::Count);
        if (c.control.starts_with("game-")) {
            const auto* g = games::find_game(c.control.substr(5));
            REQUIRE(g != nullptr);
            CHECK(c.page == g->page);
            CHECK(c.name == g->name);
            CHECK(games_shown.insert(g->id).second);
        }
    }
    CHECK(games_shown.size() == catalogue().size());
    CHECK(controls == std::vector<std::string>{"game-othello", "game-gomoku", "game-tictactoe", "botlab"});
}

TEST_CASE(
    "the engines take every level of the catalogue by its engine name and refuse an unknown one") {
    // A position to search in each game (a move to find; the engines' own notation).
    const std::map<std::string_view, std::string> start = {
        {"tictactoe", "---------"},
        {"othello", "---------------------------OX------XO--------------------------- X"},
        {"gomoku", "-"}};
    for (const auto& g : catalogue()) {
        CAPTURE(g.id);
        REQUIRE(start.count(g.id));
        const std::string base = std::string(g.id) + " search " + start.at(g.id) + " seed=1";
        for (const auto& l : g.levels) {
            CAPTURE(l.engine);
            auto reply = nlohmann::json::parse(
                games::serve_line(base + " level=" + std::string(l.engine) + " depth=1"));
            CHECK_FALSE(reply.contains("error"));
        }
        auto bad = nlohmann::json::parse(games::serve_line(base + " level=no-such-level"));
        CHECK(bad.contains("error"));
    }
}

TEST_CASE("str_from_name finds every string by its identifier") {
    for (int i = 0; i < int(miniapp::Str::Count); ++i)
        CHECK(miniapp::str_from_name(miniapp::str_name(miniapp::Str(i))) == miniapp::Str(i));
    CHECK(miniapp::str_from_name("NoSuchString") == miniapp::Str::Count);
}

TEST_CASE("every game answers start and play with the shared reply fields (src/games/README.md)") {
    for (const auto& g : games::catalogue()) {
        CAPTURE(g.id);
        const auto start = nlohmann::json::parse(games::serve_line(std::string(g.id) + " start"));
        for (const char* k : {"cells", "turn", "legalMoves", "forbiddenPoints", "last", "outcome", "position"})
            CHECK_MESSAGE(start.contains(k), k);
        REQUIRE(start["cells"].size() == size_t(g.rows));
        CHECK(start["cells"][0].size() == size_t(g.cols));
        CHECK(start["turn"] == 1);
        CHECK(start["outcome"].is_null());
        REQUIRE(!start["legalMoves"].empty());
        // The first legal move, as <row> <col>: played by the first side, the turn goes over.
        const auto move = start["legalMoves"][0];
        const auto play = nlohmann::json::parse(games::serve_line(
            std::string(g.id) + " play " + start["position"].get<std::string>() + " " +
            std::to_string(move[0].get<int>()) + " " + std::to_string(move[1].get<int>())));
        REQUIRE_MESSAGE(!play.contains("error"), play.dump());
        CHECK(play["cells"][move[0].get<int>()][move[1].get<int>()] == 1);
        CHECK(play["last"] == move);
        CHECK(play["turn"] == 2);
        CHECK(play["position"] != start["position"]);
    }
}
