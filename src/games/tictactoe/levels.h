// levels.h — the two AI levels of the tic-tac-toe the product specifies: Easy = a uniformly
// random empty cell, Hard = minimax with the depth penalty, taking the first best cell in index
// order. The rules they play by are in tictactoe.h.
#pragma once
#include "games/common/rng.h"
#include "games/tictactoe/tictactoe.h"

#include <cstdint>
#include <optional>

namespace tictactoe {

enum class Level : uint8_t { Easy, Hard };

// Minimax value for `me` with `to_move` next, after `depth` plies: win 10 - depth,
// loss depth - 10, draw 0 (the seed's scoring, from `me`'s side).
int minimax(Board& board, Cell me, Cell to_move, int depth);

// The AI's cell for the side to move; nullopt when the game is over.
std::optional<int> choose_move(const Board& board, Level level, games::Rng& rng);

} // namespace tictactoe
