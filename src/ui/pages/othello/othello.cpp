#include "ui/pages/othello/othello.h"

#include "ui/pages/othello/othello_faults.h"
#include "ui/snapshot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using namespace othello;

namespace {
const char* kStorageKey = "othello";

const char* color_id(Color c) { return c == BLACK ? "black" : "white"; }

// Replay `moves` from `start`; false (with the reason) at the first illegal one.
bool replay(const Position& start, const std::vector<Move>& moves, Position& out, std::string& error) {
    out = start;
    return play_moves(out, moves, error);
}
} // namespace

// --- lifecycle and storage --------------------------------------------------------------------

void OthelloPage::onLoad(const miniapp::Query& query) {
    warm_engine("othello");
    load();
    bool fresh = read_query(query);
    if (auto black = query_side_black(query)) {
        const Color c = *black ? BLACK : WHITE;
        if (c != human_) human_ = c, fresh = true;
    }
    if (load_query_position(query)) return;
    if (fresh) {
        new_game();
        return;
    }
    after_move();
}

void OthelloPage::save() const {
    json saved = {{"start", position_string(start_)},
                  {"moves", transcript(moves_, true)},
                  {"level", ladder_id(level_)},
                  {"human", color_id(human_)},
                  {"hints", hints_on_}};
    save_play(saved);
    app_.storage().setStorageSync(kStorageKey, saved);
}

// A saved game that does not replay is reported and dropped: a fresh game, nothing fatal.
void OthelloPage::load() {
    auto saved = app_.storage().getStorageSync(kStorageKey);
    if (!saved || !saved->is_object()) return;
    const json& s = *saved;
    if (auto l = parse_ladder(s.value("level", ""))) level_ = *l;
    human_ = s.value("human", "black") == "white" ? WHITE : BLACK;
    hints_on_ = s.value("hints", false);
    load_play(s);
    Position start;
    std::vector<Move> moves;
    Position end;
    std::string error;
    if (!parse_position(s.value("start", ""), start, error) ||
        !parse_transcript(s.value("moves", ""), start, moves, end, error)) {
        std::printf("[othello] warning: the saved game is damaged (%s); starting a new one\n", error.c_str());
        return;
    }
    start_ = start;
    moves_ = moves;
    pos_ = end;
}

// --- game flow -----------------------------------------------------------------------------------

Position OthelloPage::current() const { return pos_; }

bool OthelloPage::humans_turn() const { return !pos_.game_over() && !ai_plays(pos_.side_to_move() == BLACK); }

// The game at this move, for a share link: the moves from the start (passes written), or the
// board and side to move for a game that began from a pasted board.
std::string OthelloPage::position_query() const {
    if (!(start_ == Position::start())) return "position=" + url_encode(position_string(pos_));
    return "position=" + url_encode(transcript(moves_, true));
}

bool OthelloPage::can_review() const {
    return !moves_.empty();
}

// The game for the Review page: its moves (passes written) from its start.
std::string OthelloPage::review_game_query() const {
    std::string q = "game=othello&moves=" + url_encode(transcript(moves_, true));
    if (!(start_ == Position::start())) q += "&start=" + url_encode(position_string(start_));
    return q;
}

void OthelloPage::new_game() {
    restart(Position::start(), {}, Position::start());
}

// A game from `start` with `moves` played to `end` (a new game, a pasted one): the AI's request,
// the flip animation and the hints are dropped, and its ending may count again.
void OthelloPage::restart(const Position& start, std::vector<Move> moves, const Position& end) {
    forget_ai();
    ai_move_ = MOVE_NONE;
    start_ = start;
    moves_ = std::move(moves);
    pos_ = end;
    anim_start_ = -1e9;
    hints_.clear();
    hints_for_.clear();
    play_.reset_record_guard();
    save();
    after_move();
}

