// othello_obf — OBF lines (Edax problem files): "<board> <side>; F5:+2; D6:-4;", "% comment",
// bare "+38;". Each input line is parsed on its own. Promise: obf_line() of a parsed line
// parses back to the same position and move scores.
#include "fuzz_common.h"
#include "games/othello/notation.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    for (std::string_view line : fuzz::lines(fuzz::as_text(data, size), 64)) {
        ObfLine obf;
        std::string error;
        if (!parse_obf_line(line, obf, error)) {
            FUZZ_CHECK(!error.empty(), "a refused line names the problem");
            continue;
        }
        if (obf.is_comment) continue;
        for (const auto& [m, score] : obf.move_scores) {
            FUZZ_CHECK(m == MOVE_PASS || is_square(m), "move");
            if (obf.best_score)
                FUZZ_CHECK(score <= *obf.best_score, "best_score is the max of the move scores");
        }
        const std::string again = obf_line(obf.pos, obf.move_scores);
        ObfLine obf2;
        FUZZ_CHECK(parse_obf_line(again, obf2, error), again + ": " + error);
        // A finished game is written with side '-': only the discs must come back.
        if (obf.pos.game_over())
            FUZZ_CHECK(board_string(obf2.pos) == board_string(obf.pos), "discs round trip: " + again);
        else
            FUZZ_CHECK(obf2.pos == obf.pos, "position round trip: " + again);
        FUZZ_CHECK(obf2.move_scores == obf.move_scores, "scores round trip: " + again);
    }
    return 0;
}
