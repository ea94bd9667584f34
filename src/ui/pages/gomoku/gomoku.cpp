#include "ui/pages/gomoku/gomoku.h"

#include "games/gomoku/notation.h"
#include "ui/pages/gomoku/gomoku_faults.h"
#include "ui/snapshot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using namespace gomoku;

namespace {
const char* kStorageKey = "gomoku";
const char* color_id(Color c) { return c == BLACK ? "black" : "white"; }
} // namespace

GomokuPage::GomokuPage(App& app) : BoardGamePage(app, kMasterTimeMs), board_(kSize, Rule::FREESTYLE) {}

// --- lifecycle and storage --------------------------------------------------------------------

void GomokuPage::onLoad(const miniapp::Query& query) {
    warm_engine("gomoku");
    load();
    bool fresh = read_query(query);
    if (auto it = query.find("rule"); it != query.end())
        if (auto r = parse_rule(it->second); r && *r != rule_) rule_ = *r, fresh = true;
    if (auto black = query_side_black(query)) {
        const Color c = *black ? BLACK : WHITE;
        if (c != human_) human_ = c, fresh = true;
    }
    if (load_query_position(query)) return;
    if (fresh) {
        new_game();
        return;
    }
    refresh_forbidden();
    after_move();
}

void GomokuPage::save() const {
    json saved = {{"rule", rule_name(rule_)}, {"level", ladder_id(level_)}, {"human", color_id(human_)}, {"moves", to_pos(board_)}};
    save_play(saved);
    app_.storage().setStorageSync(kStorageKey, saved);
}

// A saved game that does not replay is reported and dropped: a fresh game, nothing fatal.
void GomokuPage::load() {
    auto saved = app_.storage().getStorageSync(kStorageKey);
    if (!saved || !saved->is_object()) return;
    const json& s = *saved;
    if (auto l = parse_ladder(s.value("level", ""))) level_ = *l;
    if (auto r = parse_rule(s.value("rule", ""))) rule_ = *r;
    human_ = s.value("human", "black") == "white" ? WHITE : BLACK;
    load_play(s);
    std::string error;
    Board b(kSize, rule_);
    Outcome out;
    if (!load_pos(b, s.value("moves", "-"), error, &out)) {
        std::printf("[gomoku] warning: the saved game is damaged (%s); starting a new one\n", error.c_str());
        board_.reset(kSize, rule_);
        return;
    }
    board_ = b;
    outcome_ = out;
}

// --- game flow -----------------------------------------------------------------------------------

bool GomokuPage::humans_turn() const { return outcome_.result == Result::NONE && !ai_plays(board_.to_move() == BLACK); }

// The game at this move, for a share link: the pos string, and the rule.
std::string GomokuPage::position_query() const {
    return "position=" + url_encode(to_pos(board_)) + "&rule=" + rule_name(rule_);
}

bool GomokuPage::can_review() const {
    return board_.ply() > 0;
}

// The game for the Review page: its moves, its rule.
std::string GomokuPage::review_game_query() const {
    return "game=gomoku&moves=" + url_encode(to_pos(board_)) + "&rule=" + rule_name(rule_);
}

void GomokuPage::new_game() {
    restart(Board(kSize, rule_), {});
}

// A game at `board` (a new game, a pasted one) with its outcome so far: the AI's request and
// the aimed cell are dropped, and its ending may count again.
void GomokuPage::restart(const Board& board, const Outcome& outcome) {
    forget_ai();
    ai_row_ = ai_col_ = -1;
    aim_ = -1;
    board_ = board;
    outcome_ = outcome;
    play_.reset_record_guard();
    save();
    refresh_forbidden();
    after_move();
}

void GomokuPage::refresh_forbidden() {
    forbidden_.clear();
    if (rule_ == Rule::RENJU && outcome_.result == Result::NONE && board_.to_move() == BLACK)
        forbidden_ = forbidden_points(board_);
}