// Play a legal move (or pass) for the side to move, animate its flips, tell everyone.
void OthelloPage::play(Move m, bool by_ai) {
    if (!pos_.is_legal(m)) return;
    const Color mover = pos_.side_to_move();
    const Bitboard flipped = pos_.do_move(m);
    moves_.push_back(m);
    play_.live = true;
    if (is_square(m)) {
        anim_flipped_ = flipped;
        anim_square_ = to_sq(m);
        anim_start_ = app_.now();
    }
    const std::string who = app_.tr(mover == BLACK ? Str::Black : Str::White);
    if (is_square(m))
        app_.announce(miniapp::format(app_.tr(Str::AnnouncePlays), {who, square_name(to_sq(m))}));
    else
        app_.announce(miniapp::format(app_.tr(Str::AnnouncePasses), {who}));
    json ev = {{"type", "move"}, {"game", "othello"}, {"player", color_id(mover)}, {"by", by_ai ? "ai" : "human"},
               {"move", is_square(m) ? square_name(to_sq(m)) : "pass"}};
    if (is_square(m)) ev["row"] = row_of(to_sq(m)), ev["col"] = col_of(to_sq(m));
    app_.emit(ev);
    hints_.clear();
    save();
    after_move();
}

// What follows a move: the result, an AI pass, the AI's turn, or hints for the human.
void OthelloPage::after_move() {
    if (pos_.game_over()) {
        std::string text = result_text();
        app_.announce(miniapp::format(app_.tr(Str::AnnounceResult), {text}));
        json r = game_state()["result"];
        app_.emit({{"type", "gameOver"}, {"game", "othello"}, {"result", r}});
        const int diff = pos_.count(human_) - pos_.count(~human_);
        game_ended(diff > 0 ? 1 : diff < 0 ? -1 : 0, diff);
        return;
    }
    if (ai_plays(pos_.side_to_move() == BLACK)) {
        if (pos_.must_pass()) {
            app_.toast(Str::AiPassed);
            play(MOVE_PASS, true);
        } else {
            ask_ai();
        }
        return;
    }
    ask_hints();
}

void OthelloPage::ask_ai() {
    if (ai_waiting_ || pos_.game_over() || !ai_plays(pos_.side_to_move() == BLACK) ||
        play_.ai_paused())
        return;
    begin_thinking();
    const std::string at = position_string(pos_);
    std::string req = "othello search " + board_string(pos_) + " " + side_char(pos_) + " level=" +
                      ladder_protocol(game_id(), level_for(pos_.side_to_move() == BLACK)) + " seed=" + std::to_string(seed_++) +
                      " time=" + std::to_string(think_ms_);
    engine(req, [this, at](const json& reply) {
        ai_waiting_ = false;
        if (position_string(pos_) != at) return; // the game moved on (undo, new game)
        if (reply_failed(reply)) return;
        auto m = parse_move(reply.value("move", ""));
        if (!m || !pos_.is_legal(*m)) {
            ai_error_ = "the engine answered an illegal move: " + reply.value("move", "?");
            return;
        }
        ai_move_ = *m;
        ai_due_ = ai_reply_due();
    });
}

void OthelloPage::ask_hints() {
    if (!hints_on_ || !humans_turn() || !pos_.legal_moves()) return;
    const std::string at = position_string(pos_);
    if (hints_for_ == at && !hints_.empty()) return;
    hints_for_ = at;
    engine("othello hints " + board_string(pos_) + " " + side_char(pos_) + " time=600", [this, at](const json& reply) {
        if (position_string(pos_) != at || !reply.contains("hints") || !reply["hints"].is_array()) return;
        hints_.clear();
        for (const auto& h : reply["hints"]) {
            auto sq = parse_square(h.value("move", ""));
            if (sq) hints_.push_back({*sq, h.value("value", 0), h.value("exact", false)});
        }
    });
}

// Take back to the human's previous move: the AI's reply and the human's move go. Two players:
// one move (and the pass that followed it, if any).
void OthelloPage::undo() {
    if (moves_.empty() || play_.mode == PlayMode::AiVsAi) return;
    forget_ai();
    ai_move_ = MOVE_NONE;
    std::string error;
    while (!moves_.empty()) {
        Move m = moves_.back();
        moves_.pop_back();
        replay(start_, moves_, pos_, error);
        if (is_square(m) && (play_.mode == PlayMode::Two || pos_.side_to_move() == human_)) break;
    }
    anim_start_ = -1e9;
    hints_.clear();
    hints_for_.clear();
    save();
    after_move();
}

