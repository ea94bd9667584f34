// The Review page driven headless: a game opened by its link, the engine asked about one move at
// a time (the graph fills in as the replies come), stepping by buttons, keys and the graph, the
// marks and the summary, and links that do not read. The engine's replies here are written by
// the test (the page's handling of them is what is checked); the review values themselves are
// the engines' tests' (tests/games/*/).
#include "driver.h"
#include "games/service/service.h"

#include <doctest/doctest.h>

#include <string>

using nlohmann::json;
using uitest::Driver;
using uitest::FakeHost;

namespace {

const std::string kStart = "---------------------------OX------XO---------------------------";

// A review reply of the engine's shape.
std::string verdict(const char* best, int row, int col, double eval_best, double eval_played, double loss,
                    const char* mark) {
    return json{{"move", ""},      {"best", best},           {"bestRow", row},   {"bestCol", col},
                {"evalBest", eval_best}, {"evalPlayed", eval_played}, {"loss", loss}, {"exact", false},
                {"mark", mark}}
        .dump();
}

} // namespace

TEST_CASE("review: an Othello game by its link, analysed move by move, stepped by buttons, keys and the graph") {
    FakeHost host;
    Driver d(host, 390, 844);
    REQUIRE(d.start("pages/review/review?game=othello&moves=f5d6c3"));
    json s = d.game();
    REQUIRE(d.state()["path"] == "pages/review/review");
    CHECK(s["review"] == true);
    CHECK(s["total"] == 3);
    CHECK(s["at"] == 3); // the end, by default
    CHECK(s["analysed"] == 0);
    CHECK(s["error"] == nullptr);

    // One request at a time, from the first move, each the position it was played in.
    REQUIRE(host.pending().size() == 1);
    CHECK(host.pending().front().text == "othello review " + kStart + " X f5");
    REQUIRE(host.deliver_next_as(verdict("f5", 4, 5, 0, 0, 0, "best")));
    d.settle();
    REQUIRE(host.pending().size() == 1);
    const std::string after_f5 = "---------------------------OX------XXX-------------------------- O";
    CHECK(host.pending().front().text == "othello review " + after_f5 + " d6");
    CHECK(d.game()["analysed"] == 1);
    REQUIRE(host.deliver_next_as(verdict("f4", 3, 5, 0, -10, 10, "blunder")));
    d.settle();
    REQUIRE(host.deliver_next_as(verdict("c3", 2, 2, 10, 10, 0, "best")));
    d.settle();
    CHECK(host.pending().empty());
    s = d.game();
    CHECK(s["analysed"] == 3);
    CHECK(s["plies"][1] == json{{"move", "d6"}, {"side", 2}, {"best", "f4"}, {"loss", 10.0}, {"mark", "blunder"},
                                {"exact", false}, {"evalPlayed", -10.0}});
    CHECK(s["summary"]["2"]["blunder"] == 1);
    CHECK(s["summary"]["2"]["loss"] == 10.0);
    CHECK(s["summary"]["1"]["loss"] == 0.0);
    CHECK(s["summary"]["1"]["blunder"] == 0);

    // The buttons: to the start, one on, one back.
    REQUIRE(d.click("review-first"));
    s = d.game();
    CHECK(s["at"] == 0);
    CHECK(s["last"] == nullptr);
    CHECK(s["cells"][3][3] == 2);
    CHECK(s["moveLine"] == "The start position");
    REQUIRE(d.click("review-next"));
    REQUIRE(d.click("review-next"));
    s = d.game();
    CHECK(s["at"] == 2);
    CHECK(s["last"] == json::array({5, 3})); // d6
    CHECK(s["moveLine"] == "2. d6 (White) · Blunder · 10 discs lost · better f4");
    CHECK(host.announced.back() == "2. d6 (White) · Blunder · 10 discs lost · better f4");
    REQUIRE(d.click("review-prev"));
    CHECK(d.game()["at"] == 1);
    // The keys: right arrow on, End to the end, Home to the start.
    d.key(ImGuiKey_RightArrow);
    CHECK(d.game()["at"] == 2);
    d.key(ImGuiKey_End);
    CHECK(d.game()["at"] == 3);
    d.key(ImGuiKey_Home);
    CHECK(d.game()["at"] == 0);
    // A tap on the graph goes to the move under it: two thirds across is move 2.
    auto g = d.app().control_rect("review-graph");
    REQUIRE(g);
    d.click_at(g->x + g->w * 2 / 3, g->y + g->h / 2);
    CHECK(d.game()["at"] == 2);
    // The automation command.
    CHECK(d.command({{"type", "reviewAt"}, {"at", 1}}) == "");
    CHECK(d.game()["at"] == 1);
    CHECK(d.command({{"type", "reviewAt"}, {"at", "x"}}) != "");
}

