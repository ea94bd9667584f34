#include "games/gomoku/notation.h"

#include "games/common/fault.h"
#include "games/common/snapshot.h"

namespace gomoku {

std::string fault_message(const Fault& f) {
    const std::string where = "move " + std::to_string(f.number) + " '" + f.token + "': ";
    switch (f.kind) {
    case FaultKind::NONE:
    case FaultKind::KIND_NB: return "";
    case FaultKind::NO_COLUMN: return where + "expected a column letter";
    case FaultKind::NO_ROW: return where + "expected a row number";
    case FaultKind::COLUMN_OUTSIDE:
        return where + "column '" + std::string(1, f.column) + "' outside the board";
    case FaultKind::ROW_OUTSIDE:
        return where + "row " + std::to_string(f.row) + " outside the board";
    case FaultKind::GAME_OVER: return where + refusal_text(Refusal::GAME_OVER, 0, 0);
    case FaultKind::OUTSIDE: return where + refusal_text(Refusal::OUTSIDE, f.cell.row, f.cell.col);
    case FaultKind::OCCUPIED:
        return where + refusal_text(Refusal::OCCUPIED, f.cell.row, f.cell.col);
    }
    return "";
}

using games::fail;

bool parse_moves(std::string_view pos, int size, std::vector<Coord>& moves, std::string& error,
                 Fault* fault) {
    moves.clear();
    if (pos.empty() || pos == "-") return true;
    size_t i = 0;
    int n = 0;
    while (i < pos.size()) {
        ++n;
        const size_t start = i;
        const char letter = pos[i];
        const bool is_letter = (letter >= 'a' && letter <= 'z') || (letter >= 'A' && letter <= 'Z');
        ++i;
        int row = 0, digits = 0;
        while (i < pos.size() && pos[i] >= '0' && pos[i] <= '9' && digits < 3) {
            row = row * 10 + (pos[i] - '0');
            ++i, ++digits;
        }
        Fault f{.number = n, .token = std::string(pos.substr(start, i - start))};
        const int col = (letter | 0x20) - 'a';
        if (!is_letter)
            f.kind = FaultKind::NO_COLUMN;
        else if (digits == 0)
            f.kind = FaultKind::NO_ROW;
        else if (col >= size)
            f.kind = FaultKind::COLUMN_OUTSIDE, f.column = letter;
        else if (row < 1 || row > size)
            f.kind = FaultKind::ROW_OUTSIDE, f.row = row;
        if (f.kind != FaultKind::NONE) return fail(f, error, fault);
        moves.push_back({row - 1, col});
    }
    return true;
}

bool load_pos(Board& board, std::string_view pos, std::string& error, Outcome* out, Fault* fault) {
    std::vector<Coord> moves;
    board.reset(board.size(), board.rule());
    Outcome o;
    if (!parse_moves(pos, board.size(), moves, error, fault)) return false;
    for (size_t i = 0; i < moves.size(); ++i) {
        const auto [row, col] = moves[i];
        const Refusal r = try_play(board, row, col, o);
        if (r != Refusal::NONE) {
            constexpr FaultKind kinds[] = {FaultKind::NONE, FaultKind::GAME_OVER,
                                           FaultKind::OUTSIDE, FaultKind::OCCUPIED};
            return fail({.kind = kinds[int(r)],
                         .number = int(i + 1),
                         .token = move_name(row, col),
                         .cell = moves[i]},
                        error, fault);
        }
    }
    if (out) *out = o;
    return true;
}

std::string move_name(int row, int col) {
    return std::string(1, char('a' + col)) + std::to_string(row + 1);
}

std::string move_name(Pos p) {
    return move_name(row_of(p), col_of(p));
}

std::string to_pos(const Board& board) {
    if (!board.ply()) return "-";
    std::string s;
    for (int i = 0; i < board.ply(); ++i) s += move_name(board.move_at(i));
    return s;
}

std::optional<Rule> parse_rule(std::string_view s) {
    if (s == "freestyle" || s == "0") return Rule::FREESTYLE;
    if (s == "standard" || s == "1") return Rule::STANDARD;
    if (s == "renju" || s == "4") return Rule::RENJU;
    return std::nullopt;
}

const char* rule_name(Rule r) {
    switch (r) {
    case Rule::STANDARD: return "standard";
    case Rule::RENJU: return "renju";
    default: return "freestyle";
    }
}

games::Snapshot snapshot(const Board& b, const Outcome& o, const std::vector<Pos>& forbidden) {
    const int n = b.size();
    games::Snapshot snap(n, n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) snap.at(r, c) = int(b.at(r, c));
    if (o.result != Result::NONE) {
        snap.winner = o.result == Result::BLACK_WIN ? 1 : o.result == Result::WHITE_WIN ? 2 : 0;
        snap.reason = snap.winner == 0 ? "full" : o.forbidden ? "forbidden" : "line";
        for (Pos p : o.line) snap.line.push_back({row_of(p), col_of(p)});
    }
    snap.turn = snap.winner >= 0 ? 0 : b.to_move() == BLACK ? 1 : 2;
    for (Pos p : forbidden) snap.forbidden.push_back({row_of(p), col_of(p)});
    snap.legal_from_empty();
    if (b.ply()) snap.last = games::Snapshot::Point{row_of(b.last_move()), col_of(b.last_move())};
    return snap;
}

} // namespace gomoku
