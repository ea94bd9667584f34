// The board-game pages' level ladder (src/ui/ladder.h) reads its names from the game catalogue:
// ids, the short forms the url query takes, each game's engine names, the labels.
#include <doctest/doctest.h>

#include "games/common/catalogue.h"
#include "ui/ladder.h"

#include <iterator>
#include <string>

TEST_CASE("ladder: one rung per catalogue rung, in its order, with its id and label") {
    REQUIRE(games::ladder().size() == std::size(ui::kLadder));
    for (size_t i = 0; i < std::size(ui::kLadder); ++i) {
        CHECK(std::string(ui::ladder_id(ui::kLadder[i])) == games::ladder()[i].id);
        CHECK(ui::ladder_label(ui::kLadder[i]) == miniapp::str_from_name(games::ladder()[i].label));
    }
}

TEST_CASE("ladder: what parse_ladder reads") {
    struct Case {
        const char* text;
        int rung; // -1: not a level
    };
    const Case cases[] = {{"random", 0}, {"level1", 1}, {"1", 1}, {"l1", 1}, {"level2", 2}, {"2", 2}, {"l3", 3},
                          {"master", 4}, {"", -1},    {"4", -1},     {"l4", -1}, {"level4", -1}, {"easy", -1},
                          {"Master", -1}, {"levell", -1}};
    for (const Case& c : cases) {
        CAPTURE(c.text);
        const auto l = ui::parse_ladder(c.text);
        CHECK(l.has_value() == (c.rung >= 0));
        if (l && c.rung >= 0) CHECK(int(*l) == c.rung);
    }
}

TEST_CASE("ladder: each game's engine name for a rung, from the catalogue") {
    for (const games::GameInfo& g : games::catalogue()) {
        for (const games::LevelInfo& level : g.levels) {
            const auto l = ui::parse_ladder(level.id);
            REQUIRE(l.has_value());
            CHECK(std::string(ui::ladder_protocol(g.id, *l)) == level.engine);
        }
    }
    CHECK(std::string(ui::ladder_protocol("othello", ui::Ladder::Level2)) == "2");
    CHECK(std::string(ui::ladder_protocol("tictactoe", ui::Ladder::Master)) == "hard");
}
