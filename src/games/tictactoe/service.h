// service.h — tic-tac-toe's side of the engine protocol (src/games/README.md).
#pragma once
#include "games/common/request.h"

#include <string>

namespace tictactoe {

// Answer one request ("search", "play"); errors come back as {"error": …}.
std::string serve(const games::Request& request);

} // namespace tictactoe