std::string GomokuPage::play(int row, int col, bool by_ai) {
    const Color mover = board_.to_move();
    std::string why = play_checked(board_, row, col, outcome_);
    if (!why.empty()) return why;
    aim_ = -1;
    play_.live = true;
    const std::string who = app_.tr(mover == BLACK ? Str::Black : Str::White);
    app_.announce(miniapp::format(app_.tr(Str::AnnouncePlays), {who, move_name(row, col)}));
    app_.emit({{"type", "move"}, {"game", "gomoku"}, {"player", color_id(mover)}, {"by", by_ai ? "ai" : "human"},
               {"move", move_name(row, col)}, {"row", row}, {"col", col}});
    save();
    refresh_forbidden();
    after_move();
    return "";
}

void GomokuPage::after_move() {
    if (outcome_.result != Result::NONE) {
        app_.announce(miniapp::format(app_.tr(Str::AnnounceResult), {result_text()}));
        app_.emit({{"type", "gameOver"}, {"game", "gomoku"}, {"result", game_state()["result"]}});
        const Result mine = human_ == BLACK ? Result::BLACK_WIN : Result::WHITE_WIN;
        game_ended(outcome_.result == Result::DRAW ? 0 : outcome_.result == mine ? 1 : -1);
        return;
    }
    if (ai_plays(board_.to_move() == BLACK)) ask_ai();
}

// A human move from a click, tap or command: renju forbidden points ask first.
void GomokuPage::try_human(int row, int col) {
    if (!humans_turn() || ai_waiting_ || ai_row_ >= 0) return;
    if (board_.at(row, col) != EMPTY) return;
    const Pos p = make_pos(row, col);
    if (std::find(forbidden_.begin(), forbidden_.end(), p) != forbidden_.end()) {
        app_.modal(app_.tr(Str::ForbiddenTitle),
                   miniapp::format(app_.tr(Str::ForbiddenMessage), {move_name(row, col)}),
                   app_.tr(Str::PlayAnyway), app_.tr(Str::Cancel), [this, row, col](bool ok) {
                       if (ok && humans_turn()) play(row, col, false);
                   });
        return;
    }
    play(row, col, false);
}

void GomokuPage::ask_ai() {
    if (ai_waiting_ || outcome_.result != Result::NONE || !ai_plays(board_.to_move() == BLACK) ||
        play_.ai_paused())
        return;
    begin_thinking();
    const std::string at = to_pos(board_);
    std::string req = "gomoku search " + at + " rule=" + rule_name(rule_) +
                      " level=" + ladder_protocol(game_id(), level_for(board_.to_move() == BLACK)) +
                      " seed=" + std::to_string(seed_++) + " time=" + std::to_string(think_ms_);
    engine(req, [this, at](const json& reply) {
        ai_waiting_ = false;
        if (to_pos(board_) != at) return; // the game moved on (undo, new game)
        if (reply_failed(reply)) return;
        int r = reply.value("row", -1), c = reply.value("col", -1);
        if (!board_.inside(r, c) || board_.at(r, c) != EMPTY) {
            ai_error_ = "the engine answered an illegal move";
            return;
        }
        ai_row_ = r;
        ai_col_ = c;
        ai_due_ = ai_reply_due();
    });
}

void GomokuPage::undo() {
    if (board_.ply() == 0 || play_.mode == PlayMode::AiVsAi) return;
    forget_ai();
    ai_row_ = ai_col_ = -1;
    aim_ = -1;
    // Back to the human's previous turn: the AI's reply and the human's move go. Two players:
    // one stone.
    do {
        board_.undo();
    } while (play_.mode == PlayMode::Ai && board_.ply() > 0 && board_.to_move() != human_);
    if (board_.to_move() != human_ && board_.ply() == 0) { /* the AI opens again below */ }
    outcome_ = {};
    save();
    refresh_forbidden();
    after_move();
}

void GomokuPage::set_rule(Rule r) {
    if (r == rule_) return;
    rule_ = r;
    new_game(); // a rule belongs to a whole game
}

// In progress once the player has placed a stone of their own (black moves first, so white's
// first stone is ply 2) and the game has no result yet.
bool GomokuPage::game_in_progress() const {
    if (play_.mode != PlayMode::Ai) return outcome_.result == Result::NONE && board_.ply() > 0;
    return outcome_.result == Result::NONE && board_.ply() >= (human_ == BLACK ? 1 : 2);
}