// In progress once the player has made a move of their own (the AI's opening move alone is not
// worth a question) and the game has no result yet.
bool OthelloPage::game_in_progress() const {
    if (pos_.game_over()) return false;
    if (play_.mode != PlayMode::Ai) return !moves_.empty();
    Color mover = start_.side_to_move();
    for (Move m : moves_) {
        if (mover == human_ && m != MOVE_PASS) return true;
        mover = mover == BLACK ? WHITE : BLACK;
    }
    return false;
}

void OthelloPage::set_human_black(bool black) {
    const Color c = black ? BLACK : WHITE;
    if (c == human_) return;
    human_ = c;
    new_game();
}

// Start from pasted text: a board string + side, or a transcript from the start position.
bool OthelloPage::load_position(const std::string& raw, LoadFault& fault) {
    const std::string text = trim(raw);
    Position start, end;
    std::vector<Move> moves;
    std::string board_error, moves_error;
    Fault board_fault, moves_fault;
    bool looks_like_board = text.size() >= 64 && text.find_first_not_of("XxOo-._*BbWw0 \t\r\n") == std::string::npos;
    if (parse_position(text, start, board_error, &board_fault)) {
        moves.clear();
        end = start;
    } else if (parse_transcript(text, Position::start(), moves, end, moves_error, &moves_fault)) {
        start = Position::start();
    } else {
        fault.english = looks_like_board ? board_error : moves_error;
        fault.shown = ui::fault_text(looks_like_board ? board_fault : moves_fault, app_.lang(), fault.english);
        return false;
    }
    restart(start, std::move(moves), end);
    return true;
}

void OthelloPage::paste() {
    prompt_position(Str::OthelloPasteTitle, Str::OthelloPasteMessage, "f5d6c3d3c4", true);
}

void OthelloPage::copy_transcript() {
    std::string text = transcript(moves_);
    if (!(start_ == Position::start())) text = position_string(start_) + (text.empty() ? "" : " " + text);
    app_.host().set_clipboard(text);
    app_.toast(Str::TranscriptCopied);
}

std::string OthelloPage::command(const json& m) {
    const std::string type = m.value("type", "");
    if (type == "play" || type == "pass") { // the accessible grid and the embedding parent
        if (pos_.game_over()) return type + ": the game is over";
        if (!humans_turn() || ai_waiting_ || ai_move_ != MOVE_NONE) return type + ": it is not your turn";
        std::optional<Move> mv;
        if (type == "pass") mv = MOVE_PASS;
        else if (m.contains("cell") && m["cell"].is_number_integer() && m["cell"].get<int>() >= 0 && m["cell"].get<int>() < 64)
            mv = make_move(Square(m["cell"].get<int>()));
        else if (m.contains("move") && m["move"].is_string())
            mv = parse_move(m["move"].get<std::string>());
        if (!mv) return "play: give a cell 0..63 or a move like \"d3\"";
        if (!pos_.is_legal(*mv))
            return *mv == MOVE_PASS ? "pass: you have a legal move" : "play: " + move_name(*mv) + " flips nothing";
        play(*mv, false);
        return "";
    }
    if (auto done = shared_command(m)) return *done;
    return PageView::command(m);
}

// --- state -----------------------------------------------------------------------------------------

std::string OthelloPage::result_text() const {
    int b = pos_.count(BLACK), w = pos_.count(WHITE);
    if (b > w) return miniapp::format(app_.tr(Str::ResultBlackWins), {std::to_string(b), std::to_string(w)});
    if (w > b) return miniapp::format(app_.tr(Str::ResultWhiteWins), {std::to_string(w), std::to_string(b)});
    return miniapp::format(app_.tr(Str::ResultDrawScore), {std::to_string(b), std::to_string(w)});
}

