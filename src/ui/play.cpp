#include "ui/play.h"

#include "ui/app.h"

#include <cstdio>

namespace ui {

using nlohmann::json;

const char* mode_id(PlayMode m) {
    static const char* ids[] = {"ai", "two", "aivai"};
    return ids[int(m)];
}

std::optional<PlayMode> parse_mode(std::string_view text) {
    for (PlayMode m : {PlayMode::Ai, PlayMode::Two, PlayMode::AiVsAi})
        if (text == mode_id(m)) return m;
    return std::nullopt;
}

const char* speed_id(Speed s) {
    static const char* ids[] = {"slow", "normal", "fast"};
    return ids[int(s)];
}

std::optional<Speed> parse_speed(std::string_view text) {
    for (Speed s : {Speed::Slow, Speed::Normal, Speed::Fast})
        if (text == speed_id(s)) return s;
    return std::nullopt;
}

double speed_delay_ms(Speed s) {
    static const double ms[] = {1500, 600, 150};
    return ms[int(s)];
}

namespace records {

namespace {
const char* kKey = "records";
// Keys reach JSON's operator[] as const char* (.c_str()): the page links that overload already,
// and not the one that takes a std::string by value.

// A record's fields in storage: w, l, d (counts), ds (the disc differences' sum, signed) and
// dn (the games it sums); ds and dn are written only by the games that have them.
constexpr struct {
    const char* key;
    int Record::*field;
    bool disc;
} kFields[] = {{"w", &Record::wins, false},
               {"l", &Record::losses, false},
               {"d", &Record::draws, false},
               {"ds", &Record::disc_sum, true},
               {"dn", &Record::disc_games, true}};

void report(miniapp::Storage& storage, const std::string& where, const char* what) {
    storage.report_problem("storage key \"records\"" + (where.empty() ? "" : ": \"" + where + "\"") + " is not " + what +
                           "; ignored");
}

json stored(miniapp::Storage& storage) {
    auto s = storage.getStorageSync(kKey);
    if (!s) return json::object();
    if (!s->is_object()) {
        report(storage, "", "an object");
        return json::object();
    }
    return *s;
}
} // namespace

std::map<std::string, Record> load(miniapp::Storage& storage, std::string_view game) {
    std::map<std::string, Record> out;
    const json all = stored(storage);
    const std::string id(game);
    auto g = all.find(id);
    if (g == all.end()) return out;
    if (!g->is_object()) {
        report(storage, id, "an object");
        return out;
    }
    for (auto it = g->begin(); it != g->end(); ++it) {
        const std::string where = id + "." + it.key();
        if (!it->is_object()) {
            report(storage, where, "an object");
            continue;
        }
        Record r;
        for (const auto& f : kFields) {
            auto v = it->find(f.key);
            if (v == it->end()) continue;
            // A count is a whole number, never negative (the sum of differences may be).
            if (v->is_number_integer() && (f.field == &Record::disc_sum || v->get<long long>() >= 0))
                r.*f.field = v->get<int>();
            else
                report(storage, where + "." + f.key, "a count");
        }
        if (r.disc_games == 0) r.disc_sum = 0;
        out[it.key()] = r;
    }
    return out;
}

void add(miniapp::Storage& storage, std::string_view game, std::string_view level, int outcome,
         std::optional<int> disc_diff) {
    std::map<std::string, Record> mine = load(storage, game);
    Record& r = mine[std::string(level)];
    (outcome > 0 ? r.wins : outcome < 0 ? r.losses : r.draws)++;
    if (disc_diff) r.disc_sum += *disc_diff, r.disc_games++;
    json all = stored(storage);
    json& g = all[std::string(game).c_str()] = json::object();
    for (const auto& [lvl, rec] : mine) {
        json& v = g[lvl.c_str()];
        for (const auto& f : kFields)
            if (!f.disc || rec.disc_games) v[f.key] = rec.*f.field;
    }
    storage.setStorageSync(kKey, all);
}

void reset(miniapp::Storage& storage) { storage.removeStorageSync(kKey); }

json to_json(const std::map<std::string, Record>& by_level) {
    json out = json::object();
    for (const auto& [level, r] : by_level) {
        json& v = out[level.c_str()];
        v["wins"] = r.wins;
        v["losses"] = r.losses;
        v["draws"] = r.draws;
        v["games"] = r.wins + r.losses + r.draws;
        if (r.disc_games) v["avgDiscDiff"] = double(r.disc_sum) / r.disc_games;
    }
    return out;
}

json all_json(miniapp::Storage& storage) {
    json out = json::object();
    json all = stored(storage);
    for (auto it = all.begin(); it != all.end(); ++it) out[it.key().c_str()] = to_json(load(storage, it.key()));
    return out;
}

std::string counts_text(const App& app, const Record& r) {
    std::string s = miniapp::format(app.tr(miniapp::Str::RecordCounts),
                                    {std::to_string(r.wins), std::to_string(r.losses), std::to_string(r.draws)});
    if (r.disc_games) {
        char v[16];
        std::snprintf(v, sizeof v, "%+.1f", double(r.disc_sum) / r.disc_games);
        s = miniapp::format(app.tr(miniapp::Str::RecordAvgDiscs), {s, v});
    }
    return s;
}

} // namespace records

ModeRowInput draw_mode_row(App& app, Rect row, float gap, PlayMode mode, bool can_review) {
    using miniapp::Str;
    ModeRowInput in;
    const float button_w = app.rpx(116);
    int m = app.segmented("mode", Rect{row.x, row.y, row.w - 2 * (button_w + gap), row.h},
                          {{"ai", app.tr(Str::ModeAi)}, {"two", app.tr(Str::ModeTwo)}, {"aivai", app.tr(Str::ModeAiVsAi)}},
                          int(mode));
    if (m >= 0 && PlayMode(m) != mode) in.picked = PlayMode(m);
    in.share = app.button("share", Rect{row.x + row.w - 2 * button_w - gap, row.y, button_w, row.h}, app.tr(Str::Share));
    in.review = app.button("review", Rect{row.x + row.w - button_w, row.y, button_w, row.h}, app.tr(Str::ReviewButton),
                           ButtonKind::Secondary, can_review);
    return in;
}

void open_review(App& app, const std::string& query) {
    app.router().navigateTo("/pages/review/review?" + query);
}

PauseSpeedInput draw_pause_speed(App& app, Rect row, float gap, bool paused, Speed speed) {
    using miniapp::Str;
    PauseSpeedInput in;
    const float pause_w = (row.w - gap) / 3;
    in.toggle = app.button("pause", Rect{row.x, row.y, pause_w, row.h}, app.tr(paused ? Str::Resume : Str::Pause),
                           paused ? ButtonKind::Primary : ButtonKind::Secondary);
    int sp = app.segmented("speed", Rect{row.x + pause_w + gap, row.y, row.w - pause_w - gap, row.h},
                           {{"slow", app.tr(Str::SpeedSlow)}, {"normal", app.tr(Str::SpeedNormal)}, {"fast", app.tr(Str::SpeedFast)}},
                           int(speed));
    if (sp >= 0 && Speed(sp) != speed) in.speed = Speed(sp);
    return in;
}

void draw_record_line(App& app, Rect r, PlayMode mode, const std::map<std::string, Record>& recs, const char* level,
                      const char* level_label) {
    using miniapp::Str;
    std::string text = app.tr(Str::RecordsNotCounted);
    if (mode == PlayMode::Ai) {
        auto it = recs.find(level);
        text = miniapp::format(app.tr(Str::RecordLine),
                               {level_label, records::counts_text(app, it == recs.end() ? Record{} : it->second)});
    }
    app.control("record", r);
    app.text(r, text, FontRole::Small, app.theme().text_secondary, App::Align::Center, false);
}

std::string mode_status(const App& app, PlayMode mode, bool paused, const std::string& who, const char* level_label) {
    using miniapp::Str;
    if (mode == PlayMode::Two) return miniapp::format(app.tr(Str::TurnOf), {who});
    if (mode == PlayMode::AiVsAi) {
        if (paused) return miniapp::format(app.tr(Str::Paused), {who});
        return miniapp::format(app.tr(Str::SideAiThinking), {who, level_label});
    }
    return "";
}

void share_link(App& app, const std::string& page, const std::string& query) {
    if (!app.host().share_link(page + "?" + query, app.tr(miniapp::Str::AppName))) app.toast(miniapp::Str::LinkCopied);
}

void add_play_state(json& state, const PlayState& play, json levels) {
    state["mode"] = mode_id(play.mode);
    state["levels"] = std::move(levels);
    state["paused"] = play.ai_paused();
    state["speed"] = speed_id(play.speed);
    state["records"] = records::to_json(play.records);
}

bool read_play_query(const std::map<std::string, std::string>& query, PlayMode& mode, Speed& speed, std::string& unread) {
    bool changed = false;
    if (auto it = query.find("mode"); it != query.end()) {
        if (auto m = parse_mode(it->second)) changed = *m != mode, mode = *m;
        else unread = "mode=" + it->second;
    }
    if (auto it = query.find("speed"); it != query.end()) {
        if (auto sp = parse_speed(it->second)) speed = *sp;
        else if (unread.empty()) unread = "speed=" + it->second;
    }
    return changed;
}

void toast_unread(App& app, const std::string& unread) {
    if (!unread.empty()) app.toast(miniapp::format(app.tr(miniapp::Str::LinkNotRead), {unread}), 3000);
}

std::string url_encode(std::string_view s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~')
            out += char(c);
        else
            out += '%', out += hex[c >> 4], out += hex[c & 15];
    }
    return out;
}

} // namespace ui
