// pages/botlab/botlab_match — the match, played by the JavaScript referee: starting it with the
// chosen opponents and settings, stopping it, keeping a stopped match with the rounds played so
// far, and the referee's events (rounds, moves, results, log lines) into the lab of the game
// being played.
#include "ui/pages/botlab/botlab.h"

#include "ui/pages/botlab/botlab_internal.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using namespace botlab;

namespace {
// The referee's summary of a record ("LEVEL 1: 10–0 (2 draws)"), for one it did not finish.
std::string summary_line(const json& r) {
    std::string s = str_of(r, "opponent") + ": " + std::to_string(int_of(r, "wins")) + "–" + std::to_string(int_of(r, "losses"));
    if (int d = int_of(r, "draws")) s += " (" + std::to_string(d) + (d == 1 ? " draw)" : " draws)");
    return s;
}
} // namespace

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
    l.snapshot = nullptr;
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
        l.snapshot = ev.value("snapshot", json(nullptr));
    } else if (type == "move") {
        if (ev.contains("board")) l.board = ev["board"];
        if (ev.contains("move")) l.last_move = ev["move"];
        if (ev.contains("snapshot")) l.snapshot = ev["snapshot"];
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

} // namespace ui
