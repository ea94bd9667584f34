// pages/review/review.cpp — the Review page (review.h).
//
// Index
//   loading ............ onLoad(), onShow()
//   analysis ........... analyse_next(), graph_value()
//   moving ............. go_to(), command()
//   words .............. side_name(), mark_words(), move_line(), tally(), summary_line()
//   drawing ............ draw(), draw_graph()
//   state .............. shown_position(), game_state(), board_cell()
#include "ui/pages/review/review.h"
#include "ui/play.h"

#include "ui/theme.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace ui {

using json = nlohmann::json;
using miniapp::Str;

namespace {

// The marks that count against a player, in the summary's order.
constexpr const char* kBadMarks[] = {"inaccuracy", "mistake", "blunder", "missedWin", "missedBlock", "allowsVcf"};

bool is_bad(const std::string& mark) {
    return std::any_of(std::begin(kBadMarks), std::end(kBadMarks), [&](const char* m) { return mark == m; });
}

// A reply's field read whatever its JSON type, never throwing: a number, or a name given as a
// string or a number (tic-tac-toe's cells).
double num(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : 0.0;
}
std::string name(const json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end()) return "";
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number_integer()) return std::to_string(it->get<int>());
    return "";
}

std::string number(double v) {
    char buf[32];
    if (std::fabs(v - std::round(v)) < 0.05) std::snprintf(buf, sizeof buf, "%.0f", v);
    else std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

} // namespace

// --- loading ---------------------------------------------------------------------------------

// Read the game named by the query; a link that does not read leaves the page with the reason
// (also toasted) and nothing to step through.
void ReviewPage::onLoad(const miniapp::Query& query) {
    auto get = [&](const char* key) {
        auto it = query.find(key);
        return it == query.end() ? std::string() : it->second;
    };
    game_id_ = get("game");
    moves_ = get("moves");
    // The link to this review (Share adds the move shown): the query's own words, re-encoded.
    link_query_.clear();
    for (const char* key : {"game", "moves", "you", "rule", "start"}) {
        const std::string v = get(key);
        if (v.empty()) continue;
        if (!link_query_.empty()) link_query_ += '&';
        link_query_.append(key).append("=").append(url_encode(v));
    }
    info_ = games::find_game(game_id_);
    const ReviewReader reader = review_reader(game_id_);
    if (!info_ || !reader) {
        error_english_ = "game: '" + game_id_ + "' is not a game that can be reviewed";
        error_ = miniapp::format(app_.tr(Str::ReviewUnknownGame), {game_id_});
        app_.toast(error_, 3000);
        return;
    }
    ReviewFault fault;
    if (!reader(query, app_.lang(), game_, fault)) {
        game_ = {};
        error_english_ = fault.error;
        error_ = fault.shown;
        app_.toast(error_, 3000);
        return;
    }
    verdicts_.assign(game_.plies.size(), Verdict{});
    const std::string you = get("you");
    you_ = you == "2" ? 2 : 1;
    const std::string at = get("at");
    at_ = int(game_.plies.size());
    if (!at.empty() && at.size() < 6 && at.find_first_not_of("0123456789") == std::string::npos)
        at_ = std::min(std::atoi(at.c_str()), int(game_.plies.size()));
}

void ReviewPage::onShow() {
    if (!asking_ && next_ < game_.plies.size() && error_.empty()) {
        warm_engine(game_id_);
        analyse_next();
    }
}

// --- analysis --------------------------------------------------------------------------------

