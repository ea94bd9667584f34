// brain.cpp — the Piskvork / Gomocup protocol ("pbrain") as a state machine (brain.h).
//
// Index
//   helpers ............ upper(), echo(), trim(), parse_ints(), inside(), xy(), five_on_board()
//   board and clock .... Brain(), move_budget_ms(), replay(), is_free(), any_free_move()
//   thinking ........... think(), request_stop()
//   settings ........... fit_memory(), set_info(): the INFO keys
//   commands ........... board_line(), handle(): one protocol line in, the reply lines out
#include "games/gomoku/brain.h"

#include "games/common/echo.h"

#include "games/gomoku/movegen.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace gomoku {

namespace {

// --- helpers ---------------------------------------------------------------------------------

std::string upper(std::string_view s) {
    std::string u(s);
    for (char& c : u) c = char(std::toupper(static_cast<unsigned char>(c)));
    return u;
}

// Input quoted in a reply: its first 80 bytes, escaped (games::echo).
std::string echo(std::string_view s) { return games::echo(s, 80); }

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// Parse comma-separated integers ("7,7" or "7,7,1"); false unless exactly `n` of them.
bool parse_ints(std::string_view s, int n, int64_t* out) {
    int k = 0;
    while (true) {
        s = trim(s);
        if (k == n) return s.empty();
        int64_t v = 0;
        auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc()) return false;
        out[k++] = v;
        s.remove_prefix(size_t(ptr - s.data()));
        s = trim(s);
        if (k < n) {
            if (s.empty() || s.front() != ',') return false;
            s.remove_prefix(1);
        }
    }
}

// Gomocup's X,Y (column, row) as parsed, before any narrowing: on the board or not.
bool inside(const Board& b, int64_t x, int64_t y) {
    return x >= 0 && y >= 0 && x < b.size() && y < b.size();
}

std::string xy(Pos p) {
    return std::to_string(col_of(p)) + "," + std::to_string(row_of(p));
}

// A winning line already on the board (a five under the rule; for `c`, or either colour when
// EMPTY), as "X,Y-X,Y" from end to end; "" when there is none.
std::string five_on_board(const Board& b, Color c) {
    for (int row = 0; row < b.size(); ++row)
        for (int col = 0; col < b.size(); ++col) {
            const Pos p = make_pos(row, col);
            if (b.at(p) == EMPTY || (c != EMPTY && b.at(p) != c)) continue;
            const std::vector<Pos> line = b.winning_line(p);
            if (!line.empty()) return xy(line.front()) + "-" + xy(line.back());
        }
    return "";
}

} // namespace

// --- board and clock -------------------------------------------------------------------------

Brain::Brain(size_t tt_megabytes)
    : board_(15, Rule::FREESTYLE), tt_megabytes_(tt_megabytes), engine_(tt_megabytes) {}

// Time for this move: the turn limit and a share of the match time, minus safety margins.
int64_t Brain::move_budget_ms() const {
    // Limits beyond MAX_LIMIT_MS (31 years) mean "no limit": clamped, the arithmetic below
    // cannot overflow.
    const int64_t turn = timeout_turn_ <= 0 ? 20 : std::min(timeout_turn_, MAX_LIMIT_MS);
    // A margin of 15 % and at least 150 ms from a 1 s turn up: a loaded host can leave a
    // process unscheduled for a few hundred ms (measured: 27 of 1 740 moves over a 1 s limit
    // with 10 %, at load 8 on 2 cores). Shorter turns keep 30 ms + 10 % (a 200 ms turn: 150 ms
    // to think, not 50; Rapfi keeps 30 ms and was never late at 200 ms over 955 moves).
    const int64_t margin = std::max<int64_t>(turn * 3 / 20, std::min<int64_t>(150, 30 + turn / 10));
    int64_t budget = turn - margin;
    // The match clock: none when timeout_match is 0 or time_left is the protocol's "unlimited"
    // (2147483647); used up at 0 or below (it goes negative when over): answer at once.
    if (timeout_match_ > 0 && time_left_ < UNLIMITED_TIME_LEFT) {
        if (time_left_ <= 0) return MIN_BUDGET_MS;
        const int moves_left = std::max(12, (board_.size() * board_.size() - board_.ply()) / 6);
        budget = std::min(budget, time_left_ / moves_left);
    }
    return std::max<int64_t>(budget, MIN_BUDGET_MS);
}

