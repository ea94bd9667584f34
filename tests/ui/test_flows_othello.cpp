// Othello driven headless by clicks, as tests/web/othello.test.js drives it in Chromium: a move
// at LEVEL 1, the AI's reply (delivered by the test, shown no sooner than 350 ms after it was
// asked), undo, the start-over question, a malformed paste, an engine failure.
#include "driver.h"
#include "games/service/service.h"

#include <doctest/doctest.h>

using nlohmann::json;
using uitest::Driver;
using uitest::FakeHost;

namespace {

// Board cell index of a square name ("d3" → row 2, column 3).
int cell(const char* square) {
    return (square[1] - '1') * 8 + (square[0] - 'a');
}

// The move the engine answers `request` with, asked directly (what the page must show).
std::string engine_move(const std::string& request) {
    return json::parse(games::serve_line(request)).at("move").get<std::string>();
}

const json kStartLegal = json::array({"d3", "c4", "f5", "e6"});

// The app opened on Othello by a click on its card, at LEVEL 1 by a click on its segment.
void open_othello_level1(Driver& d) {
    REQUIRE(d.start());
    REQUIRE(d.click("game-othello"));
    REQUIRE(d.state()["path"] == "pages/othello/othello");
    REQUIRE(d.click("level-level1"));
    REQUIRE(d.game()["level"] == "level1");
}

// Deliver the AI's reply and let its 350 ms pass: returns the move the engine chose.
std::string ai_replies(FakeHost& host, Driver& d) {
    REQUIRE(host.pending().size() == 1);
    const std::string move = engine_move(host.pending().front().text);
    host.deliver_next();
    host.advance(350);
    d.settle();
    return move;
}

} // namespace

TEST_CASE("othello: d3 at LEVEL 1 then the AI's reply then undo takes back the pair") {
    FakeHost host;
    Driver d(host);
    open_othello_level1(d);
    json s = d.game();
    CHECK(s["legal"] == kStartLegal);
    CHECK(s["counts"] == json{{"black", 2}, {"white", 2}});
    CHECK(s["toMove"] == 1);
    CHECK(s["human"] == "black");
    CHECK(s["transcript"] == "");

    REQUIRE(d.click_cell(cell("d3")));
    s = d.game();
    CHECK(s["transcript"] == "d3");
    CHECK(s["board"][2][3] == 1);
    CHECK(s["board"][3][3] == 1); // d4 flipped
    CHECK(s["counts"] == json{{"black", 4}, {"white", 1}});
    CHECK(s["toMove"] == 2);
    CHECK(s["thinking"] == true);
    REQUIRE(host.pending().size() == 1);
    const std::string request = host.pending().front().text;
    CHECK(request.rfind("othello search ", 0) == 0);
    CHECK(request.find(" level=1 seed=") != std::string::npos);
    CHECK(request.find(" time=1500") != std::string::npos);

    // The reply is held until 350 ms after the request.
    const std::string reply = engine_move(request);
    host.deliver_next();
    host.advance(349);
    d.settle();
    CHECK(d.game()["transcript"] == "d3");
    CHECK(d.game()["thinking"] == true);
    host.advance(1);
    d.settle();
    s = d.game();
    CHECK(s["transcript"] == "d3" + reply);
    CHECK(s["toMove"] == 1);
    CHECK(s["thinking"] == false);
    CHECK(s["counts"]["black"].get<int>() + s["counts"]["white"].get<int>() == 6);
    CHECK(s["board"][reply[1] - '1'][reply[0] - 'a'] == 2);
    CHECK(host.announced == std::vector<std::string>{"Black plays d3", "White plays " + reply});

    REQUIRE(d.click("undo"));
    s = d.game();
    CHECK(s["transcript"] == "");
    CHECK(s["legal"] == kStartLegal);
    CHECK(s["counts"] == json{{"black", 2}, {"white", 2}});
    CHECK(s["toMove"] == 1);
    CHECK(s["thinking"] == false);
    CHECK(host.pending().empty());
}

TEST_CASE("othello: undo while the AI thinks cancels its request") {
    FakeHost host;
    Driver d(host);
    open_othello_level1(d);
    REQUIRE(d.click_cell(cell("f5")));
    REQUIRE(host.pending().size() == 1);
    const int ticket = host.pending().front().ticket;
    REQUIRE(d.click("undo"));
    CHECK(host.cancelled == std::vector<int>{ticket});
    CHECK(host.pending().empty());
    CHECK(d.game()["transcript"] == "");
    CHECK(d.game()["thinking"] == false);
}

