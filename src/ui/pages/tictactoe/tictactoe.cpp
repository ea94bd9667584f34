#include "ui/pages/tictactoe/tictactoe.h"

#include "games/common/catalogue.h"
#include "ui/snapshot.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using tictactoe::Cell;
using tictactoe::Level;
using tictactoe::Outcome;

namespace {
const char* kStorageKey = "tictactoe";
const char* cell_name(Cell c) { return c == Cell::X ? "X" : "O"; }
const char* level_name(Level l) { return l == Level::Hard ? "hard" : "easy"; }
// A level as the url query, the embed's setLevel and a shared link may name it: the page's own
// word (easy, hard: the engine's) or the catalogue's level id (random, master).
std::optional<Level> parse_level(const std::string& text) {
    for (const games::LevelInfo& l : games::find_game("tictactoe")->levels)
        if (text == l.id || text == l.engine)
            return l.engine == level_name(Level::Hard) ? Level::Hard : Level::Easy;
    return std::nullopt;
}
} // namespace

// A difficulty's shown name, in the app's language.
const char* TicTacToePage::level_label(Level l) const {
    return app_.tr(l == Level::Hard ? Str::DifficultyHard : Str::DifficultyEasy);
}

// --- state ---------------------------------------------------------------------------------

void TicTacToePage::onLoad(const miniapp::Query& query) {
    warm_engine("tictactoe");
    seed_ = uint64_t(app_.now() * 1000.0) ^ 0x5DEECE66Dull;
    load();
    play_.records = records::load(app_.storage(), "tictactoe");
    if (auto it = query.find("level"); it != query.end())
        if (auto l = parse_level(it->second)) set_difficulty(*l);
    // Who plays, from a shared link: a word that does not read is toasted, the saved one kept.
    std::string unread;
    if (read_play_query(query, play_.mode, play_.speed, unread)) new_game();
    if (auto it = query.find("level2"); it != query.end()) {
        if (auto l = parse_level(it->second)) o_level_ = *l;
        else if (unread.empty()) unread = "level2=" + it->second;
    }
    toast_unread(app_, unread);
    if (auto it = query.find("position"); it != query.end()) {
        std::string why = command({{"type", "setPosition"}, {"position", it->second}});
        if (!why.empty()) app_.toast(miniapp::format(app_.tr(Str::TttPositionNotRead), {it->second}), 3000);
        else return; // setPosition starts the AI's turn when it is its move
    }
    if (ai_to_move()) start_ai_turn();
}

void TicTacToePage::load() {
    auto saved = app_.storage().getStorageSync(kStorageKey);
    if (!saved || !saved->is_object()) return;
    const json& s = *saved;
    if (s.value("difficulty", "") == "hard") level_ = Level::Hard;
    if (auto m = parse_mode(s.value("mode", ""))) play_.mode = *m;
    if (s.value("level2", "") == "hard") o_level_ = Level::Hard;
    if (auto sp = parse_speed(s.value("speed", ""))) play_.speed = *sp;
    if (auto it = s.find("scores"); it != s.end() && it->is_object()) {
        scores_.x = std::max(0, it->value("X", 0));
        scores_.o = std::max(0, it->value("O", 0));
        scores_.draws = std::max(0, it->value("draws", 0));
    }
    if (auto it = s.find("board"); it != s.end() && it->is_string()) {
        // A damaged saved board is dropped (a fresh game), never trusted.
        if (auto b = tictactoe::parse_board(it->get<std::string>())) {
            board_ = *b;
            result_ = tictactoe::check_winner(board_);
            // The last move (state().game.last), when it names a taken cell.
            int last = s.contains("last") && s["last"].is_number_integer() ? s["last"].get<int>() : -1;
            if (last >= 0 && last < 9 && board_[size_t(last)] != Cell::Empty) last_cell_ = last;
        }
    }
}

