// Gomoku driven headless by clicks and taps, as tests/web/gomoku.test.js drives it in Chromium:
// a move at LEVEL 1, the AI's reply (delivered by the test), occupied points refused, undo; renju
// marks black's forbidden point and asks before it is played; a finger on a small board aims
// first.
#include "driver.h"
#include "games/service/service.h"

#include <doctest/doctest.h>

using nlohmann::json;
using uitest::Driver;
using uitest::FakeHost;

namespace {

constexpr int N = 15;

// The app opened on Gomoku by a click on its card.
void open_gomoku(Driver& d) {
    REQUIRE(d.start());
    REQUIRE(d.click("game-gomoku"));
    REQUIRE(d.state()["path"] == "pages/gomoku/gomoku");
}

} // namespace

TEST_CASE("gomoku: a move at LEVEL 1 then the AI's reply then occupied points refused then undo") {
    FakeHost host;
    Driver d(host);
    open_gomoku(d);
    REQUIRE(d.click("level-level1"));
    json s = d.game();
    CHECK(s["level"] == "level1");
    CHECK(s["rule"] == "freestyle");
    CHECK(s["toMove"] == 1);
    CHECK(s["human"] == "black");
    CHECK(s["board"].size() == N);

    REQUIRE(d.click_cell(7 * N + 7));
    s = d.game();
    CHECK(s["moves"] == json::array({{7, 7}}));
    CHECK(s["board"][7][7] == 1);
    CHECK(s["thinking"] == true);
    REQUIRE(host.pending().size() == 1);
    const std::string request = host.pending().front().text;
    CHECK(request.rfind("gomoku search h8 rule=freestyle level=1 seed=", 0) == 0);
    const json reply = json::parse(games::serve_line(request));
    const int ar = reply.at("row"), ac = reply.at("col");

    host.deliver_next();
    host.advance(350);
    d.settle();
    s = d.game();
    CHECK(s["moves"] == json::array({{7, 7}, {ar, ac}}));
    CHECK(s["board"][ar][ac] == 2);
    CHECK(s["lastMove"] == json::array({ar, ac}));
    CHECK(s["thinking"] == false);
    CHECK(s["toMove"] == 1);

    d.click_cell(ar * N + ac); // occupied: nothing happens
    d.click_cell(7 * N + 7);
    CHECK(d.game()["moves"].size() == 2);
    CHECK(host.requests.size() == 1);
    CHECK(d.command({{"type", "play"}, {"row", 7}, {"col", 7}}) == "play: h8 is occupied");

    REQUIRE(d.click("undo"));
    s = d.game();
    CHECK(s["moves"] == json::array());
    CHECK(s["position"] == "-"); // the empty board's position string
    CHECK(s["toMove"] == 1);
}

TEST_CASE("gomoku: renju marks black's forbidden point and asks before it is played") {
    FakeHost host;
    Driver d(host);
    open_gomoku(d);
    REQUIRE(d.click("rule-renju"));
    REQUIRE(d.game()["rule"] == "renju");
    // Black h8, j8 (row 8) and i7, i9 (column i) around i8, white in the corners, black to
    // move: i8 would make two open threes at once, a double three.
    REQUIRE(d.command({{"type", "setPosition"}, {"position", "h8a1j8a15i7o1i9o15"}}) == "");
    json s = d.game();
    CHECK(s["position"] == "h8a1j8a15i7o1i9o15");
    CHECK(s["toMove"] == 1);
    CHECK(s["forbidden"] == json::array({{7, 8}})); // i8, and only i8

    REQUIRE(d.click_cell(7 * N + 8));
    s = d.state();
    CHECK(
        s["modal"] ==
        json{{"title", "A forbidden point"},
             {"content", "Under renju, black playing i8 is forbidden (double three, double four or "
                         "overline) and loses. Play it anyway?"},
             {"confirm", "Play anyway"},
             {"cancel", "Cancel"}});
    REQUIRE(d.click("modal-cancel"));
    s = d.state();
    CHECK(s["modal"] == nullptr);
    CHECK(s["game"]["board"][7][8] == 0); // Cancel keeps the point empty

    REQUIRE(d.click_cell(7 * N + 8));
    REQUIRE(d.state()["modal"] != nullptr);
    REQUIRE(d.click("modal-confirm"));
    s = d.game();
    REQUIRE(s["result"].is_object());
    CHECK(s["result"]["winner"] == "white");
    CHECK(s["result"]["forbidden"] == true);
    CHECK(s["board"][7][8] == 1);
    CHECK(host.requests.empty()); // the game ended on black's move: the AI was never asked
}

TEST_CASE("gomoku: on a phone a first tap aims and a second on the same point places") {
    FakeHost host;
    Driver d(host, 360, 640, 2);
    open_gomoku(d);
    const auto cell = d.app().board_cell_rect(7 * N + 7);
    REQUIRE(cell);
    REQUIRE(cell->w < 36); // small enough to aim first (GomokuPage::kAimBelowPx)
    d.click_at(cell->center().x, cell->center().y, true);
    json s = d.game();
    CHECK(s["aim"] == json::array({7, 7}));
    CHECK(s["moves"] == json::array());
    CHECK(host.announced.back() == "h8: tap again to place");
    d.click_at(cell->center().x, cell->center().y, true);
    s = d.game();
    CHECK(s["aim"] == nullptr);
    CHECK(s["moves"] == json::array({{7, 7}}));
    // A mouse places at once on the same small board.
    host.deliver_all();
    host.advance(350);
    d.settle();
    REQUIRE(d.game()["toMove"] == 1);
    const int target = d.game()["board"][7][8] == 0 ? 7 * N + 8 : 6 * N + 7;
    REQUIRE(d.click_cell(target));
    CHECK(d.game()["moves"].size() == 3);
}

TEST_CASE("gomoku: New game asks first when a game is in progress and only OK clears it") {
    struct Answer {
        const char* control;
        size_t moves_after;
    };
    for (const Answer& a : {Answer{"modal-cancel", 2}, Answer{"modal-confirm", 0}}) {
        CAPTURE(a.control);
        FakeHost host;
        host.auto_reply = true; // the AI's reply goes out by itself, on the next frame
        Driver d(host);
        open_gomoku(d);
        REQUIRE(d.click_cell(7 * N + 7));
        host.advance(350);
        d.settle();
        REQUIRE(d.game()["moves"].size() == 2);
        REQUIRE(d.click("new-game"));
        CHECK(d.state()["modal"]["title"] == "Start a new game?");
        REQUIRE(d.click(a.control));
        CHECK(d.state()["modal"] == nullptr);
        CHECK(d.game()["moves"].size() == a.moves_after);
    }
}