// Ask the engine about the next move, one request at a time, so the graph fills in from the
// start while the page stays live; a move with nothing to review (a forced pass) is done at once.
void ReviewPage::analyse_next() {
    while (next_ < game_.plies.size() && game_.plies[next_].request.empty()) {
        verdicts_[next_].done = true;
        verdicts_[next_].mark = "forced";
        ++next_;
    }
    if (next_ >= game_.plies.size()) return;
    asking_ = true;
    const size_t i = next_;
    engine(game_.plies[i].request, [this, i](const json& reply) {
        asking_ = false;
        if (reply.contains("error")) {
            error_english_ = name(reply, "error");
            if (error_english_.empty()) error_english_ = "the engine failed";
            error_ = miniapp::format(app_.tr(Str::ReviewStopped), {error_english_});
            return;
        }
        Verdict& v = verdicts_[i];
        v.done = true;
        v.best = name(reply, "best");
        auto row = reply.find("bestRow"), col = reply.find("bestCol");
        if (row != reply.end() && col != reply.end() && row->is_number_integer() && col->is_number_integer() &&
            row->get<int>() >= 0 && col->get<int>() >= 0)
            v.best_at = games::Snapshot::Point{row->get<int>(), col->get<int>()};
        v.eval_best = num(reply, "evalBest");
        v.eval_played = num(reply, "evalPlayed");
        v.loss = std::max(0.0, num(reply, "loss"));
        auto exact = reply.find("exact");
        v.exact = exact != reply.end() && exact->is_boolean() && exact->get<bool>();
        v.mark = name(reply, "mark");
        next_ = i + 1;
        analyse_next();
    });
}

// After ply i, the game as player `you` stands, -1 (lost) … 1 (won): discs squashed so that a
// few discs show (tanh of a sixteenth, as a rational curve: no exp in the page), a chance to
// win as it is.
double ReviewPage::graph_value(size_t i) const {
    const Verdict& v = verdicts_[i];
    const bool mine = game_.plies[i].side == you_;
    if (game_.scale == ReviewScale::Discs) {
        const double x = (mine ? v.eval_played : -v.eval_played) / 16.0;
        return std::clamp(x * (27 + x * x) / (27 + 9 * x * x), -1.0, 1.0);
    }
    const double p = (mine ? v.eval_played : 1000.0 - v.eval_played) / 1000.0;
    return std::clamp(2.0 * p - 1.0, -1.0, 1.0);
}

// --- moving ----------------------------------------------------------------------------------

void ReviewPage::go_to(int at, bool announce) {
    at = std::clamp(at, 0, int(game_.plies.size()));
    if (at == at_) return;
    at_ = at;
    app_.mark_dirty();
    if (announce) app_.announce(move_line());
}

// reviewAt {at}: show the game after `at` moves (0 = the start).
std::string ReviewPage::command(const json& m) {
    if (name(m, "type") != "reviewAt") return PageView::command(m);
    if (!m.contains("at") || !m["at"].is_number_integer()) return "reviewAt needs a whole number at";
    go_to(m["at"].get<int>(), true);
    return "";
}

// --- words -----------------------------------------------------------------------------------

std::string ReviewPage::side_name(int side) const {
    if (!info_) return "";
    const std::string_view s = info_->sides[side == 2 ? 1 : 0];
    if (s == "black") return app_.tr(Str::Black);
    if (s == "white") return app_.tr(Str::White);
    return std::string(s);
}

std::string ReviewPage::mark_words(const std::string& mark) const {
    if (mark == "best") return app_.tr(Str::MarkBest);
    if (mark == "good") return app_.tr(Str::MarkGood);
    if (mark == "inaccuracy") return app_.tr(Str::MarkInaccuracy);
    if (mark == "mistake") return app_.tr(Str::MarkMistake);
    if (mark == "blunder") return app_.tr(Str::MarkBlunder);
    if (mark == "missedWin") return app_.tr(Str::MarkMissedWin);
    if (mark == "missedBlock") return app_.tr(Str::MarkMissedBlock);
    if (mark == "allowsVcf") return app_.tr(Str::MarkAllowsVcf);
    if (mark == "forced") return app_.tr(Str::MarkForced);
    return mark;
}

