#include "ui/board_game.h"

#include <cmath>
#include <cstdlib>

namespace ui {

using nlohmann::json;

std::string BoardGamePage::trim(const std::string& s) {
    size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

bool BoardGamePage::read_query(const miniapp::Query& query) {
    seed_ = uint64_t(app_.now() * 1000.0) | 1;
    if (auto it = query.find("think"); it != query.end()) think_ms_ = std::clamp(std::atoi(it->second.c_str()), 100, 20000);
    if (auto it = query.find("level"); it != query.end())
        if (auto l = parse_ladder(it->second)) level_ = *l;
    reload_records();
    // A shared link's words that do not read: said in a toast, the saved choice kept.
    std::string unread;
    const bool changed = read_play_query(query, play_.mode, play_.speed, unread);
    if (auto it = query.find("level2"); it != query.end()) {
        if (auto l = parse_ladder(it->second)) white_level_ = *l;
        else if (unread.empty()) unread = "level2=" + it->second;
    }
    toast_unread(app_, unread);
    play_.paused = false;
    return changed;
}

// --- who plays, records, share ------------------------------------------------------------------

bool BoardGamePage::ai_plays(bool black_to_move) const {
    return play_.ai_moves(black_to_move == human_black());
}

void BoardGamePage::save_play(json& saved) const {
    saved["mode"] = mode_id(play_.mode);
    saved["level2"] = ladder_id(white_level_);
    saved["speed"] = speed_id(play_.speed);
}

void BoardGamePage::load_play(const json& saved) {
    if (auto m = parse_mode(saved.value("mode", ""))) play_.mode = *m;
    if (auto l = parse_ladder(saved.value("level2", ""))) white_level_ = *l;
    if (auto sp = parse_speed(saved.value("speed", ""))) play_.speed = *sp;
}

void BoardGamePage::add_play_state(json& state) const {
    json levels;
    levels["black"] = ladder_id(level_for(true));
    levels["white"] = ladder_id(level_for(false));
    ui::add_play_state(state, play_, std::move(levels));
}

void BoardGamePage::reload_records() {
    play_.records = records::load(app_.storage(), game_id());
}

// Another opponent starts a new game (the page's button asks first when one is under way).
void BoardGamePage::set_mode(PlayMode m) {
    play_.switch_mode(m);
    new_game();
}

void BoardGamePage::set_paused(bool paused) {
    if (!play_.set_paused(paused)) return;
    if (paused) {
        forget_ai();
        drop_ai_reply();
    } else {
        ask_ai();
    }
    app_.mark_dirty();
}

void BoardGamePage::game_ended(int outcome, std::optional<int> disc_diff) {
    if (!play_.count_ending()) return;
    records::add(app_.storage(), game_id(), ladder_id(level_), outcome, disc_diff);
    reload_records();
}

void BoardGamePage::share() {
    std::string q =
        position_query() + "&mode=" + mode_id(play_.mode) + "&level=" + ladder_id(level_);
    if (play_.mode == PlayMode::AiVsAi) q += std::string("&level2=") + ladder_id(white_level_);
    if (play_.mode == PlayMode::Ai)
        q += std::string("&side=") + (human_black() ? "black" : "white");
    share_link(app_, path(), q);
}

double BoardGamePage::ai_reply_due() const {
    if (play_.mode != PlayMode::AiVsAi) return reply_due();
    return std::max(app_.now(), ai_started_ + std::max(kMinAiMs, speed_delay_ms(play_.speed)));
}

std::string BoardGamePage::mode_status(bool black_to_move, bool thinking) const {
    (void)thinking;
    return ui::mode_status(app_, play_.mode, play_.paused,
                           app_.tr(black_to_move ? miniapp::Str::Black : miniapp::Str::White),
                           app_.tr(ladder_label(level_for(black_to_move))));
}

std::optional<bool> BoardGamePage::query_side_black(const miniapp::Query& query) {
    auto it = query.find("side");
    if (it == query.end() || (it->second != "black" && it->second != "white")) return std::nullopt;
    return it->second == "black";
}

bool BoardGamePage::load_query_position(const miniapp::Query& query) {
    auto it = query.find("position");
    if (it == query.end()) return false;
    LoadFault fault;
    if (load_position(it->second, fault)) return true;
    app_.toast(fault.shown);
    return false;
}

std::optional<std::string> BoardGamePage::shared_command(const json& m) {
    const std::string type = m.value("type", "");
    if (type == "newGame") {
        // {ask: true}: the player's own request (the keyboard layer, a host's button), asked
        // like the page's New game; without it the host starts over at once.
        const auto ask = m.find("ask");
        if (ask != m.end() && ask->is_boolean() && ask->get<bool>()) confirm_start_over([this] { new_game(); });
        else new_game();
        return "";
    }
    if (type == "setLevel") {
        auto l = parse_ladder(m.value("level", ""));
        if (!l) return "setLevel: level must be random, level1, level2, level3 or master";
        set_level(*l);
        return "";
    }
    if (type == "setPosition") {
        LoadFault fault; // the embed API's errors stay in the engine's English
        return load_position(m.value("position", ""), fault) ? "" : "setPosition: " + fault.english;
    }
    if (type == "setMode") {
        auto md = parse_mode(m.value("mode", ""));
        if (!md) return "setMode: mode must be ai, two or aivai";
        if (*md != play_.mode) set_mode(*md);
        return "";
    }
    if (type == "setSide") {
        std::string side = m.value("side", "");
        if (side != "black" && side != "white") return "setSide: side must be black or white";
        set_human_black(side == "black");
        return "";
    }
    return std::nullopt;
}

// A new game now, or after the player's yes when one is under way (board_game.h).
void BoardGamePage::confirm_start_over(std::function<void()> start_over) {
    if (!game_in_progress()) {
        start_over();
        return;
    }
    app_.modal(app_.tr(miniapp::Str::StartOverTitle), app_.tr(miniapp::Str::StartOverMessage), app_.tr(miniapp::Str::NewGame),
               app_.tr(miniapp::Str::Cancel), [start_over](bool confirmed) {
                   if (confirmed) start_over();
               });
}

// A new level applies from the AI's next move; a search under way is asked again.
void BoardGamePage::set_level(Ladder l) {
    if (l == level_) return;
    level_ = l;
    save();
    if (ai_waiting_) {
        forget_ai();
        ask_ai();
    }
}


void BoardGamePage::begin_thinking() {
    ai_waiting_ = true;
    ai_error_.clear();
    ai_started_ = app_.now();
}

bool BoardGamePage::reply_failed(const json& reply) {
    ai_waiting_ = false;
    if (!reply.contains("error")) return false;
    ai_error_ = reply["error"].is_string() ? reply["error"].get<std::string>() : "?";
    return true;
}

void BoardGamePage::forget_ai() {
    cancel_engine();
    ai_waiting_ = false;
    ai_error_.clear();
}

// While the AI thinks the dots step 4 times a second: cheap on slow (software) GPUs. The next
// step is counted from the last frame (counted from now, it would always lie ahead and never
// come due: the dots stood still).
double BoardGamePage::thinking_wake() const {
    return std::floor(app_.frame_ms() / 250.0) * 250.0 + 250.0;
}

void BoardGamePage::prompt_position(miniapp::Str title, miniapp::Str message, const char* placeholder, bool multiline) {
    TextPrompt p;
    p.title = app_.tr(title);
    p.message = app_.tr(message);
    p.placeholder = placeholder;
    p.ok = app_.tr(miniapp::Str::Ok);
    p.cancel = app_.tr(miniapp::Str::Cancel);
    p.multiline = multiline;
    prompt_text(p, [this](std::optional<std::string> text) {
        if (!text) return;
        LoadFault fault;
        if (!load_position(*text, fault))
            app_.modal(app_.tr(miniapp::Str::CannotReadPaste), miniapp::format(app_.tr(miniapp::Str::PasteBreaksAt), {fault.shown}),
                       app_.tr(miniapp::Str::Ok), "", nullptr);
    });
}

// The Review page's query: the game's, and the player's side (against the AI, the side not the
// AI's; else the first player's).
std::string BoardGamePage::review_query() const {
    return review_game_query() +
           "&you=" + (play_.mode == PlayMode::Ai && !human_black() ? "2" : "1");
}

void BoardGamePage::draw_mode_rows(Rect& r, float gap) {
    using miniapp::Str;
    const ModeRowInput in =
        draw_mode_row(app_, r.take_top(app_.tap(72), gap), gap, play_.mode, can_review());
    if (in.picked) confirm_start_over([this, m = *in.picked] { set_mode(m); });
    if (in.share) share();
    if (in.review && can_review()) open_review(app_, review_query());
    if (play_.mode != PlayMode::AiVsAi) return;
    const int sel = ladder_row("white-level", r, gap, white_level_);
    if (sel >= 0 && kLadder[sel] != white_level_) {
        white_level_ = kLadder[sel];
        save();
        if (ai_waiting_) {
            forget_ai();
            ask_ai();
        }
    }
}

void BoardGamePage::draw_aivai_controls(Rect row, float gap) {
    const PauseSpeedInput in = draw_pause_speed(app_, row, gap, play_.paused, play_.speed);
    if (in.toggle) set_paused(!play_.paused);
    if (in.speed) {
        play_.speed = *in.speed;
        save();
    }
}

void BoardGamePage::draw_record_line(Rect r) {
    ui::draw_record_line(app_, r, play_.mode, play_.records, ladder_id(level_),
                         app_.tr(ladder_label(level_)));
}

// A row of the ladder (ids "<id>-<level>") taken from the top of `r`: the index clicked, or -1.
int BoardGamePage::ladder_row(const char* id, Rect& r, float gap, Ladder selected) {
    std::vector<std::pair<std::string, std::string>> levels;
    for (Ladder l : kLadder) levels.push_back({ladder_id(l), app_.tr(ladder_label(l))});
    return app_.segmented(id, r.take_top(app_.tap(72), gap), levels, int(selected));
}

int BoardGamePage::draw_level_row(Rect& r, float gap) {
    const int sel = ladder_row("level", r, gap, level_);
    if (sel >= 0) set_level(kLadder[sel]);
    return sel;
}

void BoardGamePage::draw_thinking_dots(ImVec2 centre) {
    const double ph = std::floor(app_.now() / 250.0) * 0.9; // steps with the 4 Hz redraw
    for (int i = 0; i < 3; ++i) {
        float a = float(0.35 + 0.65 * std::max(0.0, std::sin(ph - i * 0.7)));
        app_.draw_list()->AddCircleFilled(ImVec2(centre.x + (float(i) - 1) * app_.rpx(22), centre.y), app_.rpx(5),
                                          IM_COL32(7, 193, 96, int(255 * a)));
    }
}

int BoardGamePage::draw_notation_row(Rect tr, float gap, const std::string& text, bool empty,
                                     const std::function<void(std::string&)>& drop_front, const char* control) {
    const Theme& t = app_.theme();
    const float bw = app_.rpx(120);
    Rect text_r{tr.x, tr.y, tr.w - 2 * (bw + gap), tr.h};
    app_.card(text_r, t.surface);
    const float room = text_r.w - app_.rpx(24);
    std::string shown = text;
    if (app_.measure(shown, FontRole::Small).x > room) { // keep the end: the latest moves
        while (shown.size() > 2 && app_.measure("…" + shown, FontRole::Small).x > room) drop_front(shown);
        shown = "…" + shown;
    }
    app_.control(control, text_r);
    app_.text(text_r.inset(app_.rpx(12)), shown, FontRole::Small, empty ? t.text_secondary : t.text, App::Align::Left, false);
    int pressed = 0;
    if (app_.button("copy", Rect{text_r.x + text_r.w + gap, tr.y, bw, tr.h}, app_.tr(miniapp::Str::Copy))) pressed = 1;
    if (app_.button("paste", Rect{text_r.x + text_r.w + 2 * gap + bw, tr.y, bw, tr.h}, app_.tr(miniapp::Str::Paste))) pressed = 2;
    return pressed;
}

} // namespace ui
