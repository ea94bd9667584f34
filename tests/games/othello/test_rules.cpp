// Rules: legal moves, flips, passes, the end of the game, scores, make/undo, board arrays.
#include <doctest/doctest.h>

#include "games/common/rng.h"
#include "games/othello/notation.h"
#include "games/othello/position.h"

using namespace othello;

namespace {

Position board(const char* text) {
    Position pos;
    std::string error;
    REQUIRE_MESSAGE(parse_position(text, pos, error), error);
    return pos;
}

std::string moves_of(const Position& pos) {
    std::string s;
    for (Bitboard b = pos.legal_moves(); b;) s += square_name(pop_lsb(b)) + " ";
    return s;
}

} // namespace

TEST_CASE("start position: black moves first with d3 c4 f5 e6") {
    const Position pos = Position::start();
    CHECK(pos.side_to_move() == BLACK);
    CHECK(pos.piece_on(SQ_D4) == WHITE);
    CHECK(pos.piece_on(SQ_E5) == WHITE);
    CHECK(pos.piece_on(SQ_E4) == BLACK);
    CHECK(pos.piece_on(SQ_D5) == BLACK);
    CHECK(moves_of(pos) == "d3 c4 f5 e6 ");
    CHECK(position_string(pos) ==
          "---------------------------OX------XO--------------------------- X");
}

