// notation.cpp — reading and writing positions, moves and games (notation.h).
//
// Index
//   helpers ............. lower(), is_blank(), shown(), trim(), color_name(), board_char()
//   squares and moves ... square_name(), move_name(), parse_square(), parse_move()
//   position strings .... board_string(), side_char(), position_string()
//   faults .............. fault_message(): the English of every FaultKind
//   position parsing .... parse_board(), parse_position()
//   transcripts ......... parse_transcript(), transcript(), play_moves()
//   OBF ................. parse_obf_line(), obf_line()
//   GGF ................. parse_ggf(), ggf_string()
#include "games/othello/notation.h"

#include "games/common/fault.h"
#include "games/common/snapshot.h"

#include <cctype>
#include <charconv>

namespace othello {
namespace {

// --- helpers ---------------------------------------------------------------------------------

// ASCII lower case.
char lower(char c) {
    return char(std::tolower(static_cast<unsigned char>(c)));
}
// Space, tab or line end.
bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// A printable rendering of one input character for error messages.
std::string shown(char c) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned char>(c));
        return buf;
    }
    return std::string(1, c);
}

// Without leading and trailing blanks.
std::string_view trim(std::string_view s) {
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

// Colour in words, for messages.
const char* color_name(Color c) {
    return c == BLACK ? "black" : "white";
}

// Disc colour of a board character, NO_COLOR for empty; nullopt when not a board character.
std::optional<Color> board_char(char c) {
    switch (c) {
    case 'X':
    case 'x':
    case '*':
    case 'B':
    case 'b': return BLACK;
    case 'O':
    case 'o':
    case '0':
    case 'W':
    case 'w': return WHITE;
    case '-':
    case '.':
    case '_': return NO_COLOR;
    default: return std::nullopt;
    }
}

} // namespace

// --- squares and moves -----------------------------------------------------------------------

// Column letter then row digit.
std::string square_name(Square s) {
    return {char('a' + col_of(s)), char('1' + row_of(s))};
}

// Square name, "PA" for a pass, "--" for no move.
std::string move_name(Move m) {
    if (m == MOVE_PASS) return "PA";
    if (!is_square(m)) return "--";
    return square_name(to_sq(m));
}

// Two characters, column a-h (either case) and row 1-8.
std::optional<Square> parse_square(std::string_view t) {
    if (t.size() != 2) return std::nullopt;
    const char c = lower(t[0]), r = t[1];
    if (c < 'a' || c > 'h' || r < '1' || r > '8') return std::nullopt;
    return make_square(r - '1', c - 'a');
}

// A square, or one of the spellings of a pass.
std::optional<Move> parse_move(std::string_view t) {
    std::string l;
    for (char c : t) l += lower(c);
    if (l == "pa" || l == "ps" || l == "pass" || l == "--") return MOVE_PASS;
    if (auto s = parse_square(t)) return make_move(*s);
    return std::nullopt;
}

// --- position strings ------------------------------------------------------------------------

// 64 characters, a1 first, X black, O white, - empty.
std::string board_string(const Position& pos) {
    std::string s(64, '-');
    for (int i = 0; i < 64; ++i) {
        const Color c = pos.piece_on(Square(i));
        if (c != NO_COLOR) s[i] = c == BLACK ? 'X' : 'O';
    }
    return s;
}

// X or O for the side to move, - once the game is over.
char side_char(const Position& pos) {
    if (pos.game_over()) return '-';
    return pos.side_to_move() == BLACK ? 'X' : 'O';
}

// Board and side separated by a blank.
std::string position_string(const Position& pos) {
    return board_string(pos) + ' ' + side_char(pos);
}

// --- faults ----------------------------------------------------------------------------------

