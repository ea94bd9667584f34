// Who plays, records and the share link, driven headless by clicks (src/ui/play.h): two players
// on one device (no engine request, undo takes one move), AI vs AI to the end with the fake
// host answering, Pause holding the game, records counting games against the AI only and reset
// after a confirmation, a share link that opens the same position, a malformed one toasted.
#include "driver.h"

#include <doctest/doctest.h>

using nlohmann::json;
using uitest::Driver;
using uitest::FakeHost;

namespace {

int sq(const char* s) { return (s[1] - '1') * 8 + (s[0] - 'a'); }

int searches(const FakeHost& host) {
    int n = 0;
    for (const auto& r : host.requests)
        if (r.find(" search ") != std::string::npos) ++n;
    return n;
}

// Frames with the clock moving until `done` (or `limit` steps).
template <class F> bool run_until(FakeHost& host, Driver& d, F done, int limit = 2000, double step = 200) {
    for (int i = 0; i < limit; ++i) {
        if (done()) return true;
        host.advance(step);
        d.settle();
    }
    return done();
}

} // namespace

TEST_CASE("modes: Othello for two players plays both sides without the AI and undo takes one move") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("game-othello"));
    REQUIRE(d.click("mode-two"));
    CHECK(d.game()["mode"] == "two");
    const int before = searches(host);
    REQUIRE(d.click_cell(sq("d3"))); // black
    CHECK(d.game()["toMove"] == 2);
    CHECK(d.game()["thinking"] == false);
    CHECK(d.game()["you"] == 2); // the accessible grid plays the side to move
    REQUIRE(d.click_cell(sq("c3"))); // white, by a click too
    CHECK(d.game()["transcript"] == "d3c3");
    REQUIRE(d.click_cell(sq("c4"))); // black again
    CHECK(d.game()["transcript"] == "d3c3c4");
    CHECK(searches(host) == before);
    CHECK(host.pending().empty());
    REQUIRE(d.click("undo"));
    CHECK(d.game()["transcript"] == "d3c3");
    CHECK(d.game()["toMove"] == 1);
    REQUIRE(d.click("undo"));
    CHECK(d.game()["transcript"] == "d3");
    CHECK(host.pending().empty());
    // The keyboard's play command plays whichever side is to move.
    CHECK(d.command({{"type", "play"}, {"move", "e3"}}) == "");
    CHECK(d.game()["transcript"] == "d3e3");
}

TEST_CASE("modes: Gomoku and tic-tac-toe for two players, undo takes one stone or mark") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("game-gomoku"));
    REQUIRE(d.click("mode-two"));
    REQUIRE(d.click_cell(7 * 15 + 7));
    REQUIRE(d.click_cell(7 * 15 + 8));
    REQUIRE(d.click_cell(8 * 15 + 8));
    CHECK(d.game()["moves"] == json::array({{7, 7}, {7, 8}, {8, 8}}));
    CHECK(host.pending().empty());
    REQUIRE(d.click("undo"));
    CHECK(d.game()["moves"] == json::array({{7, 7}, {7, 8}}));
    CHECK(d.game()["toMove"] == 1);
    d.route("navigateBack");

    REQUIRE(d.click("game-tictactoe"));
    REQUIRE(d.click("mode-two"));
    REQUIRE(d.click_cell(4));
    REQUIRE(d.click_cell(0));
    json g = d.game();
    CHECK(g["board"][4] == "X");
    CHECK(g["board"][0] == "O");
    CHECK(g["currentPlayer"] == "X");
    CHECK(host.pending().empty());
    CHECK(d.state()["toast"] == nullptr);
    REQUIRE(d.click("undo"));
    g = d.game();
    CHECK(g["board"][0] == nullptr);
    CHECK(g["board"][4] == "X");
    CHECK(g["currentPlayer"] == "O");
}

TEST_CASE("modes: AI vs AI plays Othello to the end through engine requests, at both levels") {
    FakeHost host;
    host.auto_reply = true;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("game-othello"));
    REQUIRE(d.click("level-random"));
    REQUIRE(d.click("mode-aivai"));
    REQUIRE(d.click("white-level-level1"));
    REQUIRE(d.click("speed-fast"));
    json g = d.game();
    CHECK(g["mode"] == "aivai");
    CHECK(g["levels"] == json{{"black", "random"}, {"white", "level1"}});
    CHECK(g["speed"] == "fast");
    REQUIRE(run_until(host, d, [&] { return !d.game()["result"].is_null(); }));
    g = d.game();
    CHECK(g["transcript"].get<std::string>().size() >= 2 * 40);
    bool black_random = false, white_level1 = false;
    for (const auto& r : host.requests) {
        if (r.find("othello search ") != 0) continue;
        if (r.find(" X level=random ") != std::string::npos) black_random = true;
        if (r.find(" O level=1 ") != std::string::npos) white_level1 = true;
    }
    CHECK(black_random);
    CHECK(white_level1);
    CHECK(g["records"] == json::object()); // AI vs AI is not counted
}

