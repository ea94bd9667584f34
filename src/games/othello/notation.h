// notation.h — reading and writing positions, moves and games.
//
//   squares     "a1".."h8" (column letter, row digit; either case on input)
//   transcripts "f5d6c3d3c4": passes omitted, or written "PA"; "-", "," and blanks may separate
//   boards      64 characters a1..h8 row by row (X/x/*/B/b black, O/o/0/W/w white, -/./_ empty)
//               and a side X / O, or "-" for a finished game
//   OBF         "<board> <side>; F5:+2; D6:-4;" (Edax problem files; "%" comments; "+38;" bare)
//   GGF         "(;GM[Othello]...BO[8 <board rows> *]B[f5]W[d6//1.2]...;)" (NBoard, GGS)
// Every parser returns false with a message that names the offending character, square or move
// (1-based positions) and leaves its outputs unspecified; none of them throws. The board and
// transcript parsers (the forms a player pastes) can also report the fault as data, for a
// message in another language; the English message is written from that same data.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/othello/position.h"

namespace games {
struct Snapshot;
}

namespace othello {

std::string square_name(Square s);                         // "d3"
std::string move_name(Move m);                             // "d3", "PA" for a pass, "--" for none
std::optional<Square> parse_square(std::string_view text); // exactly 2 chars
// A square or a pass ("PA", "pa", "ps", "pass", "--").
std::optional<Move> parse_move(std::string_view text);

// What a board, position or transcript parser found wrong. Which fields are set depends on the
// kind (the English wording of each is beside it: at, count, text, token, square, color).
enum class FaultKind : uint8_t {
    NONE,
    BOARD_LENGTH,             // board: {count} characters, a board has 64
    BOARD_CHAR,               // board: character {at} '{text}' is not X, O or -
    BOARD_SQUARE_CHAR,        // board: character {at} '{text}' (square {square}) is not X, O or -
    SIDE_CHAR,                // side: '{text}' is not X, O or -
    SIDE_NOT_OVER,            // side: '-' says the game is over, but {color} can still move
    SIDE_MISSING,             // position: the side to move (X, O or -) is missing after ...
    BOARD_TOO_LONG,           // position: {count} board characters ... character 65 is '{text}'
    TRANSCRIPT_LONE_CHAR,     // transcript: character {at} '{text}' is a lone character, ...
    TRANSCRIPT_NOT_COLUMN,    // transcript: character {at} '{text}' in '{token}' is not a column
    TRANSCRIPT_NOT_ROW,       // transcript: character {at} '{text}' in '{token}' is not a row
    TRANSCRIPT_AFTER_END,     // transcript: move {count} '{token}' (character {at}) comes after ...
    TRANSCRIPT_CANNOT_PASS,   // ... {color} has a legal move and cannot pass
    TRANSCRIPT_SQUARE_TAKEN,  // ... is illegal for {color} (the square is taken)
    TRANSCRIPT_FLIPS_NOTHING, // ... is illegal for {color} (it flips nothing)
    KIND_NB
};
struct Fault {
    FaultKind kind = FaultKind::NONE;
    int at = 0;             // 1-based character position in the text
    int count = 0;          // a number of characters, or the move's number (1-based)
    std::string text{};     // the offending character (or side text), printable ("\x07")
    std::string token{};    // the two characters read as a move
    Square square = SQ_A1;  // BOARD_SQUARE_CHAR only
    Color color = NO_COLOR; // the side the fault is about
};
// The English message of a fault: exactly what the parsers put in `error`.
std::string fault_message(const Fault& fault);

// Boards. `fault`, when given, receives the fault as data too.
std::string board_string(const Position& pos);    // 64 characters
char side_char(const Position& pos);              // 'X', 'O', or '-' when the game is over
std::string position_string(const Position& pos); // board + ' ' + side
bool parse_board(std::string_view board, std::string_view side, Position& pos, std::string& error,
                 Fault* fault = nullptr);
// "<64 chars><blanks><side>" or 65 characters with the side last.
bool parse_position(std::string_view text, Position& pos, std::string& error,
                    Fault* fault = nullptr);

// Transcripts. moves receives every move played, passes included explicitly; end the final
// position. Omitted passes are inserted where the side to move has no legal move.
bool parse_transcript(std::string_view text, const Position& start, std::vector<Move>& moves,
                      Position& end, std::string& error, Fault* fault = nullptr);
std::string transcript(const std::vector<Move>& moves, bool with_passes = false);
// Plays moves from pos (each must be legal); false with a message naming the first bad move.
bool play_moves(Position& pos, const std::vector<Move>& moves, std::string& error);

// OBF lines.
struct ObfLine {
    Position pos;
    std::vector<std::pair<Move, int>> move_scores; // as listed in the line
    std::optional<int> best_score;                 // max of move_scores, or a bare "+38;"
    bool is_comment = false;                       // blank or '%' line: nothing else is set
};
bool parse_obf_line(std::string_view line, ObfLine& out, std::string& error);
std::string obf_line(const Position& pos, const std::vector<std::pair<Move, int>>& move_scores);

// GGF games.
struct GgfGame {
    Position start;
    std::vector<Move> moves;                               // passes explicit
    std::vector<std::pair<std::string, std::string>> tags; // every other tag, in order
};
bool parse_ggf(std::string_view text, GgfGame& game, std::string& error);
std::string ggf_string(const GgfGame& game);

// The position in the shape every game shares (games/common/snapshot.h; include it to call
// this): black is 1; `last` the square just played (a pass or MOVE_NONE: none); the winner by
// discs once the game is over. `position` is left empty.
games::Snapshot snapshot(const Position& pos, Move last);

} // namespace othello
