// board_game.h — what the Othello and Gomoku pages share: the level ladder and MASTER's think
// time, the AI's turn through the Web Worker (a reply is shown no sooner than kMinAiMs after it
// was asked, and the page shows that the AI thinks), the notation row (text, copy, paste), and
// the commands every board game takes (newGame, setLevel, setPosition, setSide, setMode); who
// plays (ui/play.h: against the AI, two players, AI vs AI with both levels, pause and speed),
// the records of games against the AI, and the share link.
#pragma once
#include "ui/app.h"
#include "ui/ladder.h"
#include "ui/play.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace ui {

class BoardGamePage : public PageView {
  public:
    BoardGamePage(App& app, int default_think_ms) : PageView(app), think_ms_(default_think_ms) {}
    static constexpr double kMinAiMs = 350; // an instant reply feels mechanical

  protected:
    // The game's side of the shared commands.
    virtual void new_game() = 0;
    // Why a position text did not read: the engine's English, for the embed API (developers
    // read it), and the same fault in the app's language, for the player (the page folder's
    // <game>_faults.h).
    struct LoadFault {
        std::string english, shown;
    };
    virtual bool load_position(const std::string& text, LoadFault& fault) = 0;
    virtual void set_human_black(bool black) = 0;
    virtual void ask_ai() = 0;
    virtual void save() const = 0;
    // A game with moves in it and no result yet: starting over would throw it away.
    virtual bool game_in_progress() const = 0;

    // Runs `start_over` (a new game, another colour or rule) at once, or after the player
    // confirms in a modal when a game is in progress. Only for the page's own buttons: the
    // automation and embed commands act at once.
    void confirm_start_over(std::function<void()> start_over);

    // level=, think=, mode=, level2= and speed= from a page query (a value that does not read
    // is toasted and the saved one kept).
    // True when the query chose another mode than the saved one (the page starts a new game).
    bool read_query(const miniapp::Query& query);
    // side= from a page query: true for black, false for white, nullopt when absent or unknown.
    static std::optional<bool> query_side_black(const miniapp::Query& query);
    // position= from a page query, if any: true when the game now starts from it; a text that
    // does not read is toasted (in the app's language) and the game is left as it was.
    bool load_query_position(const miniapp::Query& query);
    // The shared commands; "" when done, a reason when refused, nullopt when not one of them.
    std::optional<std::string> shared_command(const nlohmann::json& m);
    void set_level(Ladder l);

    // AI turn bookkeeping: begin before sending the request; a reply's error (true = failed);
    // the time the reply's move may be shown; the next frame the thinking dots need.
    void begin_thinking();
    bool reply_failed(const nlohmann::json& reply);
    double reply_due() const { return std::max(app_.now(), ai_started_ + kMinAiMs); }
    double thinking_wake() const;
    void forget_ai(); // drop an outstanding request (undo, new game, …)

    // Who plays. The page's side: the side to move is black's (for ai_plays), the game's id
    // for the records, and the query that opens this game at this move (position=…).
    bool ai_plays(bool black_to_move) const;
    Ladder level_for(bool black) const {
        return play_.mode == PlayMode::AiVsAi && !black ? white_level_ : level_;
    }
    virtual bool human_black() const = 0;
    virtual const char* game_id() const = 0;
    virtual std::string position_query() const = 0;
    // Whether the game has moves to review (cheap: the mode row asks every frame), and the
    // game's part of the query that opens it on the Review page (game=…&moves=…), asked on the
    // click alone; review_query() adds the player's side.
    virtual bool can_review() const = 0;
    virtual std::string review_game_query() const = 0;
    std::string review_query() const;
    // Drop the AI's reply waiting to be shown (a pause).
    virtual void drop_ai_reply() = 0;
    // Mode, levels, speed for storage, and back (a page's save()/load() add them).
    void save_play(nlohmann::json& saved) const;
    void load_play(const nlohmann::json& saved);
    // {mode, levels: {black, white}, paused, speed, records} for state().game.
    void add_play_state(nlohmann::json& state) const;
    void set_mode(PlayMode m);
    void set_paused(bool paused);
    // A game has ended: counted in the records when it was played against the AI here (not
    // loaded finished, not counted before). `outcome` for the player: 1, 0, -1.
    void game_ended(int outcome, std::optional<int> disc_diff = std::nullopt);
    void share();
    // AI-vs-AI pacing: when a reply may be shown (the speed's pause after the last move).
    double ai_reply_due() const;

    // Drawing.
    int ladder_row(const char* id, Rect& r, float gap, Ladder selected);
    int draw_level_row(Rect& r, float gap);
    // The mode row (AI | 2 players | AI vs AI) with Share; in AI vs AI, white's level row too.
    void draw_mode_rows(Rect& r, float gap);
    // AI vs AI's controls in place of colour and undo: Pause/Resume and the speed.
    void draw_aivai_controls(Rect row, float gap);
    // The record against the current level, small, under the notation row.
    void draw_record_line(Rect r);
    // The status line's words for two players and AI vs AI (empty in AI mode): whose turn, who
    // thinks, paused.
    std::string mode_status(bool black_to_move, bool thinking) const;
    void draw_thinking_dots(ImVec2 centre);
    // The notation row: `text` cut from the front (by `drop_front`) to fit, then Copy and
    // Paste. Returns 1 when Copy was pressed, 2 for Paste, 0 otherwise.
    int draw_notation_row(Rect r, float gap, const std::string& text, bool empty,
                          const std::function<void(std::string&)>& drop_front, const char* control);

    // Ask for a position to start from (a DOM prompt); a text that does not read is reported
    // in a modal with where it breaks, and the game is left as it was.
    void prompt_position(miniapp::Str title, miniapp::Str message, const char* placeholder, bool multiline);

    static std::string trim(const std::string& s);

    Ladder level_ = Ladder::Level1;
    Ladder white_level_ = Ladder::Level1; // AI vs AI: white's (level_ is black's)
    PlayState play_;                      // who plays, AI vs AI's pause and speed, the records
    void reload_records();
    int think_ms_;
    uint64_t seed_ = 1;
    bool ai_waiting_ = false;
    std::string ai_error_;
    double ai_started_ = 0, ai_due_ = 0;
};

} // namespace ui