// "12. f5 (Black) · Mistake · 5 discs lost · better c4", or the start position.
std::string ReviewPage::move_line() const {
    if (at_ == 0) return app_.tr(Str::ReviewStart);
    const size_t i = size_t(at_ - 1);
    const ReviewPly& p = game_.plies[i];
    std::string s = miniapp::format(app_.tr(Str::ReviewMove), {std::to_string(at_), p.name, side_name(p.side)});
    const Verdict& v = verdicts_[i];
    if (!v.done) return s + " · " + app_.tr(Str::ReviewPending);
    if (!v.mark.empty()) s += " · " + mark_words(v.mark);
    if (game_.scale == ReviewScale::Discs && v.loss > 0)
        s += " · " + miniapp::format(app_.tr(Str::ReviewDiscsLost), {number(v.loss)});
    if (!v.best.empty() && v.best != p.name && v.mark != "best" && v.mark != "forced")
        s += " · " + miniapp::format(app_.tr(Str::ReviewBetter), {v.best});
    return s;
}

ReviewPage::Tally ReviewPage::tally(int side) const {
    static_assert(std::size(Tally{}.marks) == std::size(kBadMarks));
    Tally tl;
    for (size_t i = 0; i < verdicts_.size(); ++i) {
        if (game_.plies[i].side != side || !verdicts_[i].done) continue;
        tl.loss += verdicts_[i].loss;
        for (size_t k = 0; k < std::size(kBadMarks); ++k)
            if (verdicts_[i].mark == kBadMarks[k]) ++tl.marks[k];
    }
    return tl;
}

// "Black: 2 inaccuracies, 1 mistake, 0 blunders · 9 discs lost".
std::string ReviewPage::summary_line(int side) const {
    const Tally tl = tally(side);
    const int* counts = tl.marks;
    const double loss = tl.loss;
    std::string s = miniapp::format(app_.tr(Str::ReviewSummary),
                                    {side_name(side), std::to_string(counts[0]), std::to_string(counts[1]),
                                     std::to_string(counts[2])});
    if (game_.scale == ReviewScale::Discs) s += " · " + miniapp::format(app_.tr(Str::ReviewDiscsLost), {number(loss)});
    const int tactics = counts[3] + counts[4] + counts[5];
    if (tactics) s += " · " + miniapp::format(app_.tr(Str::ReviewTacticsMissed), {std::to_string(tactics)});
    return s;
}

// --- drawing ---------------------------------------------------------------------------------

