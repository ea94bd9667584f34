// NBoard protocol sessions driven from a string stream (times reported as 0).
#include <doctest/doctest.h>

#include <atomic>
#include <sstream>
#include <string>

#include "games/othello/nboard.h"

using namespace othello;

namespace {

// Runs the commands (one per line) and returns everything the engine wrote.
std::string session(const std::string& commands) {
    std::ostringstream out;
    NBoardSession s(out, false);
    std::istringstream in(commands);
    std::string line;
    while (std::getline(in, line))
        if (!s.handle(line)) break;
    return out.str();
}

const std::string START_GGF =
    "set game (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]"
    "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]"
    "W[C5]B[E6]W[F7]B[E7]W[F4];)\n";

} // namespace

TEST_CASE("nboard: the protocol's example session") {
    const std::string out = session("nboard 2\n" + START_GGF + "set depth 4\nping 1\ngo\n");
    CHECK(out == "set myname MiniArena\n"
                 "pong 1\n"
                 "status thinking\n"
                 "nodestats 419 0.00\n"
                 "=== D6/-2.58/0.00\n"
                 "status\n");
}

TEST_CASE("nboard: hints, moves, passes and the end of the game") {
    const std::string pass_game =
        "set game (;GM[Othello]BO[8 "
        "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- *];)\n";
    const std::string out = session("nboard 2\nset depth 4\n" + START_GGF + "hint 2\n" + pass_game +
                                    "go\nhint 1\nmove PA\ngo\nmove h8\ngo\nhint 1\nping 7\n");
    CHECK(out == "set myname MiniArena\n"
                 "status analysing\n"
                 "search D6 -2.58 0 4\n"
                 "search C4 -4.26 0 4\n"
                 "status\n"
                 "=== PA\n"
                 "status analysing\n"
                 "search PA -64.00 0 1\n" // the pass's real value: white then takes h8 and all 64
                 "status\n"
                 "status thinking\n"
                 "nodestats 2 0.00\n"
                 "=== H8/64.00/0.00\n"
                 "status\n"
                 "status error: go: the game is over\n"
                 "status error: hint: the game is over\n"
                 "pong 7\n");
}

TEST_CASE("nboard: a move without its pass is accepted (the pass is inserted)") {
    const std::string out =
        session("nboard 2\nset depth 2\n"
                "set game (;GM[Othello]BO[8 "
                "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- *];)\n"
                "move H8\ngo\n");
    CHECK(out == "set myname MiniArena\nstatus error: go: the game is over\n");
}

TEST_CASE("nboard: unknown, malformed and out-of-order commands get an error status") {
    const std::string out = session(
        "go\nmove f5\nnboard x\nnboard 2\nhint 3\ngo\nmove f5\n"
        "set depth 99\nset depth four\nset colour blue\nfrob\n"
        "set game (;GM[Othello]BO[8 --------\n"
        "set game (;GM[Othello]B[F5]W[F5];)\n" +
        START_GGF + "move z9\nmove a1\nhint 0\nping x\nping 3\nlearn\nanalyze\nquit\nping 4\n");
    CHECK(out == "status error: 'go' before 'nboard <version>'\n"
                 "status error: 'move' before 'nboard <version>'\n"
                 "status error: nboard: 'x' is not a protocol version\n"
                 "set myname MiniArena\n"
                 "status error: 'hint' before 'set game <GGF>'\n"
                 "status error: 'go' before 'set game <GGF>'\n"
                 "status error: 'move' before 'set game <GGF>'\n"
                 "status error: set depth: '99' is not a depth in 1..60\n"
                 "status error: set depth: 'four' is not a depth in 1..60\n"
                 "status error: set: unknown option 'colour'\n"
                 "status error: unknown command 'frob'\n"
                 "status error: set game: ggf: tag BO at character 14 has no closing ']'\n"
                 "status error: set game: ggf: move 2 W[F5] at character 19 is illegal for white\n"
                 "status error: move: 'z9' is not a square or PA\n"
                 "status error: move 'a1' is illegal for black\n"
                 "status error: hint: '0' is not a move count >= 1\n"
                 "status error: ping: 'x' is not a number\n"
                 "pong 3\n"
                 "learned\n"
                 "status error: analyze is not supported\n");
}

TEST_CASE("nboard: a refused move after a left-out pass leaves the position as it was") {
    const std::string out =
        session("nboard 2\nset depth 2\n"
                "set game (;GM[Othello]BO[8 "
                "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- *];)\n"
                "move A1\ngo\nmove H8\ngo\n");
    CHECK(out == "set myname MiniArena\n"
                 "status error: move 'A1' is illegal for white (after the pass black must make)\n"
                 "=== PA\n" // black still to move, and still passing
                 "status error: go: the game is over\n");
}

TEST_CASE("nboard: CRLF lines work, and control bytes and long lines are echoed escaped and cut") {
    const std::string out = session("nboard 2\r\n" + START_GGF.substr(0, START_GGF.size() - 1) +
                                    "\r\nset depth 2\r\nping 5\r\nfr\x01ob\r\n" + std::string(200, 'z') +
                                    "\nquit\r\nping 6\n");
    CHECK(out == "set myname MiniArena\n"
                 "pong 5\n"
                 "status error: unknown command 'fr\\x01ob'\n"
                 "status error: unknown command '" + std::string(60, 'z') + "...'\n");
}

TEST_CASE("nboard: a stop flag (the tool's ping while thinking) cuts a search short with a legal move") {
    std::ostringstream out;
    NBoardSession s(out, false);
    std::atomic<bool> stop{true};
    s.set_stop(&stop);
    for (const char* line : {"nboard 2", "set depth 60"}) s.handle(line);
    s.handle(START_GGF);
    s.handle("go");
    const std::string text = out.str();
    const auto at = text.find("=== ");
    REQUIRE(at != std::string::npos);
    const auto move = parse_move(text.substr(at + 4, 2));
    REQUIRE(move);
    CHECK(s.position().is_legal(*move));
    const auto stats = text.find("nodestats ");
    REQUIRE(stats != std::string::npos);
    CHECK(std::stoull(text.substr(stats + 10)) < 10000); // stopped at the first check of the limits
}