void GomokuPage::set_human_black(bool black) {
    const Color c = black ? BLACK : WHITE;
    if (c == human_) return;
    human_ = c;
    new_game();
}

bool GomokuPage::load_position(const std::string& raw, LoadFault& fault) {
    std::string text = trim(raw);
    if (text.empty()) text = "-";
    Board b(kSize, rule_);
    Outcome out;
    Fault data;
    if (!load_pos(b, text, fault.english, &out, &data)) {
        fault.shown = ui::fault_text(data, app_.lang(), fault.english);
        return false;
    }
    restart(b, out);
    return true;
}

void GomokuPage::paste() {
    prompt_position(Str::GomokuPasteTitle, Str::GomokuPasteMessage, "h8i9j7", false);
}

std::string GomokuPage::command(const json& m) {
    const std::string type = m.value("type", "");
    if (type == "play") {
        int row = -1, col = -1;
        if (m.contains("cell") && m["cell"].is_number_integer()) {
            int cell = m["cell"].get<int>();
            if (cell >= 0 && cell < kSize * kSize) row = cell / kSize, col = cell % kSize;
        } else {
            row = m.value("row", -1);
            col = m.value("col", -1);
        }
        if (outcome_.result != Result::NONE) return "play: the game is over";
        if (!humans_turn() || ai_waiting_ || ai_row_ >= 0) return "play: it is not your turn";
        if (!board_.inside(row, col)) return "play: outside the board (row and col are 0..14)";
        if (board_.at(row, col) != EMPTY) return "play: " + move_name(row, col) + " is occupied";
        return play(row, col, false);
    }
    if (type == "setRule") {
        auto r = parse_rule(m.value("rule", ""));
        if (!r) return "setRule: rule must be freestyle, standard or renju";
        set_rule(*r);
        return "";
    }
    if (auto done = shared_command(m)) return *done;
    return PageView::command(m);
}

// --- state -----------------------------------------------------------------------------------------

std::string GomokuPage::result_text() const {
    switch (outcome_.result) {
    case Result::BLACK_WIN: return app_.tr(Str::ResultBlackFive);
    case Result::WHITE_WIN: return app_.tr(outcome_.forbidden ? Str::ResultForbidden : Str::ResultWhiteFive);
    case Result::DRAW: return app_.tr(Str::ResultFullBoard);
    default: return "";
    }
}

json GomokuPage::game_state() const {
    // The shape every board game shares (ui/snapshot.h): black is 1.
    const games::Snapshot snap = snapshot(board_, outcome_, forbidden_);
    json moves = json::array();
    for (int i = 0; i < board_.ply(); ++i) moves.push_back({row_of(board_.move_at(i)), col_of(board_.move_at(i))});
    json last = nullptr;
    if (board_.ply()) last = {row_of(board_.last_move()), col_of(board_.last_move())};
    json result = nullptr;
    if (outcome_.result != Result::NONE) {
        json line = json::array();
        for (Pos p : outcome_.line) line.push_back({row_of(p), col_of(p)});
        result = {{"winner", outcome_.result == Result::BLACK_WIN   ? "black"
                             : outcome_.result == Result::WHITE_WIN ? "white"
                                                                    : "draw"},
                  {"line", line},
                  {"forbidden", outcome_.forbidden}};
    }
    json forbidden = json::array();
    for (Pos p : forbidden_) forbidden.push_back({row_of(p), col_of(p)});
    json aim = nullptr;
    if (aim_ >= 0) aim = {aim_ / kSize, aim_ % kSize};
    // Two players: the side to move is the player's (the accessible grid plays it).
    const bool over = outcome_.result != Result::NONE;
    const int you = play_.mode == PlayMode::Two && !over ? int(board_.to_move()) : int(human_);
    json state = {{"board", cells_json(snap)},
                  {"toMove", int(board_.to_move())},
                  {"lastMove", last},
                  {"result", result},
                  {"level", ladder_id(level_)},
                  {"rule", rule_name(rule_)},
                  {"moves", moves},
                  {"position", to_pos(board_)},
                  {"human", color_id(human_)},
                  {"thinking", ai_waiting_ || ai_row_ >= 0},
                  {"forbidden", forbidden},
                  {"aim", aim},
                  {"error", ai_error_.empty() ? json(nullptr) : json(ai_error_)}};
    add_play_state(state);
    add_snapshot(state, snap, you);
    return state;
}

