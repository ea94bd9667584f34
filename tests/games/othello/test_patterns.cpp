// Pattern evaluation: the instances are read where the docs say, the 8 board symmetries only
// permute them, and the evaluation is symmetric and deterministic.
#include <doctest/doctest.h>

#include <algorithm>
#include <span>
#include <vector>

#include "games/common/rng.h"
#include "games/othello/evaluate.h"
#include "games/othello/patterns.h"
#include "games/othello/position.h"

using namespace othello;
namespace pt = othello::patterns;

namespace {

// Square (r, c) -> its image under symmetry k (bit 0: columns mirrored, bit 1: rows
// mirrored, bit 2: transposed first).
Bitboard symmetric(Bitboard b, int k) {
    Bitboard out = 0;
    for (int s = 0; s < 64; ++s) {
        if (!(b >> s & 1)) continue;
        int r = s / 8, c = s % 8;
        if (k & 4) std::swap(r, c);
        if (k & 1) c = 7 - c;
        if (k & 2) r = 7 - r;
        out |= Bitboard(1) << (r * 8 + c);
    }
    return out;
}

// One of `moves` (not empty), uniformly.
Square random_move(games::Rng& rng, Bitboard moves) {
    return nth_square(moves, rng.below(uint32_t(popcount(moves))));
}

// A position after `plies` random moves.
Position random_position(games::Rng& rng, int plies) {
    Position pos = Position::start();
    for (int i = 0; i < plies && !pos.game_over(); ++i) {
        const Bitboard moves = pos.legal_moves();
        pos.do_move(moves ? Move(random_move(rng, moves)) : MOVE_PASS);
    }
    return pos;
}

// (type, canonical index) of every instance, sorted.
std::vector<std::pair<int, int>> signature(Bitboard P, Bitboard O) {
    uint16_t idx[pt::INSTANCES];
    pt::pattern_indices(P, O, idx);
    std::vector<std::pair<int, int>> sig;
    for (int i = 0; i < pt::INSTANCES; ++i)
        sig.push_back({pt::INSTANCE_TYPE[i], pt::canonical_index(pt::INSTANCE_TYPE[i], idx[i])});
    std::sort(sig.begin(), sig.end());
    return sig;
}

} // namespace

TEST_CASE("pattern instances read the documented squares") {
    uint16_t idx[pt::INSTANCES];
    // Only a1 for the side to move: digit 0 of the first edge, 3x3 and 2x5 corner instances
    // and of the main diagonal (digit 1 = P).
    pt::pattern_indices(square_bb(SQ_A1), 0, idx);
    CHECK(idx[0] == 1);  // top edge: a1 is digit 0
    CHECK(idx[2] == 1);  // left edge (transposed): a1 is digit 0
    CHECK(idx[1] == 0);  // bottom edge
    CHECK(idx[4] == 1);  // 3x3 at a1
    CHECK(idx[8] == 1);  // 2x5 at a1, horizontal
    CHECK(idx[12] == 1); // 2x5 at a1, vertical
    CHECK(idx[28] == 1); // a1-h8
    // O on g2: the X-square digit (9) of the top edge, 2 * 3^9; digit 8 (b2) of the right edge.
    pt::pattern_indices(0, square_bb(SQ_G2), idx);
    CHECK(idx[0] == 2 * pt::pow3(9));
    CHECK(idx[3] == 2 * pt::pow3(8));
    // h1 for P: digit 7 of the top edge and the last digit of the h1-a8 diagonal.
    pt::pattern_indices(square_bb(SQ_H1), 0, idx);
    CHECK(idx[0] == pt::pow3(7));
    CHECK(idx[29] == 1); // h1-a8 read on the mirrored board: h1 is its digit 0
    // Canonical counts.
    for (int t = 0; t < pt::TYPE_NB; ++t) {
        int n = 0;
        for (int i = 0; i < pt::pow3(pt::TYPE_SIZE[t]); ++i) n += pt::canonical_index(t, i) == i;
        CHECK(n == pt::canonical_count(t));
    }
}

