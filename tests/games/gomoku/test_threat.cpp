// The threat solver's limits: the deadline (read from a fake clock, so every count here is
// exact and no test depends on the machine's speed) and the root refutation of a VCT.
#include "helpers.h"

#include "games/gomoku/threat.h"

#include <chrono>

using namespace gomoku;

namespace {

// Fake clock: reading i (from 0) says i µs.
int64_t g_reads = 0;
ThreatSolver::TimePoint fake_now() {
    return ThreatSolver::TimePoint(std::chrono::microseconds(g_reads++));
}

// The QA position of the 100 ms overrun (20x20, Gomocup X,Y = col,row): black 10,10 10,8 12,8
// as row,col, white 8,10 8,8; white to move against black's open three with a VCT.
Board overrun_position() {
    Board b(20, Rule::FREESTYLE);
    for (auto [row, col] : {std::pair{10, 10}, {8, 10}, {10, 8}, {8, 8}, {12, 8}})
        b.make(make_pos(row, col));
    return b;
}

// refute_vct as MASTER calls it with a short time budget (VCT depth 8, 1 000 nodes a check,
// 24 candidates).
uint64_t refute(ThreatSolver& s, Board& b, MoveList& refutations) {
    MoveList scratch;
    refutations.clear();
    return s.refute_vct(b, 8, 1000, 24, scratch, refutations);
}

} // namespace

TEST_CASE("threat solver: the deadline is read every CLOCK_INTERVAL nodes, across restarts") {
    Board b = overrun_position();
    MoveList all;
    ThreatSolver unlimited(17);
    const uint64_t all_nodes = refute(unlimited, b, all);
    // Each of the 25 VCTs (the pass, then 24 candidates) stays under 1 000 nodes: a clock read
    // every 1 024 nodes of one search never happened here (the 100 ms overrun).
    REQUIRE(all_nodes > 20000);
    REQUIRE(all.size == 22);
    const int64_t I = ThreatSolver::CLOCK_INTERVAL;
    // Deadline after k clock readings (-1: none): the solver reads the clock exactly k + 1
    // times (the last finds it passed; later searches stop at their first node without a
    // read) and spends at most k + 1 intervals plus one node for each later search.
    for (const int64_t k : {-1, 0, 1, 10, 57, 58, 100, 500, 1000}) {
        CAPTURE(k);
        ThreatSolver s(17);
        s.set_clock(&fake_now);
        if (k >= 0) s.set_deadline(ThreatSolver::TimePoint(std::chrono::microseconds(k)));
        g_reads = 0;
        MoveList refs;
        const uint64_t nodes = refute(s, b, refs);
        CHECK(b.ply() == 5); // board restored
        if (k < 0) {
            CHECK(g_reads == 0);
            CHECK(nodes == all_nodes);
            CHECK(refs.size == all.size);
        } else {
            CHECK(g_reads == k + 1);
            CHECK(nodes <= uint64_t((k + 1) * I + 24));
        }
    }
}

TEST_CASE("threat solver: a VCT check cut by the deadline is no refutation") {
    Board b = overrun_position();
    MoveList all;
    ThreatSolver unlimited(17);
    refute(unlimited, b, all);
    REQUIRE(all.size == 22);
    // The candidates are checked in order, so what a cut run may keep is the unlimited run's
    // refutations among the candidates it checked completely: a prefix, never the move whose
    // check the deadline cut (18 and 23 are not refutations). Rows: the deadline passes in the
    // pass's VCT (k = 0), in the checks of candidates 0-2 (58: refuted at once), 5 (340: its
    // check reaches the node limit, taken as refuted), 18 (1000) and 23 (1330), after which the
    // opponent has a VCT (no refutations).
    for (const int64_t k : {0, 58, 340, 1000, 1330}) {
        CAPTURE(k);
        ThreatSolver s(17);
        s.set_clock(&fake_now);
        s.set_deadline(ThreatSolver::TimePoint(std::chrono::microseconds(k)));
        g_reads = 0;
        MoveList refs;
        refute(s, b, refs);
        REQUIRE(refs.size <= all.size);
        for (int i = 0; i < refs.size; ++i) {
            CAPTURE(i);
            CHECK(refs.moves[i].pos == all.moves[i].pos);
        }
    }
}