std::optional<Rect> GomokuPage::board_cell(int index) const {
    if (index < 0 || index >= kSize * kSize || !have_cells_) return std::nullopt;
    return cells_[index];
}

double GomokuPage::next_wake_ms() const {
    if (ai_waiting_) return thinking_wake();
    if (ai_row_ >= 0) return ai_due_;
    return INFINITY;
}

// --- drawing -----------------------------------------------------------------------------------------

void GomokuPage::draw(Rect body) {
    if (ai_row_ >= 0 && app_.now() >= ai_due_) {
        int r = ai_row_, c = ai_col_;
        ai_row_ = ai_col_ = -1;
        std::string why = play(r, c, true);
        if (!why.empty()) ai_error_ = why;
    }
    auto rpx = [&](float v) { return app_.rpx(v); };
    Rect r = body.inset(rpx(metrics::kPadding));
    const float gap = rpx(16);

    draw_level_row(r, gap);
    int rs = app_.segmented("rule", r.take_top(app_.tap(72), gap),
                            {{"freestyle", app_.tr(Str::RuleFreestyle)}, {"standard", app_.tr(Str::RuleStandard)},
                             {"renju", app_.tr(Str::RuleRenju)}},
                            rule_ == Rule::FREESTYLE ? 0 : rule_ == Rule::STANDARD ? 1 : 2);
    if (rs >= 0) {
        const Rule picked = rs == 0 ? Rule::FREESTYLE : rs == 1 ? Rule::STANDARD : Rule::RENJU;
        if (picked != rule_) confirm_start_over([this, picked] { set_rule(picked); });
    }

    draw_mode_rows(r, gap);
    draw_status(r.take_top(rpx(80), gap));

    const float record_h = rpx(36);
    const float bottom_h = app_.tap(72) + gap + app_.tap(64) + gap + record_h;
    float side = std::min(r.w, r.h - bottom_h - gap);
    draw_board(Rect{r.x + (r.w - side) * 0.5f, r.y, side, side});
    r.take_top(side, gap);

    Rect row = r.take_top(app_.tap(72), gap);
    float unit = (row.w - 2 * gap) / 4;
    Rect color_r{row.x, row.y, unit * 2, row.h};
    Rect b1{color_r.x + color_r.w + gap, row.y, unit, row.h};
    Rect b2{b1.x + unit + gap, row.y, unit, row.h};
    if (play_.mode == PlayMode::AiVsAi) {
        draw_aivai_controls(Rect{row.x, row.y, color_r.w + gap + unit, row.h}, gap);
        b1 = b2; // New game beside Pause and the speed
    } else {
        int c = app_.segmented("color", color_r,
                               {{"black", app_.tr(Str::Black)}, {"white", app_.tr(Str::White)}},
                               human_ == BLACK ? 0 : 1, play_.mode == PlayMode::Ai);
        if (c >= 0 && (c == 0) != (human_ == BLACK)) confirm_start_over([this, black = c == 0] { set_human_black(black); });
        if (app_.button("undo", b2, app_.tr(Str::Undo), ButtonKind::Secondary, board_.ply() > 0)) undo();
    }
    if (app_.button("new-game", b1, app_.tr(Str::NewGame))) confirm_start_over([this] { new_game(); });

    // The position string: the tail that fits (whole moves dropped from the front), copy, paste.
    const std::string pos = board_.ply() ? to_pos(board_) : std::string(app_.tr(Str::NoMovesYet));
    auto drop_move = [](std::string& s) { // a letter, then the row's digits
        size_t i = 1;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
        s.erase(0, i);
    };
    int pressed = draw_notation_row(r.take_top(app_.tap(64), gap), gap, pos, board_.ply() == 0, drop_move, "position");
    if (pressed == 1) {
        app_.host().set_clipboard(to_pos(board_));
        app_.toast(Str::PositionCopied);
    }
    if (pressed == 2) paste();
    draw_record_line(r.take_top(record_h));
}