// The slow, obvious rules of the seed (walk the 8 directions square by square).
static Bitboard naive_flip(Square x, Bitboard P, Bitboard O) {
    if ((P | O) & square_bb(x)) return 0;
    Bitboard all = 0;
    static const int dirs[8][2] = {{-1, 0},  {1, 0},  {0, -1}, {0, 1},
                                   {-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
    for (const auto& d : dirs) {
        Bitboard run = 0;
        int r = row_of(x) + d[0], c = col_of(x) + d[1];
        while (r >= 0 && r < 8 && c >= 0 && c < 8 && (O & square_bb(make_square(r, c)))) {
            run |= square_bb(make_square(r, c));
            r += d[0];
            c += d[1];
        }
        if (run && r >= 0 && r < 8 && c >= 0 && c < 8 && (P & square_bb(make_square(r, c))))
            all |= run;
    }
    return all;
}

TEST_CASE("flips and moves agree with the square-by-square rules on random positions") {
    games::Rng rng(20240601);
    int legal_seen = 0;
    for (int n = 0; n < 20000; ++n) {
        // Random boards of every density, edges and corners included.
        const int fill = int(rng.below(64));
        Bitboard P = 0, O = 0;
        for (int s = 0; s < 64; ++s) {
            const uint32_t r = rng.below(64);
            if (r < uint32_t(fill)) (rng.below(2) ? P : O) |= square_bb(s);
        }
        Bitboard naive_moves = 0;
        for (int s = 0; s < 64; ++s) {
            const Bitboard f = naive_flip(Square(s), P, O);
            if (f) naive_moves |= square_bb(s);
            if (!((P | O) & square_bb(s)) && f) {
                REQUIRE(flip(Square(s), P, O) == f);
                REQUIRE(flip_scalar(Square(s), P, O) == f);
            }
        }
        REQUIRE(get_moves(P, O) == naive_moves);
        // The scalar forms too: builds with vectors (AVX2, SSSE3, SIMD128) use them nowhere else.
        REQUIRE(get_moves_scalar(P, O) == naive_moves);
        legal_seen += popcount(naive_moves);
    }
    CHECK(legal_seen > 10000);
    const Position start = Position::start();
    CHECK(flip(SQ_F5, start.player(), start.opponent()) == square_bb(SQ_E5));
    CHECK(flip(SQ_A1, start.player(), start.opponent()) == 0);
}

TEST_CASE("do_move and undo_move restore the position exactly") {
    Position pos = Position::start();
    const Position before = pos;
    for (Bitboard b = pos.legal_moves(); b;) {
        const Move m = Move(pop_lsb(b));
        const Bitboard f = pos.do_move(m);
        CHECK(popcount(f) == 1);
        CHECK(pos.side_to_move() == WHITE);
        pos.undo_move(m, f);
        CHECK(pos == before);
    }
    const Bitboard f = pos.do_move(MOVE_PASS);
    CHECK(f == 0);
    CHECK(pos.side_to_move() == WHITE);
    pos.undo_move(MOVE_PASS, f);
    CHECK(pos == before);
}

TEST_CASE("passes and the end of the game") {
    // Black has no move, white does: black must pass.
    const Position pass =
        board("OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX- X");
    CHECK(pass.must_pass());
    CHECK_FALSE(pass.game_over());
    CHECK(pass.is_legal(MOVE_PASS));
    CHECK_FALSE(pass.is_legal(Move(SQ_H8)));
    CHECK(side_char(pass) == 'X');
    // Nobody can move: the game is over even with empty squares.
    const Position over =
        board("XXXXXXXX------------------------------------------------OOOOOOOO -");
    CHECK(over.game_over());
    CHECK(side_char(over) == '-');
    CHECK_FALSE(Position::start().is_legal(MOVE_PASS));
}

TEST_CASE("final score gives the empties to the winner (FFO convention)") {
    struct Case {
        int black, white, score_black;
    };
    const Case cases[] = {{40, 20, 24}, {20, 40, -24}, {30, 30, 0},
                          {33, 31, 2},  {1, 0, 64},    {0, 13, -64}};
    for (const auto& c : cases) {
        Bitboard b = 0, w = 0;
        for (int i = 0; i < c.black; ++i) b |= square_bb(i);
        for (int i = 0; i < c.white; ++i) w |= square_bb(63 - i);
        const Position pos(b, w, BLACK);
        CHECK(pos.final_score(BLACK) == c.score_black);
        CHECK(pos.final_score(WHITE) == -c.score_black);
    }
}

TEST_CASE("board arrays: 0 empty, 1 black, 2 white, a1 = board[0][0]") {
    const Position start = Position::start();
    const BoardArray a = to_array(start);
    CHECK(a[3][3] == 2);
    CHECK(a[4][4] == 2);
    CHECK(a[3][4] == 1);
    CHECK(a[4][3] == 1);
    CHECK(a[0][0] == 0);
    Position back;
    REQUIRE(from_array(a, 1, back));
    CHECK(back == start);
    CHECK(to_move_code(back) == 1);
    BoardArray bad = a;
    bad[2][2] = 3;
    CHECK_FALSE(from_array(bad, 1, back));
    CHECK_FALSE(from_array(a, 0, back));
    // a row-major index: f5 is row 4, column 5.
    Position after = start;
    after.do_move(Move(SQ_F5));
    CHECK(to_array(after)[4][5] == 1);
    CHECK(to_array(after)[4][4] == 1);
}

TEST_CASE("stable discs: corners, full edges, and nothing in the opening") {
    const Position corner =
        board("X-------------------------------------------------------------O- X");
    CHECK(stable_discs(corner.player(), corner.opponent()) == square_bb(SQ_A1));
    CHECK(stable_discs(Position::start().player(), Position::start().opponent()) == 0);
    const Position edge =
        board("XXXOOXXX------------------------------------------------------O- X");
    CHECK(stable_discs(edge.player(), edge.opponent()) == 0xE7ull);
}

// stable_discs as it was first written: every line tested square by square. The engine's
// shift-based form must give the same set (the solver's node counts depend on it).
static Bitboard stable_discs_reference(Bitboard P, Bitboard O) {
    const Bitboard discs = P | O;
    Bitboard full[4] = {}; // rows, columns, a1-h8 diagonals, h1-a8 diagonals
    for (int s = 0; s < 64; ++s) {
        const int r = s / 8, c = s % 8;
        const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
        for (int k = 0; k < 4; ++k) {
            bool filled = true;
            for (int sign = -1; sign <= 1; sign += 2)
                for (int rr = r, cc = c; rr >= 0 && rr < 8 && cc >= 0 && cc < 8;
                     rr += sign * dirs[k][0], cc += sign * dirs[k][1])
                    filled = filled && (discs >> (rr * 8 + cc) & 1);
            if (filled) full[k] |= Bitboard(1) << s;
        }
    }
    const Bitboard central = P & 0x007E7E7E7E7E7E00ull;
    Bitboard stable = stable_edges(P, O) | (full[0] & full[1] & full[2] & full[3] & central);
    for (Bitboard old = 0; stable != old;) {
        old = stable;
        const Bitboard h = (stable >> 1 & NOT_H) | (stable << 1 & NOT_A) | full[0];
        const Bitboard v = (stable >> 8) | (stable << 8) | full[1];
        const Bitboard d9 = (stable >> 9 & NOT_H) | (stable << 9 & NOT_A) | full[2];
        const Bitboard d7 = (stable >> 7 & NOT_A) | (stable << 7 & NOT_H) | full[3];
        stable |= h & v & d9 & d7 & central;
    }
    return stable;
}

TEST_CASE("stable discs agree with the square-by-square reference on dense random boards") {
    games::Rng rng(2026);
    int with_interior = 0;
    for (int n = 0; n < 50000; ++n) {
        // Mostly full boards, so that full lines and interior stable discs occur.
        Bitboard discs = rng.next() | rng.next() | rng.next();
        if (n % 3 == 0)
            discs = ~square_bb(Square(rng.below(64))) & ~square_bb(Square(rng.below(64)));
        const Bitboard P = discs & rng.next(), O = discs & ~P;
        const Bitboard expected = stable_discs_reference(P, O);
        CHECK(stable_discs(P, O) == expected);
        if (expected & 0x007E7E7E7E7E7E00ull) ++with_interior;
    }
    CHECK(with_interior > 1000); // interior stable discs occurred, not only edge ones
}

TEST_CASE("count_last_flip agrees with flip on boards with one empty square") {
    games::Rng rng(77);
    for (int n = 0; n < 20000; ++n) {
        const Square x = Square(rng.below(64));
        const Bitboard P = rng.next() & ~square_bb(x);
        CHECK(count_last_flip(x, P) == popcount(flip(x, P, ~(P | square_bb(x)))));
        const Bitboard O = ~(P | square_bb(x));
        CHECK(count_last_flip(x, O) == popcount(flip(x, O, P)));
    }
}
