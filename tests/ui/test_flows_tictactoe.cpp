// Tic-tac-toe driven headless by clicks, as tests/web/tictactoe.test.js drives it in Chromium:
// the card on the home page, a cell, the engine's reply (delivered by the test, shown 400 ms
// after the move), new game, a won position, the difficulty, a reload.
#include "driver.h"
#include "games/service/service.h"

#include <doctest/doctest.h>

#include <algorithm>

using nlohmann::json;
using uitest::Driver;
using uitest::FakeHost;

namespace {

const json kEmptyBoard =
    json::array({nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr});

// The cell the engine answers `request` with, asked directly (what the page must show).
int engine_cell(const std::string& request) {
    return json::parse(games::serve_line(request)).at("cell").get<int>();
}

// The player of tests/web/tictactoe.test.js: win if possible, else block, else the first free
// of centre, corners, edges.
int player_move(const json& board) {
    static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const char* who : {"X", "O"})
        for (const auto& l : lines) {
            int mine = 0, empty = -1;
            for (int i : l) {
                if (board[i] == who) ++mine;
                if (board[i].is_null()) empty = i;
            }
            if (mine == 2 && empty >= 0) return empty;
        }
    for (int i : {4, 0, 2, 6, 8, 1, 3, 5, 7})
        if (board[i].is_null()) return i;
    return -1;
}

// The app opened on tic-tac-toe by a click on its card on the home page.
void open_tictactoe(Driver& d) {
    REQUIRE(d.start());
    REQUIRE(d.click("game-tictactoe"));
    REQUIRE(d.state()["path"] == "pages/tictactoe/tictactoe");
}

} // namespace

TEST_CASE("tic-tac-toe: home → the card → a move by a click → the engine's reply, shown 400 ms "
          "after the move") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    CHECK(d.state()["path"] == "pages/index/index");
    CHECK(host.warmed.empty()); // the home page does not start the AI worker
    REQUIRE(d.click("game-tictactoe"));

    json s = d.state();
    CHECK(s["path"] == "pages/tictactoe/tictactoe");
    CHECK(s["stack"] == json::array({"pages/index/index", "pages/tictactoe/tictactoe"}));
    CHECK(s["tabBar"] == false);
    CHECK(s["title"] == "Tic-tac-toe");
    CHECK(s["navButton"] == "back");
    // Who plays and the records (tests/ui/test_flows_modes.cpp) stand beside the game's own fields.
    CHECK(s["game"]["mode"] == "ai");
    CHECK(s["game"]["levels"] == json{{"X", "easy"}, {"O", "easy"}});
    CHECK(s["game"]["records"] == json::object());
    for (const char* k : {"mode", "levels", "paused", "speed", "records"}) s["game"].erase(k);
    CHECK(s["game"] == json{{"board", kEmptyBoard},
                            {"currentPlayer", "X"},
                            {"winner", nullptr},
                            {"line", json::array()},
                            {"scores", {{"X", 0}, {"O", 0}, {"draws", 0}}},
                            {"difficulty", "easy"},
                            {"thinking", false},
                            // the shape every board game shares (src/ui/snapshot.h)
                            {"cells", {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}},
                            {"turn", 1},
                            {"you", 1},
                            {"legalMoves", {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}},
                            {"forbiddenPoints", json::array()},
                            {"last", nullptr},
                            {"outcome", nullptr}});
    CHECK(host.warmed == std::vector<std::string>{"tictactoe"}); // its engine loads before any move
    CHECK(host.requests.empty());

    REQUIRE(d.click_cell(4));
    s = d.game();
    json board = kEmptyBoard;
    board[4] = "X";
    CHECK(s["board"] == board);
    CHECK(s["currentPlayer"] == "O");
    CHECK(s["thinking"] == true);
    REQUIRE(host.pending().size() == 1);
    const std::string request = host.pending().front().text;
    CHECK(request.rfind("tictactoe search ----X---- level=easy seed=", 0) == 0);
    const int o = engine_cell(request);
    REQUIRE(board[o].is_null());

    // The reply arrives at once; the page shows it only 400 ms after the move.
    REQUIRE(host.deliver_next());
    d.settle();
    CHECK(d.game()["board"] == board);
    CHECK(d.game()["thinking"] == true);
    host.advance(399);
    d.settle();
    CHECK(d.game()["board"] == board);
    host.advance(1);
    d.settle();
    board[o] = "O";
    s = d.game();
    CHECK(s["board"] == board);
    CHECK(s["currentPlayer"] == "X");
    CHECK(s["thinking"] == false);
    CHECK(s["winner"] == nullptr);

    // As the aria-live region hears it (tests/web/shell.test.js), and as the embedding parent.
    const std::string o_said =
        "O at row " + std::to_string(o / 3 + 1) + ", column " + std::to_string(o % 3 + 1);
    CHECK(host.announced == std::vector<std::string>{"X at row 2, column 2", o_said});
    REQUIRE(host.events.size() == 2);
    CHECK(json::parse(host.events[0]) == json{{"type", "move"},
                                              {"game", "tictactoe"},
                                              {"player", "X"},
                                              {"cell", 4},
                                              {"row", 1},
                                              {"col", 1}});
    CHECK(json::parse(host.events[1])["cell"] == o);
}

