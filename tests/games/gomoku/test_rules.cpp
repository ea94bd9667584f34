// Rules: line patterns, fives under the three rules, renju forbidden points (including the
// recursive "real three" test), results and winning lines, incremental make/undo.
#include "helpers.h"

#include "games/common/rng.h"

#include "games/gomoku/movegen.h"

using namespace gomoku;
using namespace gomoku::test;

namespace {

// Pattern of an 11-cell line written as text: 'X' black, 'O' white, '#' wall, '.' empty;
// the centre (index 5) is the cell to play.
Pattern line_pattern(Rule rule, Color who, const char* text) {
    Color cells[11];
    for (int i = 0; i < 11; ++i)
        cells[i] = text[i] == 'X' ? BLACK : text[i] == 'O' ? WHITE : text[i] == '#' ? WALL : EMPTY;
    return classify_line(rule, who, cells);
}

// Every incremental field of two boards, cell by cell.
void check_same_state(const Board& a, const Board& b) {
    REQUIRE(a.ply() == b.ply());
    CHECK(a.hash() == b.hash());
    CHECK(a.to_move() == b.to_move());
    bool cells = true;
    for (int r = 0; r < a.size(); ++r)
        for (int c = 0; c < a.size(); ++c) {
            const Pos p = make_pos(r, c);
            cells = cells && a.at(p) == b.at(p) && a.near(p) == b.near(p);
            if (a.is_empty(p))
                for (Color col : {BLACK, WHITE})
                    cells =
                        cells && a.pcode(col, p) == b.pcode(col, p) && a.p4(col, p) == b.p4(col, p);
        }
    CHECK(cells);
    for (Color col : {BLACK, WHITE}) {
        for (int k = 0; k < PATTERN4_NB; ++k)
            CHECK(a.count(col, Pattern4(k)) == b.count(col, Pattern4(k)));
        for (int k = 0; k < PATTERN_NB; ++k)
            CHECK(a.line_count(col, Pattern(k)) == b.line_count(col, Pattern(k)));
        CHECK(a.value(col) == b.value(col));
    }
}

} // namespace

TEST_CASE("line patterns for black") {
    struct Row {
        Rule rule;
        const char* line;
        Pattern expected;
    };
    const Row rows[] = {
        {Rule::FREESTYLE, "..XXX.XX...", F5}, // centre joins six: freestyle five
        {Rule::STANDARD, "..XXX.XX...", OL},  // ... an overline under exact five
        {Rule::RENJU, "..XXX.XX...", OL},
        {Rule::FREESTYLE, "...XX.XX...", F5},
        {Rule::FREESTYLE, "...XX.X....", F4}, // .XXXX. straight four
        {Rule::FREESTYLE, "..OXX.X....", B4}, // blocked on one side
        {Rule::FREESTYLE, "..X.X.X.X..", D4}, // X.XXX.X: two fours in one line
        {Rule::FREESTYLE, "....X.X....", F3}, // open three .X X X.
        {Rule::FREESTYLE, "...OX.X....", B3},
        {Rule::FREESTYLE, "....X......", F2},
        {Rule::FREESTYLE, "#...X......", F2},
        {Rule::FREESTYLE, "OOOOX.OOOOO", DEAD},
        // Both straight fours of this three would touch a stone at distance: overlines.
        {Rule::RENJU, "X..XX...X..", B3},
        {Rule::STANDARD, "X..XX...X..", B3},
        {Rule::FREESTYLE, "X..XX...X..", F3},
    };
    for (const Row& r : rows) {
        const std::string ctx1(r.line);
        CAPTURE(ctx1);
        CHECK(pattern_name(line_pattern(r.rule, BLACK, r.line)) ==
              std::string(pattern_name(r.expected)));
    }
    // White is never bound by exact five under renju.
    CHECK(line_pattern(Rule::RENJU, WHITE, "..OOO.OO...") == F5);
}