// Replay `moves` (alternating from black) on a fresh board of the current size and `rule`.
bool Brain::replay(const std::vector<Pos>& moves, Rule rule) {
    Board b(board_.size(), rule);
    for (Pos p : moves) {
        if (!b.is_empty(p)) return false;
        b.make(p);
    }
    board_ = b;
    rule_ = rule;
    return true;
}

bool Brain::is_free(Pos p) const {
    return board_.is_empty(p) && std::find(blocked_.begin(), blocked_.end(), p) == blocked_.end();
}

std::string Brain::play_own(Pos p) {
    board_.make(p);
    return xy(p);
}

// The best-ordered free candidate, else the first free cell; NO_POS when none is left.
Pos Brain::any_free_move() {
    MoveList list;
    gen_candidates(board_, list);
    list.sort();
    for (int i = 0; i < list.size; ++i)
        if (is_free(list.moves[i].pos)) return list.moves[i].pos;
    for (int i = 0; i < board_.size() * board_.size(); ++i)
        if (is_free(make_pos(i / board_.size(), i % board_.size())))
            return make_pos(i / board_.size(), i % board_.size());
    return NO_POS;
}

// --- thinking --------------------------------------------------------------------------------

// Search the current position for the side to move and play the answer. After a five (the
// game is over; managers stop there, a GUI or a script may not) a MESSAGE saying so comes
// first, and the move is any free cell, played without a search: the protocol expects a move.
std::vector<std::string> Brain::think() {
    if (board_.full()) return {"ERROR board is full"};
    const Color us = board_.to_move();
    const std::string ours = five_on_board(board_, us), theirs = five_on_board(board_, opponent(us));
    if (!ours.empty() || !theirs.empty()) {
        const std::string who = ours.empty()     ? "the opponent has five at " + theirs
                                : theirs.empty() ? "this brain has five at " + ours
                                                 : "both have five (" + ours + ", " + theirs + ")";
        last_choice_ = MoveChoice{};
        const Pos p = any_free_move();
        if (p == NO_POS) return {"ERROR no free cell"};
        return {"MESSAGE game over: " + who + "; a move anyway", play_own(p)};
    }
    LevelOptions o;
    o.stop = &stop_;
    o.nodes = max_node_;
    o.depth = max_depth_;
    const int64_t queued_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  std::chrono::steady_clock::now() - received_)
                                  .count();
    o.time_ms = std::max<int64_t>(move_budget_ms() - queued_ms, 5);
    {
        std::lock_guard<std::mutex> lock(stop_mutex_);
        searching_line_ = line_no_;
        stop_ = stop_before_ > line_no_; // a YXSTOP read after this line, before we got here
    }
    MoveChoice mc = engine_.choose(board_, Level::MASTER, seed_, o);
    {
        std::lock_guard<std::mutex> lock(stop_mutex_);
        searching_line_ = NOT_SEARCHING;
        stop_ = false;
    }
    last_choice_ = mc;
    if (mc.move == NO_POS || !is_free(mc.move)) { // never play an occupied or blocked cell
        mc.move = any_free_move();
        if (mc.move == NO_POS) return {"ERROR no free cell"};
    }
    return {play_own(mc.move)};
}

// Called by the reader thread: see brain.h. Under the mutex, so that the flag is never set for
// a search of a line after `line_no` (nor left set once the search it was meant for is over).
void Brain::request_stop(uint64_t line_no) {
    std::lock_guard<std::mutex> lock(stop_mutex_);
    stop_before_ = std::max(stop_before_, line_no);
    if (searching_line_ < line_no) stop_ = true;
}

// --- settings --------------------------------------------------------------------------------