// The English text of each fault kind; the parsers' `error` is always this.
std::string fault_message(const Fault& f) {
    const std::string at = std::to_string(f.at), count = std::to_string(f.count);
    // The start every transcript fault about a whole move shares.
    const std::string move =
        "transcript: move " + count + " '" + f.token + "' (character " + at + ")";
    switch (f.kind) {
    case FaultKind::NONE:
    case FaultKind::KIND_NB: return "";
    case FaultKind::BOARD_LENGTH: return "board: " + count + " characters, a board has 64";
    case FaultKind::BOARD_CHAR:
        return "board: character " + at + " '" + f.text + "' is not X, O or -";
    case FaultKind::BOARD_SQUARE_CHAR:
        return "board: character " + at + " '" + f.text + "' (square " + square_name(f.square) +
               ") is not X, O or -";
    case FaultKind::SIDE_CHAR: return "side: '" + f.text + "' is not X, O or -";
    case FaultKind::SIDE_NOT_OVER:
        return "side: '-' says the game is over, but " + std::string(color_name(f.color)) +
               " can still move";
    case FaultKind::SIDE_MISSING:
        return "position: the side to move (X, O or -) is missing after the 64 board characters";
    case FaultKind::BOARD_TOO_LONG:
        return "position: " + count +
               " board characters before the side to move (64 expected; character 65 is '" +
               f.text + "')";
    case FaultKind::TRANSCRIPT_LONE_CHAR:
        return "transcript: character " + at + " '" + f.text +
               "' is a lone character, a move is two (like f5)";
    case FaultKind::TRANSCRIPT_NOT_COLUMN:
    case FaultKind::TRANSCRIPT_NOT_ROW:
        return "transcript: character " + at + " '" + f.text + "' in '" + f.token + "' is not " +
               (f.kind == FaultKind::TRANSCRIPT_NOT_ROW ? "a row 1-8" : "a column a-h or PA");
    case FaultKind::TRANSCRIPT_AFTER_END: return move + " comes after the end of the game";
    case FaultKind::TRANSCRIPT_CANNOT_PASS:
        return move + ": " + color_name(f.color) + " has a legal move and cannot pass";
    case FaultKind::TRANSCRIPT_SQUARE_TAKEN:
        return move + " is illegal for " + color_name(f.color) + " (the square is taken)";
    case FaultKind::TRANSCRIPT_FLIPS_NOTHING:
        return move + " is illegal for " + color_name(f.color) + " (it flips nothing)";
    }
    return "";
}

// --- position parsing ------------------------------------------------------------------------

using games::fail;

// Board characters and side, with the first faulty character named.
bool parse_board(std::string_view board, std::string_view side, Position& pos, std::string& error,
                 Fault* fault) {
    if (board.size() != 64) {
        Fault f{.kind = FaultKind::BOARD_LENGTH, .count = int(board.size())};
        for (size_t i = 0; i < board.size() && i < 64; ++i)
            if (!board_char(board[i])) {
                f = {.kind = FaultKind::BOARD_CHAR, .at = int(i + 1), .text = shown(board[i])};
                break;
            }
        return fail(f, error, fault);
    }
    Bitboard discs[2] = {0, 0};
    for (int i = 0; i < 64; ++i) {
        const auto c = board_char(board[i]);
        if (!c)
            return fail({.kind = FaultKind::BOARD_SQUARE_CHAR,
                         .at = i + 1,
                         .text = shown(board[i]),
                         .square = Square(i)},
                        error, fault);
        if (*c != NO_COLOR) discs[*c] |= square_bb(i);
    }
    if (side.size() != 1)
        return fail({.kind = FaultKind::SIDE_CHAR, .text = std::string(side.substr(0, 8))}, error,
                    fault);
    const auto s = board_char(side[0]);
    if (!s) return fail({.kind = FaultKind::SIDE_CHAR, .text = shown(side[0])}, error, fault);
    const Position p(discs[BLACK], discs[WHITE], *s == NO_COLOR ? BLACK : *s);
    if (*s == NO_COLOR && !p.game_over())
        return fail({.kind = FaultKind::SIDE_NOT_OVER, .color = p.legal_moves() ? BLACK : WHITE},
                    error, fault);
    pos = p;
    return true;
}

// Board and side in one string (blank-separated or 65 characters).
bool parse_position(std::string_view text, Position& pos, std::string& error, Fault* fault) {
    text = trim(text);
    if (text.size() < 65) {
        if (text.size() == 64) return fail({.kind = FaultKind::SIDE_MISSING}, error, fault);
        return parse_board(text, "X", pos, error, fault);
    }
    // Board characters run on past 64 (no blank before the side): say how many there are.
    size_t squares = 0;
    while (squares < text.size() && !is_blank(text[squares])) ++squares;
    if (squares > 65 || (squares == 65 && text.size() > 65))
        return fail(
            {.kind = FaultKind::BOARD_TOO_LONG, .count = int(squares), .text = shown(text[64])},
            error, fault);
    std::string_view side = trim(text.substr(64));
    return parse_board(text.substr(0, 64), side, pos, error, fault);
}