TEST_CASE("five, overline and the three rules") {
    struct Row {
        Rule rule;
        const char* pos;
        const char* result;
    };
    const Row rows[] = {
        {Rule::FREESTYLE, "h8a1i8a2j8a3k8a4l8", "black"},
        {Rule::STANDARD, "h8a1i8a2j8a3k8a4l8", "black"},
        {Rule::RENJU, "h8a1i8a2j8a3k8a4l8", "black"},
        // black f8 g8 h8 j8 k8, then i8 makes six
        {Rule::FREESTYLE, "f8a1g8c1h8e1j8g1k8i1i8", "black"},
        {Rule::STANDARD, "f8a1g8c1h8e1j8g1k8i1i8", "none"},
        {Rule::RENJU, "f8a1g8c1h8e1j8g1k8i1i8", "white"}, // forbidden overline loses
        // white overline: a win under renju and freestyle, not under standard
        {Rule::RENJU, "a1f8a2g8a3h8a4j8o15k8a6i8", "white"},
        {Rule::STANDARD, "a1f8a2g8a3h8a4j8o15k8a6i8", "none"},
        {Rule::FREESTYLE, "a1f8a2g8a3h8a4j8o15k8a6i8", "white"},
        // vertical and diagonal fives
        {Rule::FREESTYLE, "a1b2a2b3a3b4a4b5a5", "black"},
        {Rule::FREESTYLE, "a1b1b2c1c3d1d4e1e5", "black"},
        {Rule::FREESTYLE, "o1a1n2a2m3a3l4a4k5", "black"},
    };
    for (const Row& r : rows) {
        const std::string ctx2(r.pos);
        CAPTURE(ctx2);
        const std::string ctx3(rule_name(r.rule));
        CAPTURE(ctx3);
        Board b(15, r.rule);
        std::string err;
        Outcome out;
        REQUIRE(load_pos(b, r.pos, err, &out));
        CHECK(std::string(result_name(out.result)) == r.result);
    }
}

TEST_CASE("winning line and forbidden flag") {
    Board b(15, Rule::FREESTYLE);
    std::string err;
    Outcome out;
    REQUIRE(load_pos(b, "h8a1i8a2j8a3k8a4", err, &out));
    REQUIRE(play_checked(b, 7, 11, out).empty()); // l8
    CHECK(out.result == Result::BLACK_WIN);
    REQUIRE(out.line.size() == 5);
    CHECK(out.line.front() == cell("h8"));
    CHECK(out.line.back() == cell("l8"));
    CHECK(play_checked(b, 0, 14, out) == "game over");

    Board r(15, Rule::RENJU);
    REQUIRE(load_pos(r, "f8a1g8a2h6a3h7a4", err, &out));
    REQUIRE(play_checked(r, 7, 7, out).empty()); // h8: double three
    CHECK(out.result == Result::WHITE_WIN);
    CHECK(out.forbidden);
    CHECK(out.forbidden_at == cell("h8"));
}

TEST_CASE("renju forbidden points") {
    struct Row {
        const char* what;
        std::vector<std::string> black, white;
        const char* point;
        bool forbidden;
    };
    const Row rows[] = {
        {"double three", {"f8", "g8", "h6", "h7"}, {}, "h8", true},
        {"double three, diagonal", {"f6", "g7", "g9", "f10"}, {}, "h8", true},
        {"split double three", {"f8", "h8", "h6", "h7"}, {}, "h9", false}, // only one three
        {"split three + three", {"e8", "g8", "h6", "h7"}, {}, "h8", true},
        {"blocked three does not count", {"f8", "g8", "h6", "h7"}, {"e8"}, "h8", false},
        {"double four", {"e8", "f8", "g8", "h5", "h6", "h7"}, {}, "h8", true},
        {"double four in one line", {"e8", "g8", "h8", "i8", "k8"}, {}, "f8", false},
        {"four-four in one line", {"d8", "f8", "g8", "h8", "j8"}, {}, "e8", false},
        {"four-three is allowed", {"e8", "f8", "g8", "h6", "h7"}, {}, "h8", false},
        {"overline", {"e8", "f8", "g8", "i8", "j8"}, {}, "h8", true},
        {"five beats overline elsewhere",
         {"e8", "f8", "g8", "i8", "h4", "h5", "h6", "h7", "h9"},
         {},
         "h8",
         false},
        {"five beats double four", {"e8", "f8", "g8", "i8", "h5", "h6", "h7"}, {}, "h8", false},
        // Recursive test: the row three f8 g8 h8 (d8 white) can become a straight four only at
        // i8, and i8 is then a double four (column i5 i6 i7): a fake three. With the column
        // three h6 h7 h8 that is one real three only, so h8 is allowed...
        {"fake three (recursive)",
         {"f8", "g8", "h6", "h7", "i5", "i6", "i7"},
         {"d8", "i4"},
         "h8",
         false},
        // ... and without the i column the same shape is a double three.
        {"real double three", {"f8", "g8", "h6", "h7"}, {"d8"}, "h8", true},
    };
    for (const Row& r : rows) {
        const std::string ctx4(r.what);
        CAPTURE(ctx4);
        Board b = position(Rule::RENJU, r.black, r.white);
        REQUIRE(b.to_move() == BLACK);
        CHECK(b.is_forbidden(cell(r.point)) == r.forbidden);
        Board f = position(Rule::FREESTYLE, r.black, r.white);
        CHECK_FALSE(f.is_forbidden(cell(r.point)));
    }
}

