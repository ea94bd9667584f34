// service.cpp — the Othello verbs of the engine service protocol (service.h).
//
// Index
//   requests ........... shared_searcher(), to_discs(), read_position(), Options, read_options()
//   replies ............ write_square(), write_moves(), write_state()
//   verbs .............. search, hints, play, solve, perft, bench, load, legal, start (do_*)
//   review ............. read_review_limits(), write_review(), do_review(), do_review_game()
//   entry points ....... serve(), load_asset()
#include "games/othello/service.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <exception>

#include "games/common/json_out.h"
#include "games/common/snapshot.h"
#include "games/othello/bench.h"
#include "games/othello/book.h"
#include "games/othello/levels.h"
#include "games/othello/notation.h"
#include "games/othello/patterns.h"
#include "games/othello/perft.h"
#include "games/othello/review.h"

namespace othello {
namespace {

using games::json_error;
using games::JsonOut;

// --- requests --------------------------------------------------------------------------------

// One searcher for the whole process: its hash tables survive between requests (searches, hints).
Searcher& shared_searcher() {
    static Searcher searcher(SERVICE_HASH_LOG2);
    return searcher;
}

// Discs from EVAL_UNITs, rounded to the nearest integer.
int to_discs(int eval) {
    return int(std::lround(double(eval) / EVAL_UNIT));
}

// Parses positional[first], positional[first + 1] as board and side.
bool read_position(const games::Request& r, size_t first, Position& pos, std::string& error) {
    if (r.positional.size() < first + 2) {
        error = r.positional.size() < first + 1 ? "missing board (64 characters X, O, -) and side"
                                                : "missing side to move (X or O) after the board";
        return false;
    }
    return parse_board(r.positional[first], r.positional[first + 1], pos, error);
}

struct Options {
    Level level = Level::MASTER;
    uint64_t seed = 0;
    SearchLimits limits;
};

// level=, seed=, time=, depth=, nodes=, exact=, probcut= with range checks.
bool read_options(const games::Request& r, Options& o, std::string& error, int default_time) {
    if (auto v = r.get("level")) {
        const auto l = parse_level(*v);
        if (!l) {
            error = "level: '" + std::string(*v) + "' is not random, 1, 2, 3 or master";
            return false;
        }
        o.level = *l;
    }
    if (auto v = r.get("seed")) {
        auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), o.seed);
        if (ec != std::errc() || p != v->data() + v->size()) {
            error = "seed: '" + std::string(*v) + "' is not an unsigned 64-bit integer";
            return false;
        }
    }
    const auto time = r.get_int("time", default_time, 0, 3600000);
    if (!time) {
        error = "time: '" + std::string(*r.get("time")) + "' is not milliseconds in 0..3600000";
        return false;
    }
    const auto depth = r.get_int("depth", 0, 1, 60);
    if (!depth) {
        error = "depth: '" + std::string(*r.get("depth")) + "' is not a depth in 1..60";
        return false;
    }
    const auto nodes = r.get_int("nodes", 0, 1, int64_t(1) << 50);
    if (!nodes) {
        error = "nodes: '" + std::string(*r.get("nodes")) + "' is not a node count >= 1";
        return false;
    }
    const auto exact = r.get_int("exact", 22, 0, 60);
    if (!exact) {
        error = "exact: '" + std::string(*r.get("exact")) + "' is not an empty count in 0..60";
        return false;
    }
    if (auto v = r.get("probcut")) { // off: a full-width midgame (equal-depth matches)
        if (*v != "on" && *v != "off") {
            error = "probcut: '" + std::string(*v) + "' is not on or off";
            return false;
        }
        o.limits.probcut = *v == "on";
    }
    o.limits.depth = int(*depth);
    o.limits.nodes = uint64_t(*nodes);
    o.limits.exact_empties = int(*exact);
    // Deterministic limits override the clock.
    o.limits.time_ms = (o.limits.depth || o.limits.nodes) ? 0 : int(*time);
    return true;
}

