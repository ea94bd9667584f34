// tictactoe_board — tic-tac-toe board strings (9 of X, O, '-' or '.'): parse_board, then the
// rules and both levels on what parses.
// Promises: to_string() parses back the same; a level's move is an empty cell of a game that
// is not over; check_winner's line is three equal stones.
#include "fuzz_common.h"
#include "games/tictactoe/levels.h"

using namespace tictactoe;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    std::string error;
    const auto board = parse_board(text, &error);
    if (!board) {
        FUZZ_CHECK(!error.empty(), "a refused board names the problem");
        return 0;
    }
    const std::string s = to_string(*board);
    FUZZ_CHECK(parse_board(s) == board, "round trip: " + s);
    const Result result = check_winner(*board);
    if (result.outcome == Outcome::XWins || result.outcome == Outcome::OWins) {
        const Cell c = result.outcome == Outcome::XWins ? Cell::X : Cell::O;
        for (int i : result.line) FUZZ_CHECK(i >= 0 && i < 9 && (*board)[i] == c, s);
    }
    int stones = 0;
    for (Cell c : *board) stones += c != Cell::Empty;
    games::Rng rng(size);
    for (Level level : {Level::Easy, Level::Hard}) {
        if (level == Level::Hard && stones < 2) continue; // the full tree: slow, and tested
        const auto m = choose_move(*board, level, rng);
        if (result.outcome != Outcome::None) {
            FUZZ_CHECK(!m, "no move after the end: " + s);
        } else {
            FUZZ_CHECK(m && *m >= 0 && *m < 9 && (*board)[*m] == Cell::Empty, "move on " + s);
        }
    }
    (void)side_to_move(*board);
    return 0;
}