TEST_CASE("forbidden points listing") {
    Board b = position(Rule::RENJU, {"f8", "g8", "h6", "h7"}, {});
    const std::vector<Pos> pts = forbidden_points(b);
    REQUIRE(pts.size() == 1);
    CHECK(pts[0] == cell("h8"));
    Board f = position(Rule::FREESTYLE, {"f8", "g8", "h6", "h7"}, {});
    CHECK(forbidden_points(f).empty());
}

TEST_CASE("full board is a draw") {
    // A 225-move freestyle game without a five (from a LEVEL 2 self-test round).
    const char* pos =
        "h8g7i7g9g8f8h6h10e7i11j12h7j8g5i8k8l10k9k11i13i9i6j10l12j11j9i10h9k10m10l9i12j13j14i15i14"
        "m8n7l7l8m9n8n9k6k5k7j6l4k14o9k12k13l13m14m11l11n11m12h12o10o8m7n6l6j5j7h5i5l5m5n4n12e9o12"
        "e8e6e11e10g6f7f10o11o13g11f5f9i4f6j3k2j4j2h4g4h2h3g1i3i2k4i1k3f1h1f4k1f2f3g3e5e2g2d5e4d4"
        "e3d3d6d2d1b2c2b5c4c6e1d7a4b4b3b7c7b8b6c9d10b10d8b11b9d11c11g14a5f13e12a6a8f12f11g13h14"
        "d13e13e14c12g12h11c13g10d12b14d14d15f14c14c1g15e15b12m2a13n5f15n2n3a12c10m3b13k15b15l15"
        "j15o15m6m15n15a1m4n1c3a10c5o6d9o5c8o4o7o2o3m13l2c15n13m1n14a7o14j1l14a14l3a2l1h13a3a11a9"
        "a15n10h15o1b1";
    Board b(15, Rule::FREESTYLE);
    std::string err;
    Outcome out;
    REQUIRE(load_pos(b, pos, err, &out));
    CHECK(b.ply() == 225);
    CHECK(out.result == Result::DRAW);
}

TEST_CASE("make/undo restore patterns, counters and hash") {
    Board b(15, Rule::RENJU);
    std::string err;
    REQUIRE(load_pos(b, "h8i9j10i8i7g9", err));
    const uint64_t hash = b.hash();
    const int vb = b.value(BLACK), vw = b.value(WHITE);
    int counts[PATTERN4_NB];
    for (int k = 0; k < PATTERN4_NB; ++k) counts[k] = b.count(BLACK, Pattern4(k));
    MoveList list;
    gen_candidates(b, list);
    for (int i = 0; i < list.size; ++i) {
        b.make(list.moves[i].pos);
        MoveList inner;
        gen_candidates(b, inner);
        for (int j = 0; j < inner.size; j += 3) {
            b.make(inner.moves[j].pos);
            b.undo();
        }
        b.undo();
    }
    CHECK(b.hash() == hash);
    CHECK(b.value(BLACK) == vb);
    CHECK(b.value(WHITE) == vw);
    for (int k = 0; k < PATTERN4_NB; ++k) CHECK(b.count(BLACK, Pattern4(k)) == counts[k]);
    // Incremental state equals a fresh replay.
    Board fresh(15, Rule::RENJU);
    REQUIRE(load_pos(fresh, to_pos(b), err));
    CHECK(fresh.hash() == b.hash());
    CHECK(fresh.value(WHITE) == b.value(WHITE));
}

