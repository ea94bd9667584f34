// The service entry point: exact JSON replies for fixed inputs, errors for bad input.
#include "games/common/request.h"
#include "games/gomoku/service.h"
#include "../own_fields.h"

#include <doctest/doctest.h>

#include <string>

namespace {

std::string full(const std::string& line) {
    return gomoku::serve(games::parse_request(line));
}

// The reply's own fields (the shared ones are checked below).
std::string ask(const std::string& line) {
    return own_fields(full(line));
}

} // namespace

TEST_CASE("service: play (referee)") {
    CHECK(ask("play - 7 7") ==
          R"J({"pos":"h8","toMove":2,"result":"none","line":[],"forbidden":false})J");
    CHECK(
        ask("play h8a1i8a2j8a3k8a4 7 11") ==
        R"J({"pos":"h8a1i8a2j8a3k8a4l8","toMove":2,"result":"black","line":[[7,7],[7,8],[7,9],[7,10],[7,11]],"forbidden":false})J");
    CHECK(
        ask("play f8a1g8a2h6a3h7a4 7 7 rule=renju") ==
        R"J({"pos":"f8a1g8a2h6a3h7a4h8","toMove":2,"result":"white","line":[],"forbidden":true})J");
    CHECK(
        ask("play f8a1g8a2h6a3h7a4 7 7 rule=freestyle") ==
        R"J({"pos":"f8a1g8a2h6a3h7a4h8","toMove":2,"result":"none","line":[],"forbidden":false})J");
    CHECK(ask("play h8 7 7") == R"J({"error":"occupied cell (7,7)"})J");
    CHECK(ask("play h8 15 0") == R"J({"error":"outside the board (15,0)"})J");
    CHECK(ask("play h8 x 0") == R"J({"error":"row 'x' is not a number"})J");
    CHECK(ask("play h8") == R"J({"error":"play needs <pos> <row> <col> (or <pos> h8)"})J");
    CHECK(ask("play h8a1i8a2j8a3k8a4l8 0 14") == R"J({"error":"game over"})J");
    CHECK(ask("play h8z9 0 0") ==
          R"J({"error":"bad position: move 2 'z9': column 'z' outside the board"})J");
}

TEST_CASE("service: state, forbidden, vcf") {
    CHECK(ask("state h8i9") ==
          R"J({"pos":"h8i9","toMove":1,"result":"none","line":[],"forbidden":false,"points":[]})J");
    CHECK(
        ask("state f8a1g8a2h6a3h7a4 rule=renju") ==
        R"J({"pos":"f8a1g8a2h6a3h7a4","toMove":1,"result":"none","line":[],"forbidden":false,"points":[[7,7]]})J");
    CHECK(ask("forbidden f8a1g8a2h6a3h7a4") == R"J({"points":[[7,7]]})J");
    CHECK(ask("forbidden f8a1g8a2h6a3h7a4 rule=freestyle") == R"J({"points":[]})J");
    CHECK(ask("vcf h8a1i8a2j8a3") == R"J({"win":true,"sequence":[[7,6],[7,5],[7,10]],"nodes":1})J");
    CHECK(ask("vcf h8i9") == R"J({"win":false,"sequence":[],"nodes":1})J");
}

TEST_CASE("service: search") {
    const std::string r = ask("search h8a1i8a2j8a3k8a4 level=master depth=4");
    CHECK(r.rfind(R"J({"row":7,"col":6,"move":"g8","eval":29999,"depth":0,"nodes":0,"ms":)J", 0) ==
          0);
    // Every level answers with a legal move; the same seed gives the same move.
    for (const char* level : {"random", "1", "2", "3", "master"}) {
        const std::string ctx8(level);
        CAPTURE(ctx8);
        const std::string line = std::string("search h8i9h9 nodes=2000 seed=7 level=") + level;
        const std::string a = ask(line), b = ask(line);
        CHECK(a.rfind(R"J({"row":)J", 0) == 0);
        CHECK(a.substr(0, a.find("\"ms\"")) == b.substr(0, b.find("\"ms\"")));
    }
}

TEST_CASE("service: errors") {
    CHECK(ask("") == R"J({"error":"empty request"})J");
    CHECK(ask("fly") ==
          R"J({"error":"unknown verb 'fly' (search, play, state, start, forbidden, vcf, vct, bench, review, review-game)"})J");
    CHECK(ask("search") ==
          R"J({"error":"missing position (a pos string, '-' for an empty board)"})J");
    CHECK(ask("search h8 rule=caro") ==
          R"J({"error":"unknown rule 'caro' (freestyle, standard, renju)"})J");
    CHECK(ask("search h8 level=9") ==
          R"J({"error":"unknown level '9' (random, 1, 2, 3, master)"})J");
    CHECK(ask("search h8 seed=-1") == R"J({"error":"bad seed (an unsigned 64-bit integer)"})J");
    CHECK(ask("search h8 time=abc") == R"J({"error":"bad time (milliseconds, 0..3600000)"})J");
    CHECK(ask("search h8 depth=99") == R"J({"error":"bad depth (0..60)"})J");
    CHECK(ask("search h8 size=17") == R"J({"error":"size must be 15 or 20"})J");
    CHECK(ask("search h8a1i8a2j8a3k8a4l8") == R"J({"error":"game over"})J");
    CHECK(ask("search h8h8") == R"J({"error":"bad position: move 2 'h8': occupied cell (7,7)"})J");
    CHECK(ask("vcf h8 nodes=0") == R"J({"error":"bad nodes (1..2^32)"})J");
}

TEST_CASE("service: start, the shared reply fields, a move as h8") {
    const std::string start = full("start");
    CHECK(ask("start") == R"J({"pos":"-","toMove":1,"result":"none","line":[],"forbidden":false,"points":[]})J");
    CHECK(shared_field(start, "legalMoves").size() == 225);
    CHECK(shared_field(start, "position") == "-");
    CHECK(full("play - h8") == full("play - 7 7"));
    CHECK(ask("play - z1") == R"J({"error":"move 'z1' is not one cell like h8 (move 1 'z1': column 'z' outside the board)"})J");
    const std::string won = full("play h8a1i8a2j8a3k8a4 7 11");
    CHECK(shared_field(won, "outcome") ==
          nlohmann::json::parse(R"({"winner":1,"reason":"line","line":[[7,7],[7,8],[7,9],[7,10],[7,11]]})"));
    CHECK(shared_field(won, "turn") == 0);
    CHECK(shared_field(won, "last") == nlohmann::json::array({7, 11}));
    CHECK(shared_field(won, "legalMoves").empty());
    const std::string forbidden = full("play f8a1g8a2h6a3h7a4 7 7 rule=renju");
    CHECK(shared_field(forbidden, "outcome") == nlohmann::json::parse(R"({"winner":2,"reason":"forbidden","line":[]})"));
    // Renju: black's forbidden point is not a legal move.
    const std::string renju = full("state f8a1g8a2h6a3h7a4 rule=renju");
    CHECK(shared_field(renju, "forbiddenPoints") == nlohmann::json::parse("[[7,7]]"));
    CHECK(shared_field(renju, "legalMoves").size() == 225 - 8 - 1);
}
