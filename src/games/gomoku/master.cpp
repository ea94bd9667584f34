#include "games/gomoku/master.h"

#include "games/gomoku/eval_master.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace gomoku {

namespace {

// Late-move pruning: quiet moves searched at non-PV nodes of depth d (index) at most.
constexpr int LMP_COUNT[8] = {0, 5, 8, 12, 17, 23, 30, 38};
// Depths inside the search are in sixteenths of a ply, so that reductions and extensions can
// be fractions of a ply; the table, margins and counts read whole plies.
constexpr int ONE_PLY = 16;
constexpr int LEAF_VCF_FOURS = 12;
constexpr uint64_t LEAF_VCF_NODES = 400;
constexpr int ASPIRATION = 40;
constexpr int KILLER_BONUS = 3000;

// Late-move reductions by depth and move number (computed once: no big constant table): `r`
// in whole plies (rounded down), `frac` in sixteenths.
struct Reductions {
    int8_t r[64][64];
    int16_t frac[64][64];
    Reductions() {
        for (int d = 0; d < 64; ++d)
            for (int i = 0; i < 64; ++i) {
                const double x = d && i ? std::log(double(d)) * std::log(double(i)) / 2.0 : 0;
                r[d][i] = int8_t(x);
                frac[d][i] = int16_t(x * ONE_PLY + 0.5);
            }
    }
};
const Reductions& reductions() {
    static const Reductions r;
    return r;
}

// Move-count pruning's counts by whole plies of depth (rounded down, as Rapfi's): 3 + d^1.32
// (Rapfi's curve), halved at nodes that are not improving.
struct MoveCounts {
    int n[64];
    MoveCounts() {
        for (int d = 0; d < 64; ++d) n[d] = d ? 3 + int(std::pow(double(d), 1.32)) : 0;
    }
};
const MoveCounts& move_counts() {
    static const MoveCounts c;
    return c;
}

// Whole plies of a depth in sixteenths, rounded up: a node with any depth left expands.
int plies_of(int depth) {
    return depth > 0 ? (depth + ONE_PLY - 1) / ONE_PLY : 0;
}

// Chebyshev distance over 4 from both of the last two moves (a move elsewhere on the board).
bool far_from_last(const Board& b, Pos m) {
    for (int k = 1; k <= 2 && k <= b.ply(); ++k) {
        const Pos q = b.move_at(b.ply() - k);
        if (std::abs(row_of(q) - row_of(m)) <= 4 && std::abs(col_of(q) - col_of(m)) <= 4)
            return false;
    }
    return true;
}

// Facing a four-three point of the opponent (a cell that makes a four and an open three at
// once: it wins unless answered first), keeps in `list` only the moves that can answer the first
// such point c in row-major order: c itself, the cells within five of c on the lines where the
// opponent's pattern at c is a three or a four, and our own fours. Every other move loses to c.
// Not for renju black's points (a renju four-three may be forbidden). The list stays as it was
// when there is no such point or nothing would be left.
void keep_four_three_defences(const Board& b, MoveList& list) {
    const Color us = b.to_move(), them = opponent(us);
    if (!b.count(them, P4_BLOCK4_FLEX3) || (b.rule() == Rule::RENJU && them == BLACK)) return;
    Pos c = NO_POS;
    for (int i = 0; i < list.size && c == NO_POS; ++i)
        if (b.p4(them, list.moves[i].pos) == P4_BLOCK4_FLEX3) c = list.moves[i].pos;
    if (c == NO_POS) return;
    static constexpr int DR[4] = {0, 1, 1, 1}, DC[4] = {1, 0, 1, -1};
    bool line[4];
    for (int d = 0; d < 4; ++d) line[d] = b.pattern(them, c, d) >= B3;
    int kept = 0;
    for (int i = 0; i < list.size; ++i) {
        const Pos m = list.moves[i].pos;
        bool keep = m == c || b.p4(us, m) >= P4_BLOCK4;
        const int dr = row_of(m) - row_of(c), dc = col_of(m) - col_of(c);
        for (int d = 0; d < 4 && !keep; ++d) {
            if (!line[d]) continue;
            const int k = DR[d] ? dr * DR[d] : dc; // steps along the line
            keep = dr == k * DR[d] && dc == k * DC[d] && std::abs(k) <= 5;
        }
        if (keep) list.moves[kept++] = list.moves[i];
    }
    if (kept) list.size = kept;
}

// Moves the best-scored of moves i.. to i and returns it. Selection, not a sort: most nodes cut
// after one or two moves.
Pos pick_best(MoveList& list, int i) {
    int bi = i;
    for (int j = i + 1; j < list.size; ++j)
        if (list.moves[j].score > list.moves[bi].score) bi = j;
    std::swap(list.moves[i], list.moves[bi]);
    return list.moves[i].pos;
}

// Value tracking off for one search (MASTER's evaluation never reads Board::value).
class ValueTrackingOff {
  public:
    explicit ValueTrackingOff(Board& b) : b_(b) { b_.set_value_tracking(false); }
    ~ValueTrackingOff() { b_.set_value_tracking(true); }
    ValueTrackingOff(const ValueTrackingOff&) = delete;
    ValueTrackingOff& operator=(const ValueTrackingOff&) = delete;