TEST_CASE("freestyle's patterns come from the nine-cell window, the other rules' from eleven") {
    // Freestyle: the fifth cell on each side never decides a pattern (checked over every window
    // when the tables are built). Standard and renju: an overline's sixth stone does.
    CHECK(pattern_tables(Rule::FREESTYLE).short_window);
    CHECK_FALSE(pattern_tables(Rule::STANDARD).short_window);
    CHECK_FALSE(pattern_tables(Rule::RENJU).short_window);
    const PatternTables& t = pattern_tables(Rule::FREESTYLE);
    const uint32_t key =
        (1u << 2) | (1u << 4) | (1u << 6) | (1u << 8) | (2u << 0); // OXXXX and the centre
    CHECK(t.line_of(key) == t.line[line_index(key)]);
    CHECK(PatternTables::colour_pattern(t.line_of(key), 0) == F5);
}

TEST_CASE("undo log: whole games made and taken back equal fresh replays") {
    // 400 moves on 20x20 in a random order, then taken back: every 25 plies on the way back,
    // the board must equal one that only made the moves.
    for (Rule rule : {Rule::FREESTYLE, Rule::RENJU}) {
        Board b(20, rule);
        std::vector<Pos> order;
        for (int r = 0; r < 20; ++r)
            for (int c = 0; c < 20; ++c) order.push_back(make_pos(r, c));
        games::Rng rng(7);
        for (int i = int(order.size()) - 1; i > 0; --i)
            std::swap(order[size_t(i)], order[rng.below(uint32_t(i + 1))]);
        for (Pos p : order) b.make(p);
        for (int ply = 400; ply >= 0; --ply) {
            if (ply % 25 == 0) {
                Board fresh(20, rule);
                for (int i = 0; i < ply; ++i) fresh.make(order[size_t(i)]);
                check_same_state(b, fresh);
            }
            if (ply) b.undo();
        }
    }
}

TEST_CASE("value sums recomputed when tracking comes back on") {
    std::string err;
    Board moves(15, Rule::FREESTYLE);
    REQUIRE(load_pos(moves, "h8i9j10i8i7g9k11", err));
    Board b(15, Rule::FREESTYLE);
    REQUIRE(load_pos(b, "h8i9j10", err));
    b.set_value_tracking(false);
    for (int i = 3; i < 7; ++i) b.make(moves.move_at(i));
    b.undo();
    b.set_value_tracking(true);
    Board fresh(15, Rule::FREESTYLE);
    REQUIRE(load_pos(fresh, "h8i9j10i8i7g9", err));
    CHECK(b.value(BLACK) == fresh.value(BLACK));
    CHECK(b.value(WHITE) == fresh.value(WHITE));
    CHECK(b.value(BLACK) != 0);
    // Tracked again: the next move keeps the sums right.
    b.make(moves.move_at(6));
    fresh.make(moves.move_at(6));
    CHECK(b.value(BLACK) == fresh.value(BLACK));
    CHECK(b.value(WHITE) == fresh.value(WHITE));
}

TEST_CASE("20x20 board") {
    Board b(20, Rule::FREESTYLE);
    std::string err;
    Outcome out;
    REQUIRE(load_pos(b, "t20a1s19a2r18a3q17a4p16", err, &out));
    CHECK(out.result == Result::BLACK_WIN);
    Board small(15, Rule::FREESTYLE);
    CHECK_FALSE(load_pos(small, "t20", err));
}
