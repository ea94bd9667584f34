// The service protocol: exact replies for fixed requests, errors for bad ones.
#include <doctest/doctest.h>

#include <string>

#include "games/othello/service.h"
#include "../own_fields.h"

namespace {

std::string ask(const std::string& line) {
    return othello::serve(games::parse_request(line));
}

// The reply with its wall-clock field ("ms":N) blanked: the rest is exact, the time is not.
std::string without_ms(std::string reply) {
    const size_t at = reply.find("\"ms\":");
    if (at == std::string::npos) return reply;
    size_t end = at + 5;
    while (end < reply.size() && reply[end] >= '0' && reply[end] <= '9') ++end;
    return reply.replace(at + 5, end - (at + 5), "_");
}

const std::string START = "---------------------------OX------XO--------------------------- X";

} // namespace

TEST_CASE("service: referee replies") {
    struct Case {
        std::string request, reply;
    };
    const Case cases[] = {
        {"start",
         R"J({"board":"---------------------------OX------XO---------------------------","side":"X","toMove":1,"cells":[[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,2,1,0,0,0],[0,0,0,1,2,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0]],"legal":["d3","c4","f5","e6"],"over":false,"black":2,"white":2,"winner":null})J"},
        {"legal " + START, R"J({"legal":["d3","c4","f5","e6"],"pass":false,"over":false})J"},
        {"play " + START + " f5",
         R"J({"board":"---------------------------OX------XXX--------------------------","side":"O","toMove":2,"cells":[[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,2,1,0,0,0],[0,0,0,1,1,1,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0]],"legal":["f4","d6","f6"],"over":false,"black":4,"white":1,"winner":null,"flipped":["e5"],"passed":false})J"},
        {"play XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO---OX- X e8",
         R"J({"board":"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--XXX-","side":"X","toMove":1,"cells":[[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1],[1,2,0,0,1,1,1,0]],"legal":["c8"],"over":false,"black":60,"white":1,"winner":null,"flipped":["f8"],"passed":true})J"},
        {"play OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- O h8",
         R"J({"board":"OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO","side":"-","toMove":0,"cells":[[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2]],"legal":[],"over":true,"black":0,"white":64,"winner":"white","flipped":["g8"],"passed":false})J"},
        {"load f5d6c3d3c4",
         R"J({"board":"------------------XO------XXX------OXX-----O--------------------","side":"O","toMove":2,"cells":[[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,1,2,0,0,0,0],[0,0,1,1,1,0,0,0],[0,0,0,2,1,1,0,0],[0,0,0,2,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0]],"legal":["b3","f3","f4","b5","g5","g6"],"over":false,"black":6,"white":3,"winner":null,"transcript":"f5d6c3d3c4","moves":5})J"},
        {"perft 6", R"J({"leaves":8200})J"},
        {"perft 3 " +
             std::string("---------------------------OX------XO--------------------------- O"),
         R"J({"leaves":56})J"},
        {"search " + START + " level=2 seed=7",
         R"J({"move":"f5","row":4,"col":5,"eval":0,"evalCenti":0,"depth":2,"nodes":16,"exact":false,"ms":0,"book":false,"level":"2"})J"},
    };
    for (const auto& c : cases)
        CHECK_MESSAGE(without_ms(own_fields(ask(c.request), {"cells"})) == without_ms(c.reply), c.request);
}

TEST_CASE("service: the shared reply fields, and a move as <row> <col>") {
    const std::string play = ask("play " + START + " f5");
    CHECK(ask("play " + START + " 4 5") == play);
    CHECK(shared_field(play, "turn") == 2);
    CHECK(shared_field(play, "last") == nlohmann::json::array({4, 5}));
    CHECK(shared_field(play, "legalMoves") == nlohmann::json::parse("[[3,5],[5,3],[5,5]]"));
    CHECK(shared_field(play, "position") ==
          "---------------------------OX------XXX-------------------------- O");
    CHECK(shared_field(play, "outcome").is_null());
    const std::string over = ask("play OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- O h8");
    CHECK(shared_field(over, "turn") == 0);
    CHECK(shared_field(over, "outcome") == nlohmann::json::parse(R"({"winner":2,"reason":"discs","line":[]})"));
    CHECK(shared_field(ask("load f5d6c3d3c4"), "last") == nlohmann::json::array({3, 2}));
    CHECK(shared_field(ask("start"), "last").is_null());
    CHECK(ask("play " + START + " 8 0") == R"J({"error":"move (8, 0): outside the board (rows 0..7, columns 0..7)"})J");
}

