// Move generator counts (perft 1-9) and exact endgame solves (FFO #1-#19, #40-#44).
#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "games/othello/bench.h"
#include "games/othello/endgame.h"
#include "games/othello/notation.h"
#include "games/othello/perft.h"
#include "games/othello/search.h"

using namespace othello;

namespace {

std::vector<ObfLine> read_obf(const char* name) {
    std::ifstream in(std::string(MINIARENA_TEST_DATA) + "/othello/" + name);
    REQUIRE_MESSAGE(in, name);
    std::vector<ObfLine> out;
    std::string line, error;
    while (std::getline(in, line)) {
        ObfLine obf;
        REQUIRE_MESSAGE(parse_obf_line(line, obf, error), error);
        out.push_back(obf);
    }
    return out;
}

// Solves and checks the value, and that the chosen move is one of the best in the file.
void check_solve(const ObfLine& obf, TranspositionTable& tt, const std::string& name) {
    tt.clear();
    EndgameSolver solver(tt);
    const auto r = solver.solve(obf.pos);
    CHECK_MESSAGE(r.complete, name);
    CHECK_MESSAGE(r.score == *obf.best_score, name);
    bool best_listed = false;
    for (const auto& [m, v] : obf.move_scores)
        if (m == r.best) best_listed = v == *obf.best_score;
    CHECK_MESSAGE(best_listed, name << " plays " << move_name(r.best));
}

} // namespace

TEST_CASE("perft 1-9 from the start (pass = 1 ply), as in perft.json") {
    const uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
    for (int depth = 0; depth <= 9; ++depth)
        CHECK(perft(Position::start(), depth) == expected[depth]);
}

TEST_CASE("perft counts a finished game as one leaf and a pass as one ply") {
    Position over;
    std::string error;
    REQUIRE(parse_position("XXXXXXXX------------------------------------------------OOOOOOOO -",
                           over, error));
    CHECK(perft(over, 5) == 1);
    Position pass;
    REQUIRE(parse_position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO---OX- X",
                           pass, error));
    // Black: e8 or c8. After e8 white must pass (1 leaf); after c8 white has only h8.
    CHECK(perft(pass, 1) == 2);
    CHECK(perft(pass, 2) == 2);
}

TEST_CASE("FFO #1-#19 solved exactly") {
    TranspositionTable tt(18);
    const auto lines = read_obf("fforum-1-19.obf");
    REQUIRE(lines.size() == 19);
    for (size_t i = 0; i < lines.size(); ++i)
        check_solve(lines[i], tt, "FFO #" + std::to_string(i + 1));
}

TEST_CASE("the solver stays exact whatever the size of its tables (its own one follows tt's)") {
    const auto lines = read_obf("fforum-1-19.obf");
    for (const int log2 : {1, 6, 12}) {
        TranspositionTable tt(log2);
        for (size_t i = 0; i < 4; ++i)
            check_solve(lines[i], tt,
                        "2^" + std::to_string(log2) + " entries, FFO #" + std::to_string(i + 1));
    }
}

// A bucket is one cache line: the table starts on a 64-byte boundary whatever the allocator
// gives (Emscripten 3.1.6's std::vector gave 8-byte alignment, two lines per probe).
TEST_CASE("transposition table buckets start on a 64-byte boundary") {
    for (const int log2 : {1, 2, 7, 15, 19}) {
        const TranspositionTable tt(log2);
        CHECK_MESSAGE(reinterpret_cast<uintptr_t>(tt.buckets()) % 64 == 0, "2^" << log2);
        CHECK(tt.size() == size_t(1) << log2);
        CHECK(tt.log2_entries() == log2);
    }
}

TEST_CASE("FFO #40-#44 solved exactly (searcher's exact mode: presearch guess, move hints)") {
    Searcher searcher(20);
    const auto lines = read_obf("fforum-40-59.obf");
    REQUIRE(lines.size() == 20);
    // Exact node counts (2^20-entry tables, cleared before each position).
    const uint64_t expected_nodes[5] = {6209079, 13656661, 11703346, 16031000, 9769852};
    for (size_t i = 0; i < 5; ++i) {
        searcher.clear();
        SearchLimits limits;
        limits.exact_empties = 64;
        const SearchResult r = searcher.search(lines[i].pos, limits);
        const std::string name = "FFO #" + std::to_string(40 + i);
        CHECK_MESSAGE(r.exact, name);
        CHECK_MESSAGE(r.eval == *lines[i].best_score * EVAL_UNIT, name);
        bool best_listed = false;
        for (const auto& [m, v] : lines[i].move_scores)
            if (m == r.best) best_listed = v == *lines[i].best_score;
        CHECK_MESSAGE(best_listed, name << " plays " << move_name(r.best));
        CHECK_MESSAGE(r.nodes == expected_nodes[i], name);
    }
}

