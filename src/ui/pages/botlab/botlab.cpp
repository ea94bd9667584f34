// pages/botlab/botlab — the Bot Lab page itself: its lifecycle (load, hide, unload), the
// switch between games' labs, the calls to the JavaScript side (Host::script_call) that the other
// files go through, the commands of window.miniapp, the state it reports, and the top-level draw
// that picks one of the three views. The rest of the page is in the files beside it: storage
// (botlab_store.cpp), wording (botlab_words.cpp), loading and checking bots (botlab_bots.cpp),
// running a match (botlab_match.cpp) and the views (botlab_views.cpp).
//
// Index
//   plumbing ........... call(): a request to web/botlab/, its replies into a callback
//   lifecycle .......... onLoad, onHide, onUnload, switch_game, the labs and this game's levels
//   commands ........... command(): run and stop from window.miniapp
//   state .............. game_state(), board_cell()
//   drawing ............ draw(): the view switch, then setup, match or log
#include "ui/pages/botlab/botlab.h"

#include "ui/pages/botlab/botlab_internal.h"

#include <algorithm>
#include <map>
#include <string>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using namespace botlab;

// --- plumbing ----------------------------------------------------------------------------------

void BotLabPage::call(const std::string& op, const json& args, std::function<void(const json&)> on) {
    int id = -1;
    id = app_.host().script_call("botlab", op,
                                 args.dump(-1, ' ', false, json::error_handler_t::replace),
                                 [this, on](const std::string& text) {
                                     json msg = json::parse(text, nullptr, false);
                                     if (msg.is_discarded()) return;
                                     app_.mark_dirty();
                                     on(msg);
                                 });
    calls_.insert(id);
}

// --- lifecycle ---------------------------------------------------------------------------------

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
    for (int id : calls_) app_.host().script_forget(id);
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

nlohmann::json BotLabPage::offered_opponents() const {
    nlohmann::json chosen = nlohmann::json::array();
    for (const auto& level : levels())
        if (opponents_.count(level)) chosen.push_back(level);
    return chosen;
}

// --- commands ----------------------------------------------------------------------------------

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
    json state = {{"game", game_},
            {"view", view_ == View::Setup ? "setup" : view_ == View::Match ? "match" : "log"},
            {"bot", {{"name", l.bot.name}, {"status", check_name(l.bot.check)}, {"error", l.bot.error}, {"hasSource", !l.bot.source.empty()}, {"statusText", status_text()}}},
            {"opponentBot", {{"name", l.opponent_bot.name}, {"status", check_name(l.opponent_bot.check)}, {"selected", l.use_opponent_bot}}},
            {"opponents", offered_opponents()},
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
    // `you`: the side of the bot under test.
    const games::GameInfo* g = games::find_game(game_);
    add_snapshot(state, board_snapshot(), g && bot_color_ == g->sides[1] ? 2 : 1);
    return state;
}

// The shared shape of the board shown (ui/snapshot.h), as the game pages report theirs: the
// last board the referee sent (rows of 0 / 1 / 2; an empty board before a match) with the
// fields its events carry.
games::Snapshot BotLabPage::board_snapshot() const {
    const Lab& l = lab();
    const games::GameInfo* g = games::find_game(game_);
    games::Snapshot snap;
    if (l.board.is_array()) {
        const json& rows = l.board;
        snap = games::Snapshot(int(rows.size()),
                               rows.empty() || !rows[0].is_array() ? 0 : int(rows[0].size()));
        for (int r = 0; r < snap.rows; ++r)
            for (int c = 0; c < snap.cols; ++c) {
                const json& v = rows[size_t(r)].is_array() && size_t(c) < rows[size_t(r)].size()
                                    ? rows[size_t(r)][size_t(c)]
                                    : json();
                snap.at(r, c) = v.is_number_integer() ? v.get<int>() : 0;
            }
    } else if (g) {
        snap = games::Snapshot(g->rows, g->cols);
    }
    auto points = [](const json& v) {
        std::vector<games::Snapshot::Point> out;
        if (v.is_array())
            for (const auto& p : v)
                if (p.is_array() && p.size() == 2 && p[0].is_number_integer() && p[1].is_number_integer())
                    out.push_back({p[0].get<int>(), p[1].get<int>()});
        return out;
    };
    const json& s = l.snapshot;
    if (s.is_object()) {
        snap.turn = int_of(s, "turn");
        snap.legal = points(s.value("legalMoves", json(nullptr)));
        snap.forbidden = points(s.value("forbiddenPoints", json(nullptr)));
        const json outcome = s.value("outcome", json(nullptr));
        if (outcome.is_object() && g) {
            snap.winner = int_of(outcome, "winner");
            // The catalogue's code (a string that outlives the snapshot), or none.
            const std::string code = str_of(outcome, "reason");
            for (const auto& r : g->reasons)
                if (r.id == code) snap.reason = r.id;
        }
    }
    if (auto last = points(json::array({l.last_move})); !last.empty()) snap.last = last[0];
    return snap;
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

} // namespace ui
