// search.cpp — SearchCore, what Searcher and MasterSearcher share, and Searcher, the search of
// LEVEL 2/3 (search.h).
//
// Index
//   set-up ............. parse_depth(), SearchCore(), clear(), begin(), elapsed_ms(), poll()
//   root answers ....... immediate(), root_threat_win(), root_refutations(), fallback_move()
//   quiescence ......... Searcher(), qsearch(): own fours until quiet
//   PVS ................ search()
//   root ............... think(): immediate answers, VCF / VCT, iterative deepening
#include "games/gomoku/search.h"

#include "games/gomoku/evaluate.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace gomoku {

namespace {
constexpr int QSEARCH_MAX_FOURS = 10;
// Late-move pruning: moves searched at non-PV nodes of depth d before quiet ones are skipped.
constexpr int LMP_COUNT[8] = {0, 10, 14, 20, 28, 36, 48, 64};
// Scores (movegen attack/defend tables) of moves that are never reduced or pruned.
constexpr int TACTICAL_SCORE = 380;
} // namespace

// --- set-up ----------------------------------------------------------------------------------

std::optional<int> parse_depth(std::string_view s) {
    int d = 0;
    if (s.empty() || s.front() < '0' || s.front() > '9') return std::nullopt; // no sign, no space
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
    if (ec != std::errc() || end != s.data() + s.size() || d < 1 || d > MAX_DEPTH)
        return std::nullopt;
    return d;
}

SearchCore::SearchCore(size_t tt_megabytes, size_t solver_cache_bits)
    : tt_(tt_megabytes), solver_(solver_cache_bits), lists_(new MoveList[MAX_PLY + 2]) {
    std::memset(history_, 0, sizeof history_);
}

void SearchCore::clear() {
    tt_.clear();
    solver_.clear();
    std::memset(history_, 0, sizeof history_);
}

// Start a think(): the position, the limits, the clock, zero counters, a new TT generation,
// and the threat solver's deadline at `threat_pct` % of the time budget (none without one).
void SearchCore::begin(Board& board, const SearchLimits& limits, int threat_pct) {
    b_ = &board;
    limits_ = limits;
    start_ = std::chrono::steady_clock::now();
    nodes_ = 0;
    // A stop requested before the search began ends it at its first node.
    stopped_ = limits.stop && limits.stop->load(std::memory_order_relaxed);
    stats_ = SearchStats{};
    tt_.new_search();
    if (limits.time_ms)
        solver_.set_deadline(start_ + std::chrono::milliseconds(limits.time_ms * threat_pct / 100));
    else
        solver_.clear_deadline();
}

int64_t SearchCore::elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start_)
        .count();
}

int64_t SearchCore::elapsed_us() const {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                                 start_)
        .count();
}

// Check the node budget, the time budget and the external stop flag.
void SearchCore::poll() {
    if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if (limits_.time_ms && elapsed_ms() >= limits_.time_ms) stopped_ = true;
}

// --- root answers ----------------------------------------------------------------------------

// Root answers that need no search: the centre of an empty board, our five, and (renju black
// cannot block the opponent's five) the best-ordered candidate. The source, or nullptr.
const char* SearchCore::immediate(Board& b, Pos& move, int& value) {
    const Color us = b.to_move(), them = opponent(us);
    value = 0;
    if (!b.ply()) {
        move = make_pos(b.size() / 2, b.size() / 2);
        return "only";
    }
    if ((move = b.find_five(us)) != NO_POS) {
        value = VALUE_MATE - 1;
        return "five";
    }
    if (b.count(them, P4_FIVE) && !is_legal_for_side(b, move = b.find_five(them))) {
        MoveList& list = lists_[0];
        gen_candidates(b, list);
        list.sort();
        if (list.size) move = list.moves[0].pos;
        value = -(VALUE_MATE - 2);
        return "block";
    }
    return nullptr;
}

// Root VCF, then VCT, for the side to move within the limits' budgets (their nodes count as
// the search's). The winning source ("vcf", "vct") with info.pv and `value` set, or nullptr.
const char* SearchCore::root_threat_win(Board& b, SearchInfo& info, int& value) {
    if (limits_.vcf_nodes) {
        ThreatResult r = solver_.vcf(b, 40, threat_budget(limits_.vcf_nodes), limits_.stop);
        nodes_ += r.nodes;
        stats_.threat_nodes += r.nodes;
        if (r.win && !r.sequence.empty()) {
            info.pv = r.sequence;
            value = VALUE_MATE - int(r.sequence.size());
            return "vcf";
        }
    }
    if (limits_.vct_nodes && threat_budget(limits_.vct_nodes)) {
        ThreatResult r =
            solver_.vct(b, limits_.vct_depth, threat_budget(limits_.vct_nodes), limits_.stop);
        nodes_ += r.nodes;
        stats_.threat_nodes += r.nodes;
        if (r.win && !r.sequence.empty()) {
            info.pv = r.sequence;
            value = VALUE_MATE_IN_MAX + 100;
            return "vct";
        }
    }
    return nullptr;
}

