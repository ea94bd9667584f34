// Notation: squares, boards, transcripts, OBF and GGF — round trips and parser errors.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <string>

#include "games/othello/notation.h"

using namespace othello;

TEST_CASE("square names: column letter, row digit, a1 top-left") {
    CHECK(square_name(SQ_A1) == "a1");
    CHECK(square_name(SQ_H1) == "h1");
    CHECK(square_name(SQ_A8) == "a8");
    CHECK(square_name(SQ_D3) == "d3");
    CHECK(parse_square("D3") == SQ_D3);
    CHECK(parse_square("h8") == SQ_H8);
    CHECK_FALSE(parse_square("i1"));
    CHECK_FALSE(parse_square("a9"));
    CHECK_FALSE(parse_square("a"));
    CHECK(parse_move("PA") == MOVE_PASS);
    CHECK(parse_move("pass") == MOVE_PASS);
    CHECK(move_name(MOVE_PASS) == "PA");
    for (int s = 0; s < 64; ++s) CHECK(parse_square(square_name(Square(s))) == Square(s));
}

TEST_CASE("board strings round trip and accept the usual disc characters") {
    const char* texts[] = {
        "---------------------------OX------XO--------------------------- X",
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O",
    };
    for (const char* t : texts) {
        Position pos;
        std::string error;
        REQUIRE(parse_position(t, pos, error));
        CHECK(position_string(pos) == t);
    }
    Position a, b;
    std::string error;
    REQUIRE(parse_board("...........................ox......xo...........................", "x", a,
                        error));
    REQUIRE(parse_position("---------------------------OX------XO---------------------------X", b,
                           error));
    CHECK(a == b);
    CHECK(a == Position::start());
}

TEST_CASE("board parser errors name the character and square") {
    struct Case {
        const char* board;
        const char* side;
        const char* error;
    };
    const Case cases[] = {
        {"---------------------------OX------XO--------------------------", "X",
         "board: 63 characters, a board has 64"},
        {"---------------------------OX------XO-------------Z-------------", "X",
         "board: character 51 'Z' (square c7) is not X, O or -"},
        {"---------------------------OX------XO---------------------------", "Q",
         "side: 'Q' is not X, O or -"},
        {"---------------------------OX------XO---------------------------", "",
         "side: '' is not X, O or -"},
        {"---------------------------OX------XO---------------------------", "-",
         "side: '-' says the game is over, but black can still move"},
    };
    for (const auto& c : cases) {
        Position pos;
        std::string error;
        CHECK_FALSE(parse_board(c.board, c.side, pos, error));
        CHECK(error == c.error);
    }
    Position pos;
    std::string error;
    CHECK_FALSE(parse_position("---------------------------OX------XO---------------------------",
                               pos, error));
    CHECK(error ==
          "position: the side to move (X, O or -) is missing after the 64 board characters");
}

TEST_CASE("transcripts round trip, with passes omitted or written PA") {
    // Parse, write, parse again (with and without explicit passes).
    const char* games[] = {
        "d3c3f5e3c4d6c6b6d2c5f4e6e7e2a6e1b4f6c1e8c2f3g5a3c7h4h6g4f7c8f1g1f8f2a5g8d8b5h8a4a2g6g3d7b3"
        "h2d1b1b8g2h1a7a1b7h7g7a8b2h3h5",
        "e6f4e3f6d3",
    };
    for (const char* g : games) {
        std::vector<Move> moves;
        Position end;
        std::string error;
        REQUIRE_MESSAGE(parse_transcript(g, Position::start(), moves, end, error), error);
        CHECK(transcript(moves) == g);
        if (std::string(g).size() > 100)
            CHECK(transcript(moves, true).find("PA") == 118); // white passes at h3
        // With explicit passes it parses back to the same game.
        const std::string with_pa = transcript(moves, true);
        std::vector<Move> again;
        Position end2;
        REQUIRE(parse_transcript(with_pa, Position::start(), again, end2, error));
        CHECK(again == moves);
        CHECK(end2 == end);
    }
    std::vector<Move> moves;
    Position end;
    std::string error;
    REQUIRE(parse_transcript("F5-D6-C3 d3,c4", Position::start(), moves, end, error));
    CHECK(transcript(moves) == "f5d6c3d3c4");
}