// --- replies ---------------------------------------------------------------------------------

// The move name and its row/col fields.
void write_square(JsonOut& j, Move m) {
    j.field("move", move_name(m));
    j.field("row", row_of(to_sq(m)));
    j.field("col", col_of(to_sq(m)));
}

// An array of square names from a bitboard.
void write_moves(JsonOut& j, const char* key, Bitboard b) {
    j.key(key).begin_array();
    while (b) j.value(square_name(pop_lsb(b)));
    j.end_array();
}

// Board, side, legal moves, counts and result of a position (play / load / start replies), and
// every game's shared fields (games/common/snapshot.h; `last`: the square just played, if any).
void write_state(JsonOut& j, const Position& pos, Move last = MOVE_NONE) {
    j.field("board", board_string(pos));
    j.field("side", std::string(1, side_char(pos)));
    // The page's own layout: toMove 1 black / 2 white / 0 over (and the shared cells below).
    j.field("toMove", pos.game_over() ? 0 : to_move_code(pos));
    games::Snapshot snap = snapshot(pos, last);
    snap.position = position_string(pos);
    snap.write(j);
    write_moves(j, "legal", pos.legal_moves());
    j.field("over", pos.game_over());
    j.field("black", pos.count(BLACK));
    j.field("white", pos.count(WHITE));
    j.key("winner");
    const int d = pos.disc_difference();
    if (!pos.game_over())
        j.null();
    else
        j.value(d > 0 ? "black" : d < 0 ? "white" : "draw");
}

// --- verbs -----------------------------------------------------------------------------------

// search: the level's move and how it was found.
std::string do_search(const games::Request& r) {
    Position pos;
    std::string error;
    Options o;
    if (!read_position(r, 0, pos, error) || !read_options(r, o, error, 1000))
        return json_error(error);
    if (pos.game_over()) return json_error("the game is over: neither side has a move");
    // partial=1: the engine worker's first try while the pattern weights are still on their
    // way; answered only when MASTER needs no search (a book move, a pass), else {"partial":true}
    // and the worker asks again once the weights are in.
    if (r.get("partial") && o.level == Level::MASTER && pos.legal_moves() && !in_book(pos))
        return R"({"partial":true})";
    const Choice c = choose_move(pos, o.level, o.seed, o.limits, &shared_searcher());
    JsonOut j;
    j.begin_object();
    if (c.move == MOVE_PASS)
        j.field("move", "pass");
    else
        write_square(j, c.move);
    j.field("eval", to_discs(c.eval));
    j.field("evalCenti", c.eval);
    j.field("depth", c.depth);
    j.field("nodes", c.nodes);
    j.field("exact", c.exact);
    j.field("ms", c.ms);
    j.field("book", c.book);
    j.field("level", level_name(o.level));
    j.end_object();
    return j.str();
}

// hints: every legal move with its value, best first.
std::string do_hints(const games::Request& r) {
    Position pos;
    std::string error;
    Options o;
    if (!read_position(r, 0, pos, error) || !read_options(r, o, error, 500))
        return json_error(error);
    const auto values =
        pos.legal_moves() ? shared_searcher().analyse(pos, o.limits) : std::vector<MoveValue>{};
    JsonOut j;
    j.begin_object().key("hints").begin_array();
    for (const MoveValue& v : values) {
        if (v.move == MOVE_PASS) continue;
        j.begin_object();
        write_square(j, v.move);
        j.field("value", to_discs(v.value));
        j.field("valueCenti", v.value);
        j.field("exact", v.exact);
        j.end_object();
    }
    j.end_array();
    j.field("pass", pos.must_pass());
    j.field("over", pos.game_over());
    j.end_object();
    return j.str();
}