// --- transcripts -----------------------------------------------------------------------------

// Two characters per move; inserts omitted passes; names the first bad move.
bool parse_transcript(std::string_view text, const Position& start, std::vector<Move>& moves,
                      Position& end, std::string& error, Fault* fault) {
    Position pos = start;
    moves.clear();
    size_t i = 0;
    int number = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (is_blank(c) || c == '-' || c == ',') {
            ++i;
            continue;
        }
        const int at = int(i + 1); // 1-based, for messages
        if (i + 1 >= text.size())
            return fail({.kind = FaultKind::TRANSCRIPT_LONE_CHAR, .at = at, .text = shown(c)},
                        error, fault);
        const std::string_view token = text.substr(i, 2);
        const auto m = parse_move(token);
        if (!m) {
            // A good column letter puts the fault on the row digit after it.
            const bool col_ok = lower(c) >= 'a' && lower(c) <= 'h';
            return fail(
                {.kind = col_ok ? FaultKind::TRANSCRIPT_NOT_ROW : FaultKind::TRANSCRIPT_NOT_COLUMN,
                 .at = col_ok ? at + 1 : at,
                 .text = shown(col_ok ? text[i + 1] : c),
                 .token = std::string(token)},
                error, fault);
        }
        ++number;
        i += 2;
        // The move's fault, once its kind is known.
        auto move_fault = [&](FaultKind kind, Color color) {
            return Fault{.kind = kind,
                         .at = at,
                         .count = number,
                         .token = std::string(token),
                         .color = color};
        };
        if (pos.game_over())
            return fail(move_fault(FaultKind::TRANSCRIPT_AFTER_END, NO_COLOR), error, fault);
        if (*m == MOVE_PASS) {
            if (!pos.must_pass())
                return fail(move_fault(FaultKind::TRANSCRIPT_CANNOT_PASS, pos.side_to_move()),
                            error, fault);
            pos.do_move(MOVE_PASS);
            moves.push_back(MOVE_PASS);
            continue;
        }
        if (pos.must_pass()) { // omitted pass
            pos.do_move(MOVE_PASS);
            moves.push_back(MOVE_PASS);
        }
        if (!pos.is_legal(*m))
            return fail(move_fault((pos.occupied() & square_bb(to_sq(*m)))
                                       ? FaultKind::TRANSCRIPT_SQUARE_TAKEN
                                       : FaultKind::TRANSCRIPT_FLIPS_NOTHING,
                                   pos.side_to_move()),
                        error, fault);
        pos.do_move(*m);
        moves.push_back(*m);
    }
    end = pos;
    return true;
}

// Moves concatenated; passes as "PA" only when asked.
std::string transcript(const std::vector<Move>& moves, bool with_passes) {
    std::string s;
    for (Move m : moves)
        if (m != MOVE_PASS || with_passes) s += move_name(m);
    return s;
}

// Plays the moves in order, stopping at the first illegal one.
bool play_moves(Position& pos, const std::vector<Move>& moves, std::string& error) {
    for (size_t i = 0; i < moves.size(); ++i) {
        if (!pos.is_legal(moves[i])) {
            error = "move " + std::to_string(i + 1) + " '" + move_name(moves[i]) +
                    "' is illegal for " + color_name(pos.side_to_move());
            return false;
        }
        pos.do_move(moves[i]);
    }
    return true;
}

// --- OBF -------------------------------------------------------------------------------------

