// pages/botlab/botlab_views — the Bot Lab's three views under the view switch: setup (the game,
// your bot and the examples, the opponents, rounds, time limit and speed, Run), the match (the
// progress line, the board as it moves and the results table) and the log (wrapped lines,
// Older and Newer). Each is sized to fit a phone screen.
//
// Index
//   text helpers ....... ellipsize
//   setup .............. draw_setup()
//   match .............. draw_match(), draw_board()
//   log ................ draw_log()
#include "ui/pages/botlab/botlab.h"

#include "ui/pages/botlab/botlab_internal.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using namespace botlab;

namespace {
// `s` shortened with "…" until it fits `width`.
std::string ellipsize(const App& app, std::string s, FontRole role, float width) {
    if (app.measure(s, role).x <= width) return s;
    while (!s.empty()) {
        size_t n = s.size() - 1;
        while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
        s.erase(n);
        if (app.measure(s + "…", role).x <= width) break;
    }
    return s + "…";
}
} // namespace

// --- setup -------------------------------------------------------------------------------------

void BotLabPage::draw_setup(Rect r) {
    const Theme& t = app_.theme();
    auto rpx = [&](float v) { return app_.rpx(v); };
    const float gap = rpx(16), row_h = app_.tap(72), label_h = rpx(40);

    std::vector<std::pair<std::string, std::string>> games;
    int shown = 0;
    for (std::string_view g : lab_games()) {
        if (g == game_) shown = int(games.size());
        games.push_back({std::string(g), app_.tr(game_label(g))});
    }
    int gsel = app_.segmented("game", r.take_top(row_h, gap), games, shown, !running_);
    if (gsel >= 0 && game_ != games[size_t(gsel)].first) {
        switch_game(games[size_t(gsel)].first);
        save();
    }
    Lab& l = lab();

    // Your bot: status line, then load / examples.
    Rect card = r.take_top(rpx(132) + app_.tap(64), gap);
    app_.card(card, t.surface);
    Rect in = card.inset(rpx(20));
    const std::string title = l.bot.name.empty() ? std::string(app_.tr(Str::YourBot)) : app_.tr(Str::YourBot) + std::string(" · ") + l.bot.name;
    app_.text(in.take_top(rpx(40)), title, FontRole::Title, t.text);
    std::string status = status_text();
    Rect status_r = in.take_top(rpx(36), rpx(8));
    app_.control("bot-status", status_r);
    app_.text(status_r, status, FontRole::Small,
              l.bot.check == Check::Failed ? t.danger : l.bot.check == Check::Ok ? t.primary : t.text_secondary, App::Align::Left, false);
    Rect brow{in.x, card.y + card.h - rpx(20) - app_.tap(64), in.w, app_.tap(64)};
    float bw = (brow.w - gap) / 2;
    if (app_.button("load-bot", Rect{brow.x, brow.y, bw, brow.h}, app_.tr(Str::LoadBot), ButtonKind::Secondary, !running_))
        prompt_bot(false);
    if (app_.button("examples", Rect{brow.x + bw + gap, brow.y, bw, brow.h}, app_.tr(Str::Examples), ButtonKind::Secondary,
                    !running_, show_examples_))
        show_examples_ = !show_examples_;

    if (show_examples_) { // the examples for this game, one per row: title, then the description wrapped,
                          // padded like the "Your bot" card above (so the texts line up)
        const float pad = rpx(20), title_h = app_.fonts().size(FontRole::Body);
        for (const auto& ex : examples_) {
            if (str_of(ex, "game") != game_) continue;
            std::string id = "example-" + str_of(ex, "id");
            const std::optional<ExampleText> text = example_text(str_of(ex, "id"));
            const std::string title = text ? std::string(app_.tr(text->title)) : str_of(ex, "title");
            const std::string desc = text ? std::string(app_.tr(text->description)) : str_of(ex, "description");
            const float desc_h = app_.measure(desc, FontRole::Small, r.w - 2 * pad).y;
            Rect row = r.take_top(std::max(app_.tap(88), 2 * pad + title_h + rpx(8) + desc_h), gap);
            if (app_.button(id.c_str(), row, "", ButtonKind::Secondary)) use_example(str_of(ex, "id"));
            Rect tin = row.inset(pad);
            app_.text(tin.take_top(title_h, rpx(8)), title, FontRole::Body, t.text, App::Align::Left, false);
            app_.text(tin, desc, FontRole::Small, t.text_secondary, App::Align::Left, true);
        }
        return;
    }

    // Opponents: the levels as toggles, and another bot.
    app_.text(r.take_top(label_h, rpx(8)), app_.tr(Str::Opponents), FontRole::Body, t.text_secondary);
    Rect chips = r.take_top(row_h, gap);
    auto lv = levels();
    float cw = (chips.w - gap * float(lv.size() - 1)) / float(lv.size());
    for (size_t i = 0; i < lv.size(); ++i) {
        auto level = parse_ladder(lv[i]);
        std::string id = "opp-" + lv[i];
        bool on = opponents_.count(lv[i]) > 0;
        Rect c{chips.x + float(i) * (cw + gap), chips.y, cw, chips.h};
        if (app_.button(id.c_str(), c, app_.tr(level_label(game_, *level)), ButtonKind::Segment, !running_, on)) {
            if (on) opponents_.erase(lv[i]); else opponents_.insert(lv[i]);
            save();
        }
    }
    Rect orow = r.take_top(row_h, gap);
    float ow = (orow.w - gap) * 0.5f;
    std::string opp_label = app_.tr(Str::OpponentBot);
    if (l.opponent_bot.check == Check::Ok) opp_label = miniapp::format(app_.tr(Str::BotLoadedMark), {opp_label});
    if (l.opponent_bot.check == Check::Failed) opp_label = miniapp::format(app_.tr(Str::BotFailedMark), {opp_label});
    if (app_.button("opp-bot", Rect{orow.x, orow.y, ow, orow.h}, opp_label, ButtonKind::Segment,
                    !running_ && !l.opponent_bot.source.empty(), l.use_opponent_bot)) {
        l.use_opponent_bot = !l.use_opponent_bot;
        save();
    }
    if (app_.button("load-opponent", Rect{orow.x + ow + gap, orow.y, ow, orow.h}, app_.tr(Str::LoadBot),
                    ButtonKind::Secondary, !running_))
        prompt_bot(true);

    // Rounds, time limit, speed.
    Rect rr = r.take_top(row_h, gap);
    app_.text(Rect{rr.x, rr.y, rr.w * 0.4f, rr.h}, app_.tr(Str::Rounds), FontRole::Body, t.text_secondary);
    float sb = rr.h;
    Rect minus{rr.x + rr.w - 3 * sb - gap, rr.y, sb, rr.h}, plus{rr.x + rr.w - sb, rr.y, sb, rr.h};
    if (app_.button("rounds-minus", minus, "-", ButtonKind::Secondary, !running_ && rounds_ > 1)) rounds_ = std::max(1, rounds_ - (rounds_ > 10 ? 10 : 1)), save();
    app_.text(Rect{minus.x + sb, rr.y, sb + gap, rr.h}, std::to_string(rounds_), FontRole::Title, t.text, App::Align::Center);
    if (app_.button("rounds-plus", plus, "+", ButtonKind::Secondary, !running_ && rounds_ < 100)) rounds_ = std::min(100, rounds_ + (rounds_ >= 10 ? 10 : 1)), save();

    app_.text(r.take_top(label_h, rpx(8)), app_.tr(Str::TimeLimit), FontRole::Body, t.text_secondary);
    const int times[] = {200, 500, 1000, 2000, 5000};
    std::vector<std::pair<std::string, std::string>> titems;
    int tsel = 2;
    for (int i = 0; i < 5; ++i) {
        titems.push_back({std::to_string(times[i]), times[i] < 1000 ? std::to_string(times[i]) + " ms" : std::to_string(times[i] / 1000) + " s"});
        if (times[i] == time_ms_) tsel = i;
    }
    int ts = app_.segmented("time", r.take_top(row_h, gap), titems, tsel, !running_);
    if (ts >= 0) time_ms_ = times[ts], save();

    app_.text(r.take_top(label_h, rpx(8)), app_.tr(Str::Speed), FontRole::Body, t.text_secondary);
    const int speeds[] = {0, 150, 600};
    int ssel = speed_ms_ == 0 ? 0 : speed_ms_ <= 150 ? 1 : 2;
    int ss = app_.segmented("speed", r.take_top(row_h, gap),
                            {{"fast", app_.tr(Str::SpeedFast)}, {"normal", app_.tr(Str::SpeedNormal)}, {"slow", app_.tr(Str::SpeedSlow)}},
                            ssel, !running_);
    if (ss >= 0) speed_ms_ = speeds[ss], save();

    draw_run_button(Rect{r.x, r.y + std::max(0.0f, r.h - app_.tap(88)), r.w, app_.tap(88)});
}