TEST_CASE("tic-tac-toe: a taken cell and the AI's turn take no click") {
    FakeHost host;
    Driver d(host);
    open_tictactoe(d);
    REQUIRE(d.click_cell(4));
    d.click_cell(0); // O to move: the board takes no click while the AI thinks
    CHECK(d.game()["board"][0] == nullptr);
    host.deliver_all();
    host.advance(400);
    d.settle();
    const json board = d.game()["board"];
    const int o = int(std::find(board.begin(), board.end(), json("O")) - board.begin());
    d.click_cell(4); // X's own
    d.click_cell(o); // O's
    CHECK(d.game()["board"] == board);
    CHECK(d.game()["currentPlayer"] == "X");
    CHECK(host.requests.size() == 1);
}

TEST_CASE("tic-tac-toe: New game starts over at once, cancels the AI's request and drops its late "
          "reply") {
    FakeHost host;
    Driver d(host);
    open_tictactoe(d);
    REQUIRE(d.click_cell(0));
    REQUIRE(host.pending().size() == 1);
    REQUIRE(d.click("new-game"));
    json s = d.state();
    CHECK(s["modal"] == nullptr); // tic-tac-toe never asks (Othello and Gomoku do)
    CHECK(s["game"]["board"] == kEmptyBoard);
    CHECK(s["game"]["thinking"] == false);
    CHECK(host.pending().empty());
    CHECK(host.cancelled == std::vector<int>{1});
    host.advance(1000);
    d.settle();
    CHECK(d.game()["board"] == kEmptyBoard);
}

TEST_CASE("tic-tac-toe: an engine failure is answered by the game's levels on the page") {
    FakeHost host;
    Driver d(host);
    open_tictactoe(d);
    REQUIRE(d.click_cell(4));
    REQUIRE(host.deliver_next_as(R"({"error":"the worker stopped"})"));
    host.advance(400);
    d.settle();
    const json s = d.game();
    CHECK(s["currentPlayer"] == "X");
    CHECK(s["thinking"] == false);
    CHECK(std::count(s["board"].begin(), s["board"].end(), json("O")) == 1);
}

TEST_CASE("tic-tac-toe: X wins from a set position by a click with its line and a point") {
    struct Win {
        const char* position;
        int cell;
        json line;
    };
    const Win wins[] = {
        {"XX-OO----", 2, {0, 1, 2}}, // tests/web/tictactoe.test.js's
        {"X--XO--O-", 6, {0, 3, 6}},
        {"XO-OX----", 8, {0, 4, 8}},
    };
    for (const Win& w : wins) {
        CAPTURE(w.position);
        FakeHost host;
        Driver d(host);
        open_tictactoe(d);
        REQUIRE(d.command({{"type", "setPosition"}, {"position", w.position}}) == "");
        REQUIRE(d.click_cell(w.cell));
        const json s = d.game();
        CHECK(s["winner"] == "X");
        CHECK(s["line"] == w.line);
        CHECK(s["scores"] == json{{"X", 1}, {"O", 0}, {"draws", 0}});
        CHECK(host.announced.back() == "You win!");
        CHECK(host.requests.empty());
    }
}

TEST_CASE("tic-tac-toe: another difficulty resets the scores and the board, with a toast") {
    FakeHost host;
    Driver d(host);
    open_tictactoe(d);
    REQUIRE(d.command({{"type", "setPosition"}, {"position", "XX-OO----"}}) == "");
    REQUIRE(d.click_cell(2));
    REQUIRE(d.game()["scores"]["X"] == 1);
    REQUIRE(d.click("difficulty-hard"));
    const json s = d.state();
    CHECK(s["game"]["difficulty"] == "hard");
    CHECK(s["game"]["scores"] == json{{"X", 0}, {"O", 0}, {"draws", 0}});
    CHECK(s["game"]["board"] == kEmptyBoard);
    CHECK(s["toast"] == "Difficulty changed: scores reset");
    host.advance(1500); // the toast's time is up
    d.settle();
    CHECK(d.state()["toast"] == nullptr);
}

