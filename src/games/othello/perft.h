// perft.h — counting the leaves of the game tree (move-generator check and speed test).
//
// Convention "a pass is a move" (Aart Bik 2009): a forced pass uses one ply; a finished game
// is one leaf whatever depth remains. The last ply is bulk-counted (popcount of the moves).
#pragma once
#include <cstdint>

#include "games/othello/position.h"

namespace othello {

uint64_t perft(const Position& pos, int depth);

} // namespace othello