json OthelloPage::game_state() const {
    json legal = json::array();
    for (Bitboard l = pos_.legal_moves(); l;) legal.push_back(square_name(pop_lsb(l)));
    json result = nullptr;
    if (pos_.game_over()) {
        int b = pos_.count(BLACK), w = pos_.count(WHITE);
        result = {{"winner", b > w ? "black" : w > b ? "white" : "draw"}, {"black", b}, {"white", w},
                  {"score", pos_.final_score(BLACK)}};
    }
    // The last move that is not a pass, if any.
    Move last_move = MOVE_NONE;
    for (auto it = moves_.rbegin(); it != moves_.rend() && last_move == MOVE_NONE; ++it)
        if (is_square(*it)) last_move = *it;
    const json last = is_square(last_move) ? json(square_name(to_sq(last_move))) : json(nullptr);
    json hints = json::array();
    for (const auto& h : hints_) hints.push_back({{"move", square_name(h.sq)}, {"value", h.value}, {"exact", h.exact}});
    // The shape every board game shares (ui/snapshot.h): black is 1.
    const games::Snapshot snap = snapshot(pos_, last_move); // turn 0 once the game is over
    // Two players: the side to move is the player's (the accessible grid plays it).
    const bool two = play_.mode == PlayMode::Two && !pos_.game_over();
    const int you = two ? to_move_code(pos_) : human_ == BLACK ? 1 : 2;
    json state = {{"board", cells_json(snap)},
                  {"toMove", to_move_code(pos_)},
                  {"legal", legal},
                  {"counts", {{"black", pos_.count(BLACK)}, {"white", pos_.count(WHITE)}}},
                  {"result", result},
                  {"level", ladder_id(level_)},
                  {"transcript", transcript(moves_)},
                  {"start", position_string(start_)},
                  {"human", color_id(human_)},
                  {"mustPass", humans_turn() && pos_.must_pass()},
                  {"thinking", ai_waiting_ || ai_move_ != MOVE_NONE},
                  {"lastMove", last},
                  {"hintsOn", hints_on_},
                  {"hints", hints},
                  {"error", ai_error_.empty() ? json(nullptr) : json(ai_error_)}};
    add_play_state(state);
    add_snapshot(state, snap, you);
    return state;
}

std::optional<Rect> OthelloPage::board_cell(int index) const {
    if (index < 0 || index > 63 || !have_cells_) return std::nullopt;
    return cells_[index];
}

double OthelloPage::next_wake_ms() const {
    const double now = const_cast<App&>(app_).now();
    if (now - anim_start_ < kFlipMs) return 0; // a flip in progress: every frame
    if (ai_waiting_) return thinking_wake();
    if (ai_move_ != MOVE_NONE) return ai_due_;
    return INFINITY;
}

// --- drawing -----------------------------------------------------------------------------------------

void OthelloPage::draw(Rect body) {
    if (ai_move_ != MOVE_NONE && app_.now() >= ai_due_) {
        Move m = ai_move_;
        ai_move_ = MOVE_NONE;
        play(m, true);
    }
    auto rpx = [&](float v) { return app_.rpx(v); };
    Rect r = body.inset(rpx(metrics::kPadding));
    const float gap = rpx(16);

    draw_level_row(r, gap);
    draw_mode_rows(r, gap);

    draw_status(r.take_top(rpx(88), gap));

    const float bottom_h = app_.tap(72) + gap + app_.tap(64);
    float side = std::min(r.w, r.h - bottom_h - gap);
    Rect board{r.x + (r.w - side) * 0.5f, r.y, side, side};
    draw_board(board);
    r.take_top(side, gap);

    // Controls: colour | new game | undo | hints
    Rect row = r.take_top(app_.tap(72), gap);
    float unit = (row.w - 3 * gap) / 5;
    Rect color_r{row.x, row.y, unit * 2, row.h};
    Rect b1{color_r.x + color_r.w + gap, row.y, unit, row.h};
    Rect b2{b1.x + unit + gap, row.y, unit, row.h};
    if (play_.mode == PlayMode::AiVsAi) {
        draw_aivai_controls(Rect{row.x, row.y, color_r.w + gap + unit, row.h}, gap);
    } else {
        int c = app_.segmented("color", color_r,
                               {{"black", app_.tr(Str::Black)}, {"white", app_.tr(Str::White)}},
                               human_ == BLACK ? 0 : 1, play_.mode == PlayMode::Ai);
        if (c >= 0 && (c == 0) != (human_ == BLACK)) confirm_start_over([this, black = c == 0] { set_human_black(black); });
        if (app_.button("undo", b2, app_.tr(Str::Undo), ButtonKind::Secondary, !moves_.empty())) undo();
    }
    if (play_.mode == PlayMode::AiVsAi) b1 = b2; // New game beside Pause and the speed
    if (app_.button("new-game", b1, app_.tr(Str::NewGame))) confirm_start_over([this] { new_game(); });
    Rect b3{b2.x + unit + gap, row.y, unit, row.h};
    if (app_.button("hints", b3, app_.tr(Str::Hints), hints_on_ ? ButtonKind::Segment : ButtonKind::Secondary, true,
                    hints_on_)) {
        hints_on_ = !hints_on_;
        save();
        ask_hints();
    }

    // Transcript: the tail that fits (whole moves dropped from the front), then copy and paste.
    const std::string moves = moves_.empty() ? std::string(app_.tr(Str::NoMovesYet)) : transcript(moves_);
    int pressed = draw_notation_row(r.take_top(app_.tap(64)), gap, moves, moves_.empty(),
                                    [](std::string& s) { s.erase(0, 2); }, "transcript");
    if (pressed == 1) copy_transcript();
    if (pressed == 2) paste();
}

