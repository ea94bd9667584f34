// Game review (review.h, `othello review` / `review-game`): exact losses in the solver's range,
// consistent midgame values, the marks, the summary, and errors.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "games/common/request.h"
#include "games/othello/notation.h"
#include "games/othello/review.h"
#include "games/othello/service.h"

using namespace othello;

namespace {

std::string ask(const std::string& line) {
    return serve(games::parse_request(line));
}

// The reply with every wall-clock field ("ms":N) blanked.
std::string without_ms(std::string reply) {
    for (size_t at = reply.find("\"ms\":"); at != std::string::npos;
         at = reply.find("\"ms\":", at + 5)) {
        size_t end = at + 5;
        while (end < reply.size() && reply[end] >= '0' && reply[end] <= '9') ++end;
        reply.replace(at + 5, end - (at + 5), "_");
    }
    return reply;
}

// A full game (60 discs placed; white passes once, after black's h3): the round-trip game of
// test_notation.cpp, with mistakes on both sides in its endgame.
const char* GAME = "d3c3f5e3c4d6c6b6d2c5f4e6e7e2a6e1b4f6c1e8c2f3g5a3c7h4h6g4f7c8f1g1f8f2a5g8d8b5h8"
                   "a4a2g6g3d7b3h2d1b1b8g2h1a7a1b7h7g7a8b2h3h5";

// The limits of the tests: small midgame searches, exact from 20 empties.
constexpr ReviewLimits LIMITS{20000, 20};

} // namespace

TEST_CASE("review: a full game, exact values and losses from 20 empties") {
    std::vector<Move> moves;
    Position end;
    std::string error;
    REQUIRE_MESSAGE(parse_transcript(GAME, Position::start(), moves, end, error), error);
    REQUIRE(moves.size() == 61); // 60 discs and white's pass
    struct Case {
        int ply;
        const char *move, *best;
        int eval_best, eval_played; // discs, the mover's view
        const char* mark;
    };
    // Solver values (FFO: empties to the winner); each played value is the next row's best,
    // negated: the same exact game value from the other side. At ply 45 b7 and h2 are both
    // -18 (the solver names b7 since its changes of 2026-12-03; h2 before); at ply 44 b3 and d1
    // are both 18 (the solver names d1 with the round-1-to-6 weights' move ordering).
    const Case exact[] = {
        {40, "a2", "a2", 10, 10, "best"},       {41, "g6", "d7", -10, -42, "blunder"},
        {42, "g3", "g7", 42, 18, "blunder"},    {43, "d7", "d7", -18, -18, "best"},
        {44, "b3", "d1", 18, 18, "best"},       {45, "h2", "b7", -18, -18, "best"},
        {46, "d1", "d1", 18, 18, "best"},       {47, "b1", "b1", -18, -18, "best"},
        {48, "b8", "h3", 18, 12, "inaccuracy"}, {49, "g2", "a7", -12, -30, "blunder"},
        {50, "h1", "h1", 30, 30, "best"},       {51, "a7", "h3", -30, -44, "mistake"},
        {52, "a1", "a1", 44, 44, "best"},       {53, "b7", "b2", -44, -46, "good"},
        {54, "h7", "b2", 46, 38, "mistake"},    {55, "g7", "g7", -38, -38, "best"},
        {56, "a8", "b2", 38, 26, "mistake"},    {57, "b2", "b2", -26, -26, "best"},
        {58, "h3", "h3", 26, 26, "best"},       {59, "PA", "PA", -26, -26, "best"},
        {60, "h5", "h5", 26, 26, "best"},
    };
    Searcher searcher(SERVICE_HASH_LOG2);
    Searcher check(16);
    Position pos = Position::start();
    size_t next = 0;
    int marks[2][5] = {};
    for (size_t ply = 0; ply < moves.size(); ++ply) {
        CAPTURE(ply);
        const MoveReview r = review_move(searcher, pos, moves[ply], LIMITS);
        CHECK(r.loss() >= 0);
        CHECK(r.exact == (pos.empty_count() <= LIMITS.exact));
        CHECK(r.side == pos.side_to_move());
        if (r.exact) {
            REQUIRE(next < std::size(exact));
            const Case& c = exact[next++];
            CHECK(c.ply == int(ply));
            CHECK(move_name(r.played) == c.move);
            CHECK(move_name(r.best) == c.best);
            CHECK(r.eval_best == c.eval_best * EVAL_UNIT);
            CHECK(r.eval_played == c.eval_played * EVAL_UNIT);
            CHECK(std::string(review_mark(r.loss())) == c.mark);
            // The same values from the hints' exact path (every move solved, full window).
            if (pos.empty_count() <= 14 && r.played != MOVE_PASS) {
                SearchLimits exact_all;
                exact_all.exact_empties = 64;
                const auto values = check.analyse(pos, exact_all);
                CHECK(values.front().value == r.eval_best);
                for (const MoveValue& v : values)
                    if (v.move == r.played) CHECK(v.value == r.eval_played);
            }
        }
        const std::string mark = review_mark(r.loss());
        const char* names[] = {"best", "good", "inaccuracy", "mistake", "blunder"};
        for (int k = 0; k < 5; ++k) marks[r.side][k] += mark == names[k];
        pos.do_move(moves[ply]);
    }
    CHECK(next == std::size(exact));
    // The midgame marks too (node-limited searches: deterministic, pinned here).
    const int expected[2][5] = {{13, 5, 8, 4, 1}, {9, 11, 3, 5, 2}};
    for (int side = 0; side < 2; ++side)
        for (int k = 0; k < 5; ++k) {
            CAPTURE(side);
            CAPTURE(k);
            CHECK(marks[side][k] == expected[side][k]);
        }
}

