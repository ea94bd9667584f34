// othello_board — board strings: "<64 chars> <side>", 65 characters with the side last, or
// board and side as two tokens (parse_board, as the service reads them); squares and moves.
// Promise: a parsed position prints back to a string that parses to the same position.
#include "fuzz_common.h"
#include "games/othello/notation.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    std::string error;
    Position pos;
    if (parse_position(text, pos, error)) {
        const std::string s = position_string(pos);
        FUZZ_CHECK(board_string(pos).size() == 64, s);
        Position again;
        FUZZ_CHECK(parse_position(s, again, error), s + ": " + error);
        // A finished game is written with side '-': only the discs must come back.
        if (pos.game_over())
            FUZZ_CHECK(board_string(again) == board_string(pos) && again.game_over(), s);
        else
            FUZZ_CHECK(again == pos, "position round trip: " + s);
        FUZZ_CHECK((pos.player() & pos.opponent()) == 0, "overlapping discs");
    } else {
        FUZZ_CHECK(!error.empty(), "a refused position names the problem");
    }

    // Board and side as separate tokens (the service's positional arguments).
    const size_t sp = text.find(' ');
    const std::string_view board = text.substr(0, sp);
    const std::string_view side = sp == std::string_view::npos ? std::string_view() : text.substr(sp + 1);
    if (parse_board(board, side, pos, error)) {
        FUZZ_CHECK(board_string(pos).size() == 64, "board");
        const char sc = side_char(pos);
        FUZZ_CHECK(sc == 'X' || sc == 'O' || sc == '-', "side");
    }

    // Squares and moves on short pieces of the input.
    for (size_t len = 0; len <= 5 && len <= text.size(); ++len) {
        const auto sq = parse_square(text.substr(0, len));
        if (sq) FUZZ_CHECK(parse_square(square_name(*sq)) == sq, square_name(*sq));
        const auto m = parse_move(text.substr(0, len));
        if (m) {
            FUZZ_CHECK(*m == MOVE_PASS || is_square(*m), "move");
            FUZZ_CHECK(parse_move(move_name(*m)) == m, move_name(*m));
        }
    }
    return 0;
}
