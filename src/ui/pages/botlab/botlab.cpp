#include "ui/pages/botlab/botlab.h"

#include "ui/ladder.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string_view>

namespace ui {

using miniapp::Str;
using nlohmann::json;

namespace {
const char* kStorageKey = "botlab";
constexpr size_t kLogLines = 400;
constexpr size_t kSavedLogLines = 100;
// The Bot Lab's games (the catalogue's list), and the one of them named `g`, if any.
std::span<const std::string_view> lab_games() { return games::botlab_games(); }
std::optional<std::string> lab_game(std::string_view g) {
    for (std::string_view id : lab_games())
        if (g == id) return std::string(id);
    return std::nullopt;
}
// The same for a field of a saved or JavaScript record (`key` of `j`).
std::optional<std::string> lab_game_of(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? lab_game(it->get<std::string>()) : std::nullopt;
}

// The examples' titles and descriptions in the app's language, by the id web/botlab/botlab.js
// gives them; an example it adds later shows its own English text until it is listed here.
struct ExampleText {
    const char* id;
    Str title, description;
};
const ExampleText kExampleTexts[] = {
    {"gomoku-random-neighbour", Str::ExampleRandomNeighbour, Str::ExampleRandomNeighbourDesc},
    {"gomoku-run-length", Str::ExampleRunLength, Str::ExampleRunLengthDesc},
    {"gomoku-open-ends", Str::ExampleOpenEnds, Str::ExampleOpenEndsDesc},
    {"othello-corners", Str::ExampleCornersFirst, Str::ExampleCornersFirstDesc},
    {"tictactoe-rules", Str::ExampleWinBlockCentre, Str::ExampleWinBlockCentreDesc},
};
const ExampleText* example_text(const std::string& id) {
    for (const auto& e : kExampleTexts)
        if (id == e.id) return &e;
    return nullptr;
}

// A string of the catalogue, by its key.
Str catalogue_str(std::string_view key) { return miniapp::str_from_name(key); }
Str game_label(std::string_view g) { return catalogue_str(games::find_game(g)->name); }

// This game's name for a level (the catalogue's: tic-tac-toe's two are Easy and Hard, as on its
// own page); a level the game lacks gets the ladder's name.
Str level_label(std::string_view game, Ladder l) {
    if (const auto* level = games::find_game(game)->level(ladder_id(l))) return catalogue_str(level->label);
    return ladder_label(l);
}

// Fields of saved or JavaScript records, with a fallback when absent or of another type.
int int_of(const json& j, const char* key, int fallback = 0) {
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<int>() : fallback;
}
std::string str_of(const json& j, const char* key, const std::string& fallback = "") {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}
// The referee's summary of a record ("LEVEL 1: 10–0 (2 draws)"), for one it did not finish.
std::string summary_line(const json& r) {
    std::string s = str_of(r, "opponent") + ": " + std::to_string(int_of(r, "wins")) + "–" + std::to_string(int_of(r, "losses"));
    if (int d = int_of(r, "draws")) s += " (" + std::to_string(d) + (d == 1 ? " draw)" : " draws)");
    return s;
}
// The end of the UTF-8 character that starts at `p`.
const char* next_char(const char* p, const char* end) {
    ++p;
    while (p < end && (static_cast<unsigned char>(*p) & 0xC0) == 0x80) ++p;
    return p;
}

// `s` cut into lines no wider than `width`, as App::text wraps (at spaces where it can).
std::vector<std::string> wrap_lines(ImFont* f, float size, std::string_view s, float width) {
    std::vector<std::string> out;
    const char* p = s.data();
    const char* end = s.data() + s.size();
    while (p < end) {
        const char* e = f ? f->CalcWordWrapPositionA(size / f->FontSize, p, end, width) : end;
        if (const char* nl = static_cast<const char*>(memchr(p, '\n', size_t(e - p)))) e = nl;
        if (e == p) e = next_char(p, end); // never stall on a character wider than the box
        out.emplace_back(p, e);
        p = e;
        while (p < end && (*p == ' ' || *p == '\n')) ++p;
    }
    if (out.empty()) out.emplace_back();
    return out;
}

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

bool bool_of(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_boolean() && it->get<bool>();
}
} // namespace

// --- plumbing ---------------------------------------------------------------------------------

void BotLabPage::call(const std::string& op, const json& args, std::function<void(const json&)> on) {
    int id = -1;
    id = app_.host().botlab_call(op, args.dump(-1, ' ', false, json::error_handler_t::replace),
                                 [this, on](const std::string& text) {
                                     json msg = json::parse(text, nullptr, false);
                                     if (msg.is_discarded()) return;
                                     app_.mark_dirty();
                                     on(msg);
                                 });
    calls_.insert(id);
}

void BotLabPage::onLoad(const miniapp::Query& query) {
    load();
    if (auto it = query.find("game"); it != query.end())
        if (auto g = lab_game(it->second)) game_ = *g;
    call("examples", json::object(), [this](const json& m) {
        if (m.value("type", "") == "examples" && m.contains("examples")) examples_ = m["examples"];
    });
    switch_game(game_);
}

// Leaving during a match stops it (the page's calls are dropped, so its matchEnd never comes):
// it is kept as a stopped match with the rounds played so far, so coming back shows them.
// The tab goes to the background (or is being closed): while a match runs, keep what it has
// played so far as a stopped match, so that closing the tab does not lose it. The match goes on;
// its end, or leaving the page, saves over this.
void BotLabPage::onHide() {
    if (!running_) return;
    Lab copy = labs_[run_game_];
    mark_stopped(copy);
    save_lab(run_game_, copy);
}

void BotLabPage::onUnload() {
    if (running_) {
        stop();
        keep_stopped_match();
    }
    for (int id : calls_) app_.host().botlab_forget(id);
    calls_.clear();
}

// Show another game's lab; its bots are checked the first time they are shown.
void BotLabPage::switch_game(const std::string& game) {
    game_ = game;
    show_examples_ = false;
    log_scroll_ = 0;
    Lab& l = lab();
    if (!l.bot.source.empty() && l.bot.check == Check::None) check_bot(l.bot, l);
    if (!l.opponent_bot.source.empty() && l.opponent_bot.check == Check::None) check_bot(l.opponent_bot, l);
}

// The shared settings under "botlab", and this game's lab under "botlab:<game>".
void BotLabPage::save() const {
    json s = {{"version", 2},
              {"game", game_},
              {"opponents", [&] { // only what this game offers
                 json o = json::array();
                 for (const auto& l : levels())
                     if (opponents_.count(l)) o.push_back(l);
                 return o;
             }()},
              {"rounds", rounds_},
              {"timeMs", time_ms_},
              {"speedMs", speed_ms_}};
    app_.storage().setStorageSync(kStorageKey, s);
    save_lab(game_);
}

// One game's bots, results and the end of its log.
void BotLabPage::save_lab(const std::string& game) const { save_lab(game, labs_.at(game)); }

// A lab as given (the one in memory, or a copy marked stopped).
void BotLabPage::save_lab(const std::string& game, const Lab& l) const {
    json log = json::array();
    for (size_t i = l.log.size() > kSavedLogLines ? l.log.size() - kSavedLogLines : 0; i < l.log.size(); ++i)
        log.push_back(l.log[i]);
    json s = {{"game", game},
              {"source", l.bot.source},
              {"name", l.bot.name},
              {"opponentSource", l.opponent_bot.source},
              {"opponentName", l.opponent_bot.name},
              {"useOpponentBot", l.use_opponent_bot},
              {"results", l.results},
              {"stopped", l.stopped},
              {"error", l.error},
              {"log", log}};
    const std::string key = std::string(kStorageKey) + ":" + game;
    auto r = app_.storage().setStorageSync(key, s);
    if (!r.ok) {
        s["source"] = "";
        s["opponentSource"] = "";
        app_.storage().setStorageSync(key, s);
        app_.toast(Str::SourceTooBig);
    }
}

// Anything odd in the saved records is dropped field by field, never trusted. A record from
// before per-game labs (one bot, under "botlab" with its game) goes to that game's lab.
void BotLabPage::load() {
    auto saved = app_.storage().getStorageSync(kStorageKey);
    bool migrate = false;
    if (saved && saved->is_object()) {
        const json& s = *saved;
        if (auto g = lab_game_of(s, "game")) game_ = *g;
        if (s.contains("opponents") && s["opponents"].is_array()) {
            opponents_.clear();
            for (const auto& o : s["opponents"])
                if (o.is_string() && parse_ladder(o.get<std::string>())) opponents_.insert(o.get<std::string>());
        }
        rounds_ = std::clamp(int_of(s, "rounds", 10), 1, 100);
        time_ms_ = std::clamp(int_of(s, "timeMs", 1000), 50, 10000);
        speed_ms_ = std::clamp(int_of(s, "speedMs", 150), 0, 2000);
        if (!s.contains("version") && (s.contains("source") || s.contains("opponentSource") || s.contains("results"))) {
            load_lab(labs_[game_], s);
            // Its results may be of another game (the old page kept them across a game switch).
            Lab& l = labs_[game_];
            json kept = json::array();
            for (auto& r : l.results) {
                std::string rg = str_of(r, "game", game_);
                if (rg == game_ || !labs_.count(rg)) kept.push_back(r);
                else if (labs_[rg].results.is_array()) labs_[rg].results.push_back(r);
            }
            l.results = kept;
            migrate = true;
        }
    }
    for (std::string_view g : lab_games()) {
        auto lab_saved = app_.storage().getStorageSync(std::string(kStorageKey) + ":" + std::string(g));
        if (lab_saved && lab_saved->is_object()) load_lab(labs_[std::string(g)], *lab_saved);
    }
    if (migrate) {
        for (std::string_view g : lab_games()) save_lab(std::string(g));
        save();
    }
}

// One game's saved lab, into `l`.
void BotLabPage::load_lab(Lab& l, const json& s) {
    l = Lab{};
    if (s.contains("source") && s["source"].is_string()) l.bot.source = s["source"];
    l.bot.name = str_of(s, "name", app_.tr(Str::MyBotName));
    if (s.contains("opponentSource") && s["opponentSource"].is_string()) l.opponent_bot.source = s["opponentSource"];
    l.opponent_bot.name = str_of(s, "opponentName", app_.tr(Str::OpponentBotName));
    l.use_opponent_bot = bool_of(s, "useOpponentBot") && !l.opponent_bot.source.empty();
    if (s.contains("results") && s["results"].is_array())
        for (const auto& r : s["results"])
            if (r.is_object()) l.results.push_back(r);
    l.stopped = bool_of(s, "stopped");
    l.error = str_of(s, "error", "");
    if (s.contains("log") && s["log"].is_array())
        for (const auto& e : s["log"])
            if (e.is_object()) l.log.push_back(e);
}

std::map<std::string, BotLabPage::Lab> BotLabPage::empty_labs() {
    std::map<std::string, Lab> labs;
    for (std::string_view g : lab_games()) labs[std::string(g)];
    return labs;
}

// This game's levels, ladder order (the catalogue's: tic-tac-toe has Easy and Hard only).
std::vector<std::string> BotLabPage::levels() const {
    std::vector<std::string> out;
    for (const auto& l : info().levels) out.emplace_back(l.id);
    return out;
}

void BotLabPage::log(Lab& l, const std::string& source, const std::string& text, const std::string& level) {
    log(l, {{"source", source}, {"text", text}, {"level", level}});
}

// `entry` is {source, text, level}, or a referee line kept as data ({source, kind, …}) so that
// it is worded in the language of the moment (log_text).
void BotLabPage::log(Lab& l, json entry) {
    l.log.push_back(std::move(entry));
    while (l.log.size() > kLogLines) l.log.pop_front();
}

// --- words ---------------------------------------------------------------------------------------

// What the page calls an opponent: a level by this game's name for it, a bot by its name.
// `id` is the referee's ("level1", "bot:<name>"); records saved without one have only the
// referee's name ("LEVEL 1").
std::string BotLabPage::opponent_label(const std::string& game, const std::string& id, const std::string& name) const {
    if (id.rfind("bot:", 0) == 0) return name.empty() ? id.substr(4) : name;
    if (auto l = parse_ladder(id)) return app_.tr(level_label(game, *l));
    std::string key;
    for (char c : name)
        if (c != ' ') key += char(std::tolower(static_cast<unsigned char>(c)));
    if (auto l = parse_ladder(key); l && !key.empty()) return app_.tr(level_label(game, *l));
    return name;
}

// A record's one-line summary in the page's language ("랜덤: 10–0").
std::string BotLabPage::summary_text(const std::string& game, const json& r) const {
    int d = int_of(r, "draws");
    return miniapp::format(app_.tr(d == 0 ? Str::SummaryLine : d == 1 ? Str::SummaryLineDraw : Str::SummaryLineDraws),
                           {opponent_label(game, str_of(r, "opponentId"), str_of(r, "opponent")),
                            std::to_string(int_of(r, "wins")), std::to_string(int_of(r, "losses")), std::to_string(d)});
}

// A round's reason in the page's language, from the referee's code and detail (a log entry's
// reasonCode and reasonDetail): a forfeit, or the game's ending as the catalogue words it. A
// forfeit's own reason (what the bot did wrong) stays as the referee wrote it; an entry without
// a code (saved before the referee gave codes) shows the referee's English.
std::string BotLabPage::reason_text(const json& e) const {
    const std::string code = str_of(e, "reasonCode"), detail = str_of(e, "reasonDetail");
    if (code == "forfeit") return miniapp::format(app_.tr(Str::ReasonForfeit), {detail});
    if (code == "opponentForfeit") return miniapp::format(app_.tr(Str::ReasonOpponentForfeit), {detail});
    std::string_view label = info().reason_label(code);
    if (!label.empty()) return miniapp::format(app_.tr(catalogue_str(label)), {detail});
    return str_of(e, "reason");
}

// A log entry's text in the page's language.
std::string BotLabPage::log_text(const json& e) const {
    const std::string kind = str_of(e, "kind");
    if (kind == "start") {
        std::string names;
        if (e.contains("opponents") && e["opponents"].is_array())
            for (const auto& o : e["opponents"])
                if (o.is_object()) names += (names.empty() ? "" : ", ") + opponent_label(game_, str_of(o, "id"), str_of(o, "name"));
        return miniapp::format(app_.tr(Str::LogMatchStart), {str_of(e, "bot"), names, std::to_string(int_of(e, "rounds"))});
    }
    if (kind == "round")
        return miniapp::format(app_.tr(Str::LogRound), {std::to_string(int_of(e, "round")), reason_text(e)});
    if (kind == "summary") return summary_text(game_, e.contains("result") && e["result"].is_object() ? e["result"] : json::object());
    if (kind == "stopped") return app_.tr(Str::MatchStopped);
    return str_of(e, "text");
}

// A log line as shown: "[referee] round 3: five in a row" ("[심판] 3판: 오목 완성").
std::string BotLabPage::log_line(const json& e) const {
    std::string source = str_of(e, "source");
    return "[" + (source == "referee" ? std::string(app_.tr(Str::LogReferee)) : source) + "] " + log_text(e);
}

// --- bots --------------------------------------------------------------------------------------

// Load `bot` (of lab `l`) once in the sandbox to see whether it can play.
void BotLabPage::check_bot(Bot& bot, Lab& l) {
    bot.check = Check::Checking;
    Bot* target = &bot; // labs_ is a map: its Labs never move
    Lab* in = &l;
    call("load", {{"source", bot.source}}, [this, target, in](const json& m) {
        if (m.value("type", "") == "error") {
            target->check = Check::Failed;
            target->error = m.value("message", "?");
            return;
        }
        const json& r = m.contains("result") ? m["result"] : json::object();
        if (r.value("ok", false)) {
            target->check = Check::Ok;
            target->error.clear();
            target->hooks = r.contains("hooks") && r["hooks"].is_array() ? int(r["hooks"].size()) : 0;
        } else {
            target->check = Check::Failed;
            target->error = r.value("error", std::string("?"));
            log(*in, "referee", target->name + ": " + target->error, "error");
        }
    });
}

// The paste box for this game's bot (or its opposing bot), pre-filled with that bot's source.
void BotLabPage::prompt_bot(bool opponent) {
    TextPrompt p;
    p.title = app_.tr(opponent ? Str::LoadOpponentTitle : Str::LoadBotTitle);
    p.message = app_.tr(Str::LoadBotMessage);
    p.initial = opponent ? lab().opponent_bot.source : lab().bot.source;
    // A move that fits this game's board (the catalogue's: a centre, Othello's first legal square).
    const auto& move = info().placeholder_move;
    p.placeholder = "function onTurnStart(data) {\n  return [" + std::to_string(move[0]) + ", " + std::to_string(move[1]) + "];\n}";
    p.ok = app_.tr(Str::Ok);
    p.cancel = app_.tr(Str::Cancel);
    p.file_accept = ".js,.mjs,.txt,text/javascript,text/plain";
    p.file_label = app_.tr(Str::ChooseFile);
    prompt_text(p, [this, opponent, game = game_](std::optional<std::string> text) {
        if (!text) return;
        Lab& l = labs_[game];
        Bot& b = opponent ? l.opponent_bot : l.bot;
        b.source = *text;
        b.name = app_.tr(opponent ? Str::OpponentBotName : Str::MyBotName);
        if (opponent) l.use_opponent_bot = true;
        check_bot(b, l);
        save_lab(game);
    });
}

// An example becomes the bot of its game (the list shows only this game's).
void BotLabPage::use_example(const std::string& id) {
    show_examples_ = false;
    call("example", {{"id", id}}, [this](const json& m) {
        if (m.value("type", "") != "example") return;
        std::string game = lab_game_of(m, "game").value_or(game_);
        Lab& l = labs_[game];
        l.bot.source = m.value("source", "");
        const ExampleText* text = example_text(m.value("id", std::string()));
        l.bot.name = text ? std::string(app_.tr(text->title)) : m.value("title", std::string("example"));
        check_bot(l.bot, l);
        if (game != game_) save_lab(game);
        if (game != game_ && !running_) switch_game(game);
        save();
    });
}

// --- the match ----------------------------------------------------------------------------------

void BotLabPage::run() {
    if (running_) return;
    Lab& l = lab();
    if (l.bot.check != Check::Ok) {
        app_.toast(Str::NeedBot);
        return;
    }
    json opponents = json::array();
    for (const auto& lv : levels())
        if (opponents_.count(lv)) opponents.push_back(lv);
    if (l.use_opponent_bot && l.opponent_bot.check == Check::Ok)
        opponents.push_back({{"source", l.opponent_bot.source}, {"name", l.opponent_bot.name}});
    if (opponents.empty()) {
        app_.toast(Str::PickOpponent);
        return;
    }
    running_ = true;
    run_game_ = game_;
    run_opponents_ = json::array();
    for (const auto& o : opponents) run_opponents_.push_back(o.is_string() ? o : json("bot:" + l.opponent_bot.name));
    l.stopped = false;
    l.error.clear();
    l.results = json::array();
    l.board = nullptr;
    l.last_move = nullptr;
    round_ = 0;
    view_ = View::Match;
    json options = {{"game", game_},
                    {"bot", {{"source", l.bot.source}, {"name", l.bot.name}}},
                    {"opponents", opponents},
                    {"rounds", rounds_},
                    {"timeMs", time_ms_},
                    {"speedMs", speed_ms_},
                    {"seed", uint64_t(app_.now()) % 1000000007ull + 1}};
    call("run", options, [this](const json& ev) { on_event(ev); });
    run_id_ = *std::max_element(calls_.begin(), calls_.end());
}

void BotLabPage::stop() {
    if (!running_) return;
    labs_[run_game_].stopped = true;
    call("stop", {{"run", run_id_}}, [](const json&) {});
}

// The running match, as it stands, becomes the lab's last match, stopped: the records built
// from the round events get their summaries, and the lab (with its log) is saved.
void BotLabPage::mark_stopped(Lab& l) {
    l.stopped = true;
    for (auto& r : l.results)
        if (str_of(r, "summary").empty()) r["summary"] = summary_line(r);
}

void BotLabPage::keep_stopped_match() {
    running_ = false;
    Lab& l = labs_[run_game_];
    mark_stopped(l);
    log(l, {{"source", "referee"}, {"kind", "stopped"}, {"level", "warn"}});
    save_lab(run_game_);
}

// A match event from the referee, into the lab of the game being played.
void BotLabPage::on_event(const json& ev) {
    Lab& l = labs_[run_game_];
    const std::string type = ev.value("type", "");
    if (type == "matchStart") {
        json names = json::array();
        if (ev.contains("opponents") && ev["opponents"].is_array())
            for (size_t i = 0; i < ev["opponents"].size(); ++i)
                names.push_back({{"id", i < run_opponents_.size() ? run_opponents_[i] : json("")},
                                 {"name", ev["opponents"][i].is_string() ? ev["opponents"][i] : json("?")}});
        log(l, {{"source", "referee"}, {"kind", "start"}, {"level", "log"}, {"bot", str_of(ev, "bot")},
                {"opponents", names}, {"rounds", int_of(ev, "rounds")}});
    } else if (type == "opponentStart") {
        opponent_ = ev.value("opponent", std::string());
        round_total_ = ev.value("rounds", 0);
        // The record the referee sends at opponentEnd, built as the rounds end meanwhile.
        int i = int_of(ev, "opponentIndex", -1);
        json id = i >= 0 && i < int(run_opponents_.size()) ? run_opponents_[size_t(i)] : json("");
        opponent_id_ = id.is_string() ? id.get<std::string>() : "";
        l.results.push_back({{"game", run_game_}, {"bot", l.bot.name}, {"opponent", opponent_}, {"opponentId", id},
                             {"rounds", 0}, {"wins", 0}, {"draws", 0}, {"losses", 0}, {"forfeits", json::array()},
                             {"opponentForfeits", json::array()}, {"summary", ""}});
    } else if (type == "roundStart") {
        round_ = ev.value("round", 0);
        bot_color_ = ev.value("botColor", std::string());
        l.board = ev.contains("board") ? ev["board"] : json(nullptr);
        l.last_move = nullptr;
    } else if (type == "move") {
        if (ev.contains("board")) l.board = ev["board"];
        if (ev.contains("move")) l.last_move = ev["move"];
    } else if (type == "roundEnd") {
        if (!l.results.empty()) {
            json& r = l.results.back();
            int win = ev.value("win", 0);
            r["rounds"] = r.value("rounds", 0) + 1;
            if (win > 0) r["wins"] = r.value("wins", 0) + 1;
            else if (win < 0) r["losses"] = r.value("losses", 0) + 1;
            else r["draws"] = r.value("draws", 0) + 1;
            json forfeit = ev.value("forfeit", json(nullptr));
            if (forfeit == "bot" || forfeit == "opponent") // reasonDetail: what the bot did
                r[forfeit == "bot" ? "forfeits" : "opponentForfeits"].push_back(
                    {{"round", int_of(ev, "round")}, {"reason", str_of(ev, "reasonDetail")}});
        }
        if (ev.contains("board")) l.board = ev["board"];
        log(l, {{"source", "referee"}, {"kind", "round"}, {"level", "log"}, {"round", int_of(ev, "round")},
                {"reason", str_of(ev, "reason")}, {"reasonCode", str_of(ev, "reasonCode")},
                {"reasonDetail", str_of(ev, "reasonDetail")}});
    } else if (type == "opponentEnd") {
        if (ev.contains("result") && !l.results.empty()) l.results.back() = ev["result"];
        if (ev.contains("result") && ev["result"].is_object()) {
            const json& r = ev["result"];
            log(l, {{"source", "referee"}, {"kind", "summary"}, {"level", "info"},
                    {"result", {{"opponent", str_of(r, "opponent")}, {"opponentId", str_of(r, "opponentId")},
                                {"wins", int_of(r, "wins")}, {"draws", int_of(r, "draws")}, {"losses", int_of(r, "losses")}}}});
        }
    } else if (type == "log") {
        log(l, ev.value("source", std::string("bot")) == "referee" ? "referee" : ev.value("name", std::string("bot")),
            ev.value("text", std::string()), ev.value("level", std::string("log")));
    } else if (type == "error") {
        l.error = ev.value("message", std::string("?"));
        log(l, "referee", l.error, "error");
    } else if (type == "matchEnd") {
        running_ = false;
        l.stopped = ev.value("stopped", false);
        if (ev.contains("results") && ev["results"].is_array() && !ev["results"].empty()) l.results = ev["results"];
        if (!ev.value("ok", true) && ev.contains("error") && ev["error"].is_string()) l.error = ev["error"];
        std::string summary;
        for (const auto& r : l.results) summary += (summary.empty() ? "" : ", ") + summary_text(run_game_, r);
        if (l.stopped) log(l, {{"source", "referee"}, {"kind", "stopped"}, {"level", "warn"}});
        app_.announce(app_.tr(l.stopped ? Str::MatchStopped : Str::MatchDone));
        if (!summary.empty()) app_.announce(summary);
        save_lab(run_game_);
    }
}

std::string BotLabPage::command(const json& m) {
    const std::string type = m.value("type", "");
    if (type == "run") {
        run();
        return running_ ? "" : "run: load a bot and pick an opponent first";
    }
    if (type == "stop") {
        stop();
        return "";
    }
    return PageView::command(m);
}

// The line above the match board: the round being played, or how the last match ended.
std::string BotLabPage::progress_text() const {
    const Lab& l = lab();
    if (running_)
        return miniapp::format(app_.tr(Str::MatchProgress),
                               {opponent_label(run_game_, opponent_id_, opponent_), std::to_string(round_), std::to_string(round_total_)});
    if (!l.error.empty()) return l.error;
    if (l.stopped) return app_.tr(Str::MatchStopped);
    return app_.tr(l.results.empty() ? Str::MatchIdle : Str::MatchDone);
}

// The line under "Your bot": none yet, being checked, ready (with its hook count), or why not.
std::string BotLabPage::status_text() const {
    const Bot& b = lab().bot;
    if (b.source.empty()) return app_.tr(Str::NoBotYet);
    if (b.check == Check::Ok)
        return b.hooks == 1 ? app_.tr(Str::BotReadyOne) : miniapp::format(app_.tr(Str::BotReady), {std::to_string(b.hooks)});
    if (b.check == Check::Failed) return b.error;
    return app_.tr(Str::BotChecking);
}

// The latest forfeit of a record's bot, for its row in the results table ("" when none).
std::string BotLabPage::last_forfeit(const json& r) const {
    auto it = r.find("forfeits");
    if (it == r.end() || !it->is_array() || it->empty() || !it->back().is_object()) return "";
    const json& f = it->back();
    return miniapp::format(app_.tr(Str::LastForfeit), {std::to_string(int_of(f, "round")), str_of(f, "reason")});
}

// --- state ---------------------------------------------------------------------------------------

json BotLabPage::game_state() const {
    auto check_name = [](Check c) { return c == Check::Ok ? "ok" : c == Check::Failed ? "failed" : c == Check::Checking ? "checking" : "none"; };
    const Lab& l = lab();
    json log = json::array();
    size_t start = l.log.size() > 60 ? l.log.size() - 60 : 0;
    for (size_t i = start; i < l.log.size(); ++i) // as shown: "line" is the whole line, "text" without the source
        log.push_back({{"source", str_of(l.log[i], "source")}, {"level", str_of(l.log[i], "level", "log")},
                       {"text", log_text(l.log[i])}, {"line", log_line(l.log[i])}});
    json level_names = json::array();
    for (const auto& id : levels()) level_names.push_back({{"id", id}, {"label", app_.tr(level_label(game_, *parse_ladder(id)))}});
    json table = json::array(); // the results table as shown
    for (const auto& r : l.results)
        table.push_back({{"opponent", opponent_label(game_, str_of(r, "opponentId"), str_of(r, "opponent"))},
                         {"summary", summary_text(game_, r)},
                         {"forfeit", last_forfeit(r).empty() ? json(nullptr) : json(last_forfeit(r))}});
    return {{"game", game_},
            {"view", view_ == View::Setup ? "setup" : view_ == View::Match ? "match" : "log"},
            {"bot", {{"name", l.bot.name}, {"status", check_name(l.bot.check)}, {"error", l.bot.error}, {"hasSource", !l.bot.source.empty()}, {"statusText", status_text()}}},
            {"opponentBot", {{"name", l.opponent_bot.name}, {"status", check_name(l.opponent_bot.check)}, {"selected", l.use_opponent_bot}}},
            {"opponents", [&] { // only what this game offers
                 json o = json::array();
                 for (const auto& l : levels())
                     if (opponents_.count(l)) o.push_back(l);
                 return o;
             }()},
            {"rounds", rounds_},
            {"timeMs", time_ms_},
            {"speedMs", speed_ms_},
            {"running", running_},
            {"stopped", l.stopped},
            {"progress", progress_text()},
            {"opponent", opponent_},
            {"round", round_},
            {"board", l.board},
            {"results", l.results},
            {"table", table},
            {"levels", level_names},
            {"error", l.error.empty() ? json(nullptr) : json(l.error)},
            {"examples", examples_.size()},
            {"log", log},
            {"logView", {{"lines", log_shown_}, {"scroll", log_scroll_}, {"total", log_screen_lines_}}}};
}

std::optional<Rect> BotLabPage::board_cell(int index) const {
    if (index < 0 || size_t(index) >= cells_.size()) return std::nullopt;
    return cells_[size_t(index)];
}

// --- drawing --------------------------------------------------------------------------------------

void BotLabPage::draw(Rect body) {
    auto rpx = [&](float v) { return app_.rpx(v); };
    Rect r = body.inset(rpx(metrics::kPadding));
    int v = app_.segmented("view", r.take_top(app_.tap(72), rpx(20)),
                           {{"setup", app_.tr(Str::ViewSetup)}, {"match", app_.tr(Str::ViewMatch)}, {"log", app_.tr(Str::ViewLog)}},
                           int(view_));
    if (v >= 0) view_ = View(v);
    cells_.clear();
    if (view_ != View::Log) log_shown_.clear();
    switch (view_) {
    case View::Setup: draw_setup(r); break;
    case View::Match: draw_match(r); break;
    case View::Log: draw_log(r); break;
    }
}

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
            const ExampleText* text = example_text(str_of(ex, "id"));
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

