#include "ui/pages/tictactoe/tictactoe.h"

#include "ui/snapshot.h"

#include <cmath>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using tictactoe::Cell;
using tictactoe::Level;
using tictactoe::Outcome;

namespace {
const char* kStorageKey = "tictactoe";
const char* cell_name(Cell c) { return c == Cell::X ? "X" : "O"; }
} // namespace

// --- state ---------------------------------------------------------------------------------

void TicTacToePage::onLoad(const miniapp::Query& query) {
    warm_engine("tictactoe");
    seed_ = uint64_t(app_.now() * 1000.0) ^ 0x5DEECE66Dull;
    load();
    if (auto it = query.find("level"); it != query.end() && (it->second == "easy" || it->second == "hard"))
        set_difficulty(it->second == "easy" ? Level::Easy : Level::Hard);
    if (auto it = query.find("position"); it != query.end()) {
        std::string why = command({{"type", "setPosition"}, {"position", it->second}});
        if (!why.empty()) app_.toast(why);
        return; // setPosition starts the AI's turn when it is O's
    }
    if (tictactoe::side_to_move(board_) == Cell::O && result_.outcome == Outcome::None) start_ai_turn();
}

void TicTacToePage::load() {
    auto saved = app_.storage().getStorageSync(kStorageKey);
    if (!saved || !saved->is_object()) return;
    const json& s = *saved;
    if (s.value("difficulty", "") == "hard") level_ = Level::Hard;
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
    app_.storage().setStorageSync(kStorageKey, {{"difficulty", level_ == Level::Hard ? "hard" : "easy"},
                                               {"scores", {{"X", scores_.x}, {"O", scores_.o}, {"draws", scores_.draws}}},
                                               {"board", tictactoe::to_string(board_)},
                                               {"last", last_cell_}});
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
                  {"difficulty", level_ == Level::Hard ? "hard" : "easy"},
                  {"thinking", ai_waiting_ || ai_cell_ >= 0}};
    // The shape every board game shares (ui/snapshot.h): X is 1 and moves first, the player's side.
    Snapshot snap;
    const bool over = result_.outcome != Outcome::None;
    for (int r = 0; r < 3; ++r) {
        json row = json::array();
        for (int c = 0; c < 3; ++c) {
            Cell v = board_[size_t(r * 3 + c)];
            row.push_back(v == Cell::X ? 1 : v == Cell::O ? 2 : 0);
            if (v == Cell::Empty && !over) snap.legal.push_back({r, c});
        }
        snap.cells.push_back(row);
    }
    snap.turn = over ? 0 : tictactoe::side_to_move(board_) == Cell::X ? 1 : 2;
    if (last_cell_ >= 0) snap.last = Snapshot::Point{last_cell_ / 3, last_cell_ % 3};
    if (over) {
        snap.winner = result_.outcome == Outcome::XWins ? 1 : result_.outcome == Outcome::OWins ? 2 : 0;
        snap.reason = snap.winner ? "line" : "full";
    }
    snap.add_to(state);
    return state;
}

// --- moves ---------------------------------------------------------------------------------

// A click on a cell: only on the player's turn, an empty cell, a running game.
void TicTacToePage::play(int cell) {
    if (cell < 0 || cell > 8 || result_.outcome != Outcome::None) return;
    if (tictactoe::side_to_move(board_) != Cell::X || board_[cell] != Cell::Empty) return;
    apply(cell, Cell::X);
    if (result_.outcome == Outcome::None) start_ai_turn();
}

void TicTacToePage::apply(int cell, Cell who) {
    board_[cell] = who;
    last_cell_ = cell;
    result_ = tictactoe::check_winner(board_);
    app_.announce(miniapp::format(app_.tr(Str::AnnounceMove),
                                  {cell_name(who), std::to_string(cell / 3 + 1), std::to_string(cell % 3 + 1)}));
    app_.emit({{"type", "move"}, {"game", "tictactoe"}, {"player", cell_name(who)}, {"cell", cell},
               {"row", cell / 3}, {"col", cell % 3}});
    if (result_.outcome != Outcome::None) finish_game();
    save();
}

void TicTacToePage::finish_game() {
    Str message = Str::Draw;
    if (result_.outcome == Outcome::XWins) ++scores_.x, message = Str::YouWin;
    else if (result_.outcome == Outcome::OWins) ++scores_.o, message = Str::AiWins;
    else ++scores_.draws;
    app_.announce(app_.tr(message));
    const char* winner = result_.outcome == Outcome::XWins ? "X" : result_.outcome == Outcome::OWins ? "O" : "draw";
    app_.emit({{"type", "gameOver"}, {"game", "tictactoe"}, {"winner", winner},
               {"scores", {{"X", scores_.x}, {"O", scores_.o}, {"draws", scores_.draws}}}});
}

