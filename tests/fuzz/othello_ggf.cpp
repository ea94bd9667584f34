// othello_ggf — GGF games as NBoard and GGS send them: "(;GM[Othello]BO[8 … *]B[f5]W[d6//1.2];)".
// Promise: the moves of a parsed game are legal from its start, and ggf_string() parses back
// to the same game.
#include "fuzz_common.h"
#include "games/othello/notation.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    GgfGame game;
    std::string error;
    if (!parse_ggf(text, game, error)) {
        FUZZ_CHECK(!error.empty(), "a refused game names the problem");
        return 0;
    }
    Position p = game.start;
    FUZZ_CHECK(play_moves(p, game.moves, error), "moves replay: " + error);
    const std::string s = ggf_string(game);
    GgfGame again;
    FUZZ_CHECK(parse_ggf(s, again, error), fuzz::printable(s) + ": " + error);
    FUZZ_CHECK(again.start == game.start, "start round trip: " + fuzz::printable(s));
    FUZZ_CHECK(again.moves == game.moves, "moves round trip: " + fuzz::printable(s));
    return 0;
}
