// gomoku_pos — Gomoku "pos" strings ("h8i9j7…", "-" = empty). A first line may set the rule
// and the size ("renju", "4 20", "freestyle 20", …); without one the pos is read on 15x15
// under freestyle and renju.
// Promises: parse_moves and load_pos agree on what they accept; to_pos() of a loaded board
// loads back to the same board and outcome; the outcome line is on stones.
#include <memory>

#include "fuzz_common.h"
#include "games/gomoku/notation.h"

using namespace gomoku;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // Boards are big (resetting one is the cost of an input): two are kept for all inputs.
    static const auto board = std::make_unique<Board>();
    static const auto again = std::make_unique<Board>();

    std::string_view text = fuzz::as_text(data, size);
    std::vector<Rule> rules = {Rule::FREESTYLE, Rule::RENJU};
    int board_size = 15;
    if (const auto [first, rest] = fuzz::split_first_line(text); !rest.empty()) {
        const size_t sp = first.find(' ');
        if (const auto r = parse_rule(first.substr(0, sp))) {
            rules = {*r};
            FUZZ_CHECK(parse_rule(rule_name(*r)) == r, rule_name(*r));
        }
        if (sp != std::string_view::npos && first.substr(sp + 1) == "20") board_size = 20;
        text = rest;
    }
    std::vector<Coord> moves;
    std::string error;
    const bool parsed = parse_moves(text, board_size, moves, error);
    if (parsed) {
        for (const Coord& c : moves)
            FUZZ_CHECK(c.row >= 0 && c.col >= 0 && c.row < board_size && c.col < board_size,
                       move_name(c.row, c.col));
    } else {
        FUZZ_CHECK(!error.empty(), "a refused pos names the problem");
    }
    for (Rule rule : rules) {
        board->reset(board_size, rule);
        Outcome outcome;
        error.clear();
        if (!load_pos(*board, text, error, &outcome)) {
            FUZZ_CHECK(!error.empty(), "a refused pos names the problem");
            continue;
        }
        FUZZ_CHECK(parsed, "load_pos accepts only what parse_moves accepts");
        FUZZ_CHECK(board->ply() == int(moves.size()), "every move is on the board");
        const std::string pos = to_pos(*board);
        again->reset(board_size, rule);
        Outcome outcome2;
        FUZZ_CHECK(load_pos(*again, pos, error, &outcome2), pos + ": " + error);
        FUZZ_CHECK(to_pos(*again) == pos, "round trip: " + pos);
        FUZZ_CHECK(outcome2.result == outcome.result, "same outcome: " + pos);
        for (Pos p : outcome.line) FUZZ_CHECK(!board->is_empty(p), "winning line on stones");
    }
    return 0;
}
