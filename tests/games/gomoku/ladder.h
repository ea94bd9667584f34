// ladder.h — refereed rounds between levels and the tutorial bots (tests and bench).
#pragma once
#include "games/gomoku/levels.h"
#include "tutorial_bots.h"

#include <string>

namespace gomoku::ladder {

// A level of the engine as a Player (seed = round seed; MASTER uses `options`).
std::unique_ptr<Player> make_level_player(Level level, LevelOptions options = {});

// A player by name: "random", "1", "2", "3", "master", "random-neighbour", "run-length",
// "open-ends"; nullptr when unknown.
std::unique_ptr<Player> make_player(const std::string& name, LevelOptions options = {});

// One refereed round on 15x15 (an illegal move loses). Returns the result.
Result play_round(Player& black, Player& white, Rule rule, uint64_t seed,
                  std::string* pos = nullptr);

struct MatchScore {
    int wins = 0, losses = 0, draws = 0; // from player A's side
};

// `rounds` rounds, A black in even rounds, round i seeded base_seed + i.
MatchScore play_match(Player& a, Player& b, int rounds, Rule rule = Rule::FREESTYLE,
                      uint64_t base_seed = 1);

} // namespace gomoku::ladder
