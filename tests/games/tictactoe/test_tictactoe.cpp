// Tic-tac-toe rules, the service, and Hard checked over every game a player can play.
#include "games/common/request.h"
#include "games/tictactoe/levels.h"
#include "games/tictactoe/review.h"
#include "games/tictactoe/service.h"
#include "../own_fields.h"

#include <doctest/doctest.h>

#include <functional>

using namespace tictactoe;

static Board B(const char* s) { return *parse_board(s); }

TEST_CASE("winner detection, lines and draws") {
    struct Case {
        const char* board;
        Outcome outcome;
        std::array<int, 3> line;
    };
    const Case cases[] = {
        {"---------", Outcome::None, {-1, -1, -1}},
        {"XXXOO----", Outcome::XWins, {0, 1, 2}},
        {"OOOXX-X--", Outcome::OWins, {0, 1, 2}},
        {"X--OX-O-X", Outcome::XWins, {0, 4, 8}},
        {"XOX-O-XO-", Outcome::OWins, {1, 4, 7}},
        {"O-XOX-XXO", Outcome::XWins, {2, 4, 6}},
        {"XOXXOOOXX", Outcome::Draw, {-1, -1, -1}},
        {"XXOOOXXXO", Outcome::Draw, {-1, -1, -1}},
    };
    for (auto& c : cases) {
        CAPTURE(c.board);
        Result r = check_winner(B(c.board));
        CHECK(r.outcome == c.outcome);
        CHECK(r.line == c.line);
    }
}

TEST_CASE("board strings: parse errors name the fault, round trip") {
    std::string why;
    CHECK_FALSE(parse_board("XO", &why));
    CHECK(why == "a tic-tac-toe board has 9 cells, got 2");
    CHECK_FALSE(parse_board("XO-Z-----", &why));
    CHECK(why == "bad character 'Z' at cell 3 (use X, O or -)");
    CHECK_FALSE(parse_board("OO-------", &why));
    CHECK(why == "impossible board: 0 X and 2 O (X moves first)");
    // a game stops at its first line (found by fuzzing: XXXOOO--- was taken for an X win)
    CHECK_FALSE(parse_board("XXXOOO---", &why));
    CHECK(why == "impossible board: both X and O have a line");
    CHECK_FALSE(parse_board("XXXOO-O--", &why));
    CHECK(why == "impossible board: O moved after X had won");
    CHECK_FALSE(parse_board("OOOXX-XX-", &why));
    CHECK(why == "impossible board: X moved after O had won");
    CHECK(parse_board("XXXOO----", &why));
    CHECK(to_string(B("x.o......")) == "X-O------");
    CHECK(side_to_move(B("X--------")) == Cell::O);
    CHECK(side_to_move(B("XO-------")) == Cell::X);
}

TEST_CASE("Hard follows the seed: immediate win first, then block, first best cell in index order") {
    games::Rng rng(1);
    CHECK(choose_move(B("XX-OO-X--"), Level::Hard, rng) == 5);  // O wins at 5 (row 3,4,5)
    CHECK(choose_move(B("XX-O-----"), Level::Hard, rng) == 2);  // must block
    CHECK(choose_move(B("X--------"), Level::Hard, rng) == 4);  // centre answers a corner
    CHECK(choose_move(B("----X----"), Level::Hard, rng) == 0);  // first corner in index order
    CHECK(choose_move(B("XXXOO----"), Level::Hard, rng) == std::nullopt);
}

TEST_CASE("Easy picks uniformly among empty cells, reproducibly from the seed") {
    int counts[9] = {};
    games::Rng rng(42);
    for (int i = 0; i < 9000; ++i) ++counts[*choose_move(B("X---O----"), Level::Easy, rng)];
    CHECK(counts[0] == 0);
    CHECK(counts[4] == 0);
    for (int c : {1, 2, 3, 5, 6, 7, 8}) {
        CAPTURE(c);
        CHECK(counts[c] > 1100); // 1285.7 expected; 7 sigma ≈ 230
        CHECK(counts[c] < 1500);
    }
    games::Rng a(7), b(7);
    for (int i = 0; i < 20; ++i)
        CHECK(choose_move(B("---------"), Level::Easy, a) == choose_move(B("---------"), Level::Easy, b));
}

// Plays every sequence of opponent moves against Hard (who plays `ai`); calls `leaf` with each
// final board and whether Hard ever faced a position it could force a win from.
static void every_game(Board b, Cell ai, bool forced_win_seen,
                       const std::function<void(const Board&, bool)>& leaf, int& games) {
    if (check_winner(b).outcome != Outcome::None) {
        ++games;
        leaf(b, forced_win_seen);
        return;
    }
    if (side_to_move(b) == ai) {
        Board copy = b;
        bool forced = minimax(copy, ai, ai, 0) > 0; // value with ai to move: > 0 = forced win
        games::Rng rng(0);
        int cell = *choose_move(b, Level::Hard, rng);
        REQUIRE(b[cell] == Cell::Empty);
        b[cell] = ai;
        every_game(b, ai, forced_win_seen || forced, leaf, games);
        return;
    }
    for (int i = 0; i < 9; ++i) {
        if (b[i] != Cell::Empty) continue;
        b[i] = opponent(ai);
        every_game(b, ai, forced_win_seen, leaf, games);
        b[i] = Cell::Empty;
    }
}

