// service.cpp — the Gomoku verbs of the engine service protocol (service.h).
//
// Index
//   requests ........... Loaded, load()
//   replies ............ write_cells(), forbidden_now(), write_state()
//   verbs .............. search, play, state, start, forbidden, vcf / vct, bench (serve_*)
//   review ............. review_searcher(), write_review(), serve_review(), serve_review_game()
//   entry point ........ serve()
#include "games/gomoku/service.h"

#include "games/common/json_out.h"
#include "games/common/snapshot.h"
#include "games/gomoku/bench.h"
#include "games/gomoku/levels.h"
#include "games/gomoku/notation.h"
#include "games/gomoku/review.h"
#include "games/gomoku/threat.h"

#include <charconv>
#include <optional>
#include <exception>

namespace gomoku {

namespace {

using games::json_error;
using games::JsonOut;

// --- requests --------------------------------------------------------------------------------

// The position argument, the rule and the board size of a request, loaded into `board`.
struct Loaded {
    Board board;
    Outcome outcome;
};

// Parse rule= / size= and the position (first positional); "" on success, else the error.
std::string load(const games::Request& req, Loaded& out, Rule default_rule) {
    Rule rule = default_rule;
    if (auto r = req.get("rule")) {
        auto parsed = parse_rule(*r);
        if (!parsed) return "unknown rule '" + std::string(*r) + "' (freestyle, standard, renju)";
        rule = *parsed;
    }
    auto size = req.get_int("size", 15, 15, 20);
    if (!size || (*size != 15 && *size != 20)) return "size must be 15 or 20";
    if (req.positional.empty()) return "missing position (a pos string, '-' for an empty board)";
    out.board.reset(int(*size), rule);
    std::string err;
    if (!load_pos(out.board, req.positional[0], err, &out.outcome)) return "bad position: " + err;
    return "";
}

// --- replies ---------------------------------------------------------------------------------

void write_cells(JsonOut& j, const std::vector<Pos>& cells) {
    j.begin_array();
    for (Pos p : cells) j.begin_array().value(row_of(p)).value(col_of(p)).end_array();
    j.end_array();
}

// Black's forbidden points when black is to move in a game that goes on (renju), else none.
std::vector<Pos> forbidden_now(Board& b, const Outcome& o) {
    if (o.result != Result::NONE || b.to_move() != BLACK || b.rule() != Rule::RENJU) return {};
    return forbidden_points(b);
}

// Fields shared by play, state and start: position, side to move, result, line, forbidden, and
// every game's shared fields (games/common/snapshot.h).
void write_state(JsonOut& j, Board& b, const Outcome& o) {
    j.field("pos", to_pos(b));
    j.field("toMove", b.to_move() == BLACK ? 1 : 2);
    j.field("result", result_name(o.result));
    j.key("line");
    write_cells(j, o.line);
    j.field("forbidden", o.forbidden);
    games::Snapshot snap = snapshot(b, o, forbidden_now(b, o));
    snap.position = to_pos(b);
    snap.write(j);
}

// --- verbs -----------------------------------------------------------------------------------

std::string serve_search(const games::Request& req) {
    Loaded l;
    if (auto e = load(req, l, Rule::FREESTYLE); !e.empty()) return json_error(e);
    Level level = Level::MASTER;
    if (auto s = req.get("level")) {
        auto parsed = parse_level(*s);
        if (!parsed)
            return json_error("unknown level '" + std::string(*s) + "' (random, 1, 2, 3, master)");
        level = *parsed;
    }
    uint64_t seed = 0;
    if (auto s = req.get("seed")) {
        auto [ptr, ec] = std::from_chars(s->data(), s->data() + s->size(), seed);
        if (ec != std::errc() || ptr != s->data() + s->size())
            return json_error("bad seed (an unsigned 64-bit integer)");
    }
    auto time = req.get_int("time", 0, 0, 3'600'000);
    auto depth = req.get_int("depth", 0, 0, MAX_DEPTH);
    auto nodes = req.get_int("nodes", 0, 0, int64_t(1) << 40);
    if (!time) return json_error("bad time (milliseconds, 0..3600000)");
    if (!depth) return json_error("bad depth (0.." + std::to_string(MAX_DEPTH) + ")");
    if (!nodes) return json_error("bad nodes (0..2^40)");
    if (l.outcome.result != Result::NONE) return json_error("game over");
    LevelOptions o;
    o.depth = int(*depth);
    o.nodes = uint64_t(*nodes);
    o.time_ms = (*depth || *nodes) ? 0 : *time;
    const MoveChoice mc = choose_move(l.board, level, seed, o);
    if (mc.move == NO_POS) return json_error("no legal move");
    JsonOut j;
    j.begin_object()
        .field("row", row_of(mc.move))
        .field("col", col_of(mc.move))
        .field("move", move_name(mc.move))
        .field("eval", mc.value)
        .field("depth", mc.depth)
        .field("nodes", mc.nodes)
        .field("ms", mc.ms)
        .field("source", mc.source)
        .end_object();
    return j.str();
}

std::string serve_play(const games::Request& req) {
    Loaded l;
    if (auto e = load(req, l, Rule::FREESTYLE); !e.empty()) return json_error(e);
    int row = 0, col = 0;
    if (req.positional.size() == 2) { // one move in the pos strings' notation: h8
        std::vector<Coord> moves;
        std::string err;
        if (!parse_moves(req.positional[1], l.board.size(), moves, err) || moves.size() != 1)
            return json_error("move '" + req.positional[1] + "' is not one cell like h8" +
                              (err.empty() ? "" : " (" + err + ")"));
        row = moves[0].row;
        col = moves[0].col;
    }
    if (req.positional.size() < 2) return json_error("play needs <pos> <row> <col> (or <pos> h8)");
    for (int k = 0; req.positional.size() >= 3 && k < 2; ++k) {
        const std::string& s = req.positional[1 + k];
        int& v = k ? col : row;
        auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || ptr != s.data() + s.size())
            return json_error(std::string(k ? "col" : "row") + " '" + s + "' is not a number");
    }
    const std::string why = play_checked(l.board, row, col, l.outcome);
    if (!why.empty()) return json_error(why);
    JsonOut j;
    j.begin_object();
    write_state(j, l.board, l.outcome);
    j.end_object();
    return j.str();
}

std::string serve_state(const games::Request& req) {
    Loaded l;
    if (auto e = load(req, l, Rule::FREESTYLE); !e.empty()) return json_error(e);
    JsonOut j;
    j.begin_object();
    write_state(j, l.board, l.outcome);
    j.key("points");
    write_cells(j, forbidden_now(l.board, l.outcome));
    j.end_object();
    return j.str();
}

// start: the empty board, as `state -` answers it.
std::string serve_start(const games::Request& req) {
    games::Request empty = req;
    empty.positional = {"-"};
    return serve_state(empty);
}

std::string serve_forbidden(const games::Request& req) {
    Loaded l;
    if (auto e = load(req, l, Rule::RENJU); !e.empty()) return json_error(e);
    JsonOut j;
    j.begin_object().key("points");
    write_cells(j, forbidden_points(l.board));
    j.end_object();
    return j.str();
}

std::string serve_threat(const games::Request& req, bool vct) {
    Loaded l;
    if (auto e = load(req, l, Rule::FREESTYLE); !e.empty()) return json_error(e);
    if (l.outcome.result != Result::NONE) return json_error("game over");
    auto nodes = req.get_int("nodes", vct ? 200000 : 2000000, 1, int64_t(1) << 32);
    if (!nodes) return json_error("bad nodes (1..2^32)");
    ThreatSolver solver;
    const ThreatResult r =
        vct ? solver.vct(l.board, 10, uint64_t(*nodes)) : solver.vcf(l.board, 60, uint64_t(*nodes));
    JsonOut j;
    j.begin_object().field("win", r.win).key("sequence");
    write_cells(j, r.sequence);
    j.field("nodes", r.nodes).end_object();
    return j.str();
}

std::string serve_bench(const games::Request& req) {
    auto depth = req.get_int("depth", 0, 0, 20);
    if (!depth) return json_error("bad depth (0..20)");
    const BenchResult r = run_bench(int(*depth));
    JsonOut j;
    j.begin_object().field("nodes", r.nodes).field("ms", r.ms).field("nps", r.nps).end_object();
    return j.str();
}

// --- review ----------------------------------------------------------------------------------

// The review verbs' searcher: its own small table (MASTER's engine keeps its table between the
// moves of a game in play; a review clears this one before every search).
MasterSearcher& review_searcher() {
    static MasterSearcher searcher(8);
    return searcher;
}

// A move's review as the fields of one JSON object.
void write_review(JsonOut& j, const MoveReview& m) {
    j.field("row", row_of(m.played)).field("col", col_of(m.played));
    j.field("move", move_name(m.played));
    j.field("side", m.side == BLACK ? "black" : "white");
    j.field("best", move_name(m.best));
    j.field("bestRow", row_of(m.best)).field("bestCol", col_of(m.best));
    j.field("evalBest", m.eval_best).field("evalPlayed", m.eval_played);
    j.field("loss", m.loss());
    j.field("scoreBest", m.score_best).field("scorePlayed", m.score_played);
    j.field("hadWin", m.had_win).field("threatened", m.threatened);
    j.field("forbidden", m.forbidden);
    j.field("mark", m.mark);
    j.field("nodes", m.nodes).field("ms", m.ms);
}

std::optional<uint64_t> review_nodes(const games::Request& req) {
    auto nodes = req.get_int("nodes", int64_t(REVIEW_DEFAULT_NODES), 1, int64_t(1) << 40);
    if (!nodes) return std::nullopt;
    return uint64_t(*nodes);
}

// review <pos> <row> <col>: the move played there against MASTER's (review.h).
std::string serve_review(const games::Request& req) {
    Loaded l;
    if (auto e = load(req, l, Rule::FREESTYLE); !e.empty()) return json_error(e);
    const auto nodes = review_nodes(req);
    if (!nodes) return json_error("bad nodes (1..2^40)");
    if (req.positional.size() < 3) return json_error("review needs <pos> <row> <col>");
    int rc[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
        const std::string& s = req.positional[1 + k];
        auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), rc[k]);
        if (ec != std::errc() || ptr != s.data() + s.size())
            return json_error(std::string(k ? "col" : "row") + " '" + s + "' is not a number");
    }
    if (const Refusal why = refusal(l.board, rc[0], rc[1], l.outcome); why != Refusal::NONE)
        return json_error(refusal_text(why, rc[0], rc[1]));
    const MoveReview m = review_move(review_searcher(), l.board, make_pos(rc[0], rc[1]), *nodes);
    JsonOut j;
    j.begin_object();
    write_review(j, m);
    j.end_object();
    return j.str();
}

