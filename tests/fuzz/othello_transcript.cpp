// othello_transcript — move lists like "f5d6c3d3c4" (passes omitted or "PA", separators "-",
// ",", blanks). An optional first line "<board> <side>" (parse_position) is the start.
// Promises: the moves replay to the reported end; both written forms parse back the same.
#include "fuzz_common.h"
#include "games/othello/notation.h"

using namespace othello;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text = fuzz::as_text(data, size);
    Position start = Position::start();
    std::string error;
    if (const auto [first, rest] = fuzz::split_first_line(text); !rest.empty() || first.size() >= 65) {
        Position p;
        if (parse_position(first, p, error)) {
            start = p;
            text = rest;
        }
    }
    std::vector<Move> moves;
    Position end;
    if (!parse_transcript(text, start, moves, end, error)) {
        FUZZ_CHECK(!error.empty(), "a refused transcript names the problem");
        return 0;
    }
    Position replay = start;
    std::string e2;
    FUZZ_CHECK(play_moves(replay, moves, e2), "moves replay: " + e2);
    FUZZ_CHECK(replay == end, "replay reaches the end position");

    for (bool with_passes : {false, true}) {
        const std::string t = transcript(moves, with_passes);
        std::vector<Move> moves2;
        Position end2;
        FUZZ_CHECK(parse_transcript(t, start, moves2, end2, e2), t + ": " + e2);
        // A trailing pass cannot be written without passes: the end is then one pass earlier.
        if (with_passes || moves.empty() || moves.back() != MOVE_PASS)
            FUZZ_CHECK(end2 == end, "round trip end: " + t);
        // Without passes, a trailing pass cannot be written: compare what is written.
        if (with_passes) FUZZ_CHECK(moves2 == moves, "round trip moves: " + t);
    }
    return 0;
}