void BotLabPage::draw_run_button(Rect r) {
    if (running_) {
        if (app_.button("stop", r, app_.tr(Str::Stop), ButtonKind::Secondary)) stop();
    } else if (app_.button("run", r, app_.tr(Str::Run), ButtonKind::Primary)) {
        run();
    }
}

// --- match -------------------------------------------------------------------------------------

void BotLabPage::draw_match(Rect r) {
    const Theme& t = app_.theme();
    auto rpx = [&](float v) { return app_.rpx(v); };
    const float gap = rpx(16);
    const Lab& l = lab();
    std::string progress = progress_text();
    Rect pr = r.take_top(rpx(56), gap);
    app_.control("progress", pr);
    app_.text(pr, progress, FontRole::Body, l.error.empty() ? t.text : t.danger, App::Align::Center);

    // Results table: one row per opponent (and its latest forfeit under it), then the board in
    // what is left.
    const float row_h = rpx(64), forfeit_h = app_.fonts().size(FontRole::Small) + rpx(12);
    float rows_h = l.results.empty() ? 0 : rpx(56);
    for (const auto& res : l.results) rows_h += row_h + (last_forfeit(res).empty() ? 0 : forfeit_h) + rpx(4);
    Rect button_r{r.x, r.y + r.h - app_.tap(88), r.w, app_.tap(88)};
    float side = std::min(r.w, r.h - rows_h - app_.tap(88) - 3 * gap);
    if (side > rpx(120)) {
        draw_board(Rect{r.x + (r.w - side) * 0.5f, r.y, side, side});
        r.take_top(side, gap);
    }
    if (!l.results.empty()) {
        app_.text(r.take_top(rpx(56)), app_.tr(Str::ResultsHeader), FontRole::Small, t.text_secondary);
        for (size_t i = 0; i < l.results.size(); ++i) {
            const json& res = l.results[i];
            const std::string forfeit = last_forfeit(res);
            Rect row = r.take_top(row_h + (forfeit.empty() ? 0 : forfeit_h), rpx(4));
            app_.card(row, t.surface);
            app_.control("result-" + std::to_string(i), row);
            Rect top = row.inset(rpx(16));
            top.h = row_h - rpx(32);
            int f = res.contains("forfeits") && res["forfeits"].is_array() ? int(res["forfeits"].size()) : 0;
            std::string line = opponent_label(game_, str_of(res, "opponentId"), str_of(res, "opponent")) + " · " +
                               std::to_string(int_of(res, "wins")) + " · " + std::to_string(int_of(res, "draws")) + " · " +
                               std::to_string(int_of(res, "losses")) + " · " + std::to_string(f);
            app_.text(top, line, FontRole::Body, t.text, App::Align::Left, false);
            if (!str_of(res, "summary").empty()) // the referee's summary: the opponent is done
                app_.text(top, summary_text(game_, res), FontRole::Small,
                          outcome_color(t, int_of(res, "wins") - int_of(res, "losses")), App::Align::Right, false);
            if (!forfeit.empty()) {
                Rect fr{top.x, row.y + row_h - rpx(8), top.w, forfeit_h - rpx(8)};
                app_.control("result-" + std::to_string(i) + "-forfeit", fr);
                app_.text(fr, ellipsize(app_, forfeit, FontRole::Small, fr.w), FontRole::Small, t.danger, App::Align::Left, false);
            }
        }
    }
    draw_run_button(button_r);
}

