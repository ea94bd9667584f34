// gomoku_renju_compare — black's renju forbidden points from three referees on many
// positions: the engine (forbidden_points), Rapfi (YXSHOWFORBID over the Gomocup protocol)
// and the rule-text reference (renju_reference.h).
//   gomoku_renju_compare RAPFI [COUNT] [SEED]   COUNT random positions (default 2000) and
//                                               COUNT positions from the engine's games
//   gomoku_renju_compare RAPFI --pos POS...     the given positions (pos strings)
// Prints every position where any two referees disagree as "disagree SOURCE POS engine=[…]
// rapfi=[…] reference=[…]", then the agreement counts of each pair, per source and in all. Exit
// status 0 when the engine agrees with both everywhere, 1 when not, 2 on bad arguments or a Rapfi
// failure.
#include "engine_pipe.h"
#include "renju_positions.h"
#include "renju_reference.h"

#include "games/gomoku/notation.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace gomoku;

namespace {

struct Sample {
    const char* source; // "random", "game" or "given"
    std::string pos;
};

// Rapfi under renju on 15x15 (`INFO rule 4`: its renju code; see Rapfi's command/gomocup.cpp).
class Rapfi {
  public:
    explicit Rapfi(const std::string& path) : pipe_(path) {
        std::string line;
        ok_ = pipe_.send("START 15\nINFO rule 4\n") && read_until("OK", line);
    }
    bool ok() const { return ok_; }

    // Black's forbidden points of a position with black to move: YXBOARD (the stones in game
    // order, 1 = the first mover's, 2 = the other's; x is the column) then YXSHOWFORBID,
    // whose answer is "FORBID " + "XXYY" two-digit pairs for every forbidden point + ".".
    bool forbidden_points(const std::vector<Coord>& moves, std::vector<Pos>& points) {
        std::string cmd = "YXBOARD\n";
        for (size_t i = 0; i < moves.size(); ++i)
            cmd += std::to_string(moves[i].col) + "," + std::to_string(moves[i].row) + "," +
                   (i % 2 ? "2" : "1") + "\n";
        cmd += "DONE\nYXSHOWFORBID\n";
        std::string line;
        if (!pipe_.send(cmd) || !read_until("FORBID ", line)) return false;
        points.clear();
        const std::string body = line.substr(7);
        size_t i = 0;
        for (; i + 4 <= body.size() && body[i] != '.'; i += 4) {
            const int x = std::atoi(body.substr(i, 2).c_str());
            const int y = std::atoi(body.substr(i + 2, 2).c_str());
            points.push_back(make_pos(y, x));
        }
        return i < body.size() && body[i] == '.';
    }

  private:
    // Reads lines up to one starting with `prefix` (into `line`); other lines (MESSAGE,
    // DEBUG) are skipped, ERROR lines shown on stderr.
    bool read_until(const char* prefix, std::string& line) {
        while (pipe_.read_line(line)) {
            if (line.rfind(prefix, 0) == 0) return true;
            if (line.rfind("ERROR", 0) == 0) std::fprintf(stderr, "rapfi: %s\n", line.c_str());
        }
        return false;
    }

    EnginePipe pipe_;
    bool ok_ = false;
};

// Row-major order (Pos order), so that lists compare equal whatever order a referee uses.
void sort_points(std::vector<Pos>& points) {
    std::sort(points.begin(), points.end());
}

// "[h8 j9]": the points as pos-notation cells.
std::string names(const std::vector<Pos>& points) {
    std::string s = "[";
    for (Pos p : points) {
        if (s.size() > 1) s += ' ';
        s += move_name(p);
    }
    return s + "]";
}

// The stones of a pos string on `b` in their order, without the referee's checks (a given
// position may hold a forbidden black stone or a five, as Rapfi's YXBOARD accepts): false
// (and a message) when the string is bad or a cell repeats.
bool stones_of(const std::string& pos, Board& b, std::vector<Coord>& moves) {
    std::string err;
    if (!parse_moves(pos, 15, moves, err)) {
        std::fprintf(stderr, "bad position %s: %s\n", pos.c_str(), err.c_str());
        return false;
    }
    for (const Coord& m : moves) {
        if (!b.is_empty(make_pos(m.row, m.col))) {
            std::fprintf(stderr, "bad position %s: %s taken twice\n", pos.c_str(),
                         move_name(m.row, m.col).c_str());
            return false;
        }
        b.make(make_pos(m.row, m.col));
    }
    return true;
}

// Agreement counts over a set of positions.
struct Tally {
    int positions = 0, with_points = 0, engine_rapfi = 0, engine_reference = 0, rapfi_reference = 0;
    long points_engine = 0, points_rapfi = 0, points_reference = 0;

