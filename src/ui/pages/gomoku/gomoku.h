// pages/gomoku/gomoku — Gomoku on 15x15 against the engine's ladder (seed 004's game):
// freestyle (the default), standard or renju; black first; the AI thinks in the Web Worker.
//
// Stones sit on the intersections; the last move and the winning line are marked, and
// black's forbidden points under renju. With a mouse a click places a stone; with a finger on
// a small board, the first tap aims (a ring and the square's name) and a second tap on the
// same point places it, so a 22 px grid on a phone is still easy to hit.
#pragma once
#include "games/gomoku/board.h"
#include "games/gomoku/rules.h"
#include "ui/board_game.h"

#include <vector>

namespace ui {

class GomokuPage : public BoardGamePage {
  public:
    explicit GomokuPage(App& app);
    void onLoad(const miniapp::Query& query) override;
    void onUnload() override { cancel_engine(); }
    void draw(Rect body) override;
    nlohmann::json game_state() const override;
    std::optional<Rect> board_cell(int index) const override;
    double next_wake_ms() const override;
    std::string command(const nlohmann::json& message) override;

    static constexpr int kSize = 15;
    static constexpr int kMasterTimeMs = 2000; // MASTER\'s default budget per move
    static constexpr float kAimBelowPx = 36; // touch taps aim first on cells smaller than this

  private:
    void new_game() override;
    void restart(const gomoku::Board& board, const gomoku::Outcome& outcome);
    // Play (row, col) for the side to move; "" or the reason it was refused.
    std::string play(int row, int col, bool by_ai);
    void try_human(int row, int col);
    void undo();
    void after_move();
    void ask_ai() override;
    void set_rule(gomoku::Rule r);
    void set_human_black(bool black) override;
    bool game_in_progress() const override;
    bool load_position(const std::string& text, LoadFault& fault) override;
    void paste();
    void refresh_forbidden();
    bool humans_turn() const;
    bool human_black() const override { return human_ == gomoku::BLACK; }
    const char* game_id() const override { return "gomoku"; }
    std::string position_query() const override;
    bool can_review() const override;
    std::string review_game_query() const override;
    void drop_ai_reply() override { ai_row_ = ai_col_ = -1; }
    std::string result_text() const;
    void save() const override;
    void load();
    void draw_status(Rect r);
    void draw_board(Rect board);

    gomoku::Board board_;
    gomoku::Outcome outcome_;
    gomoku::Rule rule_ = gomoku::Rule::FREESTYLE;
    gomoku::Color human_ = gomoku::BLACK;
    std::vector<gomoku::Pos> forbidden_; // black's forbidden points now (renju)

    int ai_row_ = -1, ai_col_ = -1; // the AI's reply, shown at ai_due_

    int aim_ = -1; // aimed cell (row * 15 + col) waiting for a second tap
    Rect cells_[kSize * kSize];
    bool have_cells_ = false;
};

} // namespace ui