void TicTacToePage::save() {
    app_.storage().setStorageSync(
        kStorageKey, {{"difficulty", level_name(level_)},
                      {"scores", {{"X", scores_.x}, {"O", scores_.o}, {"draws", scores_.draws}}},
                      {"board", tictactoe::to_string(board_)},
                      {"last", last_cell_},
                      {"mode", mode_id(play_.mode)},
                      {"level2", level_name(o_level_)},
                      {"speed", speed_id(play_.speed)}});
}

json TicTacToePage::game_state() const {
    json board = json::array();
    for (Cell c : board_) board.push_back(c == Cell::Empty ? json(nullptr) : json(cell_name(c)));
    json winner = nullptr;
    if (result_.outcome == Outcome::XWins) winner = "X";
    else if (result_.outcome == Outcome::OWins) winner = "O";
    else if (result_.outcome == Outcome::Draw) winner = "draw";
    json line = json::array();
    if (result_.line[0] >= 0) line = {result_.line[0], result_.line[1], result_.line[2]};
    json state = {{"board", board},
                  {"currentPlayer", cell_name(tictactoe::side_to_move(board_))},
                  {"winner", winner},
                  {"line", line},
                  {"scores", {{"X", scores_.x}, {"O", scores_.o}, {"draws", scores_.draws}}},
                  {"difficulty", level_name(level_)},
                  {"thinking", ai_waiting_ || ai_cell_ >= 0}};
    json levels;
    levels["X"] = level_name(level_for(Cell::X));
    levels["O"] = level_name(level_for(Cell::O));
    add_play_state(state, play_, std::move(levels));
    // The shape every board game shares (ui/snapshot.h): X is 1 and moves first, the player's side
    // (two players: the side to move is the player's).
    const games::Snapshot snap = snapshot(board_, last_cell_);
    add_snapshot(state, snap, play_.mode == PlayMode::Two && snap.turn != 0 ? snap.turn : 1);
    return state;
}

// --- moves ---------------------------------------------------------------------------------

bool TicTacToePage::ai_to_move() const {
    if (result_.outcome != Outcome::None) return false;
    return play_.ai_moves(tictactoe::side_to_move(board_) == Cell::X); // the player is X
}

// A click on a cell: only on the player's turn, an empty cell, a running game.
void TicTacToePage::play(int cell) {
    if (cell < 0 || cell > 8 || result_.outcome != Outcome::None) return;
    if (ai_to_move() || ai_waiting_ || ai_cell_ >= 0 || board_[cell] != Cell::Empty) return;
    apply(cell, tictactoe::side_to_move(board_));
    if (ai_to_move()) start_ai_turn();
}

void TicTacToePage::apply(int cell, Cell who) {
    board_[cell] = who;
    last_cell_ = cell;
    history_.push_back(cell);
    play_.live = true;
    result_ = tictactoe::check_winner(board_);
    app_.announce(miniapp::format(app_.tr(Str::AnnounceMove),
                                  {cell_name(who), std::to_string(cell / 3 + 1), std::to_string(cell % 3 + 1)}));
    app_.emit({{"type", "move"}, {"game", "tictactoe"}, {"player", cell_name(who)}, {"cell", cell},
               {"row", cell / 3}, {"col", cell % 3}});
    if (result_.outcome != Outcome::None) finish_game();
    save();
}

void TicTacToePage::finish_game() {
    const bool vs_ai = play_.mode == PlayMode::Ai;
    Str message = Str::Draw;
    if (result_.outcome == Outcome::XWins) scores_.x += vs_ai, message = Str::YouWin;
    else if (result_.outcome == Outcome::OWins) scores_.o += vs_ai, message = Str::AiWins;
    else scores_.draws += vs_ai;
    if (!vs_ai) {
        app_.announce(result_.outcome == Outcome::Draw
                          ? std::string(app_.tr(Str::Draw))
                          : miniapp::format(app_.tr(Str::SideWins), {result_.outcome == Outcome::XWins ? "X" : "O"}));
    } else {
        app_.announce(app_.tr(message));
        // The records: games against the AI played here, once each.
        if (play_.count_ending()) {
            records::add(app_.storage(), "tictactoe", level_name(level_),
                         result_.outcome == Outcome::XWins ? 1 : result_.outcome == Outcome::OWins ? -1 : 0);
            play_.records = records::load(app_.storage(), "tictactoe");
        }
    }
    const char* winner = result_.outcome == Outcome::XWins ? "X" : result_.outcome == Outcome::OWins ? "O" : "draw";
    app_.emit({{"type", "gameOver"}, {"game", "tictactoe"}, {"winner", winner},
               {"scores", {{"X", scores_.x}, {"O", scores_.o}, {"draws", scores_.draws}}}});
}

