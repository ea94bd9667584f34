// play.h — what every game page offers besides playing the AI: who plays (the player against the
// AI, two players on one device, or the AI against itself), how fast an AI-vs-AI game goes, the
// records of games against the AI (wins, losses, draws per game and level, in storage), and
// the share link (the page's own URL with its position= query, through the host).
#pragma once
#include "miniapp/storage.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace ui {

class App;

// Who plays: "ai" (the player against the AI), "two" (pass and play: no AI), "aivai".
enum class PlayMode : uint8_t { Ai, Two, AiVsAi };
const char* mode_id(PlayMode m);
std::optional<PlayMode> parse_mode(std::string_view text);

// The pause between the moves of an AI-vs-AI game: "slow", "normal", "fast".
enum class Speed : uint8_t { Slow, Normal, Fast };
const char* speed_id(Speed s);
std::optional<Speed> parse_speed(std::string_view text);
double speed_delay_ms(Speed s);

// One level's record against the AI. Disc differences (the player's discs minus the AI's) are
// kept by the games that have them (`disc_games` of them, summed in `disc_sum`).
struct Record {
    int wins = 0, losses = 0, draws = 0;
    int disc_sum = 0, disc_games = 0;
};

// Who plays on a game page, and what goes with it: AI vs AI's pause and speed, and this game's
// records with the guard that counts each game against the AI once (BoardGamePage and the
// tic-tac-toe page each hold one).
struct PlayState {
    PlayMode mode = PlayMode::Ai;
    Speed speed = Speed::Normal;
    bool paused = false;
    bool live = false;                     // a game with a move played here (not loaded finished)
    bool counted = false;                  // this game is already in the records
    std::map<std::string, Record> records; // this game's, by level

    bool ai_paused() const { return mode == PlayMode::AiVsAi && paused; }
    // Whether the AI makes the next move: `players_side` says the side to move is the one the
    // player takes against the AI (in the other modes it does not matter).
    bool ai_moves(bool players_side) const {
        switch (mode) {
        case PlayMode::Ai: return !players_side;
        case PlayMode::Two: return false;
        case PlayMode::AiVsAi: return true;
        }
        return false;
    }
    // Another mode: a new game follows, unpaused.
    void switch_mode(PlayMode m) { mode = m, paused = false; }
    // AI vs AI's pause or resume: false when nothing changes (another mode, already so).
    bool set_paused(bool p) {
        if (mode != PlayMode::AiVsAi || p == paused) return false;
        paused = p;
        return true;
    }
    // A game has ended: true once for a game played here against the AI (it goes in the records).
    bool count_ending() {
        if (mode != PlayMode::Ai || !live || counted) return false;
        counted = true;
        return true;
    }
    // A new game, position or mode: the next ending may count again.
    void reset_record_guard() { counted = false, live = false; }
};

// The records in storage (key "records": {game: {level: {w, l, d, ds, dn}}}). A value of the
// wrong shape is reported in state().storageProblems and ignored, like a corrupt entry.
namespace records {
// level → record, for `game` (the page's own id).
std::map<std::string, Record> load(miniapp::Storage& storage, std::string_view game);
// One finished game against the AI at `level`: `outcome` 1 won, 0 drawn, -1 lost.
void add(miniapp::Storage& storage, std::string_view game, std::string_view level, int outcome,
         std::optional<int> disc_diff = std::nullopt);
void reset(miniapp::Storage& storage);
// {level: {wins, losses, draws, games, avgDiscDiff?}} for state().
nlohmann::json to_json(const std::map<std::string, Record>& by_level);
// Every game's, {game: {level: …}}.
nlohmann::json all_json(miniapp::Storage& storage);
// "3W 1L 0D" (+ " · avg +6" with disc differences), in the app's language.
std::string counts_text(const App& app, const Record& r);
} // namespace records

// Drawing shared by the game pages (src/ui/board_game.cpp, the tic-tac-toe page).
struct Rect;
// The mode row (ids mode-ai, mode-two, mode-aivai), Share (id share) and Review (id review,
// enabled when `can_review`: the game has moves) in `row`: the mode picked (another than
// `mode`), and which button was pressed.
struct ModeRowInput {
    std::optional<PlayMode> picked;
    bool share = false;
    bool review = false;
};
ModeRowInput draw_mode_row(App& app, Rect row, float gap, PlayMode mode, bool can_review);
// Open the Review page on this game: `query` is its game=…&moves=… (pages/review/review).
void open_review(App& app, const std::string& query);
// AI vs AI: Pause/Resume (id pause) and the speed (speed-slow|normal|fast) in `row`.
struct PauseSpeedInput {
    bool toggle = false;
    std::optional<Speed> speed;
};
PauseSpeedInput draw_pause_speed(App& app, Rect row, float gap, bool paused, Speed speed);
// The record line under a board: the record against `level` (its id and shown name) in a game
// against the AI, else that such games are not counted (id record).
void draw_record_line(App& app, Rect r, PlayMode mode, const std::map<std::string, Record>& records, const char* level,
                      const char* level_label);
// The status line's words for two players and AI vs AI (empty against the AI): whose turn
// (`who`: the side to move by name or mark), or that its AI (`level_label`) thinks or is paused.
std::string mode_status(const App& app, PlayMode mode, bool paused, const std::string& who, const char* level_label);
// Share the link to `page` ("pages/x/x") with `query` through the host; "Link copied" when it
// went to the clipboard.
void share_link(App& app, const std::string& page, const std::string& query);
// state().game's mode, levels (given), paused (AI vs AI's), speed and records.
void add_play_state(nlohmann::json& state, const PlayState& play, nlohmann::json levels);

// mode= and speed= from a page query into `mode` and `speed`; true when the mode changed. The
// first word that does not read goes to `unread` ("mode=sideways").
bool read_play_query(const std::map<std::string, std::string>& query, PlayMode& mode, Speed& speed, std::string& unread);
// The toast for `unread`, if any.
void toast_unread(App& app, const std::string& unread);

// `s` made safe for a URL query value (letters, digits and -._~ kept).
std::string url_encode(std::string_view s);

} // namespace ui