void BotLabPage::draw_board(Rect r) {
    const json& last_move = lab().last_move;
    std::optional<std::array<int, 2>> last;
    if (last_move.is_array() && last_move.size() == 2 && last_move[0].is_number_integer() && last_move[1].is_number_integer())
        last = std::array<int, 2>{last_move[0].get<int>(), last_move[1].get<int>()};
    app_.plain_board(r, info().look, info().rows, lab().board, last, cells_);
}

// --- log ---------------------------------------------------------------------------------------

// The log, each entry wrapped to the card's width; Older and Newer move half a card of lines.
void BotLabPage::draw_log(Rect r) {
    const Theme& t = app_.theme();
    auto rpx = [&](float v) { return app_.rpx(v); };
    const float gap = rpx(16);
    Rect buttons{r.x, r.y + r.h - app_.tap(72), r.w, app_.tap(72)};
    r.h -= app_.tap(72) + gap;
    app_.card(r, t.surface);
    app_.control("log", r);
    const float line_h = app_.fonts().size(FontRole::Small) * 1.35f;
    const int visible = std::max(1, int((r.h - rpx(24)) / line_h));
    // The screen lines, oldest first: {entry, text}.
    const std::deque<json>& entries = lab().log;
    std::vector<std::pair<size_t, std::string>> lines;
    const float width = r.w - rpx(32);
    for (size_t i = 0; i < entries.size(); ++i) {
        const std::string text = log_line(entries[i]);
        for (std::string_view piece : app_.wrap_lines(text, FontRole::Small, width)) lines.emplace_back(i, std::string(piece));
    }
    const int total = int(lines.size());
    log_screen_lines_ = total;
    log_shown_.clear();
    log_scroll_ = std::clamp(log_scroll_, 0, std::max(0, total - visible));
    if (total == 0) {
        app_.text(r, app_.tr(Str::LogEmpty), FontRole::Small, t.text_secondary, App::Align::Center);
    } else {
        int last = total - 1 - log_scroll_;
        int first = std::max(0, last - visible + 1);
        float y = r.y + rpx(12);
        for (int i = first; i <= last; ++i) {
            const json& e = entries[lines[size_t(i)].first];
            std::string level = str_of(e, "level", "log");
            ImU32 col = level == "error" ? t.danger : level == "warn" ? IM_COL32(0xC8, 0x7A, 0x00, 255)
                        : str_of(e, "source") == "referee" ? t.text_secondary : t.text;
            const std::string& text = lines[size_t(i)].second;
            app_.text(Rect{r.x + rpx(16), y, width, line_h}, text, FontRole::Small, col, App::Align::Left, false);
            log_shown_.push_back(text);
            y += line_h;
        }
    }
    float bw = (buttons.w - gap) / 2;
    if (app_.button("log-older", Rect{buttons.x, buttons.y, bw, buttons.h}, app_.tr(Str::Older), ButtonKind::Secondary,
                    log_scroll_ < total - visible))
        log_scroll_ += visible / 2 + 1;
    if (app_.button("log-newer", Rect{buttons.x + bw + gap, buttons.y, bw, buttons.h}, app_.tr(Str::Newer),
                    ButtonKind::Secondary, log_scroll_ > 0))
        log_scroll_ = std::max(0, log_scroll_ - (visible / 2 + 1));
}

} // namespace ui