// Ask the worker for O's move now; show it no sooner than 400 ms after X's move (the seed's
// delay: an instant answer feels mechanical).
void TicTacToePage::start_ai_turn() {
    if (play_.ai_paused()) return;
    ai_due_ = app_.now() + (play_.mode == PlayMode::AiVsAi
                                ? std::max(kAiDelayMs, speed_delay_ms(play_.speed))
                                : kAiDelayMs);
    ai_cell_ = -1;
    ai_waiting_ = true;
    const std::string board = tictactoe::to_string(board_);
    const uint64_t seed = seed_++;
    const Level level = level_for(tictactoe::side_to_move(board_));
    engine("tictactoe search " + board + " level=" + level_name(level) +
               " seed=" + std::to_string(seed),
           [this, board, seed, level](const json& reply) {
               ai_waiting_ = false;
               if (tictactoe::to_string(board_) != board) return; // the game moved on
               if (reply.contains("cell") && reply["cell"].is_number_integer()) {
                   ai_cell_ = reply["cell"].get<int>();
               } else {
                   // The worker failed: the game's levels answer on this thread (a tiny search; the
                   // one piece of a search the UI links, games_tictactoe).
                   games::Rng rng(seed);
                   ai_cell_ = tictactoe::choose_move(board_, level, rng).value_or(-1);
                   std::printf("[tictactoe] engine error: %s\n", reply.value("error", "?").c_str());
               }
           });
}

double TicTacToePage::next_wake_ms() const { return ai_cell_ >= 0 ? ai_due_ : INFINITY; }

void TicTacToePage::new_game() {
    cancel_engine();
    board_ = {};
    last_cell_ = -1;
    history_.clear();
    play_.reset_record_guard();
    result_ = {};
    ai_cell_ = -1;
    ai_waiting_ = false;
    ai_due_ = INFINITY;
    save();
    if (ai_to_move()) start_ai_turn(); // AI vs AI: X opens
}

// Another opponent: a new game (tic-tac-toe's games are short: no question).
void TicTacToePage::set_mode(PlayMode m) {
    if (m == play_.mode) return;
    play_.switch_mode(m);
    new_game();
}

void TicTacToePage::set_paused(bool paused) {
    if (!play_.set_paused(paused)) return;
    if (paused) {
        cancel_engine();
        ai_cell_ = -1;
        ai_waiting_ = false;
        ai_due_ = INFINITY;
    } else if (ai_to_move()) {
        start_ai_turn();
    }
    app_.mark_dirty();
}

// Two players: the last mark goes, whoever made it.
void TicTacToePage::undo() {
    if (play_.mode != PlayMode::Two || history_.empty()) return;
    board_[size_t(history_.back())] = Cell::Empty;
    history_.pop_back();
    last_cell_ = history_.empty() ? -1 : history_.back();
    result_ = tictactoe::check_winner(board_);
    save();
}

// A game to review: marks, and this visit saw every one of them (a board restored from storage
// or set by a command has no order).
bool TicTacToePage::can_review() const {
    const auto marks = size_t(std::count_if(board_.begin(), board_.end(), [](Cell c) { return c != Cell::Empty; }));
    return !history_.empty() && history_.size() == marks;
}

