// Gomocup protocol sessions driven through Brain::handle with scripted input.
#include "helpers.h"

#include "games/gomoku/brain.h"

using namespace gomoku;

namespace {

// Feed lines, collect every reply in order.
std::vector<std::string> session(Brain& brain, const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const std::string& l : lines)
        for (std::string& r : brain.handle(l)) out.push_back(std::move(r));
    return out;
}

// The replies as one string, " | " between them (readable in a failed CHECK).
std::string joined(const std::vector<std::string>& replies) {
    std::string out;
    for (const std::string& r : replies) out += (out.empty() ? "" : " | ") + r;
    return out;
}

bool is_xy(const std::string& s, int size) {
    int x = -1, y = -1;
    char comma = 0;
    return std::sscanf(s.c_str(), "%d%c%d", &x, &comma, &y) == 3 && comma == ',' && x >= 0 &&
           y >= 0 && x < size && y < size;
}

} // namespace

TEST_CASE("brain: start, begin, turn, about, end") {
    Brain brain(4);
    const auto r = session(brain, {"START 15", "INFO max_node 3000", "INFO timeout_turn 5000",
                                   "BEGIN", "TURN 8,8", "ABOUT"});
    REQUIRE(r.size() == 4);
    CHECK(r[0] == "OK");
    CHECK(r[1] == "7,7"); // the centre
    CHECK(is_xy(r[2], 15));
    CHECK(r[3].rfind("name=\"MiniArena\"", 0) == 0);
    CHECK(brain.board().ply() == 3);
    CHECK_FALSE(brain.quit());
    session(brain, {"END"});
    CHECK(brain.quit());
}

TEST_CASE("brain: BOARD finishes its five and blocks the opponent's four") {
    Brain brain(4);
    // Own stones on row 7 (y = 7), x = 3..6: the brain completes at 2,7 or 7,7.
    auto r = session(brain, {"START 15", "INFO max_node 2000", "BOARD", "3,7,1", "0,0,2", "4,7,1",
                             "0,1,2", "5,7,1", "0,2,2", "6,7,1", "14,14,2", "DONE"});
    REQUIRE(r.size() == 2);
    CHECK((r[1] == "2,7" || r[1] == "7,7"));
    // Opponent four on column x = 10, y = 3..6 (5,5 is one of ours): the only block is 10,7
    // since 10,2 is taken by our stone.
    r = session(brain, {"RESTART", "BOARD", "10,3,2", "10,2,1", "10,4,2", "5,5,1", "10,5,2",
                        "1,13,1", "10,6,2", "DONE"});
    REQUIRE(r.size() == 2);
    CHECK(r[0] == "OK");
    CHECK(r[1] == "10,7");
}

TEST_CASE("brain: 20x20 and renju rule") {
    Brain brain(4);
    auto r = session(brain, {"START 20", "INFO max_node 1000", "BEGIN"});
    REQUIRE(r.size() == 2);
    CHECK(r[1] == "10,10");
    r = session(brain, {"START 15", "INFO rule 4", "BOARD", "5,7,1", "0,0,2", "6,7,1", "0,14,2",
                        "7,5,1", "14,0,2", "7,6,1", "14,14,2", "DONE"});
    // x=7,y=7 is a double three for the brain (black): it must play elsewhere.
    REQUIRE(r.size() == 2);
    CHECK(is_xy(r[1], 15));
    CHECK(r[1] != "7,7");
    CHECK(brain.board().rule() == Rule::RENJU);
}