// INFO max_memory (bytes, 0 = no limit): the hash table becomes the largest power of two that
// leaves MEMORY_RESERVE for the rest (at least 1 MB, at most the constructor's size). Applied at
// once: INFO is handled between searches, a resize only clears the table, and a new table's
// memory is mapped as the search writes it (tt.h), so it costs no time and makes no peak.
void Brain::fit_memory(int64_t bytes) {
    max_memory_ = bytes;
    size_t mb = tt_megabytes_;
    if (bytes > 0) mb = size_t(std::clamp<int64_t>((bytes - MEMORY_RESERVE) >> 20, 1, int64_t(mb)));
    size_t table_mb = 1; // what resize_tt(mb) makes: a power of two
    while (table_mb * 2 <= mb) table_mb *= 2;
    if (table_mb != tt_megabytes()) engine_.master().resize_tt(table_mb);
}

std::string Brain::set_info(std::string_view key, std::string_view value) {
    int64_t v = 0;
    const std::string k = upper(key);
    if (k == "FOLDER" || k == "EVALUATE" || k == "GAME_TYPE" || k == "HASH_SIZE") return "";
    if (!parse_ints(value, 1, &v)) return "ERROR bad INFO value for " + echo(key);
    if (k == "TIMEOUT_TURN")
        timeout_turn_ = v;
    else if (k == "TIMEOUT_MATCH")
        timeout_match_ = v;
    else if (k == "TIME_LEFT")
        time_left_ = v;
    else if (k == "MAX_MEMORY")
        fit_memory(v);
    else if (k == "MAX_DEPTH")
        max_depth_ = int(std::clamp<int64_t>(v, 0, MAX_DEPTH));
    else if (k == "MAX_NODE")
        max_node_ = uint64_t(std::max<int64_t>(v, 0));
    else if (k == "SEED")
        seed_ = uint64_t(v);
    else if (k == "RULE") {
        const Rule r = (v & 4) ? Rule::RENJU : (v & 1) ? Rule::STANDARD : Rule::FREESTYLE;
        if (r != rule_) {
            std::vector<Pos> moves;
            for (int i = 0; i < board_.ply(); ++i) moves.push_back(board_.move_at(i));
            replay(moves, r);
        }
    }
    return "";
}

// --- commands --------------------------------------------------------------------------------

// One line between BOARD and DONE. Bad lines are remembered, not answered: the reply stream
// stays one answer per command, and DONE then gives one ERROR naming the first bad line and
// leaves the position as it was before BOARD. END still ends, YXSTOP is ignored.
std::vector<std::string> Brain::board_line(std::string_view line) {
    const std::string u = upper(line);
    if (u == "END") {
        board_mode_ = false;
        quit_ = true;
        return {};
    }
    if (u == "YXSTOP") return {};
    if (u != "DONE") {
        int64_t v[3];
        if (!parse_ints(line, 3, v) || !inside(board_, v[0], v[1]) || v[2] < 1 || v[2] > 3) {
            if (board_bad_lines_++ == 0) board_first_bad_ = echo(line);
            return {};
        }
        // Field 3 (continuous mode: a stone of a line already scored) is kept as a blocked
        // cell: no side's stone for the search, but never a place to play.
        board_lines_.push_back({make_pos(int(v[1]), int(v[0])), int(v[2])});
        return {};
    }
    board_mode_ = false;
    std::vector<std::pair<Pos, int>> lines;
    lines.swap(board_lines_);
    if (board_bad_lines_) {
        std::string e = "ERROR bad BOARD line '" + board_first_bad_ + "'";
        if (board_bad_lines_ > 1) e += " (and " + std::to_string(board_bad_lines_ - 1) + " more)";
        return {e + "; the position is unchanged"};
    }
    std::vector<Pos> own, opp, blocked;
    for (auto [p, f] : lines) (f == 1 ? own : f == 2 ? opp : blocked).push_back(p);
    // Black is whoever has more stones (or us when equal: we are to move).
    const bool we_black = own.size() == opp.size();
    if (!we_black && opp.size() != own.size() + 1) return {"ERROR stone counts do not alternate"};
    std::vector<Pos> moves;
    const std::vector<Pos>& blk = we_black ? own : opp;
    const std::vector<Pos>& wht = we_black ? opp : own;
    for (size_t i = 0; i < blk.size(); ++i) {
        moves.push_back(blk[i]);
        if (i < wht.size()) moves.push_back(wht[i]);
    }
    if (!replay(moves, rule_)) return {"ERROR repeated cell in BOARD"};
    blocked_ = std::move(blocked);
    return think();
}

