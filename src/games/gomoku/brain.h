// brain.h — the Piskvork / Gomocup protocol ("pbrain") as a line-in, lines-out state machine.
//
// No threads and no I/O here: the native pbrain-miniarena reads stdin on a second thread and
// calls request_stop() on YXSTOP/END (the only call from another thread); tests drive handle()
// directly. Coordinates are Gomocup's "X,Y" = column,row.
#pragma once
#include "games/gomoku/levels.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace gomoku {

class Brain {
  public:
    // `tt_megabytes`: the hash table's size, and its largest under INFO max_memory.
    explicit Brain(size_t tt_megabytes = 64);

    // Handle one input line; returns the reply lines (often one, possibly none). `received`:
    // when the line arrived (a reader thread's queue may have held it); the time a move may
    // take counts from then.
    std::vector<std::string> handle(
        std::string_view line,
        std::chrono::steady_clock::time_point received = std::chrono::steady_clock::now());
    bool quit() const { return quit_; }
    // YXSTOP or END arrived as input line `line_no` (counting every line from 0, in the order
    // handle() gets them): the search of any earlier line stops now, or at once when it starts
    // (the line may still be queued); later lines search normally. Thread-safe.
    void request_stop(uint64_t line_no);
    // Lines handle() has been given so far (the number of the next one).
    uint64_t lines_handled() const { return lines_; }
    // The last search's result (diagnostics, tests).
    const MoveChoice& last_choice() const { return last_choice_; }

    // Current settings (for tests and diagnostics).
    const Board& board() const { return board_; }
    int64_t move_budget_ms() const;
    size_t tt_megabytes() const { return engine_.master().tt_megabytes(); }
    // What INFO max_memory leaves out of the hash table: the rest of the process (code, pattern
    // tables of two rules, threat-solver cache, stacks; about 10-13 MB measured) with headroom.
    static constexpr int64_t MEMORY_RESERVE = int64_t(16) << 20;
    // Time limits (INFO timeout_turn / time_left, ms) above this are taken as this.
    static constexpr int64_t MAX_LIMIT_MS = int64_t(1) << 40;
    // The shortest time a move gets (timeout_turn 0, no time left): a search of a few plies.
    static constexpr int64_t MIN_BUDGET_MS = 5;
    // INFO time_left this high (or higher) means the match has no time limit (the protocol).
    static constexpr int64_t UNLIMITED_TIME_LEFT = 2147483647;

  private:
    std::vector<std::string> think();
    Pos any_free_move();
    std::string set_info(std::string_view key, std::string_view value);
    std::vector<std::string> board_line(std::string_view line);
    void fit_memory(int64_t bytes);
    bool replay(const std::vector<Pos>& moves, Rule rule);
    std::string play_own(Pos p);
    bool is_free(Pos p) const; // empty and not blocked

    Board board_;
    size_t tt_megabytes_; // the hash table's size without a memory limit
    Engine engine_;
    bool started_ = false;
    bool quit_ = false;
    bool board_mode_ = false;
    std::vector<std::pair<Pos, int>> board_lines_; // BOARD ... DONE collection
    int board_bad_lines_ = 0;                      // and its bad lines: how many, the first
    std::string board_first_bad_;
    std::vector<Pos> blocked_; // BOARD field 3 (continuous mode): occupied, no side's stone
    std::chrono::steady_clock::time_point received_{}; // of the line being handled
    uint64_t lines_ = 0, line_no_ = 0;                 // lines handled; the current one's number
    // The stop request: the engine's flag, the first line number not to stop (stop_before_)
    // and the line being searched (NOT_SEARCHING when idle), all under stop_mutex_.
    static constexpr uint64_t NOT_SEARCHING = UINT64_MAX;
    std::mutex stop_mutex_;
    std::atomic<bool> stop_{false};
    uint64_t stop_before_ = 0, searching_line_ = NOT_SEARCHING;
    MoveChoice last_choice_;
    Rule rule_ = Rule::FREESTYLE;
    int64_t timeout_turn_ = 30000, timeout_match_ = 1000000000, time_left_ = 1000000000;
    int64_t max_memory_ = 0;
    int max_depth_ = 0;
    uint64_t max_node_ = 0;
    uint64_t seed_ = 0;
};

} // namespace gomoku
