// review.h — what the Review page (src/ui/pages/review/) needs from a game, and nothing more: a
// game's transcript read into the positions it went through, each with the engine request that
// reviews the move played there. Each game that can be reviewed writes one reader in its own
// page folder (pages/<game>/<game>_review.cpp); pages/registry.cpp lists them by game id.
//
// The engine's review replies share one shape (src/games/README.md, "review"): the best move
// (`best`, `bestRow`, `bestCol`), the values of the best and the played move from the mover's
// side (`evalBest`, `evalPlayed`), the loss, whether it is exact, and a mark.
#pragma once
#include "miniapp/strings.h"
#include "miniapp/url.h"
#include "ui/snapshot.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ui {

// How a game's values read on the review graph.
enum class ReviewScale {
    Discs,   // disc differences, -64..64 (Othello)
    PerMille // the mover's chance to win in per mille, 0..1000 (Gomoku, tic-tac-toe)
};

// One move of the game under review. Boards are kept one byte a cell, row by row (0 empty, 1
// the first player's, 2 the second's): a long Gomoku game holds one per move.
struct ReviewPly {
    std::string cells;         // the board it was played on (the side to move: `side`)
    games::Snapshot::Point move{-1, -1}; // {-1, -1}: a pass
    std::string name;          // "f5", "h8", "PA"
    int side = 1;              // who played it: 1 the first player, 2 the second
    std::string request;       // the engine request that reviews it; "" when there is nothing to
                               // review (a forced pass)
};

struct ReviewGame {
    std::vector<ReviewPly> plies;
    std::string end;           // the board after the last move
    int end_turn = 0;          // who is to move there, 0 once the game is over
    int winner = -1;           // the outcome, as games::Snapshot's: -1 while the game goes on
    const char* reason = "";
    ReviewScale scale = ReviewScale::Discs;
};

// Reads the game named by the Review page's query — `moves` (the game's transcript) and what
// else the game takes (Othello's `start` board, Gomoku's `rule`) — into `game`; false with what
// breaks, in English (`error`) and in the app's language (`shown`), when it does not read.
struct ReviewFault {
    std::string error, shown;
};
using ReviewReader = bool (*)(const miniapp::Query& query, miniapp::Lang lang, ReviewGame& game, ReviewFault& fault);

// The reader of the game `id`, or nullptr when that game cannot be reviewed (pages/registry.cpp).
ReviewReader review_reader(std::string_view id);

} // namespace ui
