// pages/review/review — a finished (or any) game, move by move, with the engine's review: an
// evaluation graph filled in as the AI worker answers, each move's loss against the engine's best
// and its mark (inaccuracy, mistake, blunder, a missed win…), the better move on the board, and a
// summary per player. Opened from a game page, or by a link:
//   /pages/review/review?game=<id>&moves=<transcript>[&at=<move>][&you=1|2][&rule=…][&start=…]
// Which games can be reviewed, and how their transcripts read: ui/review.h.
#pragma once
#include "ui/app.h"
#include "ui/review.h"

#include <optional>
#include <string>
#include <vector>

namespace ui {

class ReviewPage : public PageView {
  public:
    using PageView::PageView;
    void onLoad(const miniapp::Query& query) override;
    void onShow() override;
    void draw(Rect body) override;
    nlohmann::json game_state() const override;
    std::optional<Rect> board_cell(int index) const override;
    std::string command(const nlohmann::json& message) override;

  private:
    // The engine's word on one move.
    struct Verdict {
        bool done = false;
        std::string best, mark; // best: the engine's best move's name ("" for none)
        std::optional<games::Snapshot::Point> best_at;
        double eval_best = 0, eval_played = 0, loss = 0;
        bool exact = false;
    };
    void analyse_next();
    void go_to(int at, bool announce);
    // The played side's value after ply `i` (0-based), from player `you`'s side, in -1..1.
    double graph_value(size_t i) const;
    std::string mark_words(const std::string& mark) const;
    std::string side_name(int side) const;
    std::string move_line() const;
    // One player's analysed moves: how many of each mark that counts against them (in the
    // order of kBadMarks, review.cpp), and the loss summed.
    struct Tally {
        int marks[6] = {};
        double loss = 0;
    };
    Tally tally(int side) const;
    std::string summary_line(int side) const;
    void draw_graph(Rect r);
    games::Snapshot shown_position() const;

    std::string game_id_, moves_;
    std::string link_query_; // game=…&moves=…[&you=…&rule=…&start=…], for Share
    const games::GameInfo* info_ = nullptr;
    ReviewGame game_;
    std::vector<Verdict> verdicts_;
    size_t next_ = 0;          // the next ply to ask the engine about
    bool asking_ = false;
    std::string error_;        // why the game cannot be shown or the analysis stopped (shown)
    std::string error_english_;
    int at_ = 0;               // moves shown: 0 = the start, plies.size() = the end
    int you_ = 1;
    std::vector<Rect> cells_;
};

} // namespace ui