TEST_CASE("transcripts with passes: omitted and explicit PA give the same game") {
    // Black's e8 leaves white without a move: white passes, black plays c8.
    Position start;
    std::string error;
    REQUIRE(parse_position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO---OX- X",
                           start, error));
    std::vector<Move> a, b;
    Position ea, eb;
    REQUIRE_MESSAGE(parse_transcript("e8c8", start, a, ea, error), error);
    REQUIRE_MESSAGE(parse_transcript("e8PAc8", start, b, eb, error), error);
    CHECK(a == b);
    CHECK(ea == eb);
    CHECK(transcript(a, true) == "e8PAc8");
    CHECK(transcript(a) == "e8c8");
    CHECK(a.size() == 3);
}

TEST_CASE("transcript parser errors name the move and the character") {
    struct Case {
        const char* text;
        const char* error;
    };
    const Case cases[] = {
        {"f5d6c3z3", "transcript: character 7 'z' in 'z3' is not a column a-h or PA"},
        {"f5d9", "transcript: character 4 '9' in 'd9' is not a row 1-8"},
        {"f5f5",
         "transcript: move 2 'f5' (character 3) is illegal for white (the square is taken)"},
        {"f5a1", "transcript: move 2 'a1' (character 3) is illegal for white (it flips nothing)"},
        {"f5PA", "transcript: move 2 'PA' (character 3): white has a legal move and cannot pass"},
        {"f5d", "transcript: character 3 'd' is a lone character, a move is two (like f5)"},
    };
    for (const auto& c : cases) {
        std::vector<Move> moves;
        Position end;
        std::string error;
        CHECK_FALSE(parse_transcript(c.text, Position::start(), moves, end, error));
        CHECK(error == c.error);
    }
}

TEST_CASE("OBF lines: every FFO line parses and writes back unchanged") {
    for (const char* file :
         {"/othello/fforum-1-19.obf", "/othello/fforum-20-39.obf", "/othello/fforum-40-59.obf"}) {
        std::ifstream in(std::string(MINIARENA_TEST_DATA) + file);
        REQUIRE(in);
        std::string line;
        int count = 0;
        while (std::getline(in, line)) {
            ObfLine obf;
            std::string error;
            REQUIRE_MESSAGE(parse_obf_line(line, obf, error), error);
            REQUIRE(obf.best_score);
            CHECK(int(obf.move_scores.size()) == popcount(obf.pos.legal_moves()));
            CHECK(obf_line(obf.pos, obf.move_scores) == line);
            ++count;
        }
        CHECK(count >= 19);
    }
}

TEST_CASE("OBF parser: comments, bare scores and errors") {
    ObfLine obf;
    std::string error;
    REQUIRE(parse_obf_line("% a comment", obf, error));
    CHECK(obf.is_comment);
    REQUIRE(parse_obf_line(
        "---------------------------OX------XO--------------------------- X; +0;", obf, error));
    CHECK(obf.best_score == 0);
    CHECK(obf.move_scores.empty());
    REQUIRE(parse_obf_line(
        "---------------------------OX------XO--------------------------- X; D3:+4; C4:-2; +4;",
        obf, error));
    CHECK(obf.best_score == 4);
    CHECK(obf.move_scores.size() == 2);
    struct Case {
        const char* line;
        const char* error;
    };
    const Case cases[] = {
        {"---------------------------OX------XO--------------------------- X; Z9:+4;",
         "obf: character 69: 'Z9' is not a move"},
        {"---------------------------OX------XO--------------------------- X; A1:+4;",
         "obf: character 69: move a1 is not legal in this position"},
        {"---------------------------OX------XO--------------------------- X; D3:+4x;",
         "obf: character 69: score '+4x' is not a number in -64..64"},
        {"---------------------------OX------XO--------------------------- X; D3:+80;",
         "obf: character 69: score '+80' is not a number in -64..64"},
        {"---------------------------OX------XO-----------?--------------- X; D3:+4;",
         "obf: board: character 49 '?' (square a7) is not X, O or -"},
        // Two squares too many: counted, not read as a side "-- X".
        {"---------------------------OX------XO----------------------------- X;",
         "obf: position: 66 board characters before the side to move (64 expected; character 65 "
         "is '-')"},
        // A bare score with move scores must be their maximum (found by fuzzing).
        {"---------------------------OX------XO--------------------------- X; D3:+4; +2;",
         "obf: character 76: score 2 differs from the best move score 4"},
        {"---------------------------OX------XO--------------------------- X; +2; +4;",
         "obf: character 73: a second score 4 differs from 2"},
    };
    for (const auto& c : cases) {
        CHECK_FALSE(parse_obf_line(c.line, obf, error));
        CHECK(error == c.error);
    }
}

