// notation.h — reading and writing positions, moves and games.
//
//   squares     "a1".."h8" (column letter, row digit; either case on input)
//   transcripts "f5d6c3d3c4": passes omitted, or written "PA"; "-", "," and blanks may separate
//   boards      64 characters a1..h8 row by row (X/x/*/B/b black, O/o/0/W/w white, -/./_ empty)
//               and a side X / O, or "-" for a finished game
//   OBF         "<board> <side>; F5:+2; D6:-4;" (Edax problem files; "%" comments; "+38;" bare)
//   GGF         "(;GM[Othello]...BO[8 <board rows> *]B[f5]W[d6//1.2]...;)" (NBoard, GGS)
// Every parser returns false with a message that names the offending character, square or move
// (1-based positions) and leaves its outputs unspecified; none of them throws.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/othello/position.h"

namespace othello {

std::string square_name(Square s);                         // "d3"
std::string move_name(Move m);                             // "d3", "PA" for a pass, "--" for none
std::optional<Square> parse_square(std::string_view text); // exactly 2 chars
// A square or a pass ("PA", "pa", "ps", "pass", "--").
std::optional<Move> parse_move(std::string_view text);

// Boards.
std::string board_string(const Position& pos);    // 64 characters
char side_char(const Position& pos);              // 'X', 'O', or '-' when the game is over
std::string position_string(const Position& pos); // board + ' ' + side
bool parse_board(std::string_view board, std::string_view side, Position& pos, std::string& error);
// "<64 chars><blanks><side>" or 65 characters with the side last.
bool parse_position(std::string_view text, Position& pos, std::string& error);

// Transcripts. moves receives every move played, passes included explicitly; end the final
// position. Omitted passes are inserted where the side to move has no legal move.
bool parse_transcript(std::string_view text, const Position& start, std::vector<Move>& moves,
                      Position& end, std::string& error);
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

} // namespace othello