  private:
    Board& b_;
};

int64_t us_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                                 t)
        .count();
}

} // namespace

// A smaller threat-solver cache (2^17 entries) than LEVEL 2/3's.
MasterSearcher::MasterSearcher(size_t tt_megabytes) : SearchCore(tt_megabytes, 17) {
    std::memset(killers_, 0xFF, sizeof killers_);
    std::memset(excluded_, 0xFF, sizeof excluded_);
    std::memset(counters_, 0xFF, sizeof counters_);
}

void MasterSearcher::clear() {
    SearchCore::clear();
    std::memset(killers_, 0xFF, sizeof killers_);
    std::memset(counters_, 0xFF, sizeof counters_);
}

// Depth 0: with `vcf`, a VCF for the side to move wins; otherwise the static evaluation.
int MasterSearcher::leaf(int ply, bool vcf) {
    Board& b = *b_;
    ++stats_.leaves;
    const Color us = b.to_move();
    if (vcf && b.has_four_point(us)) {
        int len = 0;
        uint64_t used = 0;
        const bool win = solver_.vcf_quick(b, LEAF_VCF_FOURS, LEAF_VCF_NODES, &len, &used);
        nodes_ += used;
        stats_.threat_nodes += used;
        if (win) {
            ++stats_.leaf_vcf_wins;
            return VALUE_MATE - ply - std::max(len, 1);
        }
    }
    if (!params.eval_average) return master_evaluate(b, params.weights);
    const int v = node_eval_[ply]; // search() computed it for this node
    if (ply == 0) return v;
    return ((100 - params.eval_average) * v - params.eval_average * node_eval_[ply - 1]) / 100;
}

// Past the horizon (depth <= 0): the static evaluation stands unless one of the side to move's
// fours, each answered by its forced block, does better. Plain fours only in the first
// four_quiescence plies of it, then only fours with a second threat.
int MasterSearcher::quiesce(int alpha, int beta, int depth, int ply) {
    Board& b = *b_;
    ++stats_.leaves;
    const int stand = master_evaluate(b, params.weights);
    const Color us = b.to_move();
    if (stand >= beta || ply >= MAX_PLY - 8 || !b.has_four_point(us)) return stand;
    const bool plain = -depth < params.four_quiescence * ONE_PLY;
    MoveList& list = lists_[ply];
    gen_fours(b, list);
    int best = stand;
    alpha = std::max(alpha, stand);
    for (int i = 0; i < list.size; ++i) {
        const Pos m = pick_best(list, i);
        if (!plain && b.p4(us, m) == P4_BLOCK4) continue;
        ++stats_.quiet_fours;
        b.make(m);
        const int v = -search(-beta, -alpha, depth - ONE_PLY, ply + 1, false, false, false);
        b.undo();
        if (stopped_) return 0;
        if (v > best) {
            best = v;
            if (v >= beta) break;
            alpha = std::max(alpha, v);
        }
    }
    return best;
}

