// pages/tictactoe/tictactoe — the user's tic-tac-toe (seed 003): you are X and move first,
// the AI is O and answers 400 ms later; Easy or Hard; a score board that resets when the
// difficulty changes; new game; the winning line highlighted; kept in storage. Also two players
// on one device (undo takes back one mark), AI vs AI (X's and O's difficulty, pause, speed),
// the records against the AI, and the share link (ui/play.h).
#pragma once
#include "games/tictactoe/levels.h" // Level, and choose_move when the engine worker fails
#include "games/tictactoe/tictactoe.h"
#include "ui/app.h"
#include "ui/play.h"

#include <map>
#include <vector>

namespace ui {

class TicTacToePage : public PageView {
  public:
    using PageView::PageView;
    void onLoad(const miniapp::Query& query) override;
    void draw(Rect body) override;
    nlohmann::json game_state() const override;
    std::optional<Rect> board_cell(int index) const override;
    double next_wake_ms() const override;
    std::string command(const nlohmann::json& message) override;

    static constexpr double kAiDelayMs = 400;

  private:
    void play(int cell);
    void apply(int cell, tictactoe::Cell who);
    // Is the side to move played by the AI (the mode)?
    bool ai_to_move() const;
    tictactoe::Level level_for(tictactoe::Cell side) const {
        return play_.mode == PlayMode::AiVsAi && side == tictactoe::Cell::O ? o_level_ : level_;
    }
    const char* level_label(tictactoe::Level l) const;
    void set_mode(PlayMode m);
    void set_paused(bool paused);
    void undo();
    void share();
    // Whether the game can be reviewed (the mode row asks every frame), and the query that opens
    // it on the Review page (asked on the click alone).
    bool can_review() const;
    std::string review_query() const;
    void draw_mode_rows(Rect& r, float gap);
    void new_game();
    void set_difficulty(tictactoe::Level level);
    void start_ai_turn();
    void finish_game();
    void save();
    void load();

    tictactoe::Board board_{};
    tictactoe::Level level_ = tictactoe::Level::Easy;
    tictactoe::Result result_;
    struct Scores {
        int x = 0, o = 0, draws = 0;
    } scores_;
    // The AI's pending move: the reply (cell) and the time it may be shown.
    int ai_cell_ = -1;
    int last_cell_ = -1; // the last move, -1 when not known
    double ai_due_ = INFINITY;
    bool ai_waiting_ = false;
    uint64_t seed_ = 1;
    PlayState play_; // who plays, AI vs AI's pause and speed, the records
    tictactoe::Level o_level_ = tictactoe::Level::Easy; // AI vs AI: O's (level_ is X's)
    std::vector<int> history_; // the marks of this game, in order (two players' undo)
    Rect cells_[9];
    bool have_cells_ = false;
};

} // namespace ui