// play: referee one move, pass automatically when the next side cannot move.
std::string do_play(const games::Request& r) {
    Position pos;
    std::string error;
    if (!read_position(r, 0, pos, error)) return json_error(error);
    if (r.positional.size() < 3)
        return json_error("missing move (a square like d3, pass, or <row> <col>)");
    int row = 0, col = 0;
    std::optional<Move> m;
    if (games::read_row_col(r, 2, 8, 8, row, col, error))
        m = make_move(make_square(row, col));
    else if (!error.empty())
        return json_error(error);
    else
        m = parse_move(r.positional[2]);
    if (!m) return json_error("move: '" + r.positional[2] + "' is not a square a1..h8 or pass");
    if (pos.game_over()) return json_error("the game is over: no move can be played");
    const char* who = pos.side_to_move() == BLACK ? "black" : "white";
    if (*m == MOVE_PASS && !pos.must_pass())
        return json_error(std::string("pass: ") + who + " has a legal move and cannot pass");
    if (*m != MOVE_PASS && !pos.is_legal(*m)) {
        const bool taken = pos.occupied() & square_bb(to_sq(*m));
        return json_error("move " + move_name(*m) + " is illegal for " + who +
                          (taken             ? ": the square is taken"
                           : pos.must_pass() ? ": it has no move and must pass"
                                             : ": it flips no disc"));
    }
    const Bitboard flipped = pos.do_move(*m);
    const bool passed = pos.must_pass();
    if (passed) pos.do_move(MOVE_PASS);
    JsonOut j;
    j.begin_object();
    write_state(j, pos, *m);
    write_moves(j, "flipped", flipped);
    j.field("passed", passed);
    j.end_object();
    return j.str();
}

// solve: exact value and best move, within optional limits.
std::string do_solve(const games::Request& r) {
    Position pos;
    std::string error;
    Options o;
    if (!read_position(r, 0, pos, error) || !read_options(r, o, error, 0)) return json_error(error);
    if (r.get("depth")) return json_error("depth: solve is always exact (use time= or nodes=)");
    // The searcher's exact mode: a short midgame search (first move, value guess), then the
    // solver; time= / nodes= bound it. It starts from empty tables, as `othello solve` does, so
    // the same request always takes the same nodes (the native tool with hash=19 matches them).
    o.limits.exact_empties = 64;
    o.limits.depth = 0;
    Searcher& searcher = shared_searcher();
    searcher.clear();
    const SearchResult res = searcher.search(pos, o.limits);
    if (!res.exact)
        return json_error("not solved within the limits (" + std::to_string(res.nodes) +
                          " nodes, " + std::to_string(res.ms) + " ms)");
    JsonOut j;
    j.begin_object();
    j.field("move", res.best == MOVE_NONE   ? std::string("none")
                    : res.best == MOVE_PASS ? std::string("pass")
                                            : move_name(res.best));
    j.field("score", res.eval / EVAL_UNIT);
    j.field("nodes", res.nodes);
    j.field("ms", res.ms);
    j.end_object();
    return j.str();
}

// perft: leaf count from the start or a given position.
std::string do_perft(const games::Request& r) {
    if (r.positional.empty()) return json_error("missing depth");
    int depth = 0;
    const std::string& d = r.positional[0];
    auto [p, ec] = std::from_chars(d.data(), d.data() + d.size(), depth);
    if (ec != std::errc() || p != d.data() + d.size() || depth < 0 || depth > 20)
        return json_error("depth: '" + d + "' is not a depth in 0..20");
    Position pos = Position::start();
    std::string error;
    if (r.positional.size() > 1 && !read_position(r, 1, pos, error)) return json_error(error);
    JsonOut j;
    j.begin_object().field("leaves", perft(pos, depth)).end_object();
    return j.str();
}

// bench: the deterministic workload.
std::string do_bench() {
    const BenchResult b = run_bench();
    JsonOut j;
    j.begin_object();
    j.field("nodes", b.nodes);
    j.field("ms", int64_t(b.seconds * 1000));
    j.field("nps", b.nps());
    j.end_object();
    return j.str();
}

