// VCF puzzles (tests/data/gomoku, see its README): the solver finds a win in each, and the
// sequence it gives is a real continuous-four win.
#include "helpers.h"

#include "games/gomoku/threat.h"

#include <fstream>
#include <sstream>

using namespace gomoku;

namespace {

struct Puzzle {
    std::string idx, pos;
    int plies;
};

std::vector<Puzzle> load_puzzles() {
    std::vector<Puzzle> out;
    std::ifstream in(std::string(MINIARENA_TEST_DATA) + "/gomoku/vcf_black_freestyle.txt");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        Puzzle p;
        std::string first;
        ss >> p.idx >> p.pos >> p.plies >> first;
        out.push_back(p);
    }
    return out;
}

} // namespace

TEST_CASE("VCF puzzles are solved") {
    const std::vector<Puzzle> puzzles = load_puzzles();
    REQUIRE(puzzles.size() == 40);
    ThreatSolver solver;
    int solved = 0;
    uint64_t nodes = 0;
    for (const Puzzle& pz : puzzles) {
        const std::string ctx7(pz.idx);
        CAPTURE(ctx7);
        Board b(15, Rule::FREESTYLE);
        std::string err;
        REQUIRE(load_pos(b, pz.pos, err));
        REQUIRE(b.to_move() == BLACK);
        const ThreatResult r = solver.vcf(b, 60, 2'000'000);
        CHECK(r.win);
        if (!r.win) continue;
        ++solved;
        nodes += r.nodes;
        // Replay: every black move but the last makes a four, white blocks, black ends in five.
        Outcome out;
        for (size_t i = 0; i < r.sequence.size(); ++i) {
            const Pos p = r.sequence[i];
            if (i % 2 == 0 && i + 1 < r.sequence.size()) {
                const Pattern4 k = b.p4(BLACK, p);
                CHECK((k >= P4_BLOCK4 && k <= P4_FLEX4));
            }
            REQUIRE(play_checked(b, row_of(p), col_of(p), out).empty());
        }
        CHECK(out.result == Result::BLACK_WIN);
    }
    CHECK(solved == 40);
    MESSAGE("VCF nodes for 40 puzzles: " << nodes);
}

TEST_CASE("no VCF where there is none") {
    const char* positions[] = {"-", "h8", "h8i9", "h8i9j7"};
    for (const char* pos : positions) {
        Board b(15, Rule::FREESTYLE);
        std::string err;
        REQUIRE(load_pos(b, pos, err));
        CHECK_FALSE(find_vcf(b).win);
    }
}

TEST_CASE("VCF respects renju: no win through a forbidden double four") {
    using gomoku::test::position;
    // Row e8 f8 g8 (d8 white) and column h5 h6 h7 (h4 white): h8 is a double four.
    const std::vector<std::string> black = {"e8", "f8", "g8", "h5", "h6", "h7"};
    const std::vector<std::string> white = {"d8", "h4", "a2", "b2", "c2", "n14"};
    Board f = position(Rule::FREESTYLE, black, white);
    const ThreatResult rf = find_vcf(f);
    REQUIRE(rf.win);
    CHECK(rf.sequence[0] == gomoku::test::cell("h8"));
    Board r = position(Rule::RENJU, black, white);
    CHECK(r.is_forbidden(gomoku::test::cell("h8")));
    CHECK_FALSE(find_vcf(r).win);
}
