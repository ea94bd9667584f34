// pages/othello/othello — Othello against the engine's ladder (seed 000: 8x8, 0 empty /
// 1 black / 2 white, black first, a side with no move passes, more discs wins).
//
// The 64 cells are buttons; legal moves and the last move are marked; flips are animated;
// the AI thinks in the Web Worker and the page shows it; a forced pass is an explicit notice;
// undo, colour, level, hints (the engine's value of each legal move); the transcript can be
// copied, and a transcript or board string pasted to start from. The game survives a reload.
#pragma once
#include "games/othello/notation.h"
#include "games/othello/position.h"
#include "ui/board_game.h"

#include <vector>

namespace ui {

class OthelloPage : public BoardGamePage {
  public:
    explicit OthelloPage(App& app) : BoardGamePage(app, kMasterTimeMs) {}
    void onLoad(const miniapp::Query& query) override;
    void onUnload() override { cancel_engine(); }
    void draw(Rect body) override;
    nlohmann::json game_state() const override;
    std::optional<Rect> board_cell(int index) const override;
    double next_wake_ms() const override;
    std::string command(const nlohmann::json& message) override;

    static constexpr double kFlipMs = 320;    // flip animation
    static constexpr int kMasterTimeMs = 1500; // MASTER\'s default budget per move

  private:
    // Game flow.
    void new_game() override;
    void restart(const othello::Position& start, std::vector<othello::Move> moves,
                 const othello::Position& end);
    void play(othello::Move m, bool by_ai);
    void undo();
    void after_move();
    void ask_ai() override;
    void ask_hints();
    void set_human_black(bool black) override;
    bool game_in_progress() const override;
    bool load_position(const std::string& text, LoadFault& fault) override;
    void paste();
    void copy_transcript();
    othello::Position current() const;
    bool humans_turn() const;
    bool human_black() const override { return human_ == othello::BLACK; }
    const char* game_id() const override { return "othello"; }
    std::string position_query() const override;
    bool can_review() const override;
    std::string review_game_query() const override;
    void drop_ai_reply() override { ai_move_ = othello::MOVE_NONE; }

    // Storage.
    void save() const override;
    void load();

    // Drawing.
    void draw_board(Rect board);
    void draw_status(Rect r);
    std::string result_text() const;

    othello::Position start_ = othello::Position::start();
    std::vector<othello::Move> moves_; // every move from start_, passes explicit
    othello::Position pos_ = othello::Position::start();
    othello::Color human_ = othello::BLACK;
    bool hints_on_ = false;
    othello::Move ai_move_ = othello::MOVE_NONE; // the AI's reply, shown at ai_due_

    // Hints for the current position: value per square (discs), or empty.
    struct Hint {
        othello::Square sq;
        int value;
        bool exact;
    };
    std::vector<Hint> hints_;
    std::string hints_for_; // position string the hints belong to
    // One hint's value on its cell, on a pill that stays readable on any disc colour; gold for
    // the best move.
    void draw_hint(Rect cell, const Hint& h, bool best);

    // Flip animation.
    othello::Bitboard anim_flipped_ = 0;
    othello::Square anim_square_ = othello::Square(0);
    double anim_start_ = -1e9;

    Rect cells_[64];
    bool have_cells_ = false;
};

} // namespace ui
