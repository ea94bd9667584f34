#include "ui/pages/othello/othello_faults.h"

namespace ui {

using miniapp::Str;

std::optional<Str> fault_string(othello::FaultKind kind) {
    using K = othello::FaultKind;
    switch (kind) {
    case K::BOARD_LENGTH: return Str::OthelloFaultBoardLength;
    case K::BOARD_CHAR: return Str::OthelloFaultBoardChar;
    case K::BOARD_SQUARE_CHAR: return Str::OthelloFaultBoardSquareChar;
    case K::SIDE_CHAR: return Str::OthelloFaultSideChar;
    case K::SIDE_NOT_OVER: return Str::OthelloFaultSideNotOver;
    case K::SIDE_MISSING: return Str::OthelloFaultSideMissing;
    case K::BOARD_TOO_LONG: return Str::OthelloFaultBoardTooLong;
    case K::TRANSCRIPT_LONE_CHAR: return Str::OthelloFaultLoneChar;
    case K::TRANSCRIPT_NOT_COLUMN: return Str::OthelloFaultNotColumn;
    case K::TRANSCRIPT_NOT_ROW: return Str::OthelloFaultNotRow;
    case K::TRANSCRIPT_AFTER_END: return Str::OthelloFaultAfterEnd;
    case K::TRANSCRIPT_CANNOT_PASS: return Str::OthelloFaultCannotPass;
    case K::TRANSCRIPT_SQUARE_TAKEN: return Str::OthelloFaultSquareTaken;
    case K::TRANSCRIPT_FLIPS_NOTHING: return Str::OthelloFaultFlipsNothing;
    default: return std::nullopt;
    }
}

// Each string's placeholders are the fields its kind sets, in the order of the English text
// (strings_table.inc); a placeholder a string does not use is simply left out.
std::string fault_text(const othello::Fault& f, miniapp::Lang lang, const std::string& english) {
    using K = othello::FaultKind;
    const auto id = fault_string(f.kind);
    if (!id) return english;
    const char* pattern = miniapp::tr(*id, lang);
    const std::string at = std::to_string(f.at), count = std::to_string(f.count);
    const char* color = miniapp::tr(f.color == othello::BLACK ? Str::FaultBlack : Str::FaultWhite, lang);
    switch (f.kind) {
    case K::BOARD_LENGTH: return miniapp::format(pattern, {count});
    case K::BOARD_CHAR: return miniapp::format(pattern, {at, f.text});
    case K::BOARD_SQUARE_CHAR: return miniapp::format(pattern, {at, f.text, othello::square_name(f.square)});
    case K::SIDE_CHAR: return miniapp::format(pattern, {f.text});
    case K::SIDE_NOT_OVER: return miniapp::format(pattern, {color});
    case K::BOARD_TOO_LONG: return miniapp::format(pattern, {count, f.text});
    case K::TRANSCRIPT_LONE_CHAR: return miniapp::format(pattern, {at, f.text});
    case K::TRANSCRIPT_NOT_COLUMN:
    case K::TRANSCRIPT_NOT_ROW: return miniapp::format(pattern, {at, f.text, f.token});
    default: return miniapp::format(pattern, {count, f.token, at, color}); // SIDE_MISSING, the moves
    }
}

} // namespace ui
