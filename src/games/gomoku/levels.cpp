#include "games/gomoku/levels.h"

#include "games/common/rng.h"
#include "games/gomoku/movegen.h"

#include <algorithm>

namespace gomoku {

namespace {

// Per-move random stream: same (seed, position) -> same draws.
games::Rng move_rng(uint64_t seed, const Board& b) {
    return games::Rng(seed ^ (b.hash() * 0x9E3779B97F4A7C15ull) ^ uint64_t(b.ply()) << 48);
}

Pos centre(const Board& b) {
    return make_pos(b.size() / 2, b.size() / 2);
}

// Is any stone among the eight neighbours of p?
bool touches_stone(const Board& b, Pos p) {
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
            const Color c = b.at(Pos(p + dr * STRIDE + dc));
            if ((dr || dc) && (c == BLACK || c == WHITE)) return true;
        }
    return false;
}

// Legal empty cells next to a stone, row-major.
int neighbour_cells(Board& b, Pos* out) {
    int n = 0;
    for (int r = 0; r < b.size(); ++r)
        for (int c = 0; c < b.size(); ++c) {
            const Pos p = make_pos(r, c);
            if (b.is_empty(p) && touches_stone(b, p) && is_legal_for_side(b, p)) out[n++] = p;
        }
    return n;
}

// RANDOM: centre first, then a uniformly random empty cell next to a stone.
Pos random_neighbour(Board& b, games::Rng& rng) {
    if (!b.ply() && b.is_empty(centre(b))) return centre(b);
    Pos cells[MAX_MOVES];
    const int n = neighbour_cells(b, cells);
    return n ? cells[rng.below(uint32_t(n))] : NO_POS;
}

// LEVEL 1: line lengths only. For each cell next to a stone it sums, over the four lines
// (best line counted twice, as the tutorial's open-ends bot does), a value of the run length
// the cell would give itself and, much smaller, the run it would take from the opponent. It
// never looks at open ends, so it plays into dead lines and lets open threes grow; five and
// blocking five come from the rule-exact patterns. Random term: up to 8 value units.
// Calibrated with the tutorial bots (tests/games/gomoku): over 10000 rounds it beat
// run-length and lost to open-ends every time.
constexpr int L1_OWN[6] = {0, 2, 100, 300, 3000, 1000000};
constexpr int L1_OPP[6] = {0, 0, 8, 20, 200, 100000};

int l1_lines(const Board& b, Pos p, Color who, const int (&value)[6]) {
    int best = 0, sum = 0;
    for (int d = 0; d < 4; ++d) {
        int len = 1;
        for (Pos q = Pos(p + DIR[d]); b.at(q) == who; q = Pos(q + DIR[d])) ++len;
        for (Pos q = Pos(p - DIR[d]); b.at(q) == who; q = Pos(q - DIR[d])) ++len;
        const int v = value[std::min(len, 5)];
        sum += v;
        best = std::max(best, v);
    }
    return best + sum;
}

Pos level1(Board& b, games::Rng& rng) {
    if (!b.ply() && b.is_empty(centre(b))) return centre(b);
    const Color us = b.to_move(), them = opponent(us);
    Pos cells[MAX_MOVES];
    const int n = neighbour_cells(b, cells);
    Pos best = n ? cells[0] : NO_POS;
    int64_t best_score = -1;
    for (int i = 0; i < n; ++i) {
        const Pos p = cells[i];
        int64_t score;
        if (b.p4(us, p) == P4_FIVE)
            score = int64_t(1) << 40;
        else if (b.p4(them, p) == P4_FIVE)
            score = int64_t(1) << 39;
        else
            score = int64_t(l1_lines(b, p, us, L1_OWN) + l1_lines(b, p, them, L1_OPP)) * 8 +
                    rng.below(64);
        if (score > best_score) best_score = score, best = p;
    }
    return best;
}

// LEVEL 2 and LEVEL 3: the engine's search with small fixed budgets (nodes, not time, so a
// seed replays exactly); the first plies are drawn among the best-ordered moves.
struct LevelSearch {
    int opening_plies, opening_noise;
    uint64_t nodes, vcf_nodes, vct_nodes, defend_nodes;
    int width;
};
// Calibrated with tests/games/gomoku (gomoku_ladder): LEVEL 2 won 100/100 rounds against
// the open-ends bot; LEVEL 3 won 33 of 40 rounds against LEVEL 2 (6 lost, 1 draw).
constexpr LevelSearch LEVEL_SEARCH[2] = {
    // opening plies, noise, nodes, vcf, vct, defend, width
    {4, 60, 2500, 1000, 0, 1000, 10},      // LEVEL 2
    {4, 60, 50000, 10000, 20000, 5000, 0}, // LEVEL 3
};

} // namespace