// load <board> <side> | load <transcript> — a position for the page to start from.
std::string do_load(const games::Request& r) {
    Position pos = Position::start();
    std::string error;
    std::vector<Move> moves;
    JsonOut j;
    if (r.positional.size() >= 2 && r.positional[0].size() == 64) {
        if (!parse_board(r.positional[0], r.positional[1], pos, error)) return json_error(error);
    } else {
        std::string text;
        for (const auto& t : r.positional) text += t;
        if (!parse_transcript(text, Position::start(), moves, pos, error)) return json_error(error);
        if (pos.must_pass()) pos.do_move(MOVE_PASS), moves.push_back(MOVE_PASS);
    }
    Move last = MOVE_NONE;
    for (Move mv : moves)
        if (is_square(mv)) last = mv;
    j.begin_object();
    write_state(j, pos, last);
    j.field("transcript", transcript(moves));
    j.field("moves", int(moves.size()));
    j.end_object();
    return j.str();
}

// legal: moves of the side to move.
std::string do_legal(const games::Request& r) {
    Position pos;
    std::string error;
    if (!read_position(r, 0, pos, error)) return json_error(error);
    JsonOut j;
    j.begin_object();
    write_moves(j, "legal", pos.legal_moves());
    j.field("pass", pos.must_pass());
    j.field("over", pos.game_over());
    j.end_object();
    return j.str();
}

// start: the initial position.
std::string do_start() {
    JsonOut j;
    j.begin_object();
    write_state(j, Position::start());
    j.end_object();
    return j.str();
}

// --- review ----------------------------------------------------------------------------------

// nodes= / exact= of the review verbs (nothing else limits them: no time, no depth).
bool read_review_limits(const games::Request& r, ReviewLimits& limits, std::string& error) {
    const auto nodes = r.get_int("nodes", int64_t(REVIEW_DEFAULT_NODES), 1, int64_t(1) << 50);
    if (!nodes) {
        error = "nodes: '" + std::string(*r.get("nodes")) + "' is not a node count >= 1";
        return false;
    }
    const auto exact = r.get_int("exact", REVIEW_DEFAULT_EXACT, 0, REVIEW_MAX_EXACT);
    if (!exact) {
        error = "exact: '" + std::string(*r.get("exact")) + "' is not an empty count in 0.." +
                std::to_string(REVIEW_MAX_EXACT);
        return false;
    }
    limits.nodes = uint64_t(*nodes);
    limits.exact = int(*exact);
    return true;
}

// A move's review as the fields of one JSON object.
void write_review(JsonOut& j, const MoveReview& m) {
    j.field("move", m.played == MOVE_PASS ? std::string("pass") : move_name(m.played));
    j.field("side", m.side == BLACK ? "X" : "O");
    j.field("empties", m.empties);
    j.field("best", m.best == MOVE_PASS ? std::string("pass") : move_name(m.best));
    if (m.best == MOVE_PASS) {
        j.key("bestRow").null();
        j.key("bestCol").null();
    } else {
        j.field("bestRow", row_of(to_sq(m.best)));
        j.field("bestCol", col_of(to_sq(m.best)));
    }
    j.field("evalBest", to_discs(m.eval_best));
    j.field("evalPlayed", to_discs(m.eval_played));
    j.field("loss", to_discs(m.loss()));
    j.field("evalBestCenti", m.eval_best);
    j.field("evalPlayedCenti", m.eval_played);
    j.field("lossCenti", m.loss());
    j.field("exact", m.exact);
    j.field("mark", review_mark(m.loss()));
    j.field("nodes", m.nodes);
    j.field("ms", m.ms);
}