TEST_CASE("modes: Pause holds an AI-vs-AI game and Resume goes on") {
    FakeHost host;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("game-gomoku"));
    REQUIRE(d.click("level-random"));
    REQUIRE(d.click("mode-aivai"));
    REQUIRE(host.pending().size() == 1);
    host.deliver_next();
    host.advance(700);
    d.settle();
    REQUIRE(d.game()["moves"].size() == 1);
    REQUIRE(host.pending().size() == 1); // white thinks
    REQUIRE(d.click("pause"));
    CHECK(d.game()["paused"] == true);
    CHECK(host.cancelled.size() >= 1);
    const int asked = int(host.requests.size());
    host.deliver_all();
    for (int i = 0; i < 10; ++i) {
        host.advance(1000);
        d.settle();
    }
    CHECK(d.game()["moves"].size() == 1);
    CHECK(int(host.requests.size()) == asked);
    REQUIRE(d.click("pause")); // Resume
    CHECK(d.game()["paused"] == false);
    REQUIRE(host.pending().size() == 1);
    host.deliver_next();
    host.advance(700);
    d.settle();
    CHECK(d.game()["moves"].size() == 2);
}

TEST_CASE("modes: records count games against the AI only, and reset after a confirmation") {
    FakeHost host;
    host.auto_reply = true;
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("game-tictactoe"));
    // Against the AI (easy): X takes the first empty cell until the game ends.
    auto play_out = [&] {
        return run_until(host, d, [&] {
            json g = d.game();
            if (!g["winner"].is_null()) return true;
            if (g["currentPlayer"] == "X" && g["thinking"] == false)
                for (int i = 0; i < 9; ++i)
                    if (g["board"][i].is_null()) {
                        d.click_cell(i);
                        break;
                    }
            return false;
        }, 200, 250);
    };
    REQUIRE(play_out());
    json rec = d.game()["records"];
    REQUIRE(rec.contains("easy"));
    CHECK(rec["easy"]["games"] == 1);
    CHECK(rec["easy"]["wins"].get<int>() + rec["easy"]["losses"].get<int>() + rec["easy"]["draws"].get<int>() == 1);
    const json after_ai = rec;
    // A finished game shown again (a reload) is not counted twice.
    d.route("navigateBack");
    REQUIRE(d.click("game-tictactoe"));
    CHECK(d.game()["records"] == after_ai);

    // Two players: not counted.
    REQUIRE(d.click("mode-two"));
    for (int c : {0, 3, 1, 4, 2}) REQUIRE(d.click_cell(c));
    CHECK(d.game()["winner"] == "X");
    CHECK(d.game()["records"] == after_ai);

    // The settings tab shows them; Reset asks, Cancel keeps them, Reset clears them.
    REQUIRE(d.route("switchTab", "/pages/settings/settings")["ok"] == true);
    d.settle();
    CHECK(d.game()["records"]["tictactoe"] == after_ai);
    REQUIRE(d.click("records-reset"));
    REQUIRE(d.state()["modal"].is_object());
    CHECK(d.state()["modal"]["title"] == "Reset all records?");
    REQUIRE(d.click("modal-cancel"));
    CHECK(d.game()["records"]["tictactoe"] == after_ai);
    REQUIRE(d.click("records-reset"));
    REQUIRE(d.click("modal-confirm"));
    CHECK(d.game()["records"] == json::object());
    CHECK(host.stored.count("records") == 0);
    CHECK(d.state()["toast"] == "Records reset");
}

TEST_CASE("modes: a corrupt stored record is reported and ignored") {
    FakeHost host;
    host.stored["records"] = R"({"miniarena":1,"data":{"tictactoe":{"easy":{"w":"three","l":1,"d":0}}}})";
    Driver d(host);
    REQUIRE(d.start());
    REQUIRE(d.click("game-tictactoe"));
    CHECK(d.game()["records"]["easy"]["wins"] == 0);
    CHECK(d.game()["records"]["easy"]["losses"] == 1);
    bool reported = false;
    const json problems = d.state()["storageProblems"];
    for (const auto& p : problems)
        if (p.get<std::string>().find("tictactoe.easy.w") != std::string::npos) reported = true;
    CHECK_MESSAGE(reported, problems.dump());
}

