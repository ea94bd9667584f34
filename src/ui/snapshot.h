// snapshot.h — the part of state().game every board game shares (docs/miniapp-api.md), so the
// page around the canvas (the accessible grid) and other views read one shape whatever the game.
// The position is a games::Snapshot (src/games/common/snapshot.h), the engine replies' own; a
// page adds the player's side:
//   you              1|2 the player's side
// and reports the outcome as {winner, reason} (no line, no position: a page has its own fields).
// Each game's own fields stand beside these.
#pragma once
#include "games/common/snapshot.h"

#include <nlohmann/json.hpp>

namespace ui {

// The snapshot's cells as rows of JSON numbers, [[0, 1, …], …], as the board drawers take them.
nlohmann::json cells_json(const games::Snapshot& s);

// cells, turn, you, legalMoves, forbiddenPoints, last and outcome added to a page's state.
void add_snapshot(nlohmann::json& state, const games::Snapshot& s, int you);

} // namespace ui