void OthelloPage::draw_status(Rect r) {
    const Theme& t = app_.theme();
    auto rpx = [&](float v) { return app_.rpx(v); };
    app_.card(r, t.surface);
    ImDrawList* dl = app_.draw_list();
    const float d = r.h * 0.5f;
    // Black count on the left, white on the right, each with its disc.
    ImVec2 bc{r.x + rpx(20) + d * 0.5f, r.y + r.h * 0.5f};
    dl->AddCircleFilled(bc, d * 0.5f, IM_COL32(20, 20, 20, 255));
    if (t.dark) dl->AddCircle(bc, d * 0.5f, t.text_secondary, 0, 1.0f); // visible on a dark card
    app_.text(Rect{bc.x + d * 0.7f, r.y, rpx(80), r.h}, std::to_string(pos_.count(BLACK)), FontRole::Large, t.text);
    ImVec2 wc{r.x + r.w - rpx(20) - d * 0.5f, r.y + r.h * 0.5f};
    dl->AddCircleFilled(wc, d * 0.5f, IM_COL32(245, 245, 245, 255));
    dl->AddCircle(wc, d * 0.5f, IM_COL32(120, 120, 120, 255), 0, 1.0f);
    app_.text(Rect{wc.x - d * 0.7f - rpx(80), r.y, rpx(80), r.h}, std::to_string(pos_.count(WHITE)), FontRole::Large,
              t.text, App::Align::Right);
    // Who is to move, the AI thinking, or the result.
    Rect mid{r.x + rpx(150), r.y, r.w - rpx(300), r.h};
    std::string status;
    ImU32 col = t.text;
    if (pos_.game_over()) {
        status = result_text();
        const int mine = pos_.count(human_), theirs = pos_.count(human_ == BLACK ? WHITE : BLACK);
        col = play_.mode == PlayMode::Ai ? outcome_color(t, mine - theirs) : t.text;
    } else if (!ai_error_.empty()) {
        status = miniapp::format(app_.tr(Str::EngineFailed), {ai_error_});
        col = t.danger;
    } else {
        const std::string who = app_.tr(pos_.side_to_move() == BLACK ? Str::Black : Str::White);
        if (play_.mode != PlayMode::Ai) {
            status = mode_status(pos_.side_to_move() == BLACK, ai_waiting_);
            if (ai_waiting_) draw_thinking_dots(ImVec2(mid.x + mid.w * 0.5f, r.y + r.h - rpx(16)));
        } else if (humans_turn()) {
            status = miniapp::format(app_.tr(Str::YourTurnAs), {who});
        } else {
            status = app_.tr(Str::AiThinking);
            draw_thinking_dots(ImVec2(mid.x + mid.w * 0.5f, r.y + r.h - rpx(16))); // the AI is working
        }
    }
    app_.control("status", mid);
    // The status above, the record against this level below (small), unless the dots are there.
    const bool dots = ai_error_.empty() && !pos_.game_over() &&
                      (play_.mode == PlayMode::Ai ? !humans_turn() : ai_waiting_);
    app_.text(Rect{mid.x, mid.y, mid.w, dots ? mid.h - rpx(10) : mid.h * 0.6f}, status, FontRole::Body, col, App::Align::Center);
    if (!dots) draw_record_line(Rect{mid.x - rpx(40), mid.y + mid.h * 0.56f, mid.w + rpx(80), mid.h * 0.4f});
    if (!ai_error_.empty() && !pos_.game_over()) {
        if (app_.button("retry", Rect{mid.x, mid.y, mid.w, mid.h}, "", ButtonKind::Plain)) ask_ai();
    }
}