TEST_CASE("brain: errors and unknown commands never crash") {
    Brain brain(4);
    const auto r = session(brain, {"TURN 7,7", "BEGIN", "FOO", "START 3", "START x", "START 15",
                                   "TURN 15,0", "TURN -1,2", "TURN a,b", "INFO timeout_turn x",
                                   "INFO max_node 500", "TURN 7,7", "TURN 7,7", "RECTSTART 15,10",
                                   "TAKEBACK 0,0", "BOARD", "1,1", "DONE", "YXSTOP", "INFO"});
    const std::vector<std::string> expected_prefix = {
        "ERROR not started",      "ERROR not started",      "UNKNOWN",
        "ERROR unsupported size", "ERROR unsupported size", "OK",
        "ERROR bad coordinates",  "ERROR bad coordinates",  "ERROR bad coordinates",
        "ERROR bad INFO value"};
    REQUIRE(r.size() == 16);
    for (size_t i = 0; i < expected_prefix.size(); ++i) {
        const std::string ctx9(r[i]);
        CAPTURE(ctx9);
        CHECK(r[i].rfind(expected_prefix[i], 0) == 0);
    }
    CHECK(is_xy(r[10], 15));                           // TURN 7,7 answered
    CHECK(r[11].rfind("ERROR occupied cell", 0) == 0); // TURN 7,7 again
    CHECK(r[12].rfind("ERROR only square boards", 0) == 0);
    CHECK(r[13].rfind("ERROR no stone", 0) == 0);
    CHECK(r[14].rfind("ERROR bad BOARD line", 0) == 0);
    CHECK(r[15].rfind("ERROR INFO needs", 0) == 0);
}

TEST_CASE("brain: takeback and time budget") {
    Brain brain(4);
    auto r = session(brain, {"START 15", "INFO max_node 500", "BEGIN", "TURN 8,8"});
    REQUIRE(r.size() == 3);
    const std::string own = r[2];
    r = session(brain, {"TAKEBACK " + own, "TAKEBACK 8,8"});
    CHECK(r == std::vector<std::string>{"OK", "OK"});
    CHECK(brain.board().ply() == 1);
    session(brain,
            {"INFO timeout_turn 5000", "INFO timeout_match 100000", "INFO time_left 100000"});
    CHECK(brain.move_budget_ms() > 1000);
    CHECK(brain.move_budget_ms() < 5000);
    session(brain, {"INFO time_left 600"});
    CHECK(brain.move_budget_ms() <= 50);
    session(brain, {"INFO timeout_turn 0"});
    CHECK(brain.move_budget_ms() <= 20);
}

TEST_CASE("brain: hostile numbers and take-backs (found by fuzzing)") {
    Brain brain(4);
    // A turn limit near INT64_MAX is "no limit", not an overflow.
    auto r = session(brain, {"START 15", "INFO timeout_turn 9223372036854775807",
                             "INFO time_left 9223372036854775807"});
    CHECK(brain.move_budget_ms() > 1000000000); // over 11 days a move
    CHECK(brain.move_budget_ms() <= Brain::MAX_LIMIT_MS);
    // Coordinates are range-checked before narrowing: 2^32 + 7 is not 7.
    r = session(brain, {"INFO max_node 200", "TURN 4294967303,7", "TURN 7,-4294967289", "BOARD",
                        "4294967303,7,1", "DONE"});
    REQUIRE(r.size() == 3);
    CHECK(r[0].rfind("ERROR bad coordinates", 0) == 0);
    CHECK(r[1].rfind("ERROR bad coordinates", 0) == 0);
    CHECK(r[2].rfind("ERROR bad BOARD line", 0) == 0);
    CHECK(brain.board().ply() == 0);
    // Only the last stone can be taken back; the others keep their colours.
    r = session(brain, {"TURN 7,7", "TURN 3,3"});
    REQUIRE(r.size() == 2);
    REQUIRE(brain.board().ply() == 4);
    const Board before = brain.board();
    r = session(brain, {"TAKEBACK 7,7"});
    REQUIRE(r.size() == 1);
    CHECK(r[0].rfind("ERROR 7,7 is not the last stone", 0) == 0);
    CHECK(brain.board().ply() == 4);
    for (int row = 0; row < 15; ++row)
        for (int col = 0; col < 15; ++col) CHECK(brain.board().at(row, col) == before.at(row, col));
}

TEST_CASE("brain: continuous mode's field 3 is a blocked cell, never played") {
    Brain brain(4);
    // Black (the brain) has four in a row 3..6 on row 7; 7,7 would make five, but it is a field-3
    // point (a stone of an already scored line): the brain must play elsewhere.
    const auto r = session(brain, {"START 15", "INFO max_node 2000", "BOARD", "3,7,1", "2,7,2",
                                   "4,7,1", "0,0,2", "5,7,1", "0,14,2", "6,7,1", "14,0,2", "7,7,3",
                                   "DONE", "TURN 7,7"});
    REQUIRE(r.size() == 3);
    CHECK(is_xy(r[1], 15));
    CHECK(r[1] != "7,7");
    CHECK(r[2].rfind("ERROR occupied cell", 0) == 0); // nor may the opponent
    CHECK(brain.board().is_empty(make_pos(7, 7)));
}

