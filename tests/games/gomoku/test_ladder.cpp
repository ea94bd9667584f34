// The level ladder against the tutorial's three strategy bots (tutorial_bots.cpp), rounds
// alternating who moves first, every round seeded: the calibration table of src/games/gomoku/README.md.
#include "ladder.h"

#include <doctest/doctest.h>

using namespace gomoku;
using namespace gomoku::ladder;

namespace {

MatchScore match(const char* a, const char* b, int rounds) {
    auto pa = make_player(a), pb = make_player(b);
    REQUIRE(pa);
    REQUIRE(pb);
    const MatchScore s = play_match(*pa, *pb, rounds);
    MESSAGE(std::string(a) << " vs " << std::string(b) << ": " << s.wins << "-" << s.losses << "-"
                           << s.draws);
    return s;
}

void wins_all(const char* a, const char* b, int rounds) {
    const MatchScore s = match(a, b, rounds);
    CHECK(s.wins == rounds);
}

} // namespace

TEST_CASE("random neighbour vs RANDOM is about even") {
    const MatchScore s = match("random-neighbour", "random", 40);
    CHECK(s.wins >= 12);
    CHECK(s.losses >= 12);
}

TEST_CASE("run-length beats RANDOM and loses to LEVEL 1") {
    wins_all("run-length", "random", 20);
    wins_all("1", "run-length", 20);
    wins_all("1", "random-neighbour", 20);
}

TEST_CASE("open-ends beats RANDOM and LEVEL 1") {
    wins_all("open-ends", "random", 20);
    wins_all("open-ends", "1", 20);
}

TEST_CASE("LEVEL 2 beats every tutorial bot") {
    wins_all("2", "random-neighbour", 10);
    wins_all("2", "run-length", 10);
    wins_all("2", "open-ends", 20);
    wins_all("2", "1", 10);
}

TEST_CASE("LEVEL 3 beats every tutorial bot") {
    wins_all("3", "random-neighbour", 4);
    wins_all("3", "run-length", 4);
    wins_all("3", "open-ends", 10);
}

TEST_CASE("LEVEL 3 beats LEVEL 2 in at least 75% of 40 rounds") {
    const MatchScore s = match("3", "2", 40);
    CHECK(s.wins >= 30);
}

TEST_CASE("levels vary from round to round") {
    auto a = make_player("2"), b = make_player("open-ends");
    std::string p1, p2;
    play_round(*a, *b, Rule::FREESTYLE, 1, &p1);
    play_round(*a, *b, Rule::FREESTYLE, 2, &p2);
    CHECK(p1 != p2);
    std::string again;
    play_round(*a, *b, Rule::FREESTYLE, 1, &again);
    CHECK(again == p1); // same seed, same game
}