// When defend_nodes > 0, the opponent's threat sequence (VCT after a pass) must be refuted at
// the root: root_filter_ gets the refutations among the first `max_moves` candidates.
void SearchCore::root_refutations(Board& b, int max_moves) {
    if (!limits_.defend_nodes || !threat_budget(limits_.defend_nodes)) return;
    const uint64_t used =
        solver_.refute_vct(b, limits_.vct_depth, limits_.defend_nodes, max_moves, lists_[0],
                           root_filter_, limits_.stop, threat_budget(UINT64_MAX));
    nodes_ += used;
    stats_.threat_nodes += used;
}

// The best-ordered legal move (the block of the opponent's five if any): the answer when no
// iteration completed. NO_POS when there is none.
Pos SearchCore::fallback_move(Board& b) {
    const Color them = opponent(b.to_move());
    MoveList& list = lists_[0];
    if (b.count(them, P4_FIVE)) {
        list.clear();
        list.add(b.find_five(them), 0);
    } else {
        gen_candidates(b, list);
        list.sort();
    }
    return list.size ? list.moves[0].pos : NO_POS;
}

// The answer of a think(): move m worth v from `source`, with the counts and times.
SearchInfo SearchCore::finish(SearchInfo& info, Pos m, int v, const char* source) {
    info.move = m;
    info.value = v;
    info.source = source;
    info.nodes = nodes_;
    info.ms = elapsed_ms();
    stats_.total_us = elapsed_us();
    stats_.depth = info.depth;
    if (info.pv.empty() && m != NO_POS) info.pv.push_back(m);
    return info;
}

// --- quiescence ------------------------------------------------------------------------------

// The threat solver keeps ThreatSolver's default cache (2^18 entries).
Searcher::Searcher(size_t tt_megabytes) : SearchCore(tt_megabytes, 18) {}

