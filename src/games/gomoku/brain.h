// brain.h — the Piskvork / Gomocup protocol ("pbrain") as a line-in, lines-out state machine.
//
// No threads and no I/O here: the native pbrain-miniarena reads stdin on a second thread and
// sets stop_flag() on YXSTOP/END while handle() is searching; tests drive handle() directly.
// Coordinates are Gomocup's "X,Y" = column,row.
#pragma once
#include "games/gomoku/levels.h"

#include <atomic>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace gomoku {

class Brain {
  public:
    explicit Brain(size_t tt_megabytes = 64);

    // Handle one input line; returns the reply lines (often one, possibly none). `received`:
    // when the line arrived (a reader thread's queue may have held it); the time a move may
    // take counts from then.
    std::vector<std::string> handle(
        std::string_view line,
        std::chrono::steady_clock::time_point received = std::chrono::steady_clock::now());
    bool quit() const { return quit_; }
    // Is handle() searching now? (the reader thread only forwards YXSTOP then)
    bool thinking() const { return thinking_.load(); }
    std::atomic<bool>& stop_flag() { return stop_; }

    // Current settings (for tests and diagnostics).
    const Board& board() const { return board_; }
    int64_t move_budget_ms() const;
    // Time limits (INFO timeout_turn / time_left, ms) above this are taken as this.
    static constexpr int64_t MAX_LIMIT_MS = int64_t(1) << 40;

  private:
    std::string think();
    std::string set_info(std::string_view key, std::string_view value);
    bool replay(const std::vector<Pos>& moves, Rule rule);
    std::string play_own(Pos p);
    bool is_free(Pos p) const; // empty and not blocked

    Board board_;
    Engine engine_;
    bool started_ = false;
    bool quit_ = false;
    bool board_mode_ = false;
    std::vector<std::pair<Pos, int>> board_lines_; // BOARD ... DONE collection
    std::vector<Pos> blocked_; // BOARD field 3 (continuous mode): occupied, no side's stone
    std::chrono::steady_clock::time_point received_{}; // of the line being handled
    std::atomic<bool> stop_{false};
    std::atomic<bool> thinking_{false};
    Rule rule_ = Rule::FREESTYLE;
    int64_t timeout_turn_ = 30000, timeout_match_ = 1000000000, time_left_ = 1000000000;
    int64_t max_memory_ = 0;
    int max_depth_ = 0;
    uint64_t max_node_ = 0;
    uint64_t seed_ = 0;
};

} // namespace gomoku