TEST_CASE("modes: Share copies a link that opens the same position, and a malformed link is toasted") {
    std::string link;
    {
        FakeHost host;
        Driver d(host);
        REQUIRE(d.start());
        REQUIRE(d.click("game-othello"));
        REQUIRE(d.click("mode-two"));
        REQUIRE(d.click_cell(sq("d3")));
        REQUIRE(d.click_cell(sq("c3")));
        REQUIRE(d.click("share"));
        link = host.clipboard;
        CHECK(link == "https://arena.test/index.html#/pages/othello/othello?position=d3c3&mode=two&level=level1");
        CHECK(d.state()["toast"] == "Link copied");
        // With a share sheet, nothing to say: the browser's sheet takes it.
        host.share_sheet = true;
        host.advance(2000);
        d.settle();
        REQUIRE(d.click("share"));
        CHECK(d.state()["toast"] == nullptr);
    }
    {
        FakeHost host; // another device: nothing saved
        Driver d(host);
        REQUIRE(d.start(link.substr(link.find('#') + 1)));
        CHECK(d.state()["path"] == "pages/othello/othello");
        CHECK(d.game()["transcript"] == "d3c3");
        CHECK(d.game()["mode"] == "two");
        CHECK(d.state()["toast"] == nullptr);
    }
    {
        FakeHost host;
        Driver d(host);
        REQUIRE(d.start("/pages/gomoku/gomoku?position=h8i9&mode=sideways"));
        CHECK(d.state()["path"] == "pages/gomoku/gomoku");
        CHECK(d.game()["mode"] == "ai");
        CHECK(d.game()["moves"] == json::array({{7, 7}, {8, 8}}));
        CHECK(d.state()["toast"] == "The shared link's 'mode=sideways' could not be read; opened with your saved choice");
    }
    {
        FakeHost host;
        host.locale_name = "ko-KR";
        Driver d(host);
        REQUIRE(d.start("/pages/tictactoe/tictactoe?position=XXQ&mode=two"));
        CHECK(d.state()["path"] == "pages/tictactoe/tictactoe");
        CHECK(d.game()["board"] == json::array({nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr}));
        CHECK(d.state()["toast"] == "공유 주소의 판 'XXQ'을(를) 읽을 수 없습니다");
    }
}

TEST_CASE("modes: Review opens each game on the Review page, and the review's Share links to the move shown") {
    std::string link;
    {
        FakeHost host;
        Driver d(host);
        REQUIRE(d.start());
        REQUIRE(d.click("game-othello"));
        REQUIRE(d.click("mode-two"));
        REQUIRE(d.click("review")); // no moves yet: nothing to review
        CHECK(d.state()["path"] == "pages/othello/othello");
        REQUIRE(d.click_cell(sq("d3")));
        REQUIRE(d.click_cell(sq("c3")));
        REQUIRE(d.click("review"));
        REQUIRE(d.state()["path"] == "pages/review/review");
        json s = d.game();
        CHECK(s["game"] == "othello");
        CHECK(s["moves"] == "d3c3");
        CHECK(s["total"] == 2);
        CHECK(s["at"] == 2);
        REQUIRE(d.click("review-prev"));
        REQUIRE(d.click("share"));
        link = host.clipboard;
        CHECK(link == "https://arena.test/index.html#/pages/review/review?game=othello&moves=d3c3&you=1&at=1");
        CHECK(d.state()["toast"] == "Link copied");
    }
    {
        FakeHost host; // another device opens the link: the same game at the same move
        Driver d(host);
        REQUIRE(d.start(link.substr(link.find('#') + 1)));
        CHECK(d.state()["path"] == "pages/review/review");
        CHECK(d.game()["total"] == 2);
        CHECK(d.game()["at"] == 1);
    }
    {
        FakeHost host;
        Driver d(host);
        REQUIRE(d.start());
        REQUIRE(d.click("game-gomoku"));
        REQUIRE(d.click("mode-two"));
        REQUIRE(d.click_cell(7 * 15 + 7));
        REQUIRE(d.click_cell(7 * 15 + 7)); // a tap aims, a second places
        REQUIRE(d.click("review"));
        REQUIRE(d.state()["path"] == "pages/review/review");
        CHECK(d.game()["game"] == "gomoku");
        CHECK(d.game()["total"] == 1);
    }
    {
        FakeHost host;
        Driver d(host);
        REQUIRE(d.start());
        REQUIRE(d.click("game-tictactoe"));
        REQUIRE(d.click("mode-two"));
        REQUIRE(d.click_cell(4));
        REQUIRE(d.click_cell(0));
        REQUIRE(d.click("review"));
        REQUIRE(d.state()["path"] == "pages/review/review");
        CHECK(d.game()["game"] == "tictactoe");
        CHECK(d.game()["moves"] == "40");
        CHECK(d.game()["total"] == 2);
    }
}