TEST_CASE("review: at= opens at a move, and the engine failing stops the analysis and says so") {
    FakeHost host;
    Driver d(host, 390, 844);
    REQUIRE(d.start("pages/review/review?game=othello&moves=f5d6c3&at=1"));
    CHECK(d.game()["at"] == 1);
    REQUIRE(host.deliver_next_as(R"({"error":"the worker stopped"})"));
    d.settle();
    json s = d.game();
    CHECK(s["error"] == "the worker stopped");
    CHECK(s["analysed"] == 0);
    CHECK(host.pending().empty());
    // The game can still be stepped through.
    REQUIRE(d.click("review-next"));
    CHECK(d.game()["at"] == 2);
}

TEST_CASE("review: Gomoku and tic-tac-toe games ask their engines move by move") {
    {
        FakeHost host;
        Driver d(host, 390, 844);
        REQUIRE(d.start("pages/review/review?game=gomoku&moves=h8i9&rule=renju"));
        CHECK(d.game()["total"] == 2);
        REQUIRE(host.pending().size() == 1);
        CHECK(host.pending().front().text == "gomoku review - 7 7 rule=renju");
        REQUIRE(host.deliver_next_as(verdict("h8", 7, 7, 500, 500, 0, "best")));
        d.settle();
        CHECK(host.pending().front().text == "gomoku review h8 8 8 rule=renju");
    }
    {
        FakeHost host;
        Driver d(host, 390, 844);
        REQUIRE(d.start("pages/review/review?game=tictactoe&moves=4083"));
        CHECK(d.game()["total"] == 4);
        CHECK(d.game()["cells"] == json::array({json::array({2, 0, 0}), json::array({2, 1, 0}), json::array({0, 0, 1})}));
        REQUIRE(host.pending().size() == 1);
        CHECK(host.pending().front().text == "tictactoe review --------- 4");
    }
}

TEST_CASE("review: a link that does not read opens the page with the reason and nothing to step") {
    const struct {
        const char* url;
        const char* error; // the English reason in state().game.error
        const char* toast; // what the player reads
    } cases[] = {
        {"pages/review/review?game=chess&moves=e4", "game: 'chess' is not a game that can be reviewed",
         "Not a game that can be reviewed: 'chess'"},
        {"pages/review/review?moves=f5", "game: '' is not a game that can be reviewed",
         "Not a game that can be reviewed: ''"},
        {"pages/review/review?game=othello&moves=f5z9", nullptr, nullptr},
        {"pages/review/review?game=gomoku&moves=h8h8", nullptr, nullptr},
        {"pages/review/review?game=gomoku&moves=h8&rule=chess", "rule: 'chess' is not freestyle, standard or renju",
         "The rule does not read (chess)"},
        {"pages/review/review?game=tictactoe&moves=449", "moves: character 2 '4' is a taken cell",
         "Moves: character 2 '4' is not an empty cell 0–8"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.url);
        FakeHost host;
        Driver d(host, 390, 844);
        REQUIRE(d.start(c.url));
        json s = d.state();
        CHECK(s["path"] == "pages/review/review");
        REQUIRE(s["game"]["error"].is_string());
        if (c.error) CHECK(s["game"]["error"] == c.error);
        REQUIRE(s["toast"].is_string());
        if (c.toast) CHECK(s["toast"] == c.toast);
        CHECK(s["game"]["total"] == 0);
        CHECK(host.pending().empty());
        CHECK(!d.app().control_rect("review-next"));
    }
}

TEST_CASE("review: with the real engine, the page's marks and summary are the engine's whole-game review") {
    const std::string moves = "f5d6c3d3c4f4f6f3e6e7";
    FakeHost host;
    Driver d(host, 390, 844);
    REQUIRE(d.start("pages/review/review?game=othello&moves=" + moves));
    for (int i = 0; i < 10 && !host.pending().empty(); ++i) {
        REQUIRE(host.deliver_next());
        d.settle();
    }
    json s = d.game();
    REQUIRE(s["analysed"] == 10);
    const json whole = json::parse(games::serve_line("othello review-game " + moves));
    REQUIRE(whole["moves"].size() == 10);
    for (size_t i = 0; i < 10; ++i) {
        CAPTURE(i);
        CHECK(s["plies"][i]["mark"] == whole["moves"][i]["mark"]);
        CHECK(s["plies"][i]["loss"] == whole["moves"][i]["loss"]);
        CHECK(s["plies"][i]["best"] == whole["moves"][i]["best"]);
    }
    for (const char* side : {"black", "white"}) {
        CAPTURE(side);
        const json& ours = s["summary"][std::string(side) == "black" ? "1" : "2"];
        CHECK(ours["loss"] == whole["summary"][side]["loss"]);
        for (const char* mark : {"inaccuracy", "mistake", "blunder"}) CHECK(ours[mark] == whole["summary"][side][mark]);
    }
}