std::vector<std::string> Brain::handle(std::string_view raw,
                                       std::chrono::steady_clock::time_point received) {
    received_ = received;
    line_no_ = lines_++;
    std::string_view line = trim(raw);
    if (line.empty()) return {};
    if (board_mode_) return board_line(line);
    const size_t sp = line.find_first_of(" \t");
    const std::string cmd = upper(line.substr(0, sp));
    const std::string_view args =
        sp == std::string_view::npos ? std::string_view() : trim(line.substr(sp));

    if (cmd == "END") {
        quit_ = true;
        return {};
    }
    if (cmd == "ABOUT")
        return {"name=\"MiniArena\", version=\"0.1\", author=\"Mini Arena\", country=\"-\", "
                "www=\"-\", email=\"-\""};
    if (cmd == "YXSTOP") return {}; // idle: nothing to stop
    if (cmd == "INFO") {
        const size_t s2 = args.find_first_of(" \t");
        if (s2 == std::string_view::npos) return {"ERROR INFO needs a key and a value"};
        const std::string r = set_info(args.substr(0, s2), trim(args.substr(s2)));
        if (r.empty()) return {};
        return {r};
    }
    if (cmd == "START") {
        int64_t n = 0;
        if (!parse_ints(args, 1, &n) || n < MIN_SIZE || n > MAX_SIZE)
            return {"ERROR unsupported size (" + std::to_string(MIN_SIZE) + ".." +
                    std::to_string(MAX_SIZE) + ")"};
        board_.reset(int(n), rule_);
        blocked_.clear();
        started_ = true;
        return {"OK"};
    }
    if (cmd == "RECTSTART") {
        int64_t wh[2];
        if (!parse_ints(args, 2, wh) || wh[0] != wh[1] || wh[0] < MIN_SIZE || wh[0] > MAX_SIZE)
            return {"ERROR only square boards " + std::to_string(MIN_SIZE) + ".." +
                    std::to_string(MAX_SIZE)};
        board_.reset(int(wh[0]), rule_);
        blocked_.clear();
        started_ = true;
        return {"OK"};
    }
    if (cmd == "RESTART") {
        if (!started_) return {"ERROR not started"};
        board_.reset(board_.size(), rule_);
        blocked_.clear();
        return {"OK"};
    }
    const bool known =
        cmd == "BEGIN" || cmd == "TURN" || cmd == "BOARD" || cmd == "TAKEBACK" || cmd == "PLAY";
    if (!known) return {"UNKNOWN command '" + echo(cmd) + "'"};
    if (!started_) return {"ERROR not started (send START first)"};
    if (cmd == "BEGIN") {
        if (board_.ply()) return {"ERROR BEGIN on a non-empty board"};
        return think();
    }
    if (cmd == "BOARD") {
        board_mode_ = true;
        board_lines_.clear();
        board_bad_lines_ = 0;
        return {};
    }
    int64_t v[2];
    if (!parse_ints(args, 2, v) || !inside(board_, v[0], v[1]))
        return {"ERROR bad coordinates '" + echo(args) + "'"};
    const Pos p = make_pos(int(v[1]), int(v[0]));
    if (cmd == "TAKEBACK") {
        if (board_.is_empty(p)) return {"ERROR no stone at " + echo(args)};
        // Only the last stone: taking back an earlier one would leave a position that no
        // alternating sequence of moves reaches (the stones after it would change colour).
        if (board_.last_move() != p)
            return {"ERROR " + echo(args) + " is not the last stone; " + xy(board_.last_move()) +
                    " is"};
        board_.undo();
        return {"OK"};
    }
    if (!is_free(p)) return {"ERROR occupied cell " + echo(args)};
    if (cmd == "PLAY") return {play_own(p)};
    board_.make(p); // TURN: the opponent's move
    if (board_.full()) return {"ERROR board is full"};
    return think();
}

} // namespace gomoku