TEST_CASE("Hard as O never loses, and wins whenever the player leaves a win (exhaustive)") {
    int games = 0, losses = 0, missed = 0, ai_wins = 0, draws = 0;
    every_game(Board{}, Cell::O, false, [&](const Board& b, bool forced) {
        Outcome o = check_winner(b).outcome;
        losses += o == Outcome::XWins;
        ai_wins += o == Outcome::OWins;
        draws += o == Outcome::Draw;
        missed += forced && o != Outcome::OWins;
    }, games);
    CHECK(losses == 0);
    CHECK(missed == 0);
    // Exact counts for this deterministic AI: every game a player X can play against it.
    CHECK(games == 569);
    CHECK(ai_wins == 386);
    CHECK(ai_wins + draws == games);
}

TEST_CASE("Hard as X (the AI moving first, as in Bot Lab) never loses either") {
    int games = 0, losses = 0, missed = 0;
    every_game(Board{}, Cell::X, false, [&](const Board& b, bool forced) {
        Outcome o = check_winner(b).outcome;
        losses += o == Outcome::OWins;
        missed += forced && o != Outcome::XWins;
    }, games);
    CHECK(losses == 0);
    CHECK(missed == 0);
    CHECK(games > 0);
}

TEST_CASE("service: search and play replies, and errors") {
    auto serve_line = [](const char* line) { return serve(games::parse_request(line)); };
    CHECK(serve_line("search XX-OO-X-- level=hard") == R"J({"cell":5,"row":1,"col":2})J");
    CHECK(own_fields(serve_line("play XX-OO---- 2")) == R"J({"board":"XXXOO----","toMove":"O","winner":"X","line":[0,1,2]})J");
    CHECK(own_fields(serve_line("play --------- 4")) == R"J({"board":"----X----","toMove":"O","winner":null,"line":[]})J");
    // The shared reply fields (src/games/README.md), a move as <row> <col>, start.
    CHECK(serve_line("play XX-OO---- 0 2") == serve_line("play XX-OO---- 2"));
    CHECK(shared_field(serve_line("play XX-OO---- 2"), "outcome") ==
          nlohmann::json::parse(R"({"winner":1,"reason":"line","line":[[0,0],[0,1],[0,2]]})"));
    CHECK(shared_field(serve_line("play --------- 1 1"), "last") == nlohmann::json::array({1, 1}));
    CHECK(shared_field(serve_line("play --------- 1 1"), "position") == "----X----");
    CHECK(shared_field(serve_line("start"), "legalMoves").size() == 9);
    CHECK(serve_line("play --------- 3 0") == R"J({"error":"play: move (3, 0): outside the board (rows 0..2, columns 0..2)"})J");
    CHECK(serve_line("play ----X---- 4") == R"J({"error":"play: cell 4 is taken"})J");
    CHECK(serve_line("play ----X---- 9") == R"J({"error":"play: cell must be 0..8, not 9"})J");
    CHECK(serve_line("play XXXOO---- 5") == R"J({"error":"play: the game is over"})J");
    CHECK(serve_line("search XXXOO----") == R"J({"error":"search: the game is over"})J");
    CHECK(serve_line("search --------- level=medium") == R"J({"error":"search: level must be easy or hard, not medium"})J");
    CHECK(serve_line("search") == R"J({"error":"search: missing board (9 characters of X, O, -)"})J");
    CHECK(serve_line("search XO") == R"J({"error":"search: a tic-tac-toe board has 9 cells, got 2"})J");
    CHECK(serve_line("fly") == R"J({"error":"tictactoe: unknown request \"fly\" (search, play, state, start, review)"})J");
}

TEST_CASE("review: a move against perfect play") {
    struct Case {
        const char* board;
        int cell;
        const char *best, *before, *after, *mark;
    };
    const Case cases[] = {
        {"XX-OO----", 2, "2", "win", "win", "best"},       // X takes the row
        {"XX-OO----", 6, "2", "win", "loss", "blunder"},   // and O then takes its row
        {"X--------", 4, "4", "draw", "draw", "best"},     // the centre answers a corner
        {"X--------", 1, "4", "draw", "loss", "blunder"},  // an edge loses to perfect play
        {"X---O---X", 1, "1", "draw", "draw", "best"},     // an edge holds the draw
        {"X---O---X", 2, "1", "draw", "loss", "blunder"},  // a corner loses
        {"XO-------", 2, "3", "win", "draw", "mistake"},   // X wins with 3 (or 4, 6), not with 2
    };
    for (const Case& c : cases) {
        CAPTURE(c.board);
        CAPTURE(c.cell);
        const MoveReview r = review_move(B(c.board), c.cell);
        CHECK(std::to_string(r.best) == c.best);
        CHECK(std::string(value_name(r.before)) == c.before);
        CHECK(std::string(value_name(r.after)) == c.after);
        CHECK(std::string(r.mark) == c.mark);
    }
}

TEST_CASE("review service: reply and errors") {
    auto serve_line = [](const char* line) { return serve(games::parse_request(line)); };
    CHECK(serve_line("review XX-OO---- 6") ==
          R"J({"cell":6,"row":2,"col":0,"side":"X","best":2,"bestRow":0,"bestCol":2,"before":"win","after":"loss","evalBest":1000,"evalPlayed":0,"loss":1000,"mark":"blunder"})J");
    CHECK(serve_line("review") == R"J({"error":"review: missing board (9 characters of X, O, -)"})J");
    CHECK(serve_line("review XO 1") == R"J({"error":"review: a tic-tac-toe board has 9 cells, got 2"})J");
    CHECK(serve_line("review ---------") == R"J({"error":"review: missing cell (0..8)"})J");
    CHECK(serve_line("review --------- 9") == R"J({"error":"review: cell must be 0..8, not 9"})J");
    CHECK(serve_line("review X-------- 0") == R"J({"error":"review: cell 0 is taken"})J");
    CHECK(serve_line("review XXXOO---- 5") == R"J({"error":"review: the game is over"})J");
}