    void add(const std::vector<Pos>& engine, const std::vector<Pos>& rapfi,
             const std::vector<Pos>& reference) {
        ++positions;
        with_points += !engine.empty() || !rapfi.empty() || !reference.empty();
        points_engine += long(engine.size());
        points_rapfi += long(rapfi.size());
        points_reference += long(reference.size());
        engine_rapfi += engine == rapfi;
        engine_reference += engine == reference;
        rapfi_reference += rapfi == reference;
    }

    // Three lines: positions, forbidden points by each referee, same lists by each pair.
    void print(const char* name) const {
        std::printf("%s: positions %d (with a forbidden point by any referee: %d)\n", name,
                    positions, with_points);
        std::printf("%s: forbidden points: engine %ld, rapfi %ld, reference %ld\n", name,
                    points_engine, points_rapfi, points_reference);
        std::printf("%s: same points: engine=rapfi %d/%d, engine=reference %d/%d, "
                    "rapfi=reference %d/%d\n",
                    name, engine_rapfi, positions, engine_reference, positions, rapfi_reference,
                    positions);
    }
};

int usage() {
    std::fprintf(stderr, "usage: gomoku_renju_compare RAPFI [COUNT] [SEED] | "
                         "gomoku_renju_compare RAPFI --pos POS...\n");
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    std::vector<Sample> samples;
    if (argc >= 3 && !std::strcmp(argv[2], "--pos")) {
        for (int i = 3; i < argc; ++i) samples.push_back({"given", argv[i]});
    } else {
        const int count = argc >= 3 ? std::atoi(argv[2]) : 2000;
        const uint64_t seed = argc >= 4 ? std::strtoull(argv[3], nullptr, 10) : 1;
        if (count <= 0) return usage();
        for (int i = 0; i < count; ++i)
            samples.push_back({"random", random_renju_position(seed * 1000003 + uint64_t(i))});
        int games = 0;
        std::vector<std::string> from_games;
        while (int(from_games.size()) < count) {
            for (std::string& p : renju_game_positions(1, seed * 1000003 + uint64_t(games)))
                from_games.push_back(std::move(p));
            ++games;
        }
        from_games.resize(size_t(count));
        for (std::string& p : from_games) samples.push_back({"game", std::move(p)});
        std::printf("games played for positions: %d\n", games);
    }

    Rapfi rapfi(argv[1]);
    if (!rapfi.ok()) {
        std::fprintf(stderr, "cannot start Rapfi at %s (START 15 unanswered)\n", argv[1]);
        return 2;
    }
    Tally all;
    std::map<std::string, Tally> by_source;
    for (const Sample& s : samples) {
        Board b(15, Rule::RENJU);
        std::vector<Coord> moves;
        if (!stones_of(s.pos, b, moves)) return 2;
        if (b.to_move() != BLACK) {
            std::fprintf(stderr, "white to move in %s (YXSHOWFORBID lists black's)\n",
                         s.pos.c_str());
            return 2;
        }
        std::vector<Pos> by_engine = forbidden_points(b);
        std::vector<Pos> by_reference = reference::forbidden_points(b);
        std::vector<Pos> by_rapfi;
        if (!rapfi.forbidden_points(moves, by_rapfi)) {
            std::fprintf(stderr, "Rapfi gave no FORBID answer for %s\n", s.pos.c_str());
            return 2;
        }
        sort_points(by_engine), sort_points(by_reference), sort_points(by_rapfi);
        all.add(by_engine, by_rapfi, by_reference);
        by_source[s.source].add(by_engine, by_rapfi, by_reference);
        if (by_engine != by_rapfi || by_engine != by_reference)
            std::printf("disagree %s %s engine=%s rapfi=%s reference=%s\n", s.source, s.pos.c_str(),
                        names(by_engine).c_str(), names(by_rapfi).c_str(),
                        names(by_reference).c_str());
    }
    for (const auto& [source, tally] : by_source) tally.print(source.c_str());
    all.print("all");
    return all.engine_rapfi == all.positions && all.engine_reference == all.positions ? 0 : 1;
}