// Quiescence: stand pat on the evaluation or continue with own fours (forced replies).
int Searcher::qsearch(int alpha, int beta, int ply, int qply) {
    Board& b = *b_;
    int their_fives = 0, decided = 0;
    if (node_decided(ply, stats_.leaves, their_fives, decided)) return decided;
    const Color us = b.to_move(), them = opponent(us);
    if (their_fives == 1) {
        const Pos p = b.find_five(them);
        if (!is_legal_for_side(b, p) || ply >= MAX_PLY - 1) return -(VALUE_MATE - ply - 2);
        b.make(p);
        const int v = -qsearch(-beta, -alpha, ply + 1, qply);
        b.undo();
        return v;
    }
    if (find_flex4(b, us) != NO_POS) return VALUE_MATE - ply - 3;
    const int stand = evaluate(b);
    if (stand >= beta || qply >= QSEARCH_MAX_FOURS || ply >= MAX_PLY - 2) return stand;
    if (stand > alpha) alpha = stand;
    MoveList& list = lists_[ply];
    gen_fours(b, list);
    if (!list.size) return stand;
    list.sort();
    int best = stand;
    const int n = std::min(list.size, 8);
    for (int i = 0; i < n; ++i) {
        const Pos m = list.moves[i].pos;
        b.make(m);
        const int v = -qsearch(-beta, -alpha, ply + 1, qply + 1);
        b.undo();
        if (stopped_) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    return best;
}

// --- PVS -------------------------------------------------------------------------------------

// Principal-variation search; `ply` counts from the root.
int Searcher::search(int alpha, int beta, int depth, int ply, bool pv_node) {
    Board& b = *b_;
    pv_len_[ply] = ply;
    int their_fives = 0, decided = 0;
    if (node_decided(ply, stats_.nodes, their_fives, decided)) return decided;
    const Color us = b.to_move(), them = opponent(us);
    MoveList& list = lists_[ply];
    list.clear();
    bool forced = false;
    if (their_fives == 1) {
        const Pos p = b.find_five(them);
        if (!is_legal_for_side(b, p)) return -(VALUE_MATE - ply - 2);
        list.add(p, 0);
        forced = true;
    } else {
        if (find_flex4(b, us) != NO_POS) return VALUE_MATE - ply - 3;
        if (depth <= 0 || ply >= MAX_PLY - 4) return qsearch(alpha, beta, ply, 0);
    }
    if (ply >= MAX_PLY - 4) return evaluate(b);
    // Mate distance pruning.
    alpha = std::max(alpha, -(VALUE_MATE - ply));
    beta = std::min(beta, VALUE_MATE - ply - 1);
    if (alpha >= beta) return alpha;

    const uint64_t key = b.hash();
    Pos tt_move = NO_POS;
    if (int v; tt_cut(key, depth, ply, alpha, beta, pv_node, tt_move, v)) return v;

    bool defending = false;
    if (!forced) {
        if (find_flex4(b, them) != NO_POS) {
            gen_defences(b, list);
            if (!list.size) return -(VALUE_MATE - ply - 4);
            defending = true;
        } else {
            gen_candidates(b, list);
            if (!list.size) return 0;
        }
        const int side = ci(us);
        for (int i = 0; i < list.size; ++i) {
            ScoredMove& m = list.moves[i];
            if (m.pos == tt_move)
                m.score = 1 << 30;
            else
                m.score = history_score(side, m);
        }
        list.sort();
    }
    const int n = (width_ && !forced && !defending && !(ply == 0 && root_filter_.size))
                      ? std::min(width_, list.size)
                      : list.size;
    const int old_alpha = alpha;
    int best = -VALUE_INF;
    Pos best_move = NO_POS;
    ++stats_.expanded;
    for (int i = 0; i < n; ++i) {
        const Pos m = list.moves[i].pos;
        const int raw_score = forced ? 0 : move_score(b, m);
        if (ply == 0 && root_filter_.size && !root_filter_.contains(m)) continue;
        const bool tactical = forced || defending || raw_score >= TACTICAL_SCORE;
        // Late-move pruning of quiet moves at shallow non-PV nodes.
        if (!pv_node && !tactical && depth < 8 && i >= LMP_COUNT[depth] &&
            best > -VALUE_MATE_IN_MAX)
            continue;
        const int new_depth = forced ? depth : depth - 1;
        ++stats_.moves_searched;
        b.make(m);
        int v;
        if (i == 0) {
            v = -search(-beta, -alpha, new_depth, ply + 1, pv_node);
        } else {
            int r = 0;
            if (depth >= 3 && i >= 3 && !tactical) {
                r = 1 + (i >= 10) + (depth >= 6 && i >= 20);
                if (pv_node && r > 1) --r;
                r = std::min(r, new_depth - 1);
            }
            v = -search(-alpha - 1, -alpha, new_depth - r, ply + 1, false);
            if (v > alpha && r > 0) v = -search(-alpha - 1, -alpha, new_depth, ply + 1, false);
            if (v > alpha && v < beta && pv_node)
                v = -search(-beta, -alpha, new_depth, ply + 1, true);
        }
        b.undo();
        if (stopped_) return 0;
        if (child_cut(ply, m, v, beta, best, best_move, alpha)) {
            ++stats_.cutoffs;
            if (i == 0) ++stats_.first_move_cutoffs;
            if (!tactical) history_[ci(us)][m] += depth * depth;
            break;
        }
    }
    if (best == -VALUE_INF) return evaluate(b); // every move pruned (cannot happen at i == 0)
    tt_save(key, best, best_move, old_alpha, beta, depth, ply);
    return best;
}

// --- root ------------------------------------------------------------------------------------

// Root: immediate answers, then VCF / VCT, then iterative deepening.
SearchInfo Searcher::think(Board& b, const SearchLimits& limits) {
    begin(b, limits, 100);
    width_ = limits.width;
    SearchInfo info;
    const Color them = opponent(b.to_move());
    Pos answer = NO_POS;
    int value = 0;
    if (const char* src = immediate(b, answer, value)) return finish(info, answer, value, src);
    // A single five of theirs (blockable) is searched; two lose whatever we do.
    if (b.count(them, P4_FIVE) >= 2)
        return finish(info, b.find_five(them), -(VALUE_MATE - 2), "block");
    const bool their_five = b.count(them, P4_FIVE);
    if (!their_five)
        if (const char* src = root_threat_win(b, info, value))
            return finish(info, info.pv[0], value, src);
    root_filter_.clear();
    if (!their_five) root_refutations(b, 20);
    stats_.root_threat_us = elapsed_us();
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_DEPTH) : MAX_DEPTH;
    Pos best = NO_POS;
    int best_value = 0;
    for (int d = 1; d <= max_depth; ++d) {
        const int v = search(-VALUE_INF, VALUE_INF, d, 0, true);
        if (stopped_) {
            // A partial iteration's first move is the previous best searched first; keep
            // its answer only when it has been fully searched and stays the best.
            if (best == NO_POS && pv_len_[0] > 0) best = pv_[0][0];
            break;
        }
        best = pv_len_[0] > 0 ? pv_[0][0] : best;
        best_value = v;
        info.depth = d;
        info.pv.assign(pv_[0], pv_[0] + pv_len_[0]);
        if (is_mate_value(v)) break;
        if (limits.time_ms && elapsed_ms() * 5 >= limits.time_ms * 2) break;
    }
    if (best == NO_POS) best = fallback_move(b); // nothing completed
    return finish(info, best, best_value, "search");
}

} // namespace gomoku
