// Levels: reproducible from a seed, sensible strength ordering, legal moves always.
#include <doctest/doctest.h>

#include <string>

#include "games/othello/levels.h"
#include "games/othello/notation.h"

using namespace othello;

namespace {

struct GameRecord {
    std::string moves;
    int black = 0, white = 0;
};

// Plays a whole game between two levels; ply-dependent seeds keep every choice reproducible.
GameRecord play_game(Level black, Level white, uint64_t seed, const SearchLimits& limits = {}) {
    Position pos = Position::start();
    std::vector<Move> moves;
    for (int ply = 0; !pos.game_over(); ++ply) {
        const Level level = pos.side_to_move() == BLACK ? black : white;
        const Choice c = choose_move(pos, level, seed * 1000 + uint64_t(ply), limits);
        REQUIRE(pos.is_legal(c.move));
        pos.do_move(c.move);
        moves.push_back(c.move);
    }
    return {transcript(moves, true), pos.count(BLACK), pos.count(WHITE)};
}

} // namespace

TEST_CASE("level names parse both ways") {
    for (Level l : {Level::RANDOM, Level::LEVEL1, Level::LEVEL2, Level::LEVEL3, Level::MASTER})
        CHECK(parse_level(level_name(l)) == l);
    CHECK_FALSE(parse_level("7"));
    CHECK_FALSE(parse_level(""));
}

TEST_CASE("every level is reproducible from its seed") {
    SearchLimits limits;
    limits.depth = 3;
    limits.exact_empties = 8;
    for (Level l : {Level::RANDOM, Level::LEVEL1, Level::LEVEL2, Level::LEVEL3, Level::MASTER}) {
        const GameRecord a = play_game(l, Level::RANDOM, 11, limits);
        const GameRecord b = play_game(l, Level::RANDOM, 11, limits);
        CHECK(a.moves == b.moves);
        CHECK(a.black == b.black);
    }
    // Different seeds give different games for the random-choosing levels.
    CHECK(play_game(Level::RANDOM, Level::RANDOM, 1).moves !=
          play_game(Level::RANDOM, Level::RANDOM, 2).moves);
    CHECK(play_game(Level::LEVEL1, Level::LEVEL1, 1).moves !=
          play_game(Level::LEVEL1, Level::LEVEL1, 2).moves);
}

TEST_CASE("passes and finished games") {
    Position pass;
    std::string error;
    REQUIRE(parse_position("OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- X",
                           pass, error));
    for (Level l : {Level::RANDOM, Level::LEVEL1, Level::LEVEL2, Level::LEVEL3, Level::MASTER})
        CHECK(choose_move(pass, l, 1, {}).move == MOVE_PASS);
    Position over;
    REQUIRE(parse_position("XXXXXXXX------------------------------------------------OOOOOOOO -",
                           over, error));
    CHECK(choose_move(over, Level::MASTER, 1, {}).move == MOVE_NONE);
}

TEST_CASE("LEVEL3 beats LEVEL1 over a fixed seed set (exact outcomes)") {
    // {black discs, white discs} for seeds 1..8; LEVEL3 is black on odd seeds.
    const int expected[8][2] = {{60, 4}, {7, 57}, {53, 11}, {12, 52},
                                {58, 5}, {2, 62}, {61, 3},  {13, 51}};
    int level3_wins = 0;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        const bool l3_black = seed % 2 == 1;
        const GameRecord g = l3_black ? play_game(Level::LEVEL3, Level::LEVEL1, seed)
                                      : play_game(Level::LEVEL1, Level::LEVEL3, seed);
        CHECK(g.black == expected[seed - 1][0]);
        CHECK(g.white == expected[seed - 1][1]);
        level3_wins += l3_black ? g.black > g.white : g.white > g.black;
    }
    CHECK(level3_wins == 8);
}

TEST_CASE("strength ladder: each level beats the one below (exact margins, seeds 1-10)") {
    struct Rung {
        Level strong, weak;
        int margins[10]; // strong side's final disc margin (black - white, sign-adjusted)
        int wins;
    };
    SearchLimits master;
    master.depth = 6;
    master.exact_empties = 14;
    const Rung rungs[] = {
        {Level::LEVEL1, Level::RANDOM, {24, 32, 8, 6, 30, -28, 14, -24, 10, 2}, 8},
        {Level::LEVEL2, Level::LEVEL1, {20, 30, 26, 18, 16, 6, -4, 42, 16, 26}, 9},
        {Level::LEVEL3, Level::LEVEL2, {38, 60, 48, 52, 47, 34, 46, 62, 43, 4}, 10},
        // MASTER with its opening book (the compiled-in one) while LEVEL3 stays in it.
        {Level::MASTER, Level::LEVEL3, {22, 30, 44, 22, 34, 32, 28, 12, 42, 42}, 10},
    };
    for (const Rung& r : rungs) {
        int wins = 0;
        for (uint64_t seed = 1; seed <= 10; ++seed) {
            const bool strong_black = seed % 2 == 1;
            const GameRecord g = strong_black ? play_game(r.strong, r.weak, seed, master)
                                              : play_game(r.weak, r.strong, seed, master);
            const int margin = strong_black ? g.black - g.white : g.white - g.black;
            CHECK_MESSAGE(margin == r.margins[seed - 1], level_name(r.strong) << " seed " << seed);
            wins += margin > 0;
        }
        CHECK(wins == r.wins);
    }
}
