// Game review (review.h, `gomoku review` / `review-game`): tactics first (a missed VCF, a four
// left unblocked, a four-three let through), then the score loss; errors.
#include "games/common/request.h"
#include "games/gomoku/notation.h"
#include "games/gomoku/review.h"
#include "games/gomoku/service.h"

#include <doctest/doctest.h>

#include <string>

using namespace gomoku;

namespace {

std::string ask(const std::string& line) {
    return serve(games::parse_request(line));
}

// The reply with every wall-clock field ("ms":N) blanked.
std::string without_ms(std::string reply) {
    for (size_t at = reply.find("\"ms\":"); at != std::string::npos;
         at = reply.find("\"ms\":", at + 5)) {
        size_t end = at + 5;
        while (end < reply.size() && reply[end] >= '0' && reply[end] <= '9') ++end;
        reply.replace(at + 5, end - (at + 5), "_");
    }
    return reply;
}

// Puzzle 1 of tests/data/gomoku/vcf_black_freestyle.txt: black wins by fours (e5 first).
const char* VCF_PUZZLE = "g4h4g5h6i5i6f6e7j6j7g7g8i7j8k7k8l7m8f8f9h8g9i10i9";
// White's four h9-k9 (black's g9 closes one end; black's other stones are in the corners):
// black must take l9.
const char* FOUR = "g9h9a1i9o1j9a15k9";
// White's k9 would make a four (h9-k9) and an open three (k9-k11) at once: no threat on the
// board yet, but a VCF.
const char* FOUR_THREE = "g9h9a1i9o1j9a15k10o15k11";

// The same with black's k12 above the column: black holds after l9, a quiet move loses to a VCT
// (the per-mille loss alone is small: the position is bad already).
const char* FOUR_THREE_HELD = "g9h9a1i9o1j9k12k10a15k11";

} // namespace

TEST_CASE("review: tactical marks and the best move") {
    struct Case {
        const char* pos;
        int row, col;
        const char* mark;
        const char* best;
        bool had_win, threatened;
    };
    const Case cases[] = {
        {VCF_PUZZLE, 14, 0, "missedWin", "l8", true, true}, // a quiet move: the VCF is gone
        {VCF_PUZZLE, 4, 4, "best", "l8", true, true},       // e5: another VCF's first four
        {FOUR, 12, 2, "missedBlock", "l9", false, true},    // white makes five next
        {FOUR, 8, 11, "best", "l9", false, true},           // l9 blocks
        // White's k9 then wins by fours. Black is lost whatever it plays (a VCT): k8 and k9
        // lose as slowly, and the search names k9.
        {FOUR_THREE, 12, 2, "allowsVcf", "k9", false, false},
        {FOUR_THREE, 8, 10, "best", "k9", false, false},         // k9 takes the point
        {FOUR_THREE, 8, 11, "best", "k9", false, false},         // l9 stops the four first
        {FOUR_THREE_HELD, 12, 2, "blunder", "l9", false, false}, // white then wins (a VCT)
    };
    MasterSearcher searcher(8);
    for (const Case& c : cases) {
        CAPTURE(c.pos);
        CAPTURE(c.row);
        CAPTURE(c.col);
        Board b;
        std::string error;
        REQUIRE(load_pos(b, c.pos, error));
        const std::string before = to_pos(b);
        const MoveReview r = review_move(searcher, b, make_pos(c.row, c.col), 20000);
        CHECK(to_pos(b) == before); // the board is given back as it was
        CHECK(std::string(r.mark) == c.mark);
        CHECK(move_name(r.best) == c.best);
        CHECK(r.had_win == c.had_win);
        CHECK(r.threatened == c.threatened);
        CHECK(r.loss() >= 0);
        CHECK(r.eval_best >= 0);
        CHECK(r.eval_best <= 1000);
    }
}

TEST_CASE("review: the score's per-mille mapping") {
    CHECK(review_eval(0) == 500);
    CHECK(review_eval(VALUE_MATE - 5) == 1000);
    CHECK(review_eval(-(VALUE_MATE - 5)) == 0);
    CHECK(review_eval(400) == 731);  // 1000 / (1 + e^-1)
    CHECK(review_eval(-400) == 269);
    CHECK(review_eval(5000) == 999); // 0 and 1000 are forced results only
}

TEST_CASE("review service: one move, a whole game, errors") {
    const std::string FOUR_REPLY =
        R"J({"row":12,"col":2,"move":"c13","side":"black","best":"l9","bestRow":8,"bestCol":11,"evalBest":8,"evalPlayed":0,"loss":8,"scoreBest":-1926,"scorePlayed":-29999,"hadWin":false,"threatened":true,"forbidden":false,"mark":"missedBlock","nodes":20482,"ms":_})J";
    CHECK(without_ms(ask(std::string("review ") + FOUR + " 12 2")) == FOUR_REPLY);
    // The same move inside a whole-game review: the same entry.
    const std::string game = without_ms(ask(std::string("review-game ") + FOUR + "c13"));
    CHECK(game.find(FOUR_REPLY.substr(1, FOUR_REPLY.size() - 2)) != std::string::npos);
    CHECK(game.find(
              R"J("summary":{"black":{"loss":898,"moves":5,"inaccuracy":0,"mistake":1,"blunder":1,"missedWin":0,"missedBlock":1,"allowsVcf":0},"white":{"loss":200,"moves":4,"inaccuracy":1,"mistake":0,"blunder":0,"missedWin":0,"missedBlock":0,"allowsVcf":0}})J") !=
          std::string::npos);
    struct Case {
        std::string request, reply;
    };
    const Case cases[] = {
        {"review", R"J({"error":"missing position (a pos string, '-' for an empty board)"})J"},
        {"review h8", R"J({"error":"review needs <pos> <row> <col>"})J"},
        {"review h8 7 7", R"J({"error":"occupied cell (7,7)"})J"},
        {"review h8 15 0", R"J({"error":"outside the board (15,0)"})J"},
        {"review h8 x 0", R"J({"error":"row 'x' is not a number"})J"},
        {"review h8z99 1 1",
         R"J({"error":"bad position: move 2 'z99': column 'z' outside the board"})J"},
        {"review h8a1i8a2j8a3k8a4l8 1 1", R"J({"error":"game over"})J"},
        {"review h8 1 1 nodes=0", R"J({"error":"bad nodes (1..2^40)"})J"},
        {"review h8 1 1 rule=chess",
         R"J({"error":"unknown rule 'chess' (freestyle, standard, renju)"})J"},
        {"review-game h8h8", R"J({"error":"bad position: move 2 'h8': occupied cell (7,7)"})J"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.request);
        CHECK(ask(c.request) == c.reply);
    }
}