// Principal-variation search; `depth` in sixteenths of a ply (ONE_PLY), `ply` counts from the
// root, `null_ok`: a null move may be tried.
int MasterSearcher::search(int alpha, int beta, int depth, int ply, bool pv_node, bool null_ok,
                           bool cut_node) {
    Board& b = *b_;
    pv_len_[ply] = ply;
    int their_fives = 0, decided = 0;
    if (node_decided(ply, stats_.nodes, their_fives, decided)) return decided;
    const Color us = b.to_move(), them = opponent(us);
    if (params.eval_average) node_eval_[ply] = master_evaluate(b, params.weights);
    const bool forced = their_fives == 1;
    Pos forced_move = NO_POS;
    if (forced) {
        forced_move = b.find_five(them);
        if (!is_legal_for_side(b, forced_move)) return -(VALUE_MATE - ply - 2);
    } else {
        if (find_flex4(b, us) != NO_POS) return VALUE_MATE - ply - 3;
        if (depth <= 0) {
            // Facing an open three at the horizon: one more ply (the defences and own fours)
            // unless a VCF wins outright.
            if (!(params.three_ext && depth > -ONE_PLY && ply < MAX_PLY - 8 &&
                  b.count(them, P4_FLEX4) && find_flex4(b, them) != NO_POS))
                return params.four_quiescence ? quiesce(alpha, beta, depth, ply)
                                              : leaf(ply, params.leaf_vcf);
            depth = ONE_PLY;
        }
    }
    if (ply >= MAX_PLY - 4) return master_evaluate(b, params.weights);
    alpha = std::max(alpha, -(VALUE_MATE - ply));
    beta = std::min(beta, VALUE_MATE - ply - 1);
    if (alpha >= beta) return alpha;

    if (forced) { // the only move, extended (by a ply: searched at the same depth)
        b.make(forced_move);
        const int v = -search(-beta, -alpha, depth - ONE_PLY + params.forced_extension, ply + 1,
                              pv_node, true, !pv_node && !cut_node);
        b.undo();
        if (stopped_) return 0;
        update_pv(ply, forced_move);
        return v;
    }

    const uint64_t key = b.hash();
    int plies = plies_of(depth); // whole plies, for the table, the counts and the margins
    Pos tt_move = NO_POS;
    // A singular test search (the table move excluded) neither cuts on nor stores the entry
    // of the full node.
    const Pos excluded = excluded_[ply];
    if (excluded == NO_POS) {
        if (int v; tt_cut(key, plies, ply, alpha, beta, pv_node, tt_move, v)) return v;
    }

    const bool facing3 = find_flex4(b, them) != NO_POS; // opponent's open three
    // The node's static evaluation, computed at most once: several of the steps below read it.
    int node_eval = 0;
    bool node_eval_known = false;
    const auto static_eval = [&] {
        if (!node_eval_known) {
            // With eval_average, the top of this node has computed it already.
            node_eval = params.eval_average ? node_eval_[ply] : master_evaluate(b, params.weights);
            node_eval_known = true;
        }
        return node_eval;
    };
    // Improving: the static evaluation is above the one two plies before (facing a three, the
    // evaluation says little: the parent's, negated, stands in).
    bool improving = true;
    if (params.worse_lmp != 100 || params.worse_lmr || params.move_count_prune) {
        static_eval_[ply] = facing3 && ply > 0 ? -static_eval_[ply - 1] : static_eval();
        improving = ply < 2 || static_eval_[ply] > static_eval_[ply - 2];
    }
    const bool their_four_points = b.has_four_point(them);
    // Reverse futility: at a non-PV node of the last plies with no threat against us, a static
    // evaluation this far above beta holds it.
    const bool quiet_node = !pv_node && ply > 0 && excluded == NO_POS && !facing3;
    if (params.rfp_margin && quiet_node && depth <= 3 * ONE_PLY && !their_four_points &&
        beta > -VALUE_MATE_IN_MAX && beta < VALUE_MATE_IN_MAX) {
        const int ev = static_eval();
        if (ev - params.rfp_margin * depth / ONE_PLY >= beta) return ev;
    }
    // The same at any depth, with one ply less of margin (so at depth 1 an evaluation at beta
    // holds it).
    if (params.child_futility && quiet_node && !their_four_points && beta > -VALUE_MATE_IN_MAX &&
        beta < VALUE_MATE_IN_MAX) {
        const int ev = static_eval();
        if (ev < VALUE_MATE_IN_MAX &&
            ev - params.child_futility * (depth - ONE_PLY) / ONE_PLY >= beta)
            return ev;
    }
    // Razoring: far below alpha in the last plies, only a VCF could save the node.
    if (params.razor_margin && quiet_node && depth <= 2 * ONE_PLY && alpha > -VALUE_MATE_IN_MAX &&
        alpha < VALUE_MATE_IN_MAX) {
        if (static_eval() + params.razor_margin * depth / ONE_PLY < alpha) return leaf(ply, true);
    }
    // No table move: this node's ordering is a guess, so search it one ply shallower.
    if (params.iir && depth >= 4 * ONE_PLY && tt_move == NO_POS) {
        depth -= ONE_PLY;
        plies = plies_of(depth);
    }
    // Null move: if passing still holds beta at a reduced depth, so will a real move. Only when
    // the opponent has no three at all (no four point, no open three): no tempo to exploit.
    if (params.null_move && null_ok && quiet_node && depth >= 3 * ONE_PLY && !their_four_points &&
        beta < VALUE_MATE_IN_MAX) {
        if (static_eval() >= beta) {
            ++stats_.null_tries;
            const int r = depth >= 7 * ONE_PLY ? 3 : 2;
            b.make_null();
            const int v = -search(-beta, -beta + 1, depth - (1 + r) * ONE_PLY, ply + 1, false,
                                  false, !cut_node);
            b.undo_null();
            if (stopped_) return 0;
            if (v >= beta) {
                ++stats_.null_cuts;
                return v >= VALUE_MATE_IN_MAX ? beta : v;
            }
        }
    }

    // Futility: in the last plies of a non-PV node where neither side has a three to play on,
    // a quiet move cannot lift a static evaluation this far below alpha; such moves are
    // skipped once one move has been searched.
    bool futile = false;
    if (params.futility_margin && !pv_node && depth <= 3 * ONE_PLY && ply > 0 && !facing3 &&
        !their_four_points && alpha > -VALUE_MATE_IN_MAX && alpha < VALUE_MATE_IN_MAX)
        futile = static_eval() + params.futility_margin * depth / ONE_PLY <= alpha;

    // Singular extension: when every move but the table move fails low against a margin below
    // its stored value (a search of half the depth), the table move is searched a ply deeper.
    // When even without it the node holds beta, the node is cut (multi-cut); when only the
    // stored value says so, the table move is searched a ply shallower. The test search runs
    // at this ply before this node's moves are generated (it reuses the ply's move list).
    int tt_extension = 0;
    if (params.singular && excluded == NO_POS && ply > 0 &&
        depth >= params.singular_depth * ONE_PLY && tt_move != NO_POS && ply < 2 * root_depth_) {
        const TTEntry* e = tt_.probe(key);
        const int tv = e ? value_from_tt(e->value, ply) : 0;
        if (e && e->move == tt_move && (e->bound & BOUND_LOWER) &&
            e->depth * ONE_PLY >= depth - 2 * ONE_PLY && std::abs(tv) < VALUE_MATE_IN_MAX) {
            const int singular_beta = tv - params.singular_margin * depth / ONE_PLY;
            ++stats_.singular_tests;
            excluded_[ply] = tt_move;
            const int v = search(singular_beta - 1, singular_beta, depth / ONE_PLY / 2 * ONE_PLY,
                                 ply, false, false, cut_node);
            excluded_[ply] = NO_POS;
            pv_len_[ply] = ply;
            if (stopped_) return 0;
            if (v < singular_beta) {
                tt_extension =
                    params.singular_double && !pv_node && v < singular_beta - params.singular_double
                        ? 2
                        : 1;
                ++stats_.singular_extensions;
            } else if (singular_beta >= beta) {
                ++stats_.multi_cuts;
                return singular_beta;
            } else if (tv >= beta)
                tt_extension = -1;
        }
    }

    // Fail-high reduction: at a cut-node whose static evaluation is well above beta, the moves
    // that make no four are searched a ply shallower.
    const bool likely_fail_high = params.fail_high_margin && cut_node && quiet_node &&
                                  !their_four_points && beta > -VALUE_MATE_IN_MAX &&
                                  beta < VALUE_MATE_IN_MAX &&
                                  static_eval() >= beta + params.fail_high_margin * depth / ONE_PLY;

    MoveList& list = lists_[ply];
    if (facing3) {
        gen_defences_lines(b, list);
        if (!list.size) return -(VALUE_MATE - ply - 4);
    } else {
        gen_candidates(b, list);
        if (!list.size) return 0;
        if (params.four_three_defence) keep_four_three_defences(b, list);
    }
    ++stats_.expanded;
    const int side = ci(us);
    const Pos k0 = killers_[ply][0], k1 = killers_[ply][1];
    // The move that last refuted the opponent's last move (counter-move heuristic).
    const Pos last = b.last_move();
    const Pos counter = params.counter_bonus && last != NO_POS ? counters_[ci(them)][last] : NO_POS;
    for (int i = 0; i < list.size; ++i) {
        ScoredMove& m = list.moves[i];
        if (m.pos == tt_move)
            m.score = 1 << 30;
        else {
            int s = params.history_gravity > 0
                        ? m.score * 16 + history_[side][m.pos] * 8192 / params.history_gravity
                        : history_score(side, m);
            if (m.pos == k0 || m.pos == k1) s += KILLER_BONUS;
            if (m.pos == counter) s += params.counter_bonus;
            m.score = s;
        }
    }

    const int old_alpha = alpha;
    int best = -VALUE_INF;
    Pos best_move = NO_POS;
    int searched = 0;
    Pos quiets[MAX_MOVES];
    int quiet_count = 0;
    const Reductions& red = reductions();
    for (int i = 0; i < list.size; ++i) {
        const Pos m = pick_best(list, i);
        if (ply == 0 && root_filter_.size && !root_filter_.contains(m)) continue;
        if (m == excluded) continue;
        const int raw = move_score(b, m);
        const bool tactical = facing3 || raw >= params.tactical_score;
        const bool killer = m == k0 || m == k1;
        // Move-count pruning of every move but the root's, tactical or not, once a move that
        // does not lose is known: the ordering is trusted beyond a count that grows with depth.
        if (params.move_count_prune && ply > 0 && best > -VALUE_MATE_IN_MAX &&
            (i + 1) * 100 * (improving ? 1 : 2) >=
                move_counts().n[std::min(depth / ONE_PLY, 63)] * params.move_count_prune)
            continue;
        if (!pv_node && !tactical && best > -VALUE_MATE_IN_MAX && searched > 0) {
            if (futile) continue;
            if (plies < 8 && searched >= LMP_COUNT[plies] * params.lmp_scale / 100 *
                                                 (improving ? 100 : params.worse_lmp) / 100 +
                                             1)
                continue;
            if (params.trivial_prune && plies < 4 && b.p4(us, m) == P4_NONE &&
                b.p4(them, m) == P4_NONE)
                continue;
            if (params.distract_prune && plies < 4 && their_four_points &&
                b.p4(them, m) < P4_BLOCK4 && far_from_last(b, m))
                continue;
        }
        int new_depth = depth - ONE_PLY + (m == tt_move ? tt_extension * ONE_PLY : 0);
        if (likely_fail_high && b.p4(us, m) < P4_BLOCK4) new_depth -= ONE_PLY;
        if (facing3) new_depth += params.three_defence_extension;
        b.make(m);
        ++searched;
        int v;
        if (searched == 1) {
            v = -search(-beta, -alpha, new_depth, ply + 1, pv_node, true, !pv_node && !cut_node);
        } else {
            int r = 0; // in sixteenths of a ply
            if (depth >= 3 * ONE_PLY && searched >= 3 && !tactical) {
                const int d = std::min(plies, 63), n = std::min(searched, 63);
                // Whole plies (the table's value rounded down, then scaled and rounded down)
                // or, with fractional_lmr, the table's value scaled in sixteenths.
                r = params.fractional_lmr ? red.frac[d][n] * params.lmr_scale / 100
                                          : red.r[d][n] * params.lmr_scale / 100 * ONE_PLY;
                if (!pv_node) r += ONE_PLY;
                if (params.worse_lmr && !improving && r > ONE_PLY) r += ONE_PLY;
                if (killer)
                    r -= ONE_PLY;
                else if (cut_node)
                    r += params.cut_node_reduction * ONE_PLY;
                if (params.three_score && raw >= params.three_score) r -= ONE_PLY;
                if (raw < params.quiet_score) r += ONE_PLY;
                if (raw < params.policy_bias && params.policy_step > 0)
                    r += params.fractional_lmr
                             ? std::min((params.policy_bias - raw) * ONE_PLY / params.policy_step,
                                        3 * ONE_PLY)
                             : std::min((params.policy_bias - raw) / params.policy_step, 3) *
                                   ONE_PLY;
                if (params.history_gravity > 0)
                    r -= history_[side][m] * 2 / params.history_gravity * ONE_PLY;
                else if (history_[side][m] > 4096)
                    r -= ONE_PLY;
                r = std::clamp(r, 0, std::max(new_depth - ONE_PLY, 0));
            }
            v = -search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, true, true);
            if (v > alpha && r > 0) {
                // A reduced move that beat alpha by far is searched a ply deeper than planned.
                const int d = new_depth +
                              ONE_PLY * (params.lmr_deeper_margin && ply < 2 * root_depth_ &&
                                         v > alpha + params.lmr_deeper_margin * (r / ONE_PLY + 1));
                v = -search(-alpha - 1, -alpha, d, ply + 1, false, true, !cut_node);
            }
            if (v > alpha && v < beta && pv_node)
                v = -search(-beta, -alpha, new_depth, ply + 1, true, true, false);
        }
        b.undo();
        if (stopped_) return 0;
        if (child_cut(ply, m, v, beta, best, best_move, alpha)) {
            ++stats_.cutoffs;
            if (searched == 1) ++stats_.first_move_cutoffs;
            if (params.history_gravity > 0 && !tactical) {
                // Gravity: a bonus shrinks as the value nears the bound, so old cutoffs fade.
                const int g = std::min(params.history_gravity, 1 << 16); // no overflow below
                const int bonus = std::min(32 * plies * plies, g / 4);
                int& h = history_[side][m];
                h += bonus - h * bonus / g;
                for (int j = 0; j < quiet_count; ++j) {
                    int& q = history_[side][quiets[j]];
                    q += -bonus - q * bonus / g;
                }
            }
            if (!tactical) {
                if (params.history_gravity <= 0) history_[side][m] += plies * plies;
                if (params.history_malus)
                    for (int j = 0; j < i; ++j) {
                        int& h = history_[side][list.moves[j].pos];
                        h = std::max(0, h - plies * plies / 2);
                    }
                if (m != k0) killers_[ply][1] = k0, killers_[ply][0] = m;
                if (params.counter_bonus && last != NO_POS) counters_[ci(them)][last] = m;
            }
            break;
        }
        if (params.history_gravity > 0 && !tactical && quiet_count < MAX_MOVES)
            quiets[quiet_count++] = m; // the malus of a later cutoff
    }
    stats_.moves_searched += uint64_t(searched);
    if (excluded != NO_POS) return best == -VALUE_INF ? alpha : best;
    if (best == -VALUE_INF) return master_evaluate(b, params.weights);
    // Stored in whole plies rounded down (probed rounded up, `plies`): a search of a fraction of
    // a ply never stands in for a deeper one.
    tt_save(key, best, best_move, old_alpha, beta, depth / ONE_PLY, ply);
    return best;
}