TEST_CASE("review-game: the per-move replies and the summary") {
    const std::string game = ask("review-game " + std::string(GAME) + " nodes=20000 exact=20");
    REQUIRE(game.find("\"error\"") == std::string::npos);
    CHECK(without_ms(game).find(
              R"J("summary":{"black":{"loss":121,"lossCenti":12200,"moves":31,"inaccuracy":8,"mistake":4,"blunder":1},"white":{"loss":151,"lossCenti":15148,"moves":29,"inaccuracy":3,"mistake":5,"blunder":2}},"nodes":6127829,"ms":_})J") !=
          std::string::npos);
    // One move's request gives the game's entry for it (tables cleared for every move).
    const std::string board42 = "--X-OOO-X-XXOO--X-XOOO--XOOOOOOOXOOXXOO-XXOXXOOX--X-XX----OXXXXX";
    // Black's g3, the game's 43rd move (18 empties): exact, a 24-disc blunder.
    const std::string one = without_ms(ask("review " + board42 + " X g3 nodes=20000 exact=20"));
    CHECK(one.rfind(R"J({"move":"g3","side":"X","empties":18,"best":"g7","bestRow":6,"bestCol":6,"evalBest":42,"evalPlayed":18,"loss":24,"evalBestCenti":4200,"evalPlayedCenti":1800,"lossCenti":2400,"exact":true,"mark":"blunder","nodes":)J",
                    0) == 0);
    const std::string entry = one.substr(1, one.size() - 2);
    CHECK(without_ms(game).find(entry) != std::string::npos);
}

TEST_CASE("review: a forced pass, the start position, and errors") {
    // White must pass (black then takes every disc): the only move, no loss.
    const std::string passing = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--XXX- O";
    CHECK(without_ms(ask("review " + passing + " pass")) ==
          R"J({"move":"pass","side":"O","empties":3,"best":"pass","bestRow":null,"bestCol":null,"evalBest":-64,"evalPlayed":-64,"loss":0,"evalBestCenti":-6400,"evalPlayedCenti":-6400,"lossCenti":0,"exact":true,"mark":"best","nodes":3,"ms":_})J");
    struct Case {
        std::string request, reply;
    };
    const std::string start = "---------------------------OX------XO--------------------------- X";
    const Case cases[] = {
        {"review", R"J({"error":"missing board (64 characters X, O, -) and side"})J"},
        {"review " + start, R"J({"error":"missing move (a square like d3, or pass)"})J"},
        {"review ---------------------------OX------XO-------------------------- X d3",
         R"J({"error":"board: 63 characters, a board has 64"})J"},
        {"review " + start + " a1", R"J({"error":"move a1 is illegal for black"})J"},
        {"review " + start + " z9", R"J({"error":"move: 'z9' is not a square a1..h8 or pass"})J"},
        {"review " + start + " pass",
         R"J({"error":"pass: black has a legal move and cannot pass"})J"},
        {"review " + start + " d3 exact=31",
         R"J({"error":"exact: '31' is not an empty count in 0..30"})J"},
        {"review " + start + " d3 nodes=0", R"J({"error":"nodes: '0' is not a node count >= 1"})J"},
        {"review OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO - d3",
         R"J({"error":"the game is over: there is no move to review"})J"},
        {"review-game", R"J({"error":"missing transcript (f5d6c3…, '-' for none)"})J"},
        {"review-game f5d6c3z9", R"J({"error":"transcript: character 7 'z' in 'z9' is not a column a-h or PA"})J"},
        {"review-game f5f5",
         R"J({"error":"transcript: move 2 'f5' (character 3) is illegal for white (the square is taken)"})J"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.request);
        CHECK(ask(c.request) == c.reply);
    }
    // An empty game reviews to nothing.
    CHECK(without_ms(ask("review-game -")) ==
          R"J({"moves":[],"summary":{"black":{"loss":0,"lossCenti":0,"moves":0,"inaccuracy":0,"mistake":0,"blunder":0},"white":{"loss":0,"lossCenti":0,"moves":0,"inaccuracy":0,"mistake":0,"blunder":0}},"nodes":0,"ms":_})J");
}