    Rect run_r{r.x, r.y + std::max(0.0f, r.h - app_.tap(88)), r.w, app_.tap(88)};
    if (running_) {
        if (app_.button("stop", run_r, app_.tr(Str::Stop), ButtonKind::Secondary)) stop();
    } else if (app_.button("run", run_r, app_.tr(Str::Run), ButtonKind::Primary)) {
        run();
    }
}

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
    if (running_) {
        if (app_.button("stop", button_r, app_.tr(Str::Stop), ButtonKind::Secondary)) stop();
    } else if (app_.button("run", button_r, app_.tr(Str::Run), ButtonKind::Primary)) {
        run();
    }
}

void BotLabPage::draw_board(Rect r) {
    const Theme& t = app_.theme();
    ImDrawList* dl = app_.draw_list();
    const int n = info().rows;
    const json& board = lab().board;
    const json& last_move = lab().last_move;
    const games::BoardLook look = info().look;
    const bool go_style = look == games::BoardLook::Wood;
    ImU32 bg = look == games::BoardLook::Felt ? board_colors::kFelt : go_style ? board_colors::kWood : t.board;
    ImU32 line = look == games::BoardLook::Felt ? board_colors::kFeltLine : go_style ? board_colors::kWoodLine : t.board_line;
    dl->AddRectFilled(r.min(), r.max(), bg, app_.rpx(10));
    const float cell = r.w / float(n);
    for (int i = go_style ? 0 : 1; i < (go_style ? n : n); ++i) {
        float o = go_style ? cell * (float(i) + 0.5f) : cell * float(i);
        float a = go_style ? cell * 0.5f : 0, b = go_style ? r.w - cell * 0.5f : r.w;
        dl->AddLine(ImVec2(r.x + o, r.y + a), ImVec2(r.x + o, r.y + b), line);
        dl->AddLine(ImVec2(r.x + a, r.y + o), ImVec2(r.x + b, r.y + o), line);
    }
    cells_.assign(size_t(n * n), Rect{});
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            Rect c{r.x + cell * float(col), r.y + cell * float(row), cell, cell};
            cells_[size_t(row * n + col)] = c;
            int v = 0;
            if (board.is_array() && row < int(board.size()) && board[row].is_array() && col < int(board[row].size()) &&
                board[row][col].is_number_integer())
                v = board[row][col].get<int>();
            if (!v) continue;
            ImVec2 m = c.center();
            float rad = cell * 0.42f;
            if (look == games::BoardLook::Marks) {
                float s = cell * 0.28f, th = std::max(2.0f, cell * 0.07f);
                if (v == 1) {
                    dl->AddLine(ImVec2(m.x - s, m.y - s), ImVec2(m.x + s, m.y + s), t.x_mark, th);
                    dl->AddLine(ImVec2(m.x + s, m.y - s), ImVec2(m.x - s, m.y + s), t.x_mark, th);
                } else {
                    dl->AddCircle(m, s, t.o_mark, 0, th);
                }
            } else {
                dl->AddCircleFilled(m, rad, v == 1 ? IM_COL32(22, 22, 22, 255) : IM_COL32(245, 245, 245, 255));
                if (v == 2) dl->AddCircle(m, rad, IM_COL32(140, 140, 140, 255));
            }
            if (last_move.is_array() && last_move.size() == 2 && last_move[0] == row && last_move[1] == col)
                dl->AddCircleFilled(m, rad * 0.25f, t.last_move);
        }
}

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
    for (size_t i = 0; i < entries.size(); ++i)
        for (auto& piece : wrap_lines(app_.fonts().get(FontRole::Small), app_.fonts().size(FontRole::Small), log_line(entries[i]), width))
            lines.emplace_back(i, std::move(piece));
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