// Root: immediate answers, VCF / VCT, the refutations of the opponent's VCT, then iterative
// deepening with aspiration windows.
SearchInfo MasterSearcher::think(Board& b, const SearchLimits& limits) {
    // The root threat searches get at most 30 % of the time, the rest is the main search's.
    begin(b, limits, 30);
    const ValueTrackingOff no_value_sums(b);
    std::memset(killers_, 0xFF, sizeof killers_);
    for (auto& side : history_)
        for (int& h : side) h /= params.history_gravity > 0 ? 2 : 4;
    SearchInfo info;
    const Color them = opponent(b.to_move());
    Pos answer = NO_POS;
    int value = 0;
    if (const char* src = immediate(b, answer, value)) return finish(info, answer, value, src);
    // Their five: block it at once (no search).
    if (b.count(them, P4_FIVE))
        return finish(info, b.find_five(them), b.count(them, P4_FIVE) >= 2 ? -(VALUE_MATE - 2) : 0,
                      "block");
    const auto threat_start = std::chrono::steady_clock::now();
    if (const char* src = root_threat_win(b, info, value)) {
        stats_.root_threat_us = us_since(threat_start);
        return finish(info, info.pv[0], value, src);
    }
    root_filter_.clear();
    root_refutations(b, 24);
    stats_.root_threat_us = us_since(threat_start);
    if (limits.time_ms) solver_.set_deadline(start_ + std::chrono::milliseconds(limits.time_ms));
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_DEPTH) : MAX_DEPTH;
    Pos best = NO_POS;
    int best_value = 0;
    for (int d = 1; d <= max_depth; ++d) {
        root_depth_ = d;
        int alpha = -VALUE_INF, beta = VALUE_INF, delta = ASPIRATION;
        if (params.aspiration && d >= 5 && !is_mate_value(best_value)) {
            alpha = std::max(best_value - delta, -VALUE_INF);
            beta = std::min(best_value + delta, VALUE_INF);
        }
        int v = 0;
        Pos iter_move = NO_POS;
        while (true) {
            pv_len_[0] = 0;
            v = search(alpha, beta, d * ONE_PLY, 0, true, false, false);
            if (pv_len_[0] > 0 && !stopped_) iter_move = pv_[0][0];
            if (stopped_) {
                // A root move that raised alpha in this partial pass was searched completely
                // and beats the previous best (searched first) at this depth.
                if (pv_len_[0] > 0) iter_move = pv_[0][0];
                break;
            }
            if (v <= alpha && alpha > -VALUE_INF) {
                beta = (alpha + beta) / 2;
                alpha = std::max(v - delta, -VALUE_INF);
            } else if (v >= beta && beta < VALUE_INF) {
                beta = std::min(v + delta, VALUE_INF);
            } else {
                break;
            }
            delta *= 2;
            if (delta > 1000) alpha = -VALUE_INF, beta = VALUE_INF;
        }
        if (stopped_) {
            if (iter_move != NO_POS) best = iter_move;
            break;
        }
        if (iter_move != NO_POS) best = iter_move;
        best_value = v;
        info.depth = d;
        info.pv.assign(pv_[0], pv_[0] + pv_len_[0]);
        if (is_mate_value(v)) break;
        // A new iteration only before iteration_start_pct of the budget: an unfinished one
        // still counts (root moves that beat the previous best were searched completely).
        if (limits.time_ms && elapsed_ms() * 100 >= limits.time_ms * params.iteration_start_pct)
            break;
    }
    if (best == NO_POS) best = fallback_move(b); // nothing completed (their five was answered)
    return finish(info, best, best_value, "search");
}

} // namespace gomoku