TEST_CASE("brain: the time budget keeps a margin of 15 %, at least 150 ms (30 ms + 10 % below 1 s)") {
    Brain brain(4);
    session(brain, {"START 15", "INFO timeout_turn 1000"});
    CHECK(brain.move_budget_ms() == 850);
    session(brain, {"INFO timeout_turn 5000"});
    CHECK(brain.move_budget_ms() == 4250);
    session(brain, {"INFO timeout_turn 300"});
    CHECK(brain.move_budget_ms() == 240);
    session(brain, {"INFO timeout_turn 200"});
    CHECK(brain.move_budget_ms() == 150);
    session(brain, {"INFO timeout_turn 100"});
    CHECK(brain.move_budget_ms() == 60);
}

TEST_CASE("brain: YXSTOP and END stop the search of an earlier line, even one still queued") {
    // The native reader thread numbers the lines and calls request_stop() for YXSTOP/END as it
    // reads them, possibly before handle() has started the search of an earlier line. Here
    // every line is read before any is handled (the race of the QA report: TURN then YXSTOP
    // at once answered after 15 s). The TURN's search is stopped at its first node (depth 0,
    // a handful of nodes) or runs to the node limit (5 000).
    struct Row {
        std::vector<std::string> queued;
        bool stopped;
    };
    const Row rows[] = {
        {{"TURN 9,9", "YXSTOP"}, true},
        {{"TURN 9,9", "END"}, true},
        {{"TURN 9,9", "INFO timeout_turn 30000", "YXSTOP"}, true},
        {{"YXSTOP", "TURN 9,9"}, false}, // a stop read before the TURN is for earlier lines
        {{"TURN 9,9"}, false},
    };
    for (const Row& row : rows) {
        CAPTURE(row.queued.front());
        CAPTURE(row.queued.back());
        Brain brain(4);
        REQUIRE(session(brain, {"START 15", "INFO timeout_turn 30000", "INFO max_node 5000",
                                "TURN 7,7"})
                    .size() == 2);
        const uint64_t first = brain.lines_handled();
        for (size_t i = 0; i < row.queued.size(); ++i)
            if (row.queued[i] == "YXSTOP" || row.queued[i] == "END") brain.request_stop(first + i);
        const auto r = session(brain, row.queued);
        REQUIRE(r.size() == 1);
        CHECK(is_xy(r[0], 15));
        if (row.stopped) {
            CHECK(brain.last_choice().depth == 0);
            CHECK(brain.last_choice().nodes == 4); // 1 node each: root VCF, VCT, refutation, search
        } else {
            CHECK(brain.last_choice().depth > 0);
            CHECK(brain.last_choice().nodes >= 5000);
        }
    }
}

TEST_CASE("brain: a bad BOARD line is answered once, at DONE, and changes nothing") {
    // Before: one stone each (black 7,7 from the TURN, the brain's answer), a blocked cell from
    // an earlier BOARD is not involved. Each row's BOARD must leave exactly that.
    struct Row {
        std::vector<std::string> board; // the lines after BOARD
        std::string reply;
    };
    const Row rows[] = {
        {{"7,7,1", "1,1,4", "8,8,2", "9,9,1", "DONE"},
         "ERROR bad BOARD line '1,1,4'; the position is unchanged"},
        {{"1,1", "7,7,1", "15,1,1", "x", "DONE"},
         "ERROR bad BOARD line '1,1' (and 2 more); the position is unchanged"},
        {{"TURN 3,3", "DONE"}, "ERROR bad BOARD line 'TURN 3,3'; the position is unchanged"},
        {{"1,1,1", "2,2,1", "3,3,1", "DONE"}, "ERROR stone counts do not alternate"},
        {{"1,1,1", "1,1,2", "DONE"}, "ERROR repeated cell in BOARD"},
    };
    for (const Row& row : rows) {
        CAPTURE(row.reply);
        Brain brain(4);
        auto r = session(brain, {"START 15", "INFO max_node 500", "TURN 7,7"});
        REQUIRE(r.size() == 2);
        const Board before = brain.board();
        std::vector<std::string> lines = {"BOARD"};
        lines.insert(lines.end(), row.board.begin(), row.board.end());
        r = session(brain, lines);
        CHECK(joined(r) == row.reply);
        CHECK(brain.board().ply() == before.ply());
        for (int i = 0; i < before.ply(); ++i) CHECK(brain.board().move_at(i) == before.move_at(i));
        // The stream goes on: the next command gets its own answer.
        r = session(brain, {"TURN 3,3"});
        REQUIRE(r.size() == 1);
        CHECK(is_xy(r[0], 15));
    }
    // END inside BOARD still ends.
    Brain brain(4);
    CHECK(session(brain, {"START 15", "BOARD", "7,7,1", "END"}) == std::vector<std::string>{"OK"});
    CHECK(brain.quit());
}