void GomokuPage::draw_status(Rect r) {
    const Theme& t = app_.theme();
    auto rpx = [&](float v) { return app_.rpx(v); };
    app_.card(r, t.surface);
    ImDrawList* dl = app_.draw_list();
    // Whose turn: a stone of that colour at the left.
    const float d = r.h * 0.5f;
    ImVec2 sc{r.x + rpx(20) + d * 0.5f, r.y + r.h * 0.5f};
    Color tm = board_.to_move();
    if (outcome_.result == Result::BLACK_WIN) tm = BLACK; // show the winner's stone
    if (outcome_.result == Result::WHITE_WIN) tm = WHITE;
    dl->AddCircleFilled(sc, d * 0.5f, tm == BLACK ? IM_COL32(20, 20, 20, 255) : IM_COL32(245, 245, 245, 255));
    dl->AddCircle(sc, d * 0.5f, t.dark ? t.text_secondary : IM_COL32(120, 120, 120, 255), 0, 1.0f);
    Rect text_r{r.x + rpx(40) + d, r.y, r.w - rpx(60) - d, r.h};
    std::string status;
    ImU32 col = t.text;
    const std::string who = app_.tr(tm == BLACK ? Str::Black : Str::White);
    if (outcome_.result != Result::NONE) {
        status = result_text();
        const Result mine = human_ == BLACK ? Result::BLACK_WIN : Result::WHITE_WIN;
        col = play_.mode != PlayMode::Ai ? t.text
                                         : outcome_color(t, outcome_.result == Result::DRAW ? 0
                                                            : outcome_.result == mine       ? 1
                                                                                            : -1);
    } else if (!ai_error_.empty()) {
        status = miniapp::format(app_.tr(Str::EngineFailed), {ai_error_});
        col = t.danger;
        if (app_.button("retry", r, "", ButtonKind::Plain)) ask_ai();
    } else if (play_.mode != PlayMode::Ai && aim_ < 0) {
        status = mode_status(board_.to_move() == BLACK, ai_waiting_);
        if (ai_waiting_) draw_thinking_dots(ImVec2(r.x + r.w - rpx(68), r.y + r.h * 0.5f));
    } else if (humans_turn()) {
        status = aim_ >= 0 ? miniapp::format(app_.tr(Str::TapAgainToPlace), {move_name(aim_ / kSize, aim_ % kSize)})
                           : miniapp::format(app_.tr(Str::YourTurnAs), {who});
    } else {
        status = app_.tr(Str::AiThinking);
        draw_thinking_dots(ImVec2(r.x + r.w - rpx(68), r.y + r.h * 0.5f));
    }
    app_.control("status", r);
    app_.text(text_r, status, FontRole::Body, col);
}

