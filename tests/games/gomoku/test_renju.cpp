// Renju forbidden points, case by case: each kind of five, overline, four and three the renju
// rules name, judged by the engine (Board::is_forbidden, forbidden_points) and by the
// rule-text reference (renju_reference.h, which also names the kind).
//
// The rules (RIF, The International Rules of Renju): black must not make 9.2 a double-three,
// 9.3 a double-four or 9.4 an overline; a five is never forbidden, whatever else the move
// makes. Terms: a four is a row of four stones that one more stone makes five; a straight four
// is an unbroken four that two different moves make five; a three is a row of three stones
// that one more stone makes a straight four "without at the same time a five in a row is
// made", and that stone must not be a forbidden move itself (else it is a false three).
#include "helpers.h"
#include "renju_positions.h"
#include "renju_reference.h"

using namespace gomoku;
using namespace gomoku::test;
using reference::Kind;

namespace {

// A constructed position (black to move; see helpers.h for the filler stones in the corners)
// and one point with its verdict.
struct Case {
    const char* what;
    std::vector<std::string> black, white;
    const char* point;
    Kind kind;
};

// The engine and the reference on one point, and on the whole board's list.
void check_point(Board& b, Pos p, Kind kind) {
    REQUIRE(b.to_move() == BLACK);
    CHECK(b.is_forbidden(p) == (kind != Kind::NONE));
    reference::Grid g = reference::grid_of(b);
    CHECK(std::string(reference::kind_name(reference::forbidden_kind(g, row_of(p), col_of(p)))) ==
          reference::kind_name(kind));
    CHECK(forbidden_points(b) == reference::forbidden_points(b));
}

void check_cases(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
        const std::string ctx(c.what);
        CAPTURE(ctx);
        Board b = position(Rule::RENJU, c.black, c.white);
        check_point(b, cell(c.point), c.kind);
    }
}

// The stones of a pos string in their order, without the referee's checks (as Rapfi's
// YXBOARD takes a position).
Board stones(const std::string& pos) {
    std::vector<Coord> moves;
    std::string err;
    REQUIRE(parse_moves(pos, 15, moves, err));
    Board b(15, Rule::RENJU);
    for (const Coord& m : moves) b.make(make_pos(m.row, m.col));
    return b;
}

} // namespace

TEST_CASE("renju: a five is never forbidden") {
    check_cases({
        {"five", {"e8", "f8", "g8", "i8"}, {}, "h8", Kind::NONE},
        {"five and a double three",
         {"e8", "f8", "g8", "i8", "h6", "h7", "f6", "g7"},
         {},
         "h8",
         Kind::NONE},
        {"five and an overline",
         {"e8", "f8", "g8", "i8", "h5", "h6", "h7", "h9", "h10"},
         {},
         "h8",
         Kind::NONE},
        {"five and a double four",
         {"e8", "f8", "g8", "i8", "h5", "h6", "h7", "e5", "f6", "g7"},
         {},
         "h8",
         Kind::NONE},
        {"five, a gap, then a stone: not six",
         {"e8", "f8", "g8", "i8", "k8"},
         {},
         "h8",
         Kind::NONE},
    });
}

TEST_CASE("renju 9.4: overline") {
    check_cases({
        {"six in a row", {"e8", "f8", "g8", "i8", "j8"}, {}, "h8", Kind::OVERLINE},
        {"seven in a row", {"d8", "e8", "f8", "g8", "i8", "j8"}, {}, "h8", Kind::OVERLINE},
        {"three and two joined across the gap",
         {"f8", "g8", "h8", "j8", "k8"},
         {},
         "i8",
         Kind::OVERLINE},
        {"diagonal", {"d4", "e5", "f6", "h8", "i9"}, {}, "g7", Kind::OVERLINE},
        {"from the board's edge", {"a8", "b8", "c8", "e8", "f8"}, {}, "d8", Kind::OVERLINE},
        {"overline and a four elsewhere",
         {"e8", "f8", "g8", "i8", "j8", "h5", "h6", "h7"},
         {},
         "h8",
         Kind::OVERLINE},
    });
}

TEST_CASE("renju 9.3: double four") {
    check_cases({
        {"two open fours", {"e8", "f8", "g8", "h5", "h6", "h7"}, {}, "h8", Kind::DOUBLE_FOUR},
        {"two blocked fours",
         {"e8", "f8", "g8", "h5", "h6", "h7"},
         {"d8", "h4"},
         "h8",
         Kind::DOUBLE_FOUR},
        {"one line: X.XXX.X", {"d8", "f8", "h8", "j8"}, {}, "g8", Kind::DOUBLE_FOUR},
        {"one line: XX.XX.XX", {"d8", "e8", "g8", "j8", "k8"}, {}, "h8", Kind::DOUBLE_FOUR},
        {"one line: XXX.X.XXX", {"c8", "d8", "e8", "i8", "j8", "k8"}, {}, "g8", Kind::DOUBLE_FOUR},
        // The left completion of X.XXX.X would make six (c8 d8 e8 f8 g8 h8): one four only.
        {"X.XXX.X with six on one side", {"c8", "d8", "f8", "h8", "j8"}, {}, "g8", Kind::NONE},
        // XX.XXX: the gap makes six, so the row is no four; the column is the only four.
        {"no four where the gap makes six",
         {"c8", "d8", "f8", "g8", "h5", "h6", "h7"},
         {},
         "h8",
         Kind::NONE},
        {"a straight four is one four", {"e8", "f8", "g8"}, {}, "h8", Kind::NONE},
        {"four and three", {"e8", "f8", "g8", "h6", "h7"}, {}, "h8", Kind::NONE},
    });
}

