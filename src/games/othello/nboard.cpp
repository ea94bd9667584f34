#include "games/othello/nboard.h"

#include "games/common/echo.h"

#include <charconv>
#include <cstdio>
#include <string>

namespace othello {
namespace {

// Splits off the next blank-separated word of s.
std::string_view next_word(std::string_view& s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    size_t i = 0;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    const std::string_view w = s.substr(0, i);
    s.remove_prefix(i);
    return w;
}

// The rest of a line without surrounding blanks.
std::string_view rest_of(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

// 'text' in quotes, for messages: its first 60 bytes, escaped (games::echo). Built by appends:
// GCC 12 warns on chained + here.
std::string quoted(std::string_view text) {
    std::string q(1, '\'');
    q += games::echo(text, 60);
    q += '\'';
    return q;
}

// Whole-string integer parse.
bool to_int(std::string_view s, int& v) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

// Move name in the upper case NBoard uses ("F5", "PA").
std::string upper_move(Move m) {
    std::string s = move_name(m);
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// Discs with two decimals.
std::string discs(int eval) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", double(eval) / EVAL_UNIT);
    return buf;
}

} // namespace

NBoardSession::NBoardSession(std::ostream& out, bool report_time, int log2_entries)
    : out_(out), report_time_(report_time), pos_(Position::start()), searcher_(log2_entries) {}

// Writes a status line (flushed: the GUI reads a pipe).
void NBoardSession::status(std::string_view text) {
    out_ << "status" << (text.empty() ? "" : " ") << text << '\n';
    out_.flush();
}

// Commands that need an "nboard" first and a game.
bool NBoardSession::ready(std::string_view command) {
    if (!started_) {
        error(quoted(command) + " before 'nboard <version>'");
        return false;
    }
    if (!have_game_) {
        error(quoted(command) + " before 'set game <GGF>'");
        return false;
    }
    return true;
}

// Search limits from `set depth`: midgame depth, exact from depth + 10 empties (max 24).
SearchLimits NBoardSession::limits() const {
    SearchLimits l;
    l.exact_empties = depth_ + 10 < 24 ? depth_ + 10 : 24;
    l.depth = pos_.empty_count() <= l.exact_empties ? 0 : depth_;
    l.stop = stop_;
    return l;
}

// Parses and answers one command line; errors become status lines.
bool NBoardSession::handle(std::string_view line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
    std::string_view rest = line;
    const std::string_view command = next_word(rest);
    if (command.empty()) return true;
    if (command == "quit") return false;
    if (command == "ping") {
        int n = 0;
        const std::string_view arg = rest_of(rest);
        if (!arg.empty() && !to_int(arg, n))
            error("ping: " + quoted(arg) + " is not a number");
        else
            out_ << "pong " << n << '\n';
        out_.flush();
        return true;
    }
    if (command == "nboard") {
        int v = 0;
        if (!to_int(rest_of(rest), v)) {
            error("nboard: '" + std::string(rest_of(rest)) + "' is not a protocol version");
            return true;
        }
        started_ = v != 0;
        if (started_) out_ << "set myname MiniArena\n";
        out_.flush();
        return true;
    }
    if (!started_) {
        error(quoted(command) + " before 'nboard <version>'");
        return true;
    }
    if (command == "set") {
        const std::string_view what = next_word(rest);
        const std::string_view arg = rest_of(rest);
        int v = 0;
        if (what == "depth") {
            if (!to_int(arg, v) || v < 1 || v > 60)
                error("set depth: " + quoted(arg) + " is not a depth in 1..60");
            else
                depth_ = v;
        } else if (what == "contempt") {
            if (!to_int(arg, v))
                error("set contempt: " + quoted(arg) + " is not a number");
            else
                contempt_ = v;
        } else if (what == "game") {
            GgfGame g;
            std::string message;
            if (!parse_ggf(arg, g, message))
                error("set game: " + message);
            else {
                Position p = g.start;
                std::string m2;
                play_moves(p, g.moves, m2);
                game_ = g;
                pos_ = p;
                have_game_ = true;
            }
        } else if (what == "time" || what == "name") {
            // Accepted and ignored (searches are depth-driven).
        } else {
            error("set: unknown option " + quoted(what));
        }
        return true;
    }
    if (command == "move") {
        if (!ready(command)) return true;
        std::string_view arg = rest_of(rest);
        const std::string_view mv = arg.substr(0, arg.find('/'));
        const auto m = parse_move(mv);
        if (!m) {
            error("move: " + quoted(mv) + " is not a square or PA");
            return true;
        }
        if (pos_.game_over()) {
            error("move " + quoted(mv) + ": the game is over");
            return true;
        }
        // A pass the GUI left out goes in first, but only with a legal move after it: a refused
        // move leaves the position as it was.
        Position next = pos_;
        const bool inserted_pass = *m != MOVE_PASS && next.must_pass();
        if (inserted_pass) next.do_move(MOVE_PASS);
        if (!next.is_legal(*m)) {
            error("move " + quoted(mv) + " is illegal for " +
                  (next.side_to_move() == BLACK ? "black" : "white") +
                  (inserted_pass ? " (after the pass " + std::string(pos_.side_to_move() == BLACK ? "black" : "white") + " must make)" : std::string()));
            return true;
        }
        next.do_move(*m);
        pos_ = next;
        if (inserted_pass) game_.moves.push_back(MOVE_PASS);
        game_.moves.push_back(*m);
        return true;
    }
    if (command == "hint") {
        int n = 1;
        const std::string_view arg = rest_of(rest);
        if (!arg.empty() && (!to_int(arg, n) || n < 1)) {
            error("hint: " + quoted(arg) + " is not a move count >= 1");
            return true;
        }
        if (ready(command)) hint(n);
        return true;
    }
    if (command == "go") {
        if (ready(command)) go();
        return true;
    }
    if (command == "learn") {
        out_ << "learned\n";
        out_.flush();
        return true;
    }
    if (command == "analyze") {
        error("analyze is not supported");
        return true;
    }
    error("unknown command " + quoted(command));
    return true;
}

// Answers `go`: the move the engine would play (the board is not changed).
void NBoardSession::go() {
    if (pos_.game_over()) {
        error("go: the game is over");
        return;
    }
    if (pos_.must_pass()) {
        out_ << "=== PA\n";
        out_.flush();
        return;
    }
    status("thinking");
    const SearchResult r = searcher_.search(pos_, limits());
    const double seconds = report_time_ ? r.ms / 1000.0 : 0.0;
    char t[32];
    std::snprintf(t, sizeof t, "%.2f", seconds);
    out_ << "nodestats " << r.nodes << ' ' << t << '\n';
    out_ << "=== " << upper_move(r.best) << '/' << discs(r.eval) << '/' << t << '\n';
    status("");
}

// Answers `hint n`: the n best moves with their values.
void NBoardSession::hint(int count) {
    if (pos_.game_over()) {
        error("hint: the game is over");
        return;
    }
    status("analysing");
    SearchLimits l = limits();
    const auto values = searcher_.analyse(pos_, l);
    const int depth = l.depth ? l.depth : pos_.empty_count();
    for (int i = 0; i < count && i < int(values.size()); ++i)
        out_ << "search " << upper_move(values[i].move) << ' ' << discs(values[i].value) << " 0 "
             << (values[i].exact ? pos_.empty_count() : depth) << '\n';
    status("");
}

} // namespace othello
