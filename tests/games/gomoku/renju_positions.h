// renju_positions.h — renju positions with black to move for the forbidden-point comparison:
// seeded random stone patterns and the positions of the engine's own games.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace gomoku {

// A random position (pos string, 15x15, black to move, game not over) from `seed`: stones
// dropped alternately on random cells of a random square region (5..15 cells wide, anywhere
// on the board, so edges and corners come up), skipping cells that would end the game (a
// five, or a move the engine calls forbidden for black).
std::string random_renju_position(uint64_t seed);

// Every position with black to move (after at least one white stone) of `games` renju games
// between the engine's levels (LEVEL 1 and LEVEL 2 in turn, RANDOM now and then), game i
// seeded base_seed + i. Deterministic.
std::vector<std::string> renju_game_positions(int games, uint64_t base_seed);

} // namespace gomoku