// Board, side, then "MOVE:SCORE;" items or a bare score; comments allowed.
bool parse_obf_line(std::string_view line, ObfLine& out, std::string& error) {
    out = ObfLine{};
    const std::string_view t = trim(line);
    if (t.empty() || t[0] == '%') {
        out.is_comment = true;
        return true;
    }
    // Board and side up to the first ';'.
    const size_t semi = line.find(';');
    std::string_view head = line.substr(0, semi);
    size_t lead = 0;
    while (lead < head.size() && is_blank(head[lead])) ++lead;
    head = trim(head);
    if (!parse_position(head, out.pos, error)) {
        error = "obf: " + error;
        return false;
    }
    if (semi == std::string_view::npos) return true; // a bare position
    size_t i = semi + 1;
    std::optional<int> bare_score; // a "+38;" item: the position's value
    size_t bare_at = 0;
    while (i < line.size()) {
        while (i < line.size() && is_blank(line[i])) ++i;
        if (i >= line.size()) break;
        const size_t end = line.find(';', i);
        const std::string_view item =
            trim(line.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i));
        const size_t at = i + 1;
        if (item.empty()) {
            i = end == std::string_view::npos ? line.size() : end + 1;
            continue;
        }
        const size_t colon = item.find(':');
        std::string_view score_text = item;
        Move m = MOVE_NONE;
        if (colon != std::string_view::npos) {
            const auto pm = parse_move(trim(item.substr(0, colon)));
            if (!pm) {
                error = "obf: character " + std::to_string(at) + ": '" +
                        std::string(item.substr(0, colon)) + "' is not a move";
                return false;
            }
            if (!out.pos.is_legal(*pm)) {
                error = "obf: character " + std::to_string(at) + ": move " + move_name(*pm) +
                        " is not legal in this position";
                return false;
            }
            m = *pm;
            score_text = trim(item.substr(colon + 1));
        }
        if (!score_text.empty() && score_text[0] == '+') score_text.remove_prefix(1);
        int score = 0;
        auto [p, ec] =
            std::from_chars(score_text.data(), score_text.data() + score_text.size(), score);
        if (ec != std::errc() || p != score_text.data() + score_text.size() || score < -64 ||
            score > 64) {
            error = "obf: character " + std::to_string(at) + ": score '" +
                    std::string(item.substr(colon == std::string_view::npos ? 0 : colon + 1)) +
                    "' is not a number in -64..64";
            return false;
        }
        if (m == MOVE_NONE) {
            if (bare_score && *bare_score != score) {
                error = "obf: character " + std::to_string(at) + ": a second score " +
                        std::to_string(score) + " differs from " + std::to_string(*bare_score);
                return false;
            }
            bare_score = score;
            bare_at = at;
        } else {
            out.move_scores.emplace_back(m, score);
            if (!out.best_score || score > *out.best_score) out.best_score = score;
        }
        i = end == std::string_view::npos ? line.size() : end + 1;
    }
    // A bare score is the position's value: with move scores it must be their maximum.
    if (bare_score) {
        if (out.best_score && *out.best_score != *bare_score) {
            error = "obf: character " + std::to_string(bare_at) + ": score " +
                    std::to_string(*bare_score) + " differs from the best move score " +
                    std::to_string(*out.best_score);
            return false;
        }
        out.best_score = bare_score;
    }
    (void)lead;
    return true;
}

// Writes an OBF line in Edax's layout (upper-case moves, signed scores).
std::string obf_line(const Position& pos, const std::vector<std::pair<Move, int>>& move_scores) {
    std::string s = position_string(pos) + ';';
    for (const auto& [m, v] : move_scores) {
        std::string name = move_name(m);
        for (char& c : name) c = char(std::toupper(static_cast<unsigned char>(c)));
        s += ' ' + name + ':' + (v >= 0 ? "+" : "") + std::to_string(v) + ';';
    }
    return s;
}

// --- GGF -------------------------------------------------------------------------------------