TEST_CASE("GGF games round trip and report errors") {
    const char* text = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TY[8]BO[8 "
                       "---------------------------O*------*O--------------------------- *]"
                       "B[F5]W[F6]B[D3]W[C5]B[E6//1.5]W[F7/0.2]B[E7]W[F4];)";
    GgfGame game;
    std::string error;
    REQUIRE_MESSAGE(parse_ggf(text, game, error), error);
    CHECK(game.start == Position::start());
    CHECK(transcript(game.moves) == "f5f6d3c5e6f7e7f4");
    CHECK(game.tags.size() == 6); // GM PC PB PW RE TY
    const std::string written = ggf_string(game);
    GgfGame again;
    REQUIRE_MESSAGE(parse_ggf(written, again, error), error);
    CHECK(again.moves == game.moves);
    CHECK(again.start == game.start);
    CHECK(ggf_string(again) == written);
    struct Case {
        const char* text;
        const char* error;
    };
    const Case cases[] = {
        {"GM[Othello]", "ggf: no '(;' opening the game"},
        {"(;GM[Othello]B[F5]", "ggf: the game is not closed by ';)'"},
        {"(;GM[Othello]B[F5]W[F5];)", "ggf: move 2 W[F5] at character 19 is illegal for white"},
        {"(;GM[Othello]B[Q5];)", "ggf: move 1 B[Q5] at character 14: 'Q5' is not a square or PA"},
        {"(;GM[Othello]W[F5];)", "ggf: move 1 W[F5] at character 14: it is black's turn"},
        {"(;GM[Othello]BO[8 ----];)",
         "ggf: BO at character 14 has 4 board characters and side, expected 64 + 1"},
        {"(;GM[Othello]bo[8];)",
         "ggf: character 14 'b': expected a tag like PB[...] or the closing ';)'"},
        {"(;GM[Othello", "ggf: tag GM at character 3 has no closing ']'"},
    };
    for (const auto& c : cases) {
        CHECK_FALSE(parse_ggf(c.text, game, error));
        CHECK(error == c.error);
    }
}

// The pages word a fault in the player's language from this data; the English stays as above.
TEST_CASE("board and transcript faults as data: the kind, its arguments, the English unchanged") {
    using K = FaultKind;
    const std::string board = "---------------------------OX------XO---------------------------";
    const std::string bad_c7 = "---------------------------OX------XO-------------Z-------------";
    const std::string finished = "d3c3b3d2e1d6d7e3f4"; // black wipes white out in 9 moves
    struct Case {
        std::string text; // as pasted
        bool position;    // read by parse_position (else parse_transcript from the start)
        Fault fault;
        const char* english;
    };
    const Case cases[] = {
        {board.substr(1),
         true,
         {.kind = K::BOARD_LENGTH, .count = 63},
         "board: 63 characters, a board has 64"},
        {"--Q-",
         true,
         {.kind = K::BOARD_CHAR, .at = 3, .text = "Q"},
         "board: character 3 'Q' is not X, O or -"},
        {bad_c7 + " X",
         true,
         {.kind = K::BOARD_SQUARE_CHAR, .at = 51, .text = "Z", .square = SQ_C7},
         "board: character 51 'Z' (square c7) is not X, O or -"},
        {board + " Q", true, {.kind = K::SIDE_CHAR, .text = "Q"}, "side: 'Q' is not X, O or -"},
        {board + " \x07",
         true,
         {.kind = K::SIDE_CHAR, .text = "\\x07"},
         "side: '\\x07' is not X, O or -"},
        {board + " XO", true, {.kind = K::SIDE_CHAR, .text = "XO"}, "side: 'XO' is not X, O or -"},
        {board + " -",
         true,
         {.kind = K::SIDE_NOT_OVER, .color = BLACK},
         "side: '-' says the game is over, but black can still move"},
        {board,
         true,
         {.kind = K::SIDE_MISSING},
         "position: the side to move (X, O or -) is missing after the 64 board characters"},
        {board + "XO X",
         true,
         {.kind = K::BOARD_TOO_LONG, .count = 66, .text = "X"},
         "position: 66 board characters before the side to move (64 expected; character 65 is "
         "'X')"},
        {"f5d",
         false,
         {.kind = K::TRANSCRIPT_LONE_CHAR, .at = 3, .text = "d"},
         "transcript: character 3 'd' is a lone character, a move is two (like f5)"},
        {"f5d6c3z3",
         false,
         {.kind = K::TRANSCRIPT_NOT_COLUMN, .at = 7, .text = "z", .token = "z3"},
         "transcript: character 7 'z' in 'z3' is not a column a-h or PA"},
        {"f5d9",
         false,
         {.kind = K::TRANSCRIPT_NOT_ROW, .at = 4, .text = "9", .token = "d9"},
         "transcript: character 4 '9' in 'd9' is not a row 1-8"},
        {finished + "a1",
         false,
         {.kind = K::TRANSCRIPT_AFTER_END, .at = 19, .count = 10, .token = "a1"},
         "transcript: move 10 'a1' (character 19) comes after the end of the game"},
        {"f5PA",
         false,
         {.kind = K::TRANSCRIPT_CANNOT_PASS, .at = 3, .count = 2, .token = "PA", .color = WHITE},
         "transcript: move 2 'PA' (character 3): white has a legal move and cannot pass"},
        {"f5 f5",
         false,
         {.kind = K::TRANSCRIPT_SQUARE_TAKEN, .at = 4, .count = 2, .token = "f5", .color = WHITE},
         "transcript: move 2 'f5' (character 4) is illegal for white (the square is taken)"},
        {"f5a1",
         false,
         {.kind = K::TRANSCRIPT_FLIPS_NOTHING, .at = 3, .count = 2, .token = "a1", .color = WHITE},
         "transcript: move 2 'a1' (character 3) is illegal for white (it flips nothing)"},
    };
    std::set<K> seen;
    for (const Case& c : cases) {
        CAPTURE(c.english);
        Position pos, end;
        std::vector<Move> moves;
        std::string error, plain;
        Fault f;
        if (c.position) {
            CHECK_FALSE(parse_position(c.text, pos, error, &f));
            CHECK_FALSE(parse_position(c.text, pos, plain));
        } else {
            CHECK_FALSE(parse_transcript(c.text, Position::start(), moves, end, error, &f));
            CHECK_FALSE(parse_transcript(c.text, Position::start(), moves, end, plain));
        }
        CHECK(error == c.english);
        CHECK(plain == c.english); // asked for the fault or not, the same words
        CHECK(fault_message(f) == c.english);
        CHECK(int(f.kind) == int(c.fault.kind));
        CHECK(f.at == c.fault.at);
        CHECK(f.count == c.fault.count);
        CHECK(f.text == c.fault.text);
        CHECK(f.token == c.fault.token);
        CHECK(f.square == c.fault.square);
        CHECK(f.color == c.fault.color);
        seen.insert(f.kind);
    }
    CHECK(seen.size() == size_t(K::KIND_NB) - 1); // every kind is in the table
}
