// Bad input never crashes: mutated requests to the service, NBoard lines and parsers all
// answer (a JSON object, a status line, or false with a message).
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "games/common/rng.h"
#include "games/othello/nboard.h"
#include "games/othello/notation.h"
#include "games/othello/service.h"

using namespace othello;

namespace {

// Substitutes, deletes or inserts a few random characters (printable or not).
std::string mutate(std::string s, games::Rng& rng) {
    static const char alphabet[] = "XxOo-.*0abh18PA9 ;:+[]()\t\x01\xff";
    const int edits = 1 + int(rng.below(4));
    for (int e = 0; e < edits; ++e) {
        const char c = alphabet[rng.below(sizeof alphabet - 1)];
        const uint32_t kind = rng.below(3);
        if (s.empty() || kind == 2)
            s.insert(s.begin() + rng.below(uint32_t(s.size() + 1)), c);
        else if (kind == 0)
            s[rng.below(uint32_t(s.size()))] = c;
        else
            s.erase(s.begin() + rng.below(uint32_t(s.size())));
    }
    return s;
}

const std::string BOARD = "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O";

} // namespace

TEST_CASE("service: mutated requests always get one JSON object") {
    games::Rng rng(5);
    const std::string templates[] = {
        "play " + BOARD + " g3",
        "legal " + BOARD,
        "load f5d6c3d3c4f4f6",
        "hints " + BOARD + " depth=2",
        "search " + BOARD + " level=3",
        "search " + BOARD + " level=1 seed=3",
        "solve " + BOARD + " nodes=20000",
        "start",
    };
    int errors = 0;
    for (int i = 0; i < 3000; ++i) {
        // Limits appended after the mutation keep every search short.
        const std::string request = mutate(templates[rng.below(8)], rng) + " nodes=5000";
        const std::string reply = serve(games::parse_request(request));
        REQUIRE_MESSAGE((reply.size() >= 2 && reply.front() == '{' && reply.back() == '}'),
                        request);
        errors += reply.rfind("{\"error\":", 0) == 0;
    }
    CHECK(errors > 1000); // most mutations break the request, and say so
}

TEST_CASE("nboard: mutated sessions never crash and always answer errors as status lines") {
    games::Rng rng(9);
    const std::string lines[] = {
        "nboard 2",
        "set depth 2",
        "ping 3",
        "go",
        "hint 2",
        "move F5",
        "move PA",
        "set game (;GM[Othello]BO[8 "
        "---------------------------O*------*O--------------------------- *]B[F5]W[F6];)",
    };
    for (int s = 0; s < 200; ++s) {
        std::ostringstream out;
        NBoardSession session(out, false, 14);
        session.handle("nboard 2");
        session.handle("set depth 2");
        for (int i = 0; i < 12; ++i) {
            std::string line = lines[rng.below(8)];
            if (rng.below(2)) line = mutate(line, rng);
            session.handle(line);
        }
        std::istringstream in(out.str());
        std::string reply;
        while (std::getline(in, reply))
            CHECK_MESSAGE((reply.rfind("status", 0) == 0 || reply.rfind("pong", 0) == 0 ||
                           reply.rfind("===", 0) == 0 || reply.rfind("search", 0) == 0 ||
                           reply.rfind("nodestats", 0) == 0 || reply.rfind("set myname", 0) == 0 ||
                           reply == "learned"),
                          reply);
    }
}

TEST_CASE("parsers: mutated transcripts, boards, OBF and GGF lines fail cleanly") {
    games::Rng rng(13);
    const std::string obf =
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;";
    const std::string ggf =
        "(;GM[Othello]PB[a]BO[8 ---------------------------O*------*O--------------------------- "
        "*]B[F5]W[F6];)";
    for (int i = 0; i < 3000; ++i) {
        std::string error;
        Position pos, end;
        std::vector<Move> moves;
        if (!parse_transcript(mutate("f5d6c3d3c4f4f6f3e6e7", rng), Position::start(), moves, end,
                              error))
            CHECK_FALSE(error.empty());
        error.clear();
        if (!parse_position(mutate(BOARD, rng), pos, error)) CHECK_FALSE(error.empty());
        error.clear();
        ObfLine line;
        if (!parse_obf_line(mutate(obf, rng), line, error)) CHECK_FALSE(error.empty());
        error.clear();
        GgfGame game;
        if (!parse_ggf(mutate(ggf, rng), game, error)) CHECK_FALSE(error.empty());
    }
}