TEST_CASE("features kept move by move equal the indices read from the board, passes too") {
    games::Rng rng(17);
    int passes = 0, checked = 0;
    for (int game = 0; game < 200; ++game) {
        Position pos = Position::start();
        pt::Features f;
        pt::set_features(pos.player(), pos.opponent(), f);
        while (!pos.game_over()) {
            const Bitboard moves = pos.legal_moves();
            pt::Features child;
            if (!moves) {
                pt::pass_features(f, child);
                pos.do_move(MOVE_PASS);
                ++passes;
            } else {
                const Square x = random_move(rng, moves);
                pt::play_features(f, x, flip(x, pos.player(), pos.opponent()), child);
                pos.do_move(Move(x));
            }
            f = child;
            pt::Features fresh;
            pt::set_features(pos.player(), pos.opponent(), fresh);
            REQUIRE(std::equal(f.mine, f.mine + pt::INSTANCES, fresh.mine));
            REQUIRE(std::equal(f.theirs, f.theirs + pt::INSTANCES, fresh.theirs));
            REQUIRE(pt::evaluate_features(pos.player(), pos.opponent(), f) ==
                    pt::evaluate(pos.player(), pos.opponent()));
            ++checked;
        }
    }
    CHECK(passes == 88); // the random games do pass
    CHECK(checked == 12086);
}

// (No ';' in a test name: CTest would split it into entries that match no case.)
TEST_CASE("the 8 symmetries permute the pattern instances and the evaluation is symmetric") {
    games::Rng rng(5);
    for (int n = 0; n < 200; ++n) {
        const Position pos = random_position(rng, 4 + int(rng.below(50)));
        const Bitboard P = pos.player(), O = pos.opponent();
        const auto sig = signature(P, O);
        const int value = pt::evaluate(P, O);
        for (int k = 1; k < 8; ++k) {
            const Bitboard sp = symmetric(P, k), so = symmetric(O, k);
            CHECK(signature(sp, so) == sig);
            CHECK(pt::evaluate(sp, so) == value);
        }
    }
}

TEST_CASE("pattern weights: the embedded file is the one the web build ships and loads back") {
    REQUIRE(pt::weights_loaded());
    games::Rng rng(11);
    std::vector<Position> positions;
    std::vector<int> values;
    for (int n = 0; n < 50; ++n) {
        positions.push_back(random_position(rng, 4 + int(rng.below(50))));
        values.push_back(pt::evaluate(positions.back().player(), positions.back().opponent()));
    }
    const std::span<const unsigned char> embedded = pt::embedded_weights();
    std::vector<unsigned char> bytes(embedded.begin(), embedded.end());
    // The committed file as it is (its name in src/games/othello/data/ is checked by CMake):
    // 263,924 packed bytes for 569,385 weights, plus the header and the hash.
    REQUIRE(bytes.size() == 264059);
    pt::WeightData data{};
    REQUIRE(pt::parse_weights(bytes.data(), bytes.size(), data));
    CHECK(data.packed_size == 263924);
    CHECK(pt::unpack_weights(data).size() == 569385);
    // What the trainer writes (serialize_weights) reads back to the same bytes.
    CHECK(pt::serialize_weights(data) == bytes);
    // Malformed data is refused and changes nothing: truncated, a flipped byte (hash), nothing.
    CHECK_FALSE(pt::load_weights(bytes.data(), bytes.size() - 1));
    std::vector<unsigned char> bad = bytes;
    bad[bad.size() / 2] ^= 1;
    CHECK_FALSE(pt::load_weights(bad.data(), bad.size()));
    CHECK_FALSE(pt::load_weights(nullptr, 0));
    CHECK(pt::load_weights(bytes.data(), bytes.size()));
    bytes.assign(bytes.size(), 0); // the loaded tables keep no pointer into the buffer
    for (size_t i = 0; i < positions.size(); ++i)
        CHECK(pt::evaluate(positions[i].player(), positions[i].opponent()) == values[i]);
    // A different evaluation than the classic one (which it falls back to without weights).
    int differ = 0;
    for (const Position& p : positions)
        differ += pt::evaluate(p.player(), p.opponent()) != evaluate(p.player(), p.opponent());
    CHECK(differ > 40);
}
