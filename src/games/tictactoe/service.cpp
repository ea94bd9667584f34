#include "games/tictactoe/service.h"

#include "games/common/json_out.h"
#include "games/common/snapshot.h"
#include "games/tictactoe/levels.h"
#include "games/tictactoe/review.h"

namespace tictactoe {

namespace {

const char* winner_name(Outcome o) {
    switch (o) {
    case Outcome::XWins: return "X";
    case Outcome::OWins: return "O";
    case Outcome::Draw: return "draw";
    default: return nullptr;
    }
}

// {"board":…,"toMove":…,"winner":…,"line":[…]} and the shared fields (games/common/snapshot.h) for
// a position; `last` is the cell just played, or -1.
std::string describe(const Board& b, int last = -1) {
    Result r = check_winner(b);
    games::JsonOut j;
    j.begin_object().field("board", to_string(b));
    j.field("toMove", side_to_move(b) == Cell::X ? "X" : "O");
    j.key("winner");
    if (const char* w = winner_name(r.outcome)) j.value(w); else j.null();
    j.key("line").begin_array();
    if (r.line[0] >= 0)
        for (int c : r.line) j.value(c);
    j.end_array();
    games::Snapshot snap = snapshot(b, last);
    snap.position = to_string(b);
    snap.write(j);
    j.end_object();
    return j.str();
}

std::optional<Board> board_arg(const games::Request& req, std::string& error) {
    if (req.positional.empty()) {
        error = req.verb + ": missing board (9 characters of X, O, -)";
        return std::nullopt;
    }
    std::string why;
    auto b = parse_board(req.positional[0], &why);
    if (!b) error = req.verb + ": " + why;
    return b;
}

} // namespace

std::string serve(const games::Request& req) {
    std::string error;
    if (req.verb == "search") {
        auto b = board_arg(req, error);
        if (!b) return games::json_error(error);
        auto level_name = req.get("level").value_or("hard");
        if (level_name != "easy" && level_name != "hard")
            return games::json_error("search: level must be easy or hard, not " + std::string(level_name));
        auto seed = req.get_int("seed", 0, 0, INT64_MAX);
        if (!seed) return games::json_error("search: seed must be a non-negative integer");
        games::Rng rng{uint64_t(*seed)};
        auto cell = choose_move(*b, level_name == "easy" ? Level::Easy : Level::Hard, rng);
        if (!cell) return games::json_error("search: the game is over");
        games::JsonOut j;
        j.begin_object().field("cell", *cell).field("row", *cell / 3).field("col", *cell % 3).end_object();
        return j.str();
    }
    if (req.verb == "play") {
        auto b = board_arg(req, error);
        if (!b) return games::json_error(error);
        if (req.positional.size() < 2) return games::json_error("play: missing cell (0..8, or <row> <col>)");
        std::string arg = req.positional[1];
        int row = 0, col = 0;
        if (games::read_row_col(req, 1, 3, 3, row, col, error))
            arg = std::string(1, char('0' + row * 3 + col));
        else if (!error.empty())
            return games::json_error("play: " + error);
        if (arg.size() != 1 || arg[0] < '0' || arg[0] > '8')
            return games::json_error("play: cell must be 0..8, not " + arg);
        int cell = arg[0] - '0';
        if (check_winner(*b).outcome != Outcome::None) return games::json_error("play: the game is over");
        if ((*b)[cell] != Cell::Empty) return games::json_error("play: cell " + arg + " is taken");
        (*b)[cell] = side_to_move(*b);
        return describe(*b, cell);
    }
    if (req.verb == "state") {
        auto b = board_arg(req, error);
        if (!b) return games::json_error(error);
        return describe(*b);
    }
    if (req.verb == "start") return describe(Board{});
    if (req.verb == "review") {
        auto b = board_arg(req, error);
        if (!b) return games::json_error(error);
        if (req.positional.size() < 2) return games::json_error("review: missing cell (0..8)");
        const std::string& arg = req.positional[1];
        if (arg.size() != 1 || arg[0] < '0' || arg[0] > '8')
            return games::json_error("review: cell must be 0..8, not " + arg);
        const int cell = arg[0] - '0';
        if (check_winner(*b).outcome != Outcome::None) return games::json_error("review: the game is over");
        if ((*b)[cell] != Cell::Empty) return games::json_error("review: cell " + arg + " is taken");
        const MoveReview r = review_move(*b, cell);
        games::JsonOut j;
        j.begin_object().field("cell", r.cell).field("row", r.cell / 3).field("col", r.cell % 3);
        j.field("side", side_to_move(*b) == Cell::X ? "X" : "O");
        j.field("best", r.best).field("bestRow", r.best / 3).field("bestCol", r.best % 3);
        j.field("before", value_name(r.before)).field("after", value_name(r.after));
        // The other games' review shape: the mover's chance in per mille (a win 1000, a draw 500).
        auto per_mille = [](Value v) { return v == Value::Win ? 1000 : v == Value::Draw ? 500 : 0; };
        j.field("evalBest", per_mille(r.before)).field("evalPlayed", per_mille(r.after));
        j.field("loss", per_mille(r.before) - per_mille(r.after));
        j.field("mark", r.mark).end_object();
        return j.str();
    }
    return games::json_error("tictactoe: unknown request \"" + req.verb + "\" (search, play, state, start, review)");
}

} // namespace tictactoe