TEST_CASE("brain: time_left — out of time at 0 or below, ignored without a match limit") {
    // 15x15, empty board: the match share is time_left / 37 (225 empty cells / 6).
    struct Row {
        int64_t turn, match, left, budget;
    };
    const Row rows[] = {
        {5000, 100000, 100000, 2702},     // the match share
        {5000, 100000, 0, 5},             // out of time: the minimum
        {5000, 100000, -500, 5},          // over time (time_left goes negative)
        {5000, 0, 0, 4250},               // timeout_match 0: no match limit, time_left ignored
        {5000, 0, -500, 4250},            // the same
        {5000, 100000, 2147483647, 4250}, // the protocol's "unlimited" time_left
        {1000, 100000, 600, 16},          // 600 / 37
        {0, 100000, 100000, 5},           // timeout_turn 0: as fast as possible
    };
    for (const Row& row : rows) {
        CAPTURE(row.turn);
        CAPTURE(row.match);
        CAPTURE(row.left);
        Brain brain(4);
        session(brain, {"START 15", "INFO timeout_turn " + std::to_string(row.turn),
                        "INFO timeout_match " + std::to_string(row.match),
                        "INFO time_left " + std::to_string(row.left)});
        CHECK(brain.move_budget_ms() == row.budget);
    }
}

TEST_CASE("brain: INFO max_memory sizes the hash table, leaving 16 MB for the rest") {
    // Brain(16): 16 MB without a limit and at most that. Rows: max_memory (bytes) -> table MB,
    // the largest power of two within max_memory - 16 MiB (at least 1), in place at once.
    struct Row {
        int64_t max_memory;
        size_t table_mb;
    };
    const Row rows[] = {
        {0, 16},         // no limit
        {20000000, 2},   // the QA's 20 MB: 19.07 MiB - 16 = 3.07 -> 2
        {40000000, 16},  // 22.1 MiB available: the table's own size is the ceiling
        {17000000, 1},   // 0.2 MiB available: the floor
        {1000, 1},       // far too little: still the floor
        {-5, 16},        // not a limit
        {350 << 20, 16}, // Gomocup's usual 350 MB
    };
    Brain brain(16);
    CHECK(brain.tt_megabytes() == 16);
    session(brain, {"START 15", "INFO max_node 300"});
    for (const Row& row : rows) {
        CAPTURE(row.max_memory);
        CHECK(session(brain, {"INFO max_memory " + std::to_string(row.max_memory)}).empty());
        CHECK(brain.tt_megabytes() == row.table_mb);
        // And the brain plays on with it.
        CHECK(session(brain, {"RESTART", "BEGIN", "TURN 8,8"}).size() == 3);
    }
}