// review <board> <side> <move>: the played move against the engine's best (review.h).
std::string do_review(const games::Request& r) {
    Position pos;
    std::string error;
    ReviewLimits limits;
    if (!read_position(r, 0, pos, error) || !read_review_limits(r, limits, error))
        return json_error(error);
    if (r.positional.size() < 3) return json_error("missing move (a square like d3, or pass)");
    const auto m = parse_move(r.positional[2]);
    if (!m) return json_error("move: '" + r.positional[2] + "' is not a square a1..h8 or pass");
    if (pos.game_over()) return json_error("the game is over: there is no move to review");
    const char* who = pos.side_to_move() == BLACK ? "black" : "white";
    if (*m == MOVE_PASS && !pos.must_pass())
        return json_error(std::string("pass: ") + who + " has a legal move and cannot pass");
    if (*m != MOVE_PASS && !pos.is_legal(*m))
        return json_error("move " + move_name(*m) + " is illegal for " + who);
    const MoveReview review = review_move(shared_searcher(), pos, *m, limits);
    JsonOut j;
    j.begin_object();
    write_review(j, review);
    j.end_object();
    return j.str();
}

// review-game <transcript>: every move of a game from the start, then totals per side.
std::string do_review_game(const games::Request& r) {
    std::string error;
    ReviewLimits limits;
    if (!read_review_limits(r, limits, error)) return json_error(error);
    if (r.positional.empty()) return json_error("missing transcript (f5d6c3…, '-' for none)");
    std::string text;
    for (const auto& t : r.positional) text += t;
    std::vector<Move> moves;
    Position end;
    if (!parse_transcript(text, Position::start(), moves, end, error)) return json_error(error);
    struct Totals {
        int loss = 0, loss_centi = 0, moves = 0, inaccuracy = 0, mistake = 0, blunder = 0;
    } totals[2];
    uint64_t nodes = 0;
    int ms = 0;
    Position pos = Position::start();
    JsonOut j;
    j.begin_object().key("moves").begin_array();
    for (const Move m : moves) {
        const MoveReview review = review_move(shared_searcher(), pos, m, limits);
        j.begin_object();
        write_review(j, review);
        j.end_object();
        Totals& t = totals[review.side];
        const std::string mark = review_mark(review.loss());
        t.loss += to_discs(review.loss());
        t.loss_centi += review.loss();
        t.moves += m != MOVE_PASS;
        t.inaccuracy += mark == "inaccuracy";
        t.mistake += mark == "mistake";
        t.blunder += mark == "blunder";
        nodes += review.nodes;
        ms += review.ms;
        pos.do_move(m);
    }
    j.end_array().key("summary").begin_object();
    for (const Color c : {BLACK, WHITE}) {
        const Totals& t = totals[c];
        j.key(c == BLACK ? "black" : "white").begin_object();
        j.field("loss", t.loss);
        j.field("lossCenti", t.loss_centi);
        j.field("moves", t.moves);
        j.field("inaccuracy", t.inaccuracy);
        j.field("mistake", t.mistake);
        j.field("blunder", t.blunder);
        j.end_object();
    }
    j.end_object();
    j.field("nodes", nodes);
    j.field("ms", ms);
    j.end_object();
    return j.str();
}

} // namespace

// --- entry points ----------------------------------------------------------------------------

// Dispatches on the verb; any failure becomes {"error": ...}.
std::string serve(const games::Request& r) {
    try {
        if (r.verb == "search") return do_search(r);
        if (r.verb == "hints") return do_hints(r);
        if (r.verb == "play") return do_play(r);
        if (r.verb == "solve") return do_solve(r);
        if (r.verb == "perft") return do_perft(r);
        if (r.verb == "bench") return do_bench();
        if (r.verb == "load") return do_load(r);
        if (r.verb == "legal") return do_legal(r);
        if (r.verb == "start") return do_start();
        if (r.verb == "review") return do_review(r);
        if (r.verb == "review-game") return do_review_game(r);
        return json_error("unknown verb '" + r.verb +
                          "' (search, hints, play, solve, perft, bench, load, legal, start, "
                          "review, review-game)");
    } catch (const std::exception& e) { // allocation failure: still one JSON reply
        return json_error(std::string("internal error: ") + e.what());
    }
}

bool load_asset(std::string_view file, const unsigned char* bytes, std::size_t size) {
    if (file == "othello-weights.bin") return patterns::load_weights(bytes, size);
    std::string error;
    return file == "othello-book.bin" && load_book(bytes, size, error);
}

} // namespace othello