std::optional<Level> parse_level(std::string_view s) {
    if (s == "random") return Level::RANDOM;
    if (s == "1") return Level::L1;
    if (s == "2") return Level::L2;
    if (s == "3") return Level::L3;
    if (s == "master") return Level::MASTER;
    return std::nullopt;
}

const char* level_name(Level l) {
    static const char* names[LEVEL_NB] = {"random", "1", "2", "3", "master"};
    return names[int(l)];
}

Engine::Engine(size_t tt_megabytes)
    : tt_megabytes_(tt_megabytes), master_(std::make_unique<MasterSearcher>(tt_megabytes)) {}

MoveChoice Engine::choose(Board& b, Level level, uint64_t seed, const LevelOptions& o) {
    MoveChoice mc;
    games::Rng rng = move_rng(seed, b);
    switch (level) {
    case Level::RANDOM: mc.move = random_neighbour(b, rng), mc.source = "random"; break;
    case Level::L1: mc.move = level1(b, rng), mc.source = "level1"; break;
    case Level::L2:
    case Level::L3: {
        const LevelSearch& cfg = LEVEL_SEARCH[level == Level::L2 ? 0 : 1];
        if (b.ply() < cfg.opening_plies) { // opening variety: one of the best-ordered moves
            MoveList list;
            gen_candidates(b, list);
            for (int i = 0; i < list.size; ++i)
                list.moves[i].score += int(rng.below(cfg.opening_noise));
            list.sort();
            if (list.size) {
                mc.move = list.moves[0].pos, mc.source = "opening";
                break;
            }
        }
        if (!small_) small_ = std::make_unique<Searcher>(2);
        small_->clear();
        SearchLimits l;
        l.nodes = cfg.nodes;
        l.vcf_nodes = cfg.vcf_nodes;
        l.vct_nodes = cfg.vct_nodes;
        l.defend_nodes = cfg.defend_nodes;
        l.vct_depth = 4;
        l.width = cfg.width;
        l.stop = o.stop;
        SearchInfo info = small_->think(b, l);
        mc.move = info.move, mc.value = info.value, mc.depth = info.depth, mc.nodes = info.nodes;
        mc.ms = info.ms, mc.source = info.source;
        break;
    }
    case Level::MASTER: {
        SearchLimits l;
        l.depth = o.depth;
        l.nodes = o.nodes;
        l.time_ms = o.time_ms;
        if (!o.depth && !o.nodes && !o.time_ms) l.time_ms = 1000;
        const bool deterministic = !l.time_ms;
        if (deterministic) master_->clear();
        l.stop = o.stop;
        l.vcf_nodes = 100000;
        l.vct_nodes =
            deterministic ? 20000 : uint64_t(std::clamp<int64_t>(l.time_ms * 40, 5000, 1000000));
        l.defend_nodes =
            deterministic ? 5000 : uint64_t(std::clamp<int64_t>(l.time_ms * 4, 1000, 50000));
        // A node budget: the root threat searches get at most 30 % of it, as they get 30 % of
        // a time budget (their own budgets alone could spend it all before the main search).
        l.threat_nodes = l.nodes * 30 / 100;
        if (b.ply() < 2 && seed) { // opening variety: among the best-ordered moves
            MoveList list;
            gen_candidates(b, list);
            for (int i = 0; i < list.size; ++i) list.moves[i].score += int(rng.below(40));
            list.sort();
            if (list.size && b.ply()) {
                mc.move = list.moves[0].pos, mc.source = "opening";
                break;
            }
        }
        SearchInfo info;
        if (o.classic) {
            if (!classic_) classic_ = std::make_unique<Searcher>(tt_megabytes_);
            if (deterministic) classic_->clear();
            info = classic_->think(b, l);
        } else {
            info = master_->think(b, l);
        }
        mc.move = info.move, mc.value = info.value, mc.depth = info.depth, mc.nodes = info.nodes;
        mc.ms = info.ms, mc.source = info.source;
        break;
    }
    }
    return mc;
}

MoveChoice choose_move(Board& board, Level level, uint64_t seed, const LevelOptions& options) {
    static Engine engine;
    return engine.choose(board, level, seed, options);
}

} // namespace gomoku