// review-game <pos>: every move of the game, then totals per colour.
std::string serve_review_game(const games::Request& req) {
    Loaded l;
    if (auto e = load(req, l, Rule::FREESTYLE); !e.empty()) return json_error(e);
    const auto nodes = review_nodes(req);
    if (!nodes) return json_error("bad nodes (1..2^40)");
    const Board& game = l.board;
    Board b(game.size(), game.rule());
    struct Totals {
        int loss = 0, moves = 0, inaccuracy = 0, mistake = 0, blunder = 0, missed_win = 0,
            missed_block = 0, allows_vcf = 0;
    } totals[2];
    uint64_t total_nodes = 0;
    int64_t ms = 0;
    JsonOut j;
    j.begin_object().key("moves").begin_array();
    for (int i = 0; i < game.ply(); ++i) {
        const Pos p = game.move_at(i);
        const MoveReview m = review_move(review_searcher(), b, p, *nodes);
        j.begin_object();
        write_review(j, m);
        j.end_object();
        Totals& t = totals[ci(m.side)];
        const std::string mark = m.mark;
        t.loss += m.loss();
        t.moves += 1;
        t.inaccuracy += mark == "inaccuracy";
        t.mistake += mark == "mistake";
        t.blunder += mark == "blunder";
        t.missed_win += mark == "missedWin";
        t.missed_block += mark == "missedBlock";
        t.allows_vcf += mark == "allowsVcf";
        total_nodes += m.nodes;
        ms += m.ms;
        b.make(p);
    }
    j.end_array().key("summary").begin_object();
    for (const Color c : {BLACK, WHITE}) {
        const Totals& t = totals[ci(c)];
        j.key(c == BLACK ? "black" : "white").begin_object();
        j.field("loss", t.loss).field("moves", t.moves);
        j.field("inaccuracy", t.inaccuracy).field("mistake", t.mistake);
        j.field("blunder", t.blunder).field("missedWin", t.missed_win);
        j.field("missedBlock", t.missed_block).field("allowsVcf", t.allows_vcf);
        j.end_object();
    }
    j.end_object();
    j.field("nodes", total_nodes).field("ms", ms);
    j.end_object();
    return j.str();
}

} // namespace

// --- entry point -----------------------------------------------------------------------------

std::string serve(const games::Request& req) {
    try {
        if (req.verb == "search") return serve_search(req);
        if (req.verb == "play") return serve_play(req);
        if (req.verb == "state") return serve_state(req);
        if (req.verb == "start") return serve_start(req);
        if (req.verb == "forbidden") return serve_forbidden(req);
        if (req.verb == "vcf") return serve_threat(req, false);
        if (req.verb == "vct") return serve_threat(req, true);
        if (req.verb == "bench") return serve_bench(req);
        if (req.verb == "review") return serve_review(req);
        if (req.verb == "review-game") return serve_review_game(req);
        if (req.verb.empty()) return json_error("empty request");
        return json_error("unknown verb '" + req.verb +
                          "' (search, play, state, start, forbidden, vcf, vct, bench, review, review-game)");
    } catch (const std::exception& e) {
        return json_error(std::string("internal error: ") + e.what());
    } catch (...) {
        return json_error("internal error");
    }
}

} // namespace gomoku
