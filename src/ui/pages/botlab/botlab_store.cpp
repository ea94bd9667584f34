// pages/botlab/botlab_store — what the Bot Lab keeps: the shared settings under "botlab", each
// game's lab (its bots, last results, whether that match was stopped or failed, and the end of
// its log) under "botlab:<game>", read back field by field and moved over from the older
// one-bot record; and the in-memory log, capped.
#include "ui/pages/botlab/botlab.h"

#include "ui/pages/botlab/botlab_internal.h"

#include <algorithm>
#include <cstddef>
#include <string>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using namespace botlab;

namespace {
const char* kStorageKey = "botlab";
constexpr size_t kLogLines = 400;
constexpr size_t kSavedLogLines = 100;

bool bool_of(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_boolean() && it->get<bool>();
}
} // namespace

// The shared settings under "botlab", and this game's lab under "botlab:<game>".
void BotLabPage::save() const {
    json s = {{"version", 2},
              {"game", game_},
              {"opponents", offered_opponents()},
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

void BotLabPage::log(Lab& l, const std::string& source, const std::string& text, const std::string& level) {
    log(l, {{"source", source}, {"text", text}, {"level", level}});
}

// `entry` is {source, text, level}, or a referee line kept as data ({source, kind, …}) so that
// it is worded in the language of the moment (log_text).
void BotLabPage::log(Lab& l, json entry) {
    l.log.push_back(std::move(entry));
    while (l.log.size() > kLogLines) l.log.pop_front();
}

} // namespace ui