void OthelloPage::draw_board(Rect board) {
    const Theme& t = app_.theme();
    auto rpx = [&](float v) { return app_.rpx(v); };
    ImDrawList* dl = app_.draw_list();
    const ImU32 felt = board_colors::kFelt, line = board_colors::kFeltLine;
    dl->AddRectFilled(board.min(), board.max(), IM_COL32(0x24, 0x5E, 0x3D, 255), rpx(12));
    const float margin = rpx(26); // room for the coordinates
    Rect grid{board.x + margin, board.y + margin, board.w - 2 * margin, board.h - 2 * margin};
    dl->AddRectFilled(grid.min(), grid.max(), felt);
    const float cell = grid.w / 8;
    for (int i = 0; i <= 8; ++i) {
        float o = cell * float(i);
        dl->AddLine(ImVec2(grid.x + o, grid.y), ImVec2(grid.x + o, grid.y + grid.h), line, std::max(1.0f, rpx(2)));
        dl->AddLine(ImVec2(grid.x, grid.y + o), ImVec2(grid.x + grid.w, grid.y + o), line, std::max(1.0f, rpx(2)));
    }
    for (int k : {2, 6}) // the four star points
        for (int j : {2, 6}) dl->AddCircleFilled(ImVec2(grid.x + cell * k, grid.y + cell * j), rpx(5), line);
    const ImU32 label = IM_COL32(0xD8, 0xEF, 0xE0, 255);
    for (int i = 0; i < 8; ++i) {
        char s[2] = {char('a' + i), 0};
        app_.text(Rect{grid.x + cell * i, board.y, cell, margin}, s, FontRole::Small, label, App::Align::Center, false);
        char n[2] = {char('1' + i), 0};
        app_.text(Rect{board.x, grid.y + cell * i, margin, cell}, n, FontRole::Small, label, App::Align::Center, false);
    }

    const double now = app_.now();
    const double anim = (now - anim_start_) / kFlipMs;
    const Bitboard legal = humans_turn() ? pos_.legal_moves() : 0;
    Square last = Square(64);
    for (auto it = moves_.rbegin(); it != moves_.rend(); ++it)
        if (is_square(*it)) {
            last = to_sq(*it);
            break;
        }
    int best_hint = -1000;
    for (const auto& h : hints_) best_hint = std::max(best_hint, h.value);

    const bool accept = humans_turn() && ai_move_ == MOVE_NONE && !ai_waiting_;
    for (int i = 0; i < 64; ++i) {
        const Square sq = Square(i);
        Rect c{grid.x + cell * float(col_of(sq)), grid.y + cell * float(row_of(sq)), cell, cell};
        cells_[i] = c;
        std::string id = "cell-" + std::to_string(i);
        bool is_legal = (legal & square_bb(sq)) != 0;
        // Cells are buttons only while they can take a move (a notice may lie on top).
        bool clicked = false, hovered = false;
        if (accept && !pos_.must_pass()) {
            ImGui::SetCursorScreenPos(c.min());
            ImGui::PushID(i);
            clicked = ImGui::InvisibleButton("##cell", ImVec2(cell, cell));
            hovered = ImGui::IsItemHovered();
            ImGui::PopID();
        }
        app_.control(id, c);
        if (clicked && accept && is_legal) {
            app_.mark_dirty();
            play(make_move(sq), false);
        }
        ImVec2 m = c.center();
        const float rad = cell * 0.42f;
        Color piece = pos_.piece_on(sq);
        if (piece != NO_COLOR) {
            // A flipped disc turns over: it narrows, shows its old colour, then widens in the new one.
            float sx = 1.0f;
            Color shown = piece;
            if (anim < 1.0 && (anim_flipped_ & square_bb(sq))) {
                sx = float(std::fabs(std::cos(anim * 3.14159265)));
                if (anim < 0.5) shown = ~piece;
            }
            float rx = std::max(rad * sx, rpx(2));
            ImU32 fill = shown == BLACK ? IM_COL32(20, 20, 20, 255) : IM_COL32(245, 245, 245, 255);
            ImU32 rim = shown == BLACK ? IM_COL32(60, 60, 60, 255) : IM_COL32(170, 170, 170, 255);
            dl->AddEllipseFilled(ImVec2(m.x, m.y + rpx(2)), rx, rad, IM_COL32(0, 0, 0, 70));
            dl->AddEllipseFilled(m, rx, rad, fill);
            dl->AddEllipse(m, rx, rad, rim, 0, 0, std::max(1.0f, rpx(2)));
            if (sq == last) dl->AddCircleFilled(m, rad * 0.18f, t.last_move);
        } else if (is_legal) {
            ImU32 dot = pos_.side_to_move() == BLACK ? IM_COL32(0, 0, 0, hovered ? 140 : 80) : IM_COL32(255, 255, 255, hovered ? 170 : 110);
            const Hint* hint = nullptr;
            for (const auto& h : hints_)
                if (h.sq == sq) hint = &h;
            if (hovered)
                dl->AddCircleFilled(m, rad, dot);
            else if (!hint)
                dl->AddCircleFilled(m, rad * 0.22f, dot);
            if (hint) draw_hint(c, *hint, hint->value == best_hint);
        }
    }
    have_cells_ = true;

    // A forced pass for the human: an explicit notice with its own button.
    if (humans_turn() && pos_.must_pass()) {
        Rect n{board.x + board.w * 0.08f, board.y + board.h * 0.34f, board.w * 0.84f, board.h * 0.32f};
        app_.card(n, t.surface, 20);
        Rect inner = n.inset(rpx(24));
        app_.text(inner.take_top(inner.h * 0.5f), app_.tr(Str::MustPass), FontRole::Body, t.text, App::Align::Center);
        Rect btn{n.x + n.w * 0.25f, inner.y + rpx(8), n.w * 0.5f, std::max(std::min(inner.h - rpx(8), rpx(80)), App::kMinTouchPx)};
        if (app_.button("pass", btn, app_.tr(Str::PassButton), ButtonKind::Primary)) play(MOVE_PASS, false);
    }
}

// One hint: the value ("+4", "-2") centred on its cell on a rounded pill, in the body font when it
// fits the cell, else the small one.
void OthelloPage::draw_hint(Rect cell, const Hint& h, bool best) {
    char v[8];
    std::snprintf(v, sizeof v, "%+d", h.value);
    FontRole role = FontRole::Body;
    ImVec2 size = app_.measure(v, role);
    if (size.x > cell.w * 0.62f || size.y > cell.h * 0.5f) {
        role = FontRole::Small;
        size = app_.measure(v, role);
    }
    const ImVec2 m = cell.center();
    const float half_w = std::min(size.x * 0.5f + size.y * 0.35f, cell.w * 0.46f), half_h = size.y * 0.5f + app_.rpx(2);
    app_.draw_list()->AddRectFilled(ImVec2(m.x - half_w, m.y - half_h), ImVec2(m.x + half_w, m.y + half_h),
                                    best ? IM_COL32(255, 214, 64, 240) : IM_COL32(0, 0, 0, 150), half_h);
    app_.text(cell, v, role, best ? IM_COL32(40, 32, 0, 255) : IM_COL32(248, 248, 248, 255), App::Align::Center, false);
}

} // namespace ui