TEST_CASE("renju 9.2: double three") {
    check_cases({
        {"two solid threes", {"f8", "g8", "h6", "h7"}, {}, "h8", Kind::DOUBLE_THREE},
        {"split three X.XX and a solid three",
         {"e8", "g8", "h6", "h7"},
         {},
         "h8",
         Kind::DOUBLE_THREE},
        {"split three XX.X and a solid three",
         {"f8", "i8", "h6", "h7"},
         {},
         "h8",
         Kind::DOUBLE_THREE},
        {"both diagonals", {"f6", "g7", "j6", "i7"}, {}, "h8", Kind::DOUBLE_THREE},
        {"three threes", {"f8", "g8", "h6", "h7", "f6", "g7"}, {}, "h8", Kind::DOUBLE_THREE},
        {"one cell from the edge is still a three",
         {"b8", "c8", "d6", "d7"},
         {},
         "d8",
         Kind::DOUBLE_THREE},
        // Its straight fours would need a cell beyond the edge: a8 b8 c8 is no three.
        {"against the edge: no three", {"a8", "b8", "c6", "c7"}, {}, "c8", Kind::NONE},
        {"a white stone at one end: no three", {"f8", "g8", "h6", "h7"}, {"e8"}, "h8", Kind::NONE},
        {"white stones at distance: no room for a straight four",
         {"f8", "g8", "h6", "h7"},
         {"d8", "j8"},
         "h8",
         Kind::NONE},
        // X..XX*..X: both straight fours would touch a stone two cells off and become six.
        {"both straight fours would be overlines",
         {"c8", "f8", "g8", "k8", "h6", "h7"},
         {},
         "h8",
         Kind::NONE},
    });
}

TEST_CASE("renju 9.2: false threes") {
    check_cases({
        // d8 is white, so the row three f8 g8 h8 becomes a straight four at i8 only.
        {"the four point is a double four (column i5 i6 i7)",
         {"f8", "g8", "h6", "h7", "i5", "i6", "i7"},
         {"d8", "i4"},
         "h8",
         Kind::NONE},
        {"the four point is an overline (column i5 i6 i7 _ i9 i10)",
         {"f8", "g8", "h6", "h7", "i5", "i6", "i7", "i9", "i10"},
         {"d8"},
         "h8",
         Kind::NONE},
        {"the four point is free", {"f8", "g8", "h6", "h7"}, {"d8"}, "h8", Kind::DOUBLE_THREE},
        // i8 would make the straight four f8-i8 and at once the five i8-i12: RIF's three is
        // made into a straight four "without at the same time a five", so the row is no three.
        {"the four point makes a five at the same time",
         {"f8", "g8", "h6", "h7", "i9", "i10", "i11", "i12"},
         {"d8"},
         "h8",
         Kind::NONE},
        // Row 8: b8 c8 d8 is a three of its own whose straight-four point e8 lies in i8's
        // line; i8's own three (i8 j8 k8, m8 white) becomes a straight four only at h8, an
        // overline (column h5-h10). A straight four must contain the move: the row is no
        // three for i8, which makes one three (column i6 i7 i8) only.
        {"another three's four point in the same line does not count",
         {"b8", "c8", "d8", "j8", "k8", "h5", "h6", "h7", "h9", "h10", "i6", "i7"},
         {"m8"},
         "i8",
         Kind::NONE},
    });
}

TEST_CASE("renju: positions found comparing with Rapfi") {
    struct Found {
        const char* what;
        const char* pos;
        const char* point;
        Kind kind;
    };
    const Found rows[] = {
        // The row three h8 _ j8 k8 becomes a straight four only at i8, and i8 is also a five
        // (f5 g6 h7 i8 j9): no three, so k8 (with the column three k7 k8 k9) is allowed.
        {"the four point makes a five (row)",
         "j8k12l10m11n7g11k7o10l7i10n11l5k9h11g6o8g12h4i4n12f13n4j9o5h8i5f5m5i12o4h7i9", "k8",
         Kind::NONE},
        // Two levels: d7's diagonal three (d7 _ f9 g10) has its four point at e8, a four and two
        // threes; one of those (e8 _ g6 h5) needs f7, which is then a double four (row d7-g7
        // and e8-h5). So e8 makes one three only, is allowed, and d7 is a double three.
        {"two levels of false threes", "e7f8g7h10h9g8g10g5f9h6g6g9h5j6e9j7j10j5f10i10", "d7",
         Kind::DOUBLE_THREE},
        {"three levels of false threes",
         "l12j13h5m12o12n13o9g11k6i8j10h13n6h10h9m5i13i9n9j12o6l10g13i10k7k10j8k13n5n8i7g5h8g6i12"
         "o13i6m11",
         "k8", Kind::NONE},
    };
    for (const Found& r : rows) {
        const std::string ctx(r.what);
        CAPTURE(ctx);
        Board b = stones(r.pos);
        check_point(b, cell(r.point), r.kind);
    }
}

TEST_CASE("renju: the engine agrees with the reference on random positions") {
    // The comparison's generator (scripts/bench gomoku-renju runs thousands against Rapfi).
    int with_points = 0;
    for (uint64_t seed = 1; seed <= 1000; ++seed) {
        const std::string pos = random_renju_position(seed);
        CAPTURE(pos);
        Board b = stones(pos);
        const std::vector<Pos> points = forbidden_points(b);
        CHECK(points == reference::forbidden_points(b));
        with_points += !points.empty();
    }
    CHECK(with_points > 200); // the set exercises the rule, not only empty lists
}
