// snapshot.h — the part of state().game every board game shares (docs/miniapp-api.md), so the
// page around the canvas (the accessible grid) and other views read one shape whatever the game:
//   cells            rows of 0 empty / 1 the first player's / 2 the second's ([0][0] top left)
//   turn             1|2 the side to move, 0 once the game is over
//   you              1|2 the player's side
//   legalMoves       [[row, col], …] the moves the side to move may make ([] when it must pass)
//   forbiddenPoints  [[row, col], …] empty points the side to move may not take (renju's black)
//   last             [row, col] of the last move, or null
//   outcome          null, or {winner: 0 draw | 1 | 2, reason: "line" | "full" | "forbidden" |
//   "discs"}
// Each game's own fields stand beside these.
#pragma once
#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <vector>

namespace ui {

struct Snapshot {
    using Point = std::array<int, 2>;
    nlohmann::json cells = nlohmann::json::array();
    int turn = 0, you = 1;
    std::vector<Point> legal, forbidden;
    std::optional<Point> last;
    int winner = -1;         // -1 while the game goes on
    const char* reason = ""; // the outcome's reason code

    // The fields above, added to a page's state.
    void add_to(nlohmann::json& state) const;
};

} // namespace ui