// Tags of one GGF game: BO sets the start, B/W play moves, the rest is kept.
bool parse_ggf(std::string_view text, GgfGame& game, std::string& error) {
    game = GgfGame{};
    const size_t open = text.find("(;");
    if (open == std::string_view::npos) {
        error = "ggf: no '(;' opening the game";
        return false;
    }
    Position pos = Position::start();
    bool have_board = false;
    size_t i = open + 2;
    while (true) {
        while (i < text.size() && is_blank(text[i])) ++i;
        if (i >= text.size()) {
            error = "ggf: the game is not closed by ';)'";
            return false;
        }
        if (text.compare(i, 2, ";)") == 0) break;
        const size_t at = i + 1;
        size_t j = i;
        while (j < text.size() && std::isupper(static_cast<unsigned char>(text[j]))) ++j;
        if (j == i || j >= text.size() || text[j] != '[') {
            error = "ggf: character " + std::to_string(at) + " '" + shown(text[i]) +
                    "': expected a tag like PB[...] or the closing ';)'";
            return false;
        }
        const std::string tag(text.substr(i, j - i));
        const size_t close = text.find(']', j + 1);
        if (close == std::string_view::npos) {
            error =
                "ggf: tag " + tag + " at character " + std::to_string(at) + " has no closing ']'";
            return false;
        }
        const std::string_view value = text.substr(j + 1, close - j - 1);
        i = close + 1;
        if (tag == "BO") {
            // "8 <64 board characters, blanks allowed> <side>"
            std::string cells;
            std::string_view v = trim(value);
            if (v.size() < 2 || v[0] != '8' || !is_blank(v[1])) {
                error = "ggf: BO at character " + std::to_string(at) +
                        " must start with the board size 8";
                return false;
            }
            for (char c : v.substr(2))
                if (!is_blank(c)) cells += c;
            if (cells.size() != 65) {
                error = "ggf: BO at character " + std::to_string(at) + " has " +
                        std::to_string(cells.size()) +
                        " board characters and side, expected 64 + 1";
                return false;
            }
            if (!game.moves.empty()) {
                error = "ggf: BO at character " + std::to_string(at) + " comes after moves";
                return false;
            }
            if (!parse_board(std::string_view(cells).substr(0, 64),
                             std::string_view(cells).substr(64), pos, error)) {
                error = "ggf: BO at character " + std::to_string(at) + ": " + error;
                return false;
            }
            game.start = pos;
            have_board = true;
        } else if (tag == "B" || tag == "W") {
            if (!have_board) game.start = pos, have_board = true;
            const Color color = tag == "B" ? BLACK : WHITE;
            std::string_view mv = trim(value.substr(0, value.find('/')));
            const auto m = parse_move(mv);
            const std::string what = "ggf: move " + std::to_string(game.moves.size() + 1) + " " +
                                     tag + "[" + std::string(value) + "] at character " +
                                     std::to_string(at);
            if (!m) {
                error = what + ": '" + std::string(mv) + "' is not a square or PA";
                return false;
            }
            if (pos.game_over()) {
                error = what + " comes after the end of the game";
                return false;
            }
            if (pos.side_to_move() != color) {
                if (!pos.must_pass()) {
                    error = what + ": it is " + color_name(pos.side_to_move()) + "'s turn";
                    return false;
                }
                pos.do_move(MOVE_PASS); // an omitted pass
                game.moves.push_back(MOVE_PASS);
            }
            if (!pos.is_legal(*m)) {
                error = what + " is illegal for " + color_name(color);
                return false;
            }
            pos.do_move(*m);
            game.moves.push_back(*m);
        } else {
            game.tags.emplace_back(tag, std::string(value));
        }
    }
    if (!have_board) game.start = pos;
    return true;
}

// Writes a GGF game that parse_ggf reads back.
std::string ggf_string(const GgfGame& game) {
    std::string s = "(;GM[Othello]";
    for (const auto& [k, v] : game.tags)
        if (k != "GM") s += k + "[" + v + "]";
    const std::string b = board_string(game.start);
    s += "BO[8 ";
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) s += b[r * 8 + c] == 'X' ? '*' : b[r * 8 + c];
        s += ' ';
    }
    s += game.start.side_to_move() == BLACK ? '*' : 'O';
    s += ']';
    Position pos = game.start;
    for (Move m : game.moves) {
        s += pos.side_to_move() == BLACK ? "B[" : "W[";
        s += move_name(m) + "]";
        pos.do_move(m);
    }
    return s + ";)";
}

games::Snapshot snapshot(const Position& pos, Move last) {
    games::Snapshot snap(8, 8);
    const BoardArray cells = to_array(pos);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) snap.at(r, c) = cells[size_t(r)][size_t(c)];
    snap.turn = pos.game_over() ? 0 : to_move_code(pos);
    for (Bitboard b = pos.legal_moves(); b;) {
        const Square sq = pop_lsb(b);
        snap.legal.push_back({row_of(sq), col_of(sq)});
    }
    if (is_square(last))
        snap.last = games::Snapshot::Point{row_of(to_sq(last)), col_of(to_sq(last))};
    if (pos.game_over()) {
        const int d = pos.disc_difference();
        snap.winner = d > 0 ? 1 : d < 0 ? 2 : 0;
        snap.reason = "discs";
    }
    return snap;
}

} // namespace othello
