// "pos" notation: round trips and errors that name the offending move; rule names.
#include "helpers.h"

using namespace gomoku;

TEST_CASE("pos round trips") {
    const char* positions[] = {"-", "h8", "h8i9j7", "a1o15a15o1", "h8g7f6g8g9", "b3k10g2f6"};
    for (const char* pos : positions) {
        const std::string ctx5(pos);
        CAPTURE(ctx5);
        Board b(15, Rule::FREESTYLE);
        std::string err;
        REQUIRE(load_pos(b, pos, err));
        CHECK(to_pos(b) == pos);
    }
    Board b(15, Rule::FREESTYLE);
    std::string err;
    REQUIRE(load_pos(b, "H8I9", err)); // upper case letters are accepted
    CHECK(to_pos(b) == "h8i9");
    REQUIRE(load_pos(b, "", err));
    CHECK(b.ply() == 0);
    CHECK(move_name(make_pos(0, 0)) == "a1");
    CHECK(move_name(14, 14) == "o15");
    CHECK(b.at(7, 7) == EMPTY);
}

TEST_CASE("pos errors name the move") {
    struct Row {
        const char* pos;
        const char* error;
    };
    const Row rows[] = {
        {"h8z9", "move 2 'z9': column 'z' outside the board"},
        {"h8p1", "move 2 'p1': column 'p' outside the board"},
        {"h16", "move 1 'h16': row 16 outside the board"},
        {"h0", "move 1 'h0': row 0 outside the board"},
        {"h8i", "move 2 'i': expected a row number"},
        {"8h", "move 1 '8': expected a column letter"},
        {"h8 i9", "move 2 ' ': expected a column letter"},
        {"h8h8", "move 2 'h8': occupied cell (7,7)"},
        {"h8a1i8a2j8a3k8a4l8a5m8", "move 10 'a5': game over"},
        {"h8i9j1234", "move 3 'j123': row 123 outside the board"},
    };
    for (const Row& r : rows) {
        const std::string ctx6(r.pos);
        CAPTURE(ctx6);
        Board b(15, Rule::FREESTYLE);
        std::string err;
        CHECK_FALSE(load_pos(b, r.pos, err));
        CHECK(err == r.error);
    }
}

TEST_CASE("rule names") {
    CHECK(parse_rule("freestyle") == Rule::FREESTYLE);
    CHECK(parse_rule("standard") == Rule::STANDARD);
    CHECK(parse_rule("renju") == Rule::RENJU);
    CHECK(parse_rule("4") == Rule::RENJU);
    CHECK_FALSE(parse_rule("caro").has_value());
    CHECK(std::string(rule_name(Rule::RENJU)) == "renju");
}

// The pages word a fault in the player's language from this data; the English stays as above.
TEST_CASE("pos faults as data: the kind, its arguments, the English unchanged") {
    using K = FaultKind;
    struct Row {
        const char* pos;
        Fault fault;
        const char* english;
    };
    const Row rows[] = {
        {"8h",
         {.kind = K::NO_COLUMN, .number = 1, .token = "8"},
         "move 1 '8': expected a column letter"},
        {"h8 i9",
         {.kind = K::NO_COLUMN, .number = 2, .token = " "},
         "move 2 ' ': expected a column letter"},
        {"h8i",
         {.kind = K::NO_ROW, .number = 2, .token = "i"},
         "move 2 'i': expected a row number"},
        {"h8z9",
         {.kind = K::COLUMN_OUTSIDE, .number = 2, .token = "z9", .column = 'z'},
         "move 2 'z9': column 'z' outside the board"},
        {"h16",
         {.kind = K::ROW_OUTSIDE, .number = 1, .token = "h16", .row = 16},
         "move 1 'h16': row 16 outside the board"},
        {"h8i9j1234",
         {.kind = K::ROW_OUTSIDE, .number = 3, .token = "j123", .row = 123},
         "move 3 'j123': row 123 outside the board"},
        {"h8h8",
         {.kind = K::OCCUPIED, .number = 2, .token = "h8", .cell = {7, 7}},
         "move 2 'h8': occupied cell (7,7)"},
        {"h8a1i8a2j8a3k8a4l8a5m8",
         {.kind = K::GAME_OVER, .number = 10, .token = "a5", .cell = {4, 0}},
         "move 10 'a5': game over"},
    };
    for (const Row& r : rows) {
        CAPTURE(r.english);
        Board b(15, Rule::FREESTYLE);
        std::string error, plain;
        Fault f;
        CHECK_FALSE(load_pos(b, r.pos, error, nullptr, &f));
        CHECK_FALSE(load_pos(b, r.pos, plain));
        CHECK(error == r.english);
        CHECK(plain == r.english); // asked for the fault or not, the same words
        CHECK(fault_message(f) == r.english);
        CHECK(int(f.kind) == int(r.fault.kind));
        CHECK(f.number == r.fault.number);
        CHECK(f.token == r.fault.token);
        CHECK(f.column == r.fault.column);
        CHECK(f.row == r.fault.row);
        CHECK(f.cell == r.fault.cell);
    }
    // parse_moves alone reports the same faults as data.
    std::vector<Coord> moves;
    std::string error;
    Fault f;
    CHECK_FALSE(parse_moves("h8z9", 15, moves, error, &f));
    CHECK(f.kind == K::COLUMN_OUTSIDE);
    CHECK(error == "move 2 'z9': column 'z' outside the board");
    // A cell outside the board never gets past parse_moves; its words are play_checked's.
    Board b(15, Rule::FREESTYLE);
    Outcome none;
    CHECK(fault_message({.kind = K::OUTSIDE, .number = 3, .token = "p1", .cell = {0, 15}}) ==
          "move 3 'p1': " + play_checked(b, 0, 15, none));
    CHECK(refusal(b, 0, 15, none) == Refusal::OUTSIDE);
}