// The game for the Review page: its marks in order; the player is X.
std::string TicTacToePage::review_query() const {
    std::string q = "game=tictactoe&moves=";
    for (int cell : history_) q += char('0' + cell);
    return q + "&you=1";
}

void TicTacToePage::share() {
    std::string q = "position=" + url_encode(tictactoe::to_string(board_)) +
                    "&mode=" + mode_id(play_.mode) + "&level=" + level_name(level_);
    if (play_.mode == PlayMode::AiVsAi) q += std::string("&level2=") + level_name(o_level_);
    share_link(app_, path(), q);
}

void TicTacToePage::set_difficulty(Level level) {
    if (level == level_) return;
    level_ = level;
    scores_ = {}; // the seed: the score board resets when the difficulty changes
    new_game();
    app_.toast(Str::ScoresReset);
}

std::string TicTacToePage::command(const json& m) {
    const std::string type = m.value("type", "");
    if (type == "play") { // the accessible grid and the embedding parent play through here
        int cell = m.contains("cell") && m["cell"].is_number_integer() ? m["cell"].get<int>() : -1;
        if (cell < 0 || cell > 8) return "play: cell must be 0..8";
        if (result_.outcome != Outcome::None) return "play: the game is over";
        if (ai_to_move() || ai_waiting_ || ai_cell_ >= 0) return "play: it is not your turn";
        if (board_[cell] != Cell::Empty) return "play: cell " + std::to_string(cell) + " is taken";
        play(cell);
        return "";
    }
    if (type == "newGame") {
        new_game();
        return "";
    }
    if (type == "setLevel") {
        // The page's own words (easy, hard) or the catalogue's level ids (random, master).
        const auto level = parse_level(m.value("level", ""));
        if (!level) return "setLevel: level must be random or master (or easy or hard)";
        set_difficulty(*level);
        return "";
    }
    if (type == "setMode") {
        auto md = parse_mode(m.value("mode", ""));
        if (!md) return "setMode: mode must be ai, two or aivai";
        set_mode(*md);
        return "";
    }
    if (type == "setPosition") {
        std::string why;
        auto b = tictactoe::parse_board(m.value("position", ""), &why);
        if (!b) return "setPosition: " + why;
        cancel_engine();
        board_ = *b;
        last_cell_ = -1;
        history_.clear();
        play_.reset_record_guard();
        result_ = tictactoe::check_winner(board_);
        ai_cell_ = -1;
        ai_waiting_ = false;
        if (ai_to_move()) start_ai_turn();
        save();
        return "";
    }
    return PageView::command(m);
}

// --- drawing -------------------------------------------------------------------------------

std::optional<Rect> TicTacToePage::board_cell(int index) const {
    if (index < 0 || index > 8 || !have_cells_) return std::nullopt;
    return cells_[index];
}

