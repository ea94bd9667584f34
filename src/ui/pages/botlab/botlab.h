// pages/botlab/botlab — people's own JavaScript bots against the built-in levels.
//
// The page is the ImGui face of web/botlab/ (the JavaScript referee and sandbox, reached
// through Host::script_call): load a bot (paste, file picker or an example), pick the game,
// the opponents (levels and/or another bot), rounds, time limit and watch speed; run, watch
// the board move by move, stop at any time; a results table per opponent with a one-line
// summary ("RANDOM: 10–0"); the log. Three views (setup, match, log) so each fits a phone
// screen. Each game has its own bot, opposing bot, last results and log, kept in storage per game.
#pragma once
#include "games/common/catalogue.h"
#include "ui/app.h"
#include "ui/snapshot.h"

#include <deque>
#include <map>
#include <set>

namespace ui {

class BotLabPage : public PageView {
  public:
    using PageView::PageView;
    void onLoad(const miniapp::Query& query) override;
    void onHide() override;
    void onUnload() override;
    void draw(Rect body) override;
    nlohmann::json game_state() const override;
    std::optional<Rect> board_cell(int index) const override;
    std::string command(const nlohmann::json& message) override;

  private:
    enum class View { Setup, Match, Log };
    enum class Check { None, Checking, Ok, Failed };
    struct Bot {
        std::string source, name;
        Check check = Check::None;
        std::string error;
        int hooks = 0;
    };

    // One game's part of the lab: its own bot and opposing bot, and its last match. Kept in
    // storage under "botlab:<game>", so a bot written for one game is never run in another.
    struct Lab {
        Bot bot, opponent_bot;
        bool use_opponent_bot = false;
        bool stopped = false;                               // the last match was stopped
        std::string error;                                  // why the last match failed
        nlohmann::json results = nlohmann::json::array();  // one record per opponent
        nlohmann::json board = nullptr;                     // board[row][col], 0 / 1 first player / 2
        nlohmann::json last_move = nullptr;                 // [row, col]
        nlohmann::json snapshot = nullptr;                  // the referee's {turn, legalMoves, forbiddenPoints, outcome}
        std::deque<nlohmann::json> log;                     // {source, text, level} or {source, kind, …}
    };

    Lab& lab() { return labs_[game_]; }
    games::Snapshot board_snapshot() const;
    const Lab& lab() const { return labs_.at(game_); }
    void call(const std::string& op, const nlohmann::json& args, std::function<void(const nlohmann::json&)> on);
    void check_bot(Bot& bot, Lab& lab);
    void prompt_bot(bool opponent);
    void use_example(const std::string& id);
    void switch_game(const std::string& game);
    void run();
    void stop();
    void on_event(const nlohmann::json& ev);
    void keep_stopped_match();
    // Marks a lab's match stopped, with a summary for each record the referee did not finish.
    static void mark_stopped(Lab& lab);
    std::string progress_text() const;
    std::string status_text() const;
    void log(Lab& lab, const std::string& source, const std::string& text, const std::string& level = "log");
    void log(Lab& lab, nlohmann::json entry);
    std::string opponent_label(const std::string& game, const std::string& id, const std::string& name) const;
    std::string summary_text(const std::string& game, const nlohmann::json& record) const;
    std::string reason_text(const nlohmann::json& entry) const;
    std::string log_text(const nlohmann::json& entry) const;
    std::string log_line(const nlohmann::json& entry) const;
    std::string last_forfeit(const nlohmann::json& record) const;
    std::vector<std::string> levels() const;
    // The chosen opponents among this game's levels, in the levels' order (saved and reported).
    nlohmann::json offered_opponents() const;
    void save() const;
    void save_lab(const std::string& game) const;
    void save_lab(const std::string& game, const Lab& lab) const;
    void load();
    void load_lab(Lab& lab, const nlohmann::json& saved);

    void draw_setup(Rect r);
    void draw_match(Rect r);
    void draw_log(Rect r);
    void draw_board(Rect r);
    void draw_run_button(Rect r); // Run, or Stop while a match runs

    // A lab per game of the catalogue's Bot Lab list; the first is shown until one is picked.
    static std::map<std::string, Lab> empty_labs();
    const games::GameInfo& info() const { return *games::find_game(game_); }

    View view_ = View::Setup;
    std::string game_{games::botlab_games().front()};
    std::map<std::string, Lab> labs_ = empty_labs();
    std::set<std::string> opponents_{"random", "level1"};
    int rounds_ = 10, time_ms_ = 1000, speed_ms_ = 150;
    bool show_examples_ = false;
    nlohmann::json examples_ = nlohmann::json::array();

    // The match (of run_game_; the game cannot change while it runs).
    bool running_ = false;
    int run_id_ = -1;
    std::string run_game_;
    nlohmann::json run_opponents_ = nlohmann::json::array(); // their ids: "level1", "bot:<name>"
    std::string opponent_, opponent_id_;                 // the referee's name and id of the current opponent
    int round_ = 0, round_total_ = 0;
    std::string bot_color_;
    int log_scroll_ = 0;                    // screen lines (entries wrapped) back from the newest
    std::vector<std::string> log_shown_;    // the lines the log view drew last, for state()
    int log_screen_lines_ = 0;              // and how many screen lines the whole log took
    std::set<int> calls_;

    std::vector<Rect> cells_;
};

} // namespace ui
