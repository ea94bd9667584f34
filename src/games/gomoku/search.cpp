#include "games/gomoku/search.h"

#include "games/gomoku/evaluate.h"

#include <algorithm>
#include <cstring>

namespace gomoku {

namespace {
constexpr int QSEARCH_MAX_FOURS = 10;
// Late-move pruning: moves searched at non-PV nodes of depth d before quiet ones are skipped.
constexpr int LMP_COUNT[8] = {0, 10, 14, 20, 28, 36, 48, 64};
// Scores (movegen attack/defend tables) of moves that are never reduced or pruned.
constexpr int TACTICAL_SCORE = 380;
} // namespace

Searcher::Searcher(size_t tt_megabytes) : tt_(tt_megabytes), lists_(new MoveList[MAX_PLY + 2]) {
    std::memset(history_, 0, sizeof history_);
}

void Searcher::clear() {
    tt_.clear();
    solver_.clear();
    std::memset(history_, 0, sizeof history_);
}

int64_t Searcher::elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start_)
        .count();
}

// Check the node budget, the time budget and the external stop flag.
void Searcher::poll() {
    if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if (limits_.time_ms && elapsed_ms() >= limits_.time_ms) stopped_ = true;
}

// Quiescence: stand pat on the evaluation or continue with own fours (forced replies).
int Searcher::qsearch(int alpha, int beta, int ply, int qply) {
    Board& b = *b_;
    ++nodes_;
    ++stats_.leaves;
    if ((nodes_ & 1023) == 0) poll();
    if (stopped_) return 0;
    if (b.full()) return 0;
    const Color us = b.to_move(), them = opponent(us);
    if (b.count(us, P4_FIVE)) return VALUE_MATE - ply - 1;
    const int their_fives = b.count(them, P4_FIVE);
    if (their_fives >= 2) return -(VALUE_MATE - ply - 2);
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

// Principal-variation search; `ply` counts from the root.
int Searcher::search(int alpha, int beta, int depth, int ply, bool pv_node) {
    Board& b = *b_;
    pv_len_[ply] = ply;
    ++nodes_;
    ++stats_.nodes;
    if ((nodes_ & 1023) == 0) poll();
    if (stopped_) return 0;
    if (b.full()) return 0;
    const Color us = b.to_move(), them = opponent(us);
    if (b.count(us, P4_FIVE)) return VALUE_MATE - ply - 1;
    const int their_fives = b.count(them, P4_FIVE);
    if (their_fives >= 2) return -(VALUE_MATE - ply - 2);
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
    ++stats_.tt_probes;
    if (const TTEntry* e = tt_.probe(key)) {
        ++stats_.tt_hits;
        tt_move = e->move;
        const int v = value_from_tt(e->value, ply);
        if (!pv_node && e->depth >= depth &&
            ((e->bound & BOUND_LOWER && v >= beta) || (e->bound & BOUND_UPPER && v <= alpha))) {
            ++stats_.tt_cuts;
            return v;
        }
    }

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
                m.score = m.score * 16 + std::min(history_[side][m.pos], 1 << 20) / 64;
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
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha) {
                alpha = v;
                pv_[ply][ply] = m;
                for (int j = ply + 1; j < pv_len_[ply + 1]; ++j) pv_[ply][j] = pv_[ply + 1][j];
                pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
                if (v >= beta) {
                    ++stats_.cutoffs;
                    if (i == 0) ++stats_.first_move_cutoffs;
                    if (!tactical) history_[ci(us)][m] += depth * depth;
                    break;
                }
            }
        }
    }
    if (best == -VALUE_INF) return evaluate(b); // every move pruned (cannot happen at i == 0)
    const Bound bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_.store(key, value_to_tt(best, ply), best_move, depth, bound);
    return best;
}

// Root: immediate answers, then VCF / VCT, then iterative deepening.
SearchInfo Searcher::think(Board& board, const SearchLimits& limits) {
    b_ = &board;
    limits_ = limits;
    width_ = limits.width;
    start_ = std::chrono::steady_clock::now();
    nodes_ = 0;
    stopped_ = false;
    stats_ = SearchStats{};
    tt_.new_search();
    if (limits.time_ms)
        solver_.set_deadline(start_ + std::chrono::milliseconds(limits.time_ms));
    else
        solver_.clear_deadline();
    SearchInfo info;
    Board& b = board;
    const Color us = b.to_move(), them = opponent(us);
    auto finish = [&](Pos m, int v, const char* src) {
        info.move = m;
        info.value = v;
        info.source = src;
        info.nodes = nodes_;
        info.ms = elapsed_ms();
        stats_.total_us = std::chrono::duration_cast<std::chrono::microseconds>(
                              std::chrono::steady_clock::now() - start_)
                              .count();
        stats_.depth = info.depth;
        if (info.pv.empty() && m != NO_POS) info.pv.push_back(m);
        return info;
    };
    if (!b.ply()) return finish(make_pos(b.size() / 2, b.size() / 2), 0, "only");
    if (Pos p = b.find_five(us); p != NO_POS) return finish(p, VALUE_MATE - 1, "five");
    if (b.count(them, P4_FIVE)) {
        Pos p = b.find_five(them);
        if (!is_legal_for_side(b, p)) { // renju black cannot block: any legal move
            MoveList& list = lists_[0];
            gen_candidates(b, list);
            list.sort();
            return finish(list.size ? list.moves[0].pos : p, -(VALUE_MATE - 2), "block");
        }
        if (b.count(them, P4_FIVE) >= 2) return finish(p, -(VALUE_MATE - 2), "block");
    }
    if (limits.vcf_nodes && !b.count(them, P4_FIVE)) {
        ThreatResult r = solver_.vcf(b, 40, limits.vcf_nodes, limits.stop);
        nodes_ += r.nodes;
        stats_.threat_nodes += r.nodes;
        if (r.win && !r.sequence.empty()) {
            info.pv = r.sequence;
            return finish(r.sequence[0], VALUE_MATE - int(r.sequence.size()), "vcf");
        }
    }
    if (limits.vct_nodes && !b.count(them, P4_FIVE)) {
        ThreatResult r = solver_.vct(b, limits.vct_depth, limits.vct_nodes, limits.stop);
        nodes_ += r.nodes;
        stats_.threat_nodes += r.nodes;
        if (r.win && !r.sequence.empty()) {
            info.pv = r.sequence;
            return finish(r.sequence[0], VALUE_MATE_IN_MAX + 100, "vct");
        }
    }
    root_filter_.clear();
    if (limits.defend_nodes && !b.count(them, P4_FIVE)) {
        // The opponent's threat sequence (VCT after a pass) must be refuted at the root.
        const uint64_t used = solver_.refute_vct(b, limits.vct_depth, limits.defend_nodes, 20,
                                                 lists_[0], root_filter_, limits.stop);
        nodes_ += used;
        stats_.threat_nodes += used;
    }
    stats_.root_threat_us = std::chrono::duration_cast<std::chrono::microseconds>(
                                std::chrono::steady_clock::now() - start_)
                                .count();
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
    if (best == NO_POS) { // nothing completed: take the best-ordered legal move
        MoveList& list = lists_[0];
        if (b.count(them, P4_FIVE)) {
            list.clear();
            list.add(b.find_five(them), 0);
        } else {
            gen_candidates(b, list);
            list.sort();
        }
        if (list.size) best = list.moves[0].pos;
    }
    return finish(best, best_value, "search");
}

} // namespace gomoku