TEST_CASE("brain: after a five the answer is a MESSAGE that the game is over, then a move") {
    // Gomocup managers stop at five; a GUI or a script may go on. The brain still answers with
    // a legal move (played without a search), after a MESSAGE line naming the five.
    struct Row {
        std::string rule;
        std::vector<std::string> board; // the lines between BOARD and DONE
        std::string message;            // "" = no five: the usual single move
        std::string next;               // after the brain's move (the best-ordered free cell,
                                        // here completing its own line) and TURN 14,13
    };
    const std::vector<std::string> opp_five = {"0,0,1", "1,0,1", "2,0,1", "3,0,1", "0,5,2",
                                               "1,5,2", "2,5,2", "3,5,2", "4,5,2"};
    const std::vector<std::string> own_five = {"0,0,1", "1,0,1", "2,0,1", "3,0,1", "4,0,1",
                                               "0,5,2", "1,5,2", "2,5,2", "3,5,2", "14,14,2"};
    // Black (the opponent, 7 stones) has six in a row: a win in freestyle, not in standard.
    const std::vector<std::string> overline = {"0,5,2", "1,5,2",  "2,5,2",  "3,5,2",  "4,5,2",
                                               "5,5,2", "14,0,2", "0,0,1",  "2,0,1",  "4,0,1",
                                               "6,0,1", "8,0,1",  "10,0,1"};
    const Row rows[] = {
        {"0", opp_five, "MESSAGE game over: the opponent has five at 0,5-4,5; a move anyway",
         "MESSAGE game over: both have five (0,0-4,0, 0,5-4,5); a move anyway"},
        {"0", own_five, "MESSAGE game over: this brain has five at 0,0-4,0; a move anyway",
         "MESSAGE game over: this brain has five at 0,0-5,0; a move anyway"},
        {"0", overline, "MESSAGE game over: the opponent has five at 0,5-5,5; a move anyway",
         "MESSAGE game over: the opponent has five at 0,5-5,5; a move anyway"},
        {"1", overline, "", ""},
    };
    for (const Row& row : rows) {
        CAPTURE(row.message);
        Brain brain(4);
        std::vector<std::string> lines = {"INFO rule " + row.rule, "START 15", "INFO max_node 500",
                                          "BOARD"};
        lines.insert(lines.end(), row.board.begin(), row.board.end());
        lines.push_back("DONE");
        auto r = session(brain, lines);
        const int ply = brain.board().ply();
        CHECK(ply == int(row.board.size()) + 1); // the answer was played
        if (row.message.empty()) {
            REQUIRE(r.size() == 2);
            CHECK(is_xy(r[1], 15));
            continue;
        }
        REQUIRE(r.size() == 3);
        CHECK(r[1] == row.message);
        CHECK(is_xy(r[2], 15));
        // And the next TURN too.
        r = session(brain, {"TURN 14,13"});
        REQUIRE(r.size() == 2);
        CHECK(r[0] == row.next);
        CHECK(is_xy(r[1], 15));
        CHECK(brain.board().ply() == ply + 2);
    }
}

TEST_CASE("brain: input quoted in a reply is cut at 80 bytes and escaped") {
    const std::string as(200000, 'A');
    struct Row {
        std::vector<std::string> lines;
        std::string reply;
    };
    const Row rows[] = {
        {{"FOO"}, "UNKNOWN command 'FOO'"},
        {{as}, "UNKNOWN command '" + as.substr(0, 80) + "...'"},
        {{std::string("\0\xff garbage", 10)}, "UNKNOWN command '\\x00\\xFF'"},
        {{"BELL\a"}, "UNKNOWN command 'BELL\\x07'"},
        {{"A\\B"}, "UNKNOWN command 'A\\\\B'"},
        {{"TURN 1,\x01"}, "ERROR bad coordinates '1,\\x01'"},
        {{"TURN " + as}, "ERROR bad coordinates '" + as.substr(0, 80) + "...'"},
        {{"INFO k\x02 x"}, "ERROR bad INFO value for k\\x02"},
        {{"BOARD", "1,1,\x7f", "DONE"}, "ERROR bad BOARD line '1,1,\\x7F'; the position is unchanged"},
        {{"BOARD", as, "DONE"},
         "ERROR bad BOARD line '" + as.substr(0, 80) + "...'; the position is unchanged"},
    };
    Brain brain(4);
    REQUIRE(session(brain, {"START 15"}) == std::vector<std::string>{"OK"});
    for (const Row& row : rows) {
        CAPTURE(row.reply);
        CHECK(joined(session(brain, row.lines)) == row.reply);
    }
}