TEST_CASE("tic-tac-toe: setLevel takes the catalogue's level ids and the page's own words") {
    FakeHost host;
    Driver d(host);
    open_tictactoe(d);
    const struct {
        const char* level;
        const char* difficulty;
    } cases[] = {{"random", "easy"}, {"master", "hard"}, {"easy", "easy"}, {"hard", "hard"}};
    for (const auto& c : cases) {
        CHECK(d.command({{"type", "setLevel"}, {"level", c.level}}) == "");
        CHECK(d.game()["difficulty"] == c.difficulty);
    }
    CHECK(d.command({{"type", "setLevel"}, {"level", "level2"}}) ==
          "setLevel: level must be random or master (or easy or hard)");
    CHECK(d.game()["difficulty"] == "hard");
}

TEST_CASE("tic-tac-toe: the url's level and level2 take the catalogue's level ids and the page's own words") {
    const struct {
        const char* query;
        const char* difficulty;
        const char* level2; // AI vs AI: O's level (checked in the aivai cases)
    } cases[] = {{"?level=master", "hard", "easy"},
                 {"?level=random", "easy", "easy"},
                 {"?level=hard&mode=aivai&level2=master", "hard", "hard"},
                 {"?level=easy&mode=aivai&level2=random", "easy", "easy"},
                 {"?level=level2", "easy", "easy"}}; // not a level of this game: the saved one stays
    for (const auto& c : cases) {
        CAPTURE(c.query);
        FakeHost host;
        Driver d(host);
        REQUIRE(d.start(std::string("/pages/tictactoe/tictactoe") + c.query));
        CHECK(d.game()["difficulty"] == c.difficulty);
        if (std::string(c.query).find("aivai") != std::string::npos) CHECK(d.game()["levels"]["O"] == c.level2);
    }
}

TEST_CASE(
    "tic-tac-toe: scores and the board survive a reload and the reloaded page has a home button") {
    FakeHost host;
    json before;
    {
        Driver d(host);
        open_tictactoe(d);
        REQUIRE(d.command({{"type", "setPosition"}, {"position", "XX-OO----"}}) == "");
        REQUIRE(d.click_cell(2));
        before = d.game();
    }
    Driver again(host); // the same storage, a new App: a reload at the page's address
    REQUIRE(again.start("/pages/tictactoe/tictactoe"));
    json s = again.state();
    CHECK(s["stack"] == json::array({"pages/tictactoe/tictactoe"}));
    CHECK(s["navButton"] == "home");
    CHECK(s["game"] == before);
    REQUIRE(again.click("home"));
    CHECK(again.state()["path"] == "pages/index/index");
    REQUIRE(again.click("game-tictactoe"));
    CHECK(again.game()["scores"] == before["scores"]);
    CHECK(again.game()["difficulty"] == "easy");
}

TEST_CASE(
    "tic-tac-toe: whole games against Hard by clicks where Hard never loses and the scores count") {
    FakeHost host;
    host.auto_reply = true; // every reply goes out by itself, on the next frame
    Driver d(host);
    open_tictactoe(d);
    REQUIRE(d.click("difficulty-hard"));
    int o_wins = 0, draws = 0;
    for (int game = 0; game < 2; ++game) {
        CAPTURE(game);
        json s = d.game();
        while (s["winner"].is_null()) {
            const int cell = player_move(s["board"]);
            REQUIRE(d.click_cell(cell));
            REQUIRE(d.game()["board"][cell] == "X");
            host.advance(400);
            d.settle();
            s = d.game();
            const auto count = [&](const char* who) {
                return std::count(s["board"].begin(), s["board"].end(), json(who));
            };
            if (s["winner"].is_null()) CHECK(count("O") == count("X"));
        }
        CHECK(s["winner"] != "X");
        (s["winner"] == "O" ? o_wins : draws) += 1;
        REQUIRE(d.click("new-game"));
        CHECK(d.game()["board"] == kEmptyBoard);
    }
    CHECK(d.game()["scores"] == json{{"X", 0}, {"O", o_wins}, {"draws", draws}});
}
