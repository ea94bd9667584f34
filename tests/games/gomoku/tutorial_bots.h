// tutorial_bots.h — C++ versions of the three strategy bots of the user's Gomoku tutorial
// (random neighbour, run length, open ends), written from the tutorial's description and
// code: same first move [7,7], same candidate list (insertion order, splice on play), same
// scores and the same "first strictly better candidate wins" choice. Each keeps its own
// board, as a bot hosted by the mini-app does, and sees only the opponent's last move.
#pragma once
#include "games/common/rng.h"
#include "games/gomoku/notation.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gomoku::ladder {

// A player in a refereed round: told its colour, asked for a move given the opponent's last.
class Player {
  public:
    virtual ~Player() = default;
    virtual std::string name() const = 0;
    virtual void new_round(Color me, uint64_t round_seed) = 0;
    virtual Coord play(Board& board, std::optional<Coord> opponent_move) = 0;
};

enum class BotKind { RANDOM_NEIGHBOUR, RUN_LENGTH, OPEN_ENDS };

// The tutorial's bot of the given kind (random neighbour draws from games::Rng(round_seed)).
std::unique_ptr<Player> make_tutorial_bot(BotKind kind);

} // namespace gomoku::ladder
