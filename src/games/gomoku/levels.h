// levels.h — the level ladder: RANDOM, LEVEL 1, LEVEL 2, LEVEL 3, MASTER.
//
// RANDOM   a random-neighbour player: centre first, then a uniformly random empty cell next
//          to any stone (the tutorial's starting bot).
// LEVEL 1  counts line lengths only (never open ends): wins with five, blocks a five, and
//          otherwise likes long own lines and, much less, blocking long opponent lines;
//          a small random term.
// LEVEL 2  the engine's search at 2500 nodes a move (VCF 1000 nodes, opponent-VCT check
//          1000, the 10 best-ordered moves per node); first 4 plies drawn among the best.
// LEVEL 3  the same at 50000 nodes (VCF 10000, own VCT 20000, opponent-VCT check 5000,
//          full width); first 4 plies drawn among the best.
// MASTER   the full engine (master.h): root VCF, VCT and opponent-VCT defence, then
//          iterative-deepening PVS with its own threat-aware move generation, pruning and the
//          fitted evaluation (eval_master.h); time per move (or fixed depth / nodes, then
//          deterministic). `LevelOptions::classic` plays the MASTER of before (search.h).
// Every random choice comes from games::Rng seeded with (seed, position): the same seed and
// position give the same move natively and in wasm, different seeds give different games.
#pragma once
#include "games/gomoku/board.h"
#include "games/gomoku/master.h"
#include "games/gomoku/search.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string_view>

namespace gomoku {

enum class Level : uint8_t { RANDOM, L1, L2, L3, MASTER };
constexpr int LEVEL_NB = 5;

std::optional<Level> parse_level(std::string_view s); // "random" | "1" | "2" | "3" | "master"
const char* level_name(Level l);                      // "random", "1", "2", "3", "master"

struct LevelOptions {
    int64_t time_ms = 0; // MASTER's budget (0 = default 1000 ms unless depth/nodes given)
    int depth = 0;       // MASTER: fixed depth instead of time (deterministic)
    uint64_t nodes = 0;  // MASTER: node budget instead of time (deterministic)
    const std::atomic<bool>* stop = nullptr;
    // MASTER as it was before the MASTER rework (search.h with the hand-set evaluation),
    // kept for measurements (`gomoku match … master-classic`).
    bool classic = false;
};

struct MoveChoice {
    Pos move = NO_POS;
    int value = 0;
    int depth = 0;
    uint64_t nodes = 0;
    int64_t ms = 0;
    const char* source = "";
};

// Holds the search state (transposition table) reused from move to move.
class Engine {
  public:
    explicit Engine(size_t tt_megabytes = 32);
    // The level's move for the side to move (board restored). Needs a legal empty cell.
    MoveChoice choose(Board& board, Level level, uint64_t seed, const LevelOptions& options = {});
    MasterSearcher& master() { return *master_; }
    const MasterSearcher& master() const { return *master_; }
    const Searcher* classic() const { return classic_.get(); } // after a classic MASTER move

  private:
    size_t tt_megabytes_;
    std::unique_ptr<MasterSearcher> master_; // MASTER: big table, kept between moves
    std::unique_ptr<Searcher> classic_;      // MASTER classic (made on first use)
    std::unique_ptr<Searcher> small_;        // LEVEL 2/3: small table, cleared every move (made
                                             // on first use: the Gomocup brain never needs it)
};

// choose_move through one process-wide Engine (the wasm worker and the service use this).
MoveChoice choose_move(Board& board, Level level, uint64_t seed, const LevelOptions& options = {});

} // namespace gomoku