TEST_CASE("service: solve and hints are exact near the end") {
    const std::string ffo20 = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X";
    const std::string solve = ask("solve " + ffo20);
    CHECK(solve.rfind(R"J({"move":"h5","score":6,"nodes":)J", 0) == 0);
    CHECK(
        ask("hints " + ffo20 + " time=2000") ==
        R"J({"hints":[{"move":"h5","row":4,"col":7,"value":6,"valueCenti":600,"exact":true},{"move":"g6","row":5,"col":6,"value":-2,"valueCenti":-200,"exact":true},{"move":"f6","row":5,"col":5,"value":-4,"valueCenti":-400,"exact":true},{"move":"h6","row":5,"col":7,"value":-10,"valueCenti":-1000,"exact":true}],"pass":false,"over":false})J");
    const std::string master = ask("search " + ffo20 + " level=master depth=30");
    CHECK(master.rfind(R"J({"move":"h5","row":4,"col":7,"eval":6,"evalCenti":600,"depth":6,)J",
                       0) == 0);
    CHECK(master.find(R"J("exact":true)J") != std::string::npos);
}

TEST_CASE("service: bad requests answer an error naming the problem") {
    struct Case {
        std::string request, reply;
    };
    const Case cases[] = {
        {"frobnicate",
         R"J({"error":"unknown verb 'frobnicate' (search, hints, play, solve, perft, bench, load, legal, start, review, review-game)"})J"},
        {"",
         R"J({"error":"unknown verb '' (search, hints, play, solve, perft, bench, load, legal, start, review, review-game)"})J"},
        {"play " + START + " a1",
         R"J({"error":"move a1 is illegal for black: it flips no disc"})J"},
        {"play " + START + " d4",
         R"J({"error":"move d4 is illegal for black: the square is taken"})J"},
        {"play " + START + " pass",
         R"J({"error":"pass: black has a legal move and cannot pass"})J"},
        {"play " + START + " k9", R"J({"error":"move: 'k9' is not a square a1..h8 or pass"})J"},
        {"play " + START, R"J({"error":"missing move (a square like d3, pass, or <row> <col>)"})J"},
        {"play", R"J({"error":"missing board (64 characters X, O, -) and side"})J"},
        {"play ---------------------------OX------XO---------------------------",
         R"J({"error":"missing side to move (X or O) after the board"})J"},
        {"play ---------------------------OX------XO--------------------------- Q f5",
         R"J({"error":"side: 'Q' is not X, O or -"})J"},
        {"play ---------------------------OX------XO-------------------------- X f5",
         R"J({"error":"board: 63 characters, a board has 64"})J"},
        {"play OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- X h8",
         R"J({"error":"move h8 is illegal for black: it has no move and must pass"})J"},
        {"perft x", R"J({"error":"depth: 'x' is not a depth in 0..20"})J"},
        {"perft 21", R"J({"error":"depth: '21' is not a depth in 0..20"})J"},
        {"perft", R"J({"error":"missing depth"})J"},
        {"search " + START + " level=9",
         R"J({"error":"level: '9' is not random, 1, 2, 3 or master"})J"},
        {"search " + START + " time=abc",
         R"J({"error":"time: 'abc' is not milliseconds in 0..3600000"})J"},
        {"search " + START + " seed=-1",
         R"J({"error":"seed: '-1' is not an unsigned 64-bit integer"})J"},
        {"search " + START + " depth=0", R"J({"error":"depth: '0' is not a depth in 1..60"})J"},
        {"search XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO O",
         R"J({"error":"the game is over: neither side has a move"})J"},
        {"load f5d6c3z3",
         R"J({"error":"transcript: character 7 'z' in 'z3' is not a column a-h or PA"})J"},
        {"load f5f5",
         R"J({"error":"transcript: move 2 'f5' (character 3) is illegal for white (the square is taken)"})J"},
        {"solve " + START + " nodes=1000", R"J({"error":"not solved within the limits)J"},
    };
    for (const auto& c : cases) {
        const std::string got = ask(c.request);
        if (c.reply.back() == '}')
            CHECK_MESSAGE(got == c.reply, c.request);
        else
            CHECK_MESSAGE(got.rfind(c.reply, 0) == 0, c.request << " -> " << got);
    }
}

TEST_CASE("service: a pass is reported as such") {
    CHECK(ask("search OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- X level=1")
              .rfind(R"J({"move":"pass")J", 0) == 0);
    CHECK(ask("hints OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- X") ==
          R"J({"hints":[],"pass":true,"over":false})J");
}