void TicTacToePage::draw(Rect body) {
    // A due AI move lands first, so this frame shows it.
    if (ai_cell_ >= 0 && app_.now() >= ai_due_) {
        int cell = ai_cell_;
        ai_cell_ = -1;
        ai_due_ = INFINITY;
        if (cell <= 8 && board_[cell] == Cell::Empty && result_.outcome == Outcome::None) {
            apply(cell, tictactoe::side_to_move(board_));
            if (ai_to_move()) start_ai_turn(); // AI vs AI: the other side
        }
    }

    const Theme& t = app_.theme();
    auto rpx = [&](float v) { return app_.rpx(v); };
    Rect r = body.inset(rpx(metrics::kPadding));

    // Difficulty
    int sel = app_.segmented("difficulty", r.take_top(app_.tap(metrics::kButton), rpx(metrics::kGap)),
                             {{"easy", app_.tr(Str::DifficultyEasy)}, {"hard", app_.tr(Str::DifficultyHard)}},
                             level_ == Level::Hard ? 1 : 0);
    if (sel >= 0) set_difficulty(sel == 1 ? Level::Hard : Level::Easy);
    draw_mode_rows(r, rpx(metrics::kGap));

    // Score board: X | draws | O
    Rect scores = r.take_top(rpx(120), rpx(metrics::kGap));
    const std::pair<Str, int> cols[] = {{Str::ScoreX, scores_.x}, {Str::ScoreDraws, scores_.draws}, {Str::ScoreO, scores_.o}};
    const ImU32 colors[] = {t.x_mark, t.text_secondary, t.o_mark};
    float cw = (scores.w - 2 * rpx(metrics::kGap)) / 3;
    for (int i = 0; i < 3; ++i) {
        Rect c{scores.x + float(i) * (cw + rpx(metrics::kGap)), scores.y, cw, scores.h};
        app_.card(c, t.surface);
        app_.control(std::string("score-") + (i == 0 ? "x" : i == 1 ? "draws" : "o"), c);
        app_.text(Rect{c.x, c.y + rpx(10), c.w, rpx(40)}, app_.tr(cols[i].first), FontRole::Small, colors[i], App::Align::Center);
        app_.text(Rect{c.x, c.y + rpx(50), c.w, rpx(60)}, std::to_string(cols[i].second), FontRole::Large, t.text, App::Align::Center);
    }

    // Status line
    Str status = Str::YourTurn;
    if (result_.outcome == Outcome::XWins) status = Str::YouWin;
    else if (result_.outcome == Outcome::OWins) status = Str::AiWins;
    else if (result_.outcome == Outcome::Draw) status = level_ == Level::Hard ? Str::HardNeverLoses : Str::Draw;
    else if (tictactoe::side_to_move(board_) == Cell::O) status = Str::AiThinking;
    std::string status_text = app_.tr(status);
    if (play_.mode != PlayMode::Ai) { // who is to move, or who won, by mark
        const Cell to_move = tictactoe::side_to_move(board_);
        if (result_.outcome == Outcome::XWins || result_.outcome == Outcome::OWins)
            status_text = miniapp::format(app_.tr(Str::SideWins), {result_.outcome == Outcome::XWins ? "X" : "O"});
        else if (result_.outcome == Outcome::Draw) status_text = app_.tr(Str::Draw);
        else
            status_text = mode_status(app_, play_.mode, play_.paused, cell_name(to_move),
                                      level_label(level_for(to_move)));
    }
    const Rect status_r = r.take_top(rpx(60), rpx(metrics::kGap));
    app_.control("status", status_r);
    app_.text(status_r, status_text, FontRole::Title,
              play_.mode != PlayMode::Ai
                  ? t.text
                  : outcome_color(t, result_.outcome == Outcome::XWins   ? 1
                                     : result_.outcome == Outcome::OWins ? -1
                                                                         : 0),
              App::Align::Center);

    // New game button at the bottom; the board takes the square that fits in between.
    Rect new_game_r{r.x, r.y + r.h - app_.tap(88), r.w, app_.tap(88)};
    const float record_h = rpx(36);
    Rect record_r{r.x, new_game_r.y - rpx(metrics::kGap) - record_h, r.w, record_h};
    float side = std::min(r.w, r.h - app_.tap(88) - rpx(metrics::kGap) * 3 - record_h);
    side = std::max(side, rpx(200));
    Rect board{r.x + (r.w - side) * 0.5f, r.y + rpx(metrics::kGap) * 0.5f, side, side};
    app_.card(board, t.board, 16);
    const float cell = side / 3;
    ImDrawList* dl = app_.draw_list();
    bool players_turn = result_.outcome == Outcome::None && !ai_to_move() && !ai_waiting_ && ai_cell_ < 0;
    for (int i = 0; i < 9; ++i) {
        Rect c{board.x + float(i % 3) * cell, board.y + float(i / 3) * cell, cell, cell};
        cells_[i] = c;
        bool in_line = result_.line[0] == i || result_.line[1] == i || result_.line[2] == i;
        if (in_line) dl->AddRectFilled(c.inset(rpx(6)).min(), c.inset(rpx(6)).max(), t.highlight, rpx(10));
        std::string id = "cell-" + std::to_string(i);
        bool empty = board_[i] == Cell::Empty;
        if (app_.button(id.c_str(), c.inset(rpx(6)), "", ButtonKind::Plain, players_turn && empty)) play(i);
        ImVec2 m = c.center();
        float s = cell * 0.28f, thick = std::max(2.0f, cell * 0.07f);
        if (board_[i] == Cell::X) {
            dl->AddLine(ImVec2(m.x - s, m.y - s), ImVec2(m.x + s, m.y + s), t.x_mark, thick);
            dl->AddLine(ImVec2(m.x + s, m.y - s), ImVec2(m.x - s, m.y + s), t.x_mark, thick);
        } else if (board_[i] == Cell::O) {
            dl->AddCircle(m, s, t.o_mark, 0, thick);
        }
    }
    have_cells_ = true;
    for (int k = 1; k < 3; ++k) {
        float o = cell * float(k);
        dl->AddLine(ImVec2(board.x + o, board.y + rpx(16)), ImVec2(board.x + o, board.y + side - rpx(16)), t.board_line, rpx(4));
        dl->AddLine(ImVec2(board.x + rpx(16), board.y + o), ImVec2(board.x + side - rpx(16), board.y + o), t.board_line, rpx(4));
    }
    if (result_.line[0] >= 0) { // strike through the winning line
        ImVec2 a = cells_[result_.line[0]].center(), b = cells_[result_.line[2]].center();
        dl->AddLine(a, b, result_.outcome == Outcome::XWins ? t.x_mark : t.o_mark, rpx(10));
    }

    // The record against this difficulty (games against the AI only).
    draw_record_line(app_, record_r, play_.mode, play_.records, level_name(level_),
                     level_label(level_));

    // New game; two players: Undo beside it; AI vs AI: Pause and the speed above the record.
    if (play_.mode == PlayMode::Two) {
        const float g = rpx(metrics::kGap), half = (new_game_r.w - g) / 2;
        if (app_.button("undo", Rect{new_game_r.x, new_game_r.y, half, new_game_r.h}, app_.tr(Str::Undo), ButtonKind::Secondary,
                        !history_.empty()))
            undo();
        new_game_r = Rect{new_game_r.x + half + g, new_game_r.y, half, new_game_r.h};
    } else if (play_.mode == PlayMode::AiVsAi) {
        const float g = rpx(metrics::kGap), third = (new_game_r.w - 2 * g) / 3;
        const PauseSpeedInput in =
            draw_pause_speed(app_, Rect{new_game_r.x, new_game_r.y, 2 * third + g, new_game_r.h}, g,
                             play_.paused, play_.speed);
        if (in.toggle) set_paused(!play_.paused);
        if (in.speed) play_.speed = *in.speed, save();
        new_game_r = Rect{new_game_r.x + 2 * (third + g), new_game_r.y, third, new_game_r.h};
    }
    if (app_.button("new-game", new_game_r, app_.tr(Str::NewGame), ButtonKind::Primary)) new_game();
}

void TicTacToePage::draw_mode_rows(Rect& r, float gap) {
    const ModeRowInput in =
        draw_mode_row(app_, r.take_top(app_.tap(72), gap), gap, play_.mode, can_review());
    if (in.picked) set_mode(*in.picked);
    if (in.share) share();
    if (in.review && can_review()) open_review(app_, review_query());
    if (play_.mode != PlayMode::AiVsAi) return;
    int o = app_.segmented("o-difficulty", r.take_top(app_.tap(72), gap),
                           {{"easy", "O · " + std::string(app_.tr(Str::DifficultyEasy))}, {"hard", "O · " + std::string(app_.tr(Str::DifficultyHard))}},
                           o_level_ == Level::Hard ? 1 : 0);
    if (o >= 0 && (o == 1) != (o_level_ == Level::Hard)) {
        o_level_ = o == 1 ? Level::Hard : Level::Easy;
        save();
    }
}

} // namespace ui