TEST_CASE("othello: new game and another colour ask first when a game is in progress and Cancel "
          "keeps it") {
    FakeHost host;
    Driver d(host, 390, 844);
    open_othello_level1(d);
    // Nothing played yet: no question.
    REQUIRE(d.click("new-game"));
    CHECK(d.state()["modal"] == nullptr);

    REQUIRE(d.click_cell(cell("d3")));
    ai_replies(host, d);
    const std::string transcript = d.game()["transcript"];
    REQUIRE(transcript.size() == 4);

    for (const char* control : {"new-game", "color-white"}) {
        CAPTURE(control);
        REQUIRE(d.click(control));
        json s = d.state();
        CHECK(s["modal"] == json{{"title", "Start a new game?"},
                                 {"content", "The game in progress will be lost."},
                                 {"confirm", "New game"},
                                 {"cancel", "Cancel"}});
        REQUIRE(d.click("modal-cancel"));
        s = d.state();
        CHECK(s["modal"] == nullptr);
        CHECK(s["game"]["transcript"] == transcript);
        CHECK(s["game"]["human"] == "black");
    }
    // Escape on the keyboard is Cancel too.
    REQUIRE(d.click("new-game"));
    REQUIRE(d.state()["modal"] != nullptr);
    d.key(ImGuiKey_Escape);
    CHECK(d.state()["modal"] == nullptr);
    CHECK(d.game()["transcript"] == transcript);

    // OK: white, a new game, the AI (black) opens.
    REQUIRE(d.click("color-white"));
    REQUIRE(d.click("modal-confirm"));
    json s = d.state();
    CHECK(s["modal"] == nullptr);
    CHECK(s["game"]["human"] == "white");
    CHECK(s["game"]["transcript"] == "");
    CHECK(s["game"]["thinking"] == true);
    const std::string opening = ai_replies(host, d);
    s = d.game();
    CHECK(s["transcript"] == opening);
    CHECK(s["toMove"] == 2);
    CHECK(s["thinking"] == false);
    // The AI's first move alone is nothing to lose: no question.
    REQUIRE(d.click("new-game"));
    CHECK(d.state()["modal"] == nullptr);
}

TEST_CASE("othello: a quick click in the frame right after the modal opens or closes goes where "
          "the pointer is") {
    FakeHost host;
    Driver d(host, 390, 844);
    open_othello_level1(d);
    REQUIRE(d.click_cell(cell("d3")));
    ai_replies(host, d);
    // Two ways this lost the press: ImGui's keyboard navigation moved to Cancel as the modal
    // appeared and took the click in the next frame for a keyboard activation; and ImGui finds
    // the window under the pointer from the frame before, so without a second build of the
    // frame that closed the modal the next press landed in the closed modal.
    for (int round = 0; round < 3; ++round) {
        CAPTURE(round);
        REQUIRE(d.quick_click("new-game"));
        REQUIRE(d.state()["modal"] != nullptr);
        REQUIRE(d.quick_click("modal-cancel"));
        REQUIRE(d.state()["modal"] == nullptr);
    }
    CHECK(d.game()["transcript"].get<std::string>().size() == 4);
}

TEST_CASE("othello: a malformed paste is reported with where it breaks and the game is untouched") {
    FakeHost host;
    Driver d(host);
    open_othello_level1(d);
    const json before = d.game();
    REQUIRE(d.click("paste"));
    REQUIRE(host.prompts().size() == 1);
    CHECK(host.prompts().begin()->second.spec.title == "Paste moves or a board");
    REQUIRE(host.answer_prompt("f5d6c3z9"));
    d.settle();
    json s = d.state();
    REQUIRE(s["modal"].is_object());
    CHECK(s["modal"]["title"] == "Cannot read that");
    CHECK(s["modal"]["content"].get<std::string>().find("z9") != std::string::npos);
    CHECK(s["game"]["board"] == before["board"]);
    REQUIRE(d.click("modal-confirm"));
    CHECK(d.state()["modal"] == nullptr);
    d.click_cell(0); // a1 flips nothing
    CHECK(d.game()["board"] == before["board"]);
    CHECK(host.requests.empty());
}

TEST_CASE("othello: once the game is over the shared snapshot's turn is 0, as the engine's is") {
    FakeHost host;
    Driver d(host);
    open_othello_level1(d);
    CHECK(d.game()["turn"] == 1);
    // Black everywhere but one square nobody can take: over, black wins.
    REQUIRE(d.command({{"type", "setPosition"}, {"position", std::string(63, 'X') + "- -"}}) == "");
    CHECK(d.game()["result"]["winner"] == "black");
    CHECK(d.game()["turn"] == 0);
    CHECK(d.game()["legalMoves"] == json::array());
    CHECK(d.game()["outcome"]["winner"] == 1);
}

TEST_CASE("othello: a pasted transcript starts the game there and the AI answers") {
    FakeHost host;
    Driver d(host);
    open_othello_level1(d);
    REQUIRE(d.click("paste"));
    REQUIRE(host.answer_prompt("f5d6c3"));
    d.settle();
    CHECK(d.game()["transcript"] == "f5d6c3");
    CHECK(d.game()["thinking"] == true); // white to move: the AI's
    const std::string reply = ai_replies(host, d);
    CHECK(d.game()["transcript"] == "f5d6c3" + reply);
}

TEST_CASE("othello: an engine failure shows the error and Retry asks again") {
    FakeHost host;
    Driver d(host);
    open_othello_level1(d);
    REQUIRE(d.click_cell(cell("d3")));
    REQUIRE(host.deliver_next_as(R"({"error":"the worker stopped"})"));
    d.settle();
    json s = d.game();
    CHECK(s["error"] == "the worker stopped");
    CHECK(s["thinking"] == false);
    CHECK(s["transcript"] == "d3");
    REQUIRE(d.click("retry"));
    CHECK(host.requests.size() == 2);
    CHECK(host.requests[1].rfind("othello search ", 0) == 0);
    CHECK(d.game()["error"] == nullptr);
    const std::string reply = ai_replies(host, d);
    CHECK(d.game()["transcript"] == "d3" + reply);
}