void ReviewPage::draw(Rect body) {
    const Theme& t = app_.theme();
    const float pad = app_.rpx(24), gap = app_.rpx(16);
    Rect r = body.inset(pad);
    if (!error_.empty() && game_.plies.empty()) {
        app_.text(r.take_top(app_.rpx(160)), error_, FontRole::Body, t.danger, App::Align::Center);
        return;
    }
    const int total = int(game_.plies.size());
    // Header: where we are, and how far the analysis is.
    std::string status;
    if (!error_.empty()) status = error_;
    else if (next_ < game_.plies.size())
        status = miniapp::format(app_.tr(Str::ReviewAnalysing), {std::to_string(int(next_)), std::to_string(total)});
    else status = app_.tr(Str::ReviewDone);
    app_.text(r.take_top(app_.fonts().size(FontRole::Small) * 1.4f, app_.rpx(8)), status, FontRole::Small,
              error_.empty() ? t.text_secondary : t.danger, App::Align::Center);

    const float buttons_h = app_.tap(80), graph_h = std::max(app_.rpx(150), 60.0f);
    const float line_h = app_.fonts().size(FontRole::Body) * 2.7f, summary_h = app_.fonts().size(FontRole::Small) * 2.9f;
    const float side = std::max(60.0f, std::min(r.w, r.h - buttons_h - graph_h - line_h - summary_h - 4 * gap));
    Rect board = r.take_top(side, gap);
    board.x += (board.w - side) * 0.5f;
    board.w = side;

    // The board after `at_` moves, the last move dotted, the better move ringed.
    const games::Snapshot shown = shown_position();
    std::optional<std::array<int, 2>> last;
    if (shown.last) last = *shown.last;
    app_.plain_board(board, info_ ? info_->look : games::BoardLook::Marks, info_ ? info_->rows : 0,
                     cells_json(shown), last, cells_);
    if (at_ > 0) {
        const Verdict& v = verdicts_[size_t(at_ - 1)];
        if (v.done && v.best_at && is_bad(v.mark) && info_) {
            const size_t k = size_t((*v.best_at)[0] * info_->cols + (*v.best_at)[1]);
            if (k < cells_.size()) {
                const Rect c = cells_[k];
                app_.draw_list()->AddCircle(c.center(), c.w * 0.36f, t.primary, 0, std::max(2.0f, c.w * 0.08f));
            }
        }
    }
    // A swipe across the board steps: to the left, on; to the right, back.
    ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && board.contains(io.MouseClickedPos[0])) {
        const float dx = io.MousePos.x - io.MouseClickedPos[0].x, dy = io.MousePos.y - io.MouseClickedPos[0].y;
        if (std::fabs(dx) > board.w * 0.15f && std::fabs(dx) > 1.5f * std::fabs(dy)) go_to(at_ + (dx < 0 ? 1 : -1), true);
    }
    if (ImGui::IsKeyPressed(ImGuiKey_LeftArrow)) go_to(at_ - 1, true);
    if (ImGui::IsKeyPressed(ImGuiKey_RightArrow)) go_to(at_ + 1, true);
    if (ImGui::IsKeyPressed(ImGuiKey_Home, false)) go_to(0, true);
    if (ImGui::IsKeyPressed(ImGuiKey_End, false)) go_to(total, true);

    app_.text(r.take_top(line_h, gap * 0.5f), move_line(), FontRole::Body, t.text, App::Align::Center);
    draw_graph(r.take_top(graph_h, gap));

    // First, back, on, last; Share.
    Rect row = r.take_top(buttons_h, gap);
    const float bw = (row.w - 4 * gap) / 5;
    const struct {
        const char* id;
        const char* label;
        int to;
        bool enabled;
    } steps[] = {{"review-first", "|<", 0, at_ > 0},
                 {"review-prev", "<", at_ - 1, at_ > 0},
                 {"review-next", ">", at_ + 1, at_ < total},
                 {"review-last", ">|", total, at_ < total}};
    for (int k = 0; k < 4; ++k) {
        Rect b{row.x + float(k) * (bw + gap), row.y, bw, row.h};
        if (app_.button(steps[k].id, b, steps[k].label, ButtonKind::Secondary, steps[k].enabled)) go_to(steps[k].to, true);
    }
    if (app_.button("share", Rect{row.x + 4 * (bw + gap), row.y, bw, row.h}, app_.tr(Str::Share)))
        share_link(app_, "pages/review/review", link_query_ + "&at=" + std::to_string(at_));
    const float small = app_.fonts().size(FontRole::Small) * 1.4f;
    app_.text(r.take_top(small), summary_line(1), FontRole::Small, t.text_secondary, App::Align::Center);
    app_.text(r.take_top(small), summary_line(2), FontRole::Small, t.text_secondary, App::Align::Center);
}