TEST_CASE("solver node counts are deterministic (FFO #1, #2, #3 from an empty table)") {
    TranspositionTable tt(18);
    const auto lines = read_obf("fforum-1-19.obf");
    uint64_t nodes[3];
    for (int i = 0; i < 3; ++i) {
        tt.clear();
        EndgameSolver solver(tt);
        nodes[i] = solver.solve(lines[i].pos).nodes;
    }
    // Re-solving gives the same counts (no clock, no pointer hashing, stable ordering).
    for (int i = 0; i < 3; ++i) {
        tt.clear();
        EndgameSolver solver(tt);
        CHECK(solver.solve(lines[i].pos).nodes == nodes[i]);
    }
    // Exact counts: a change here means the search changed (update with care: the wasm
    // build must give the same numbers).
    CHECK(nodes[0] == 38942);
    CHECK(nodes[1] == 20068);
    CHECK(nodes[2] == 58120);
}

TEST_CASE("solver limits: a node limit aborts and says so") {
    TranspositionTable tt(16);
    EndgameSolver solver(tt);
    const auto lines = read_obf("fforum-40-59.obf");
    solver.set_limits(10000);
    const auto r = solver.solve(lines[0].pos);
    CHECK_FALSE(r.complete);
    CHECK(r.nodes < 20000);
}

TEST_CASE("the searcher solves exactly within its exact range and agrees with the solver") {
    Searcher searcher(16);
    const auto lines = read_obf("fforum-1-19.obf");
    for (int i = 0; i < 4; ++i) {
        SearchLimits limits;
        limits.exact_empties = 20;
        const SearchResult r = searcher.search(lines[i].pos, limits);
        CHECK(r.exact);
        CHECK(r.eval == *lines[i].best_score * EVAL_UNIT);
        const auto values = searcher.analyse(lines[i].pos, limits);
        REQUIRE(values.size() == lines[i].move_scores.size());
        for (const auto& v : values) {
            CHECK(v.exact);
            for (const auto& [m, s] : lines[i].move_scores)
                if (m == v.move) CHECK(v.value == s * EVAL_UNIT);
        }
    }
}

TEST_CASE("a forced pass at the root gets the exact value of the opponent's play, negated") {
    // Each board twice: the side that must pass, then the other side. The solver's values for
    // the second come from its own search; the first must be their negation, not 0.
    struct Case {
        const char* board;
        const char* best_after; // the other side's best move
        int score_after;
    };
    const Case cases[] = {
        {"OOXXXXX-OOOXXXXOOOOXXXXOOOXOOOXOOOOOOOXOOOOOXOXOOOOXOXXOOOOOOOX-", "h1", 38},
        {"OOOOXX--OOXXXXXXXOXXXXXXXOOOXXOXXOXXOXOXXOXXXOXXXXXXXXXXXOOOOOOO", "h1", 10},
        {"-XXXXXXXOOOOOOXXOOXOOXXXOOOOXOXXOOOXXXOXOOXOXXOXOOOOOOXXXXXXXXXX", "a1", 20},
        {"-OXXXXXXXOOXXXXX-OOOXXOX-OXOXOXXOXOXOXXXXXXOXOXXXXOXXXXXXXXXXXXO", "a4", 44},
    };
    Searcher searcher(16);
    TranspositionTable tt(16);
    EndgameSolver solver(tt);
    for (const auto& c : cases) {
        for (const char* side : {"X", "O"}) {
            ObfLine passing, other;
            std::string error;
            REQUIRE(parse_obf_line(std::string(c.board) + " " + side + ";", passing, error));
            if (!passing.pos.must_pass()) continue; // the side that must pass comes first
            other = passing;
            other.pos.do_move(MOVE_PASS);
            CAPTURE(std::string(c.board));
            CAPTURE(std::string(side));
            SearchLimits exact;
            const SearchResult after = searcher.search(other.pos, exact);
            CHECK(after.exact);
            CHECK(move_name(after.best) == c.best_after);
            CHECK(after.eval == c.score_after * EVAL_UNIT);
            const SearchResult r = searcher.search(passing.pos, exact);
            CHECK(r.best == MOVE_PASS);
            CHECK(r.exact);
            CHECK(r.eval == -c.score_after * EVAL_UNIT);
            const auto hints = searcher.analyse(passing.pos, exact);
            REQUIRE(hints.size() == 1);
            CHECK(hints[0].move == MOVE_PASS);
            CHECK(hints[0].exact);
            CHECK(hints[0].value == -c.score_after * EVAL_UNIT);
            tt.clear();
            const auto s = solver.solve(passing.pos);
            CHECK(s.complete);
            CHECK(s.score == -c.score_after);
        }
    }
}

TEST_CASE("bench: the deterministic node count (the wasm build must print the same)") {
    CHECK(run_bench().nodes == 22281267);
}
