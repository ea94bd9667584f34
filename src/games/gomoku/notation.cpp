#include "games/gomoku/notation.h"

namespace gomoku {

bool parse_moves(std::string_view pos, int size, std::vector<Coord>& moves, std::string& error) {
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
        const std::string text(pos.substr(start, i - start));
        const std::string where = "move " + std::to_string(n) + " '" + text + "': ";
        if (!is_letter) {
            error = where + "expected a column letter";
            return false;
        }
        if (digits == 0) {
            error = where + "expected a row number";
            return false;
        }
        const int col = (letter | 0x20) - 'a';
        if (col >= size) {
            error = where + "column '" + std::string(1, letter) + "' outside the board";
            return false;
        }
        if (row < 1 || row > size) {
            error = where + "row " + std::to_string(row) + " outside the board";
            return false;
        }
        moves.push_back({row - 1, col});
    }
    return true;
}

bool load_pos(Board& board, std::string_view pos, std::string& error, Outcome* out) {
    std::vector<Coord> moves;
    board.reset(board.size(), board.rule());
    Outcome o;
    if (!parse_moves(pos, board.size(), moves, error)) return false;
    for (size_t i = 0; i < moves.size(); ++i) {
        const std::string why = play_checked(board, moves[i].row, moves[i].col, o);
        if (!why.empty()) {
            error = "move " + std::to_string(i + 1) + " '" + move_name(moves[i].row, moves[i].col) +
                    "': " + why;
            return false;
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

} // namespace gomoku
