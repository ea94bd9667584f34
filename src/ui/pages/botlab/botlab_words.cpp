// pages/botlab/botlab_words — the Bot Lab's wording from the string table: the examples' titles,
// what the page calls an opponent, a record's summary line, a round's reason, the log's lines
// (kept as data and worded in the language of the moment), and the lines above the board and
// under "Your bot".
#include "ui/pages/botlab/botlab.h"

#include "ui/pages/botlab/botlab_internal.h"

#include <cctype>
#include <string>
#include <string_view>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using namespace botlab;

std::optional<ExampleText> botlab::example_text(const std::string& id) {
    for (const games::GameInfo& g : games::catalogue())
        for (const games::ExampleInfo& e : g.examples)
            if (id == e.id) return ExampleText{miniapp::str_from_name(e.label), miniapp::str_from_name(e.description)};
    return std::nullopt;
}

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

} // namespace ui