// Ask the worker for O's move now; show it no sooner than 400 ms after X's move (the seed's
// delay: an instant answer feels mechanical).
void TicTacToePage::start_ai_turn() {
    ai_due_ = app_.now() + kAiDelayMs;
    ai_cell_ = -1;
    ai_waiting_ = true;
    const std::string board = tictactoe::to_string(board_);
    const uint64_t seed = seed_++;
    engine("tictactoe search " + board + " level=" + (level_ == Level::Hard ? "hard" : "easy") +
               " seed=" + std::to_string(seed),
           [this, board, seed](const json& reply) {
               ai_waiting_ = false;
               if (tictactoe::to_string(board_) != board) return; // the game moved on
               if (reply.contains("cell") && reply["cell"].is_number_integer()) {
                   ai_cell_ = reply["cell"].get<int>();
               } else {
                   // The worker failed: the game's levels answer on this thread (a tiny search; the
                   // one piece of a search the UI links, games_tictactoe).
                   games::Rng rng(seed);
                   ai_cell_ = tictactoe::choose_move(board_, level_, rng).value_or(-1);
                   std::printf("[tictactoe] engine error: %s\n", reply.value("error", "?").c_str());
               }
           });
}

double TicTacToePage::next_wake_ms() const { return ai_cell_ >= 0 ? ai_due_ : INFINITY; }

void TicTacToePage::new_game() {
    cancel_engine();
    board_ = {};
    last_cell_ = -1;
    result_ = {};
    ai_cell_ = -1;
    ai_waiting_ = false;
    ai_due_ = INFINITY;
    save();
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
        if (tictactoe::side_to_move(board_) != Cell::X) return "play: it is not your turn";
        if (board_[cell] != Cell::Empty) return "play: cell " + std::to_string(cell) + " is taken";
        play(cell);
        return "";
    }
    if (type == "newGame") {
        new_game();
        return "";
    }
    if (type == "setLevel") {
        std::string level = m.value("level", "");
        if (level != "easy" && level != "hard") return "setLevel: level must be easy or hard";
        set_difficulty(level == "easy" ? Level::Easy : Level::Hard);
        return "";
    }
    if (type == "setPosition") {
        std::string why;
        auto b = tictactoe::parse_board(m.value("position", ""), &why);
        if (!b) return "setPosition: " + why;
        cancel_engine();
        board_ = *b;
        last_cell_ = -1;
        result_ = tictactoe::check_winner(board_);
        ai_cell_ = -1;
        ai_waiting_ = false;
        if (result_.outcome == Outcome::None && tictactoe::side_to_move(board_) == Cell::O) start_ai_turn();
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
        if (cell <= 8 && board_[cell] == Cell::Empty && result_.outcome == Outcome::None) apply(cell, Cell::O);
    }

    const Theme& t = app_.theme();
    auto rpx = [&](float v) { return app_.rpx(v); };
    Rect r = body.inset(rpx(metrics::kPadding));

    // Difficulty
    int sel = app_.segmented("difficulty", r.take_top(app_.tap(metrics::kButton), rpx(metrics::kGap)),
                             {{"easy", app_.tr(Str::DifficultyEasy)}, {"hard", app_.tr(Str::DifficultyHard)}},
                             level_ == Level::Hard ? 1 : 0);
    if (sel >= 0) set_difficulty(sel == 1 ? Level::Hard : Level::Easy);

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
    const Rect status_r = r.take_top(rpx(60), rpx(metrics::kGap));
    app_.control("status", status_r);
    app_.text(status_r, app_.tr(status), FontRole::Title,
              outcome_color(t, result_.outcome == Outcome::XWins ? 1 : result_.outcome == Outcome::OWins ? -1 : 0),
              App::Align::Center);

    // New game button at the bottom; the board takes the square that fits in between.
    Rect new_game_r{r.x, r.y + r.h - app_.tap(88), r.w, app_.tap(88)};
    float side = std::min(r.w, r.h - app_.tap(88) - rpx(metrics::kGap) * 2);
    side = std::max(side, rpx(200));
    Rect board{r.x + (r.w - side) * 0.5f, r.y + rpx(metrics::kGap) * 0.5f, side, side};
    app_.card(board, t.board, 16);
    const float cell = side / 3;
    ImDrawList* dl = app_.draw_list();
    bool players_turn = result_.outcome == Outcome::None && tictactoe::side_to_move(board_) == Cell::X;
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

    if (app_.button("new-game", new_game_r, app_.tr(Str::NewGame), ButtonKind::Primary)) new_game();
}

} // namespace ui