void GomokuPage::draw_board(Rect board) {
    const Theme& t = app_.theme();
    auto rpx = [&](float v) { return app_.rpx(v); };
    ImDrawList* dl = app_.draw_list();
    dl->AddRectFilled(board.min(), board.max(), board_colors::kWood, rpx(10));
    const float margin = rpx(30); // coordinates
    const float cell = (board.w - 2 * margin) / kSize;
    const float x0 = board.x + margin + cell * 0.5f, y0 = board.y + margin + cell * 0.5f; // first intersection
    const ImU32 line = board_colors::kWoodLine;
    for (int i = 0; i < kSize; ++i) {
        float o = cell * float(i);
        dl->AddLine(ImVec2(x0 + o, y0), ImVec2(x0 + o, y0 + cell * (kSize - 1)), line, std::max(1.0f, rpx(1.5f)));
        dl->AddLine(ImVec2(x0, y0 + o), ImVec2(x0 + cell * (kSize - 1), y0 + o), line, std::max(1.0f, rpx(1.5f)));
    }
    for (int sr : {3, 7, 11})
        for (int sc : {3, 7, 11})
            if ((sr == 7) == (sc == 7)) dl->AddCircleFilled(ImVec2(x0 + cell * sc, y0 + cell * sr), rpx(5), line);
    for (int i = 0; i < kSize; ++i) {
        char s[2] = {char('a' + i), 0};
        app_.text(Rect{x0 + cell * i - cell * 0.5f, board.y, cell, margin}, s, FontRole::Small, line, App::Align::Center, false);
        std::string n = std::to_string(i + 1);
        app_.text(Rect{board.x, y0 + cell * i - cell * 0.5f, margin, cell}, n, FontRole::Small, line, App::Align::Center, false);
    }

    const bool accept = humans_turn() && !ai_waiting_ && ai_row_ < 0;
    const Pos last = board_.ply() ? board_.last_move() : NO_POS;
    for (int i = 0; i < kSize * kSize; ++i) {
        const int row = i / kSize, col = i % kSize;
        Rect c{x0 + cell * col - cell * 0.5f, y0 + cell * row - cell * 0.5f, cell, cell};
        cells_[i] = c;
        const Pos p = make_pos(row, col);
        const Color stone = board_.at(row, col);
        bool clicked = false, hovered = false;
        if (accept && stone == EMPTY) {
            ImGui::SetCursorScreenPos(c.min());
            ImGui::PushID(i);
            clicked = ImGui::InvisibleButton("##pt", ImVec2(cell, cell));
            hovered = ImGui::IsItemHovered();
            ImGui::PopID();
        }
        app_.control("cell-" + std::to_string(i), c);
        ImVec2 m = c.center();
        const float rad = cell * 0.46f;
        if (stone != EMPTY) {
            dl->AddCircleFilled(ImVec2(m.x + rpx(1), m.y + rpx(2)), rad, IM_COL32(0, 0, 0, 60));
            dl->AddCircleFilled(m, rad, stone == BLACK ? IM_COL32(22, 22, 22, 255) : IM_COL32(248, 248, 248, 255));
            if (stone == WHITE) dl->AddCircle(m, rad, IM_COL32(140, 140, 140, 255), 0, 1.0f);
            if (p == last) dl->AddCircleFilled(m, rad * 0.28f, t.last_move);
        } else {
            if (std::find(forbidden_.begin(), forbidden_.end(), p) != forbidden_.end()) {
                float s = rad * 0.45f;
                dl->AddLine(ImVec2(m.x - s, m.y - s), ImVec2(m.x + s, m.y + s), IM_COL32(210, 40, 40, 255), rpx(3));
                dl->AddLine(ImVec2(m.x + s, m.y - s), ImVec2(m.x - s, m.y + s), IM_COL32(210, 40, 40, 255), rpx(3));
            }
            if (hovered && ImGui::GetIO().MouseSource == ImGuiMouseSource_Mouse)
                dl->AddCircleFilled(m, rad, board_.to_move() == BLACK ? IM_COL32(0, 0, 0, 90) : IM_COL32(255, 255, 255, 140));
            if (aim_ == i) {
                dl->AddCircleFilled(m, rad, board_.to_move() == BLACK ? IM_COL32(0, 0, 0, 110) : IM_COL32(255, 255, 255, 160));
                dl->AddCircle(m, rad * 1.35f, t.last_move, 0, rpx(4));
            }
        }
        if (clicked) {
            app_.mark_dirty();
            // A finger on small cells aims first; a mouse, or large cells, place at once.
            bool touch = ImGui::GetIO().MouseSource == ImGuiMouseSource_TouchScreen;
            if (touch && cell < kAimBelowPx && aim_ != i) {
                aim_ = i;
                app_.announce(miniapp::format(app_.tr(Str::TapAgainToPlace), {move_name(row, col)}));
            } else {
                try_human(row, col);
            }
        }
    }
    have_cells_ = true;
    if (outcome_.line.size() >= 2) {
        ImVec2 a = cells_[row_of(outcome_.line.front()) * kSize + col_of(outcome_.line.front())].center();
        ImVec2 b = cells_[row_of(outcome_.line.back()) * kSize + col_of(outcome_.line.back())].center();
        dl->AddLine(a, b, t.last_move, rpx(6));
    }
}

} // namespace ui