// The game as player `you` stood after each move (up: better), a dot on each marked move, the
// shown move's line; a tap moves there.
void ReviewPage::draw_graph(Rect r) {
    const Theme& t = app_.theme();
    ImDrawList* dl = app_.draw_list();
    app_.card(r, t.surface);
    const int total = int(game_.plies.size());
    const float mid = r.y + r.h * 0.5f, half = r.h * 0.42f;
    dl->AddLine(ImVec2(r.x, mid), ImVec2(r.x + r.w, mid), t.divider);
    auto x_of = [&](int at) { return r.x + (total ? r.w * float(at) / float(total) : 0); };
    ImVec2 prev(x_of(0), mid);
    for (int i = 0; i < total && verdicts_[size_t(i)].done; ++i) {
        const ImVec2 p(x_of(i + 1), mid - half * float(graph_value(size_t(i))));
        dl->AddLine(prev, p, t.primary, 2.0f);
        prev = p;
    }
    for (int i = 0; i < total; ++i) {
        const Verdict& v = verdicts_[size_t(i)];
        if (!v.done || !is_bad(v.mark)) continue;
        const ImU32 col = v.mark == "inaccuracy" ? IM_COL32(0xE0, 0xA8, 0x00, 255)
                          : v.mark == "mistake"  ? IM_COL32(0xF0, 0x70, 0x10, 255)
                                                 : t.danger;
        dl->AddCircleFilled(ImVec2(x_of(i + 1), mid - half * float(graph_value(size_t(i)))), app_.rpx(7), col);
    }
    dl->AddLine(ImVec2(x_of(at_), r.y), ImVec2(x_of(at_), r.y + r.h), t.text_secondary, 1.5f);
    app_.control("review-graph", r);
    ImGui::SetCursorScreenPos(r.min());
    if (ImGui::InvisibleButton("review-graph", ImVec2(std::max(r.w, 1.0f), std::max(r.h, 1.0f))) && total > 0) {
        const float f = (ImGui::GetIO().MousePos.x - r.x) / std::max(r.w, 1.0f);
        go_to(int(f * float(total) + 0.5f), true);
    }
}

// --- state -----------------------------------------------------------------------------------

// The position after `at_` moves in the shape every board game shares (nothing to play here): the
// kept board, the side to move, the last move (a pass leaves the one before), the outcome at
// the end.
games::Snapshot ReviewPage::shown_position() const {
    const size_t at = size_t(at_);
    const bool end = at >= game_.plies.size();
    const std::string& cells = end ? game_.end : game_.plies[at].cells;
    const int n = info_ ? info_->cols : 0;
    games::Snapshot s(n, n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            s.at(r, c) = size_t(r * n + c) < cells.size() ? int(cells[size_t(r * n + c)]) : 0;
    s.turn = end ? game_.end_turn : game_.plies[at].side;
    for (size_t i = at; i-- > 0;)
        if (game_.plies[i].move[0] >= 0) {
            s.last = game_.plies[i].move;
            break;
        }
    if (end) s.winner = game_.winner, s.reason = game_.reason;
    return s;
}

json ReviewPage::game_state() const {
    json state;
    state["review"] = true;
    state["game"] = game_id_;
    state["moves"] = moves_;
    state["at"] = at_;
    state["total"] = int(game_.plies.size());
    state["error"] = error_english_.empty() ? json(nullptr) : json(error_english_);
    state["moveLine"] = move_line();
    json& plies = state["plies"] = json::array();
    int analysed = 0;
    for (size_t i = 0; i < game_.plies.size(); ++i) {
        const Verdict& v = verdicts_[i];
        json p;
        p["move"] = game_.plies[i].name;
        p["side"] = game_.plies[i].side;
        if (v.done) {
            ++analysed;
            p["best"] = v.best.empty() ? json(nullptr) : json(v.best);
            p["loss"] = v.loss;
            p["mark"] = v.mark;
            p["exact"] = v.exact;
            p["evalPlayed"] = v.eval_played;
        }
        plies.push_back(std::move(p));
    }
    state["analysed"] = analysed;
    json& summary = state["summary"];
    for (int side : {1, 2}) {
        const Tally tl = tally(side);
        json& s = summary[side == 1 ? "1" : "2"];
        s["loss"] = tl.loss;
        for (size_t k = 0; k < std::size(kBadMarks); ++k) s[kBadMarks[k]] = tl.marks[k];
    }
    // The position shown, in the shape every board game shares; nothing to play here.
    add_snapshot(state, shown_position(), you_);
    return state;
}

std::optional<Rect> ReviewPage::board_cell(int index) const {
    if (index < 0 || size_t(index) >= cells_.size()) return std::nullopt;
    return cells_[size_t(index)];
}

} // namespace ui
