// levels.h — the computer players, from beginner to perfect endgame play.
//
//   RANDOM  a uniformly random legal move.
//   LEVEL1  greedy on flips (but takes a corner when offered); mostly a most-flipping move,
//           sometimes one flipping up to 2 fewer.
//   LEVEL2  classical square weights, 2-ply minimax; picks among moves close to the best.
//   LEVEL3  alpha-beta, 4 plies, on mobility / corners / stability / parity; exact from 10
//           empties; picks among moves within half a disc of the best.
//   MASTER  in the first plies, a near-best move of the opening book (book.h) when the position
//           is in it; else iterative-deepening PVS within the time budget, exact solve from
//           ~22 empties.
// Every random choice comes from games::Rng seeded with `seed`, so a game is reproducible.
// RANDOM..LEVEL3 have fixed depths (time is ignored); MASTER is reproducible under depth or
// node limits (time=0).
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "games/othello/search.h"

namespace othello {

enum class Level { RANDOM, LEVEL1, LEVEL2, LEVEL3, MASTER };

// "random", "1", "2", "3", "master" (also "level1".."level3"); nullopt otherwise.
std::optional<Level> parse_level(std::string_view text);
std::string level_name(Level level);

struct Choice {
    Move move = MOVE_NONE; // MOVE_PASS when forced to pass, MOVE_NONE when the game is over
    int eval = 0;          // EVAL_UNIT per disc, side to move's view (0 for RANDOM / LEVEL1)
    int depth = 0;
    bool exact = false;
    uint64_t nodes = 0;
    int ms = 0;
    bool book = false; // MASTER's move came from the opening book (no search: nodes = 0)
};

// The move the level plays in pos. searcher (for MASTER) may be shared between calls to keep
// its hash tables; one is created when null. limits apply to MASTER (time, depth, nodes).
Choice choose_move(const Position& pos, Level level, uint64_t seed, const SearchLimits& limits,
                   Searcher* searcher = nullptr);

} // namespace othello
