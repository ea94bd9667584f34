// threat.cpp — the threat-space search: VCF and VCT (threat.h).
//
// Index
//   solver state ....... ThreatSolver(), out_of_budget(), the fail cache, begin(), result()
//   roots .............. vcf(), vcf_quick(), vct()
//   VCF ................ attack_start(), vcf_node()
//   VCT ................ vct_node(), vct_defend()
//   helpers ............ find_vcf(), refute_vct(): the searchers' root defence
#include "games/gomoku/threat.h"

#include <algorithm>

namespace gomoku {

namespace {
constexpr uint64_t VCT_KEY = 0x5A17C0DE5A17C0DEull;

// The real clock (a plain function: its address is the default ClockFn).
ThreatSolver::TimePoint steady_now() { return std::chrono::steady_clock::now(); }
} // namespace

// --- solver state ----------------------------------------------------------------------------

ThreatSolver::ThreatSolver(size_t cache_bits)
    : now_(&steady_now), cache_key_(size_t(1) << cache_bits, 0),
      cache_depth_(size_t(1) << cache_bits, 0), cache_mask_((uint64_t(1) << cache_bits) - 1),
      lists_(new MoveList[64]) {}

// Deadlines are read from `now` from here on (nullptr: the steady clock again).
void ThreatSolver::set_clock(ClockFn now) { now_ = now ? now : &steady_now; }

void ThreatSolver::clear() {
    std::fill(cache_key_.begin(), cache_key_.end(), 0);
    std::fill(cache_depth_.begin(), cache_depth_.end(), 0);
}

// Charge one node; true (and aborted_) once the node budget, the stop flag (read at every node)
// or the deadline (read every CLOCK_INTERVAL nodes, counted across searches) says stop.
bool ThreatSolver::out_of_budget() {
    if (aborted_) return true;
    if (++nodes_ > max_nodes_) aborted_ = true;
    if (stop_ && stop_->load(std::memory_order_relaxed)) aborted_ = interrupted_ = true;
    if (deadline_ != TimePoint::max() && !expired_ && --until_clock_ <= 0) {
        until_clock_ = CLOCK_INTERVAL;
        expired_ = now_() >= deadline_;
    }
    if (expired_) aborted_ = interrupted_ = true;
    return aborted_;
}

bool ThreatSolver::cached_fail(uint64_t key, int depth) const {
    const uint64_t slot = key & cache_mask_;
    return cache_key_[slot] == key && cache_depth_[slot] >= depth;
}

void ThreatSolver::store_fail(uint64_t key, int depth) {
    const uint64_t slot = key & cache_mask_;
    cache_key_[slot] = key;
    cache_depth_[slot] = int8_t(depth > 127 ? 127 : depth);
}

void ThreatSolver::record(std::initializer_list<Pos> tail) {
    best_.assign(line_, line_ + len_);
    for (Pos p : tail)
        if (p != NO_POS) best_.push_back(p);
}

// Start a search of b within `max_nodes` (and `stop`, when given) from an empty line.
void ThreatSolver::begin(Board& b, uint64_t max_nodes, const std::atomic<bool>* stop) {
    b_ = &b, nodes_ = 0, max_nodes_ = max_nodes, stop_ = stop, len_ = 0;
    aborted_ = interrupted_ = false;
}

// The result of a search that has returned `win`: the winning line when there is one.
ThreatResult ThreatSolver::result(bool win) const {
    ThreatResult r;
    r.win = win;
    r.nodes = nodes_;
    r.aborted = !r.win && aborted_;
    r.interrupted = !r.win && interrupted_;
    if (r.win) r.sequence = best_;
    return r;
}

// --- roots -----------------------------------------------------------------------------------

// Root of a VCF (see threat.h).
ThreatResult ThreatSolver::vcf(Board& b, int max_fours, uint64_t max_nodes,
                               const std::atomic<bool>* stop) {
    begin(b, max_nodes, stop);
    best_.clear();
    return result(vcf_node(max_fours));
}

// Root of a VCF that keeps no sequence (MASTER's leaves).
bool ThreatSolver::vcf_quick(Board& b, int max_fours, uint64_t max_nodes, int* length,
                             uint64_t* nodes_used) {
    begin(b, max_nodes, nullptr);
    const bool win = vcf_node(max_fours);
    if (length) *length = win ? int(best_.size()) : 0;
    if (nodes_used) *nodes_used = nodes_;
    return win;
}

// Root of a VCT; its VCFs go 12 fours deep.
ThreatResult ThreatSolver::vct(Board& b, int max_threats, uint64_t max_nodes,
                               const std::atomic<bool>* stop) {
    begin(b, max_nodes, stop);
    vcf_depth_ = 12;
    best_.clear();
    return result(vct_node(max_threats));
}

// --- VCF -------------------------------------------------------------------------------------

// Start of an attacker node (vcf_node, vct_node): charge the node and decide it when it is
// already over: WIN when we have a five (recorded), LOSS when out of budget or they have two.
// Otherwise OPEN, with their fives (0 or 1) in `their_fives`.
inline ThreatSolver::NodeState ThreatSolver::attack_start(int& their_fives) {
    if (out_of_budget()) return LOSS;
    const Board& b = *b_;
    const Color us = b.to_move(), them = opponent(us);
    if (b.count(us, P4_FIVE)) {
        record({b.find_five(us)});
        return WIN;
    }
    their_fives = b.count(them, P4_FIVE);
    return their_fives >= 2 ? LOSS : OPEN;
}

// Attacker (side to move) looks for a win by fours alone.
bool ThreatSolver::vcf_node(int depth) {
    int their_fives = 0;
    if (const NodeState st = attack_start(their_fives); st != OPEN) return st == WIN;
    Board& b = *b_;
    const Color us = b.to_move(), them = opponent(us);
    MoveList& list = level_list();
    list.clear();
    if (their_fives == 1) {
        const Pos p = b.find_five(them);
        const Pattern4 k = b.p4(us, p);
        if (k < P4_BLOCK4 || k > P4_FLEX4 || !is_legal_for_side(b, p)) return false;
        list.add(p, 0);
    } else {
        const Pos f = find_flex4(b, us);
        if (f != NO_POS) {
            b.make(f);
            const Pos five1 = b.find_five(us);
            b.make(five1);
            const Pos five2 = b.find_five(us);
            b.undo();
            b.undo();
            record({f, five1, five2});
            return true;
        }
        if (depth <= 0) return false;
        if (cached_fail(b.hash(), depth)) return false;
        gen_fours(b, list);
        list.sort();
    }
    for (int i = 0; i < list.size; ++i) {
        const Pos m = list.moves[i].pos;
        b.make(m);
        push(m);
        bool win = false;
        const Pos five = b.find_five(us);
        if (five != NO_POS) {
            if (b.count(us, P4_FIVE) >= 2) {
                b.make(five);
                const Pos other = b.find_five(us);
                b.undo();
                record({five, other});
                win = true;
            } else if (them == BLACK && b.is_forbidden(five)) {
                record({five});
                win = true;
            } else {
                b.make(five);
                push(five);
                win = vcf_node(depth - 1);
                pop();
                b.undo();
            }
        }
        pop();
        b.undo();
        if (win) return true;
        if (aborted_) return false;
    }
    if (their_fives == 0) store_fail(b.hash(), depth);
    return false;
}

// --- VCT -------------------------------------------------------------------------------------

// Attacker (side to move) looks for a win by threes and fours.
bool ThreatSolver::vct_node(int depth) {
    int their_fives = 0;
    if (const NodeState st = attack_start(their_fives); st != OPEN) return st == WIN;
    Board& b = *b_;
    const Color us = b.to_move(), them = opponent(us);
    if (their_fives == 1) {
        const Pos p = b.find_five(them);
        if (!is_legal_for_side(b, p)) return false;
        b.make(p);
        push(p);
        const bool win = vct_defend(depth);
        pop();
        b.undo();
        return win;
    }
    if (find_flex4(b, us) != NO_POS) return vcf_node(1);
    if (depth <= 0) return false;
    const uint64_t key = b.hash() ^ VCT_KEY;
    if (cached_fail(key, depth)) return false;
    if (vcf_node(vcf_depth_)) return true;
    if (aborted_) return false;
    // An opponent open three outruns our threes: only fours (already tried) would do.
    if (find_flex4(b, them) != NO_POS) {
        store_fail(key, depth);
        return false;
    }
    MoveList& list = level_list();
    list.clear();
    int r0, r1, c0, c1;
    b.candidate_box(r0, r1, c0, c1);
    for (int r = r0; r <= r1; ++r)
        for (int c = c0; c <= c1; ++c) {
            const Pos p = make_pos(r, c);
            const Pattern4 k = b.p4(us, p);
            if (k < P4_FLEX3 || k > P4_BLOCK4_FLEX3 || !is_legal_for_side(b, p)) continue;
            list.add(p, move_score(b, p));
        }
    list.sort();
    const int n = list.size;
    Pos moves[MAX_MOVES];
    for (int i = 0; i < n; ++i) moves[i] = list.moves[i].pos;
    for (int i = 0; i < n; ++i) {
        b.make(moves[i]);
        push(moves[i]);
        const bool win = vct_defend(depth - 1);
        pop();
        b.undo();
        if (win) return true;
        if (aborted_) return false;
    }
    store_fail(key, depth);
    return false;
}

// Defender (side to move) answers a threat; true when every answer still loses.
bool ThreatSolver::vct_defend(int depth) {
    if (out_of_budget()) return false;
    Board& b = *b_;
    const Color def = b.to_move(), att = opponent(def);
    if (b.count(def, P4_FIVE)) return false;
    const int att_fives = b.count(att, P4_FIVE);
    Pos moves[MAX_MOVES];
    int n = 0;
    if (att_fives >= 2) {
        record({});
        return true;
    }
    if (att_fives == 1) {
        const Pos p = b.find_five(att);
        if (!is_legal_for_side(b, p)) {
            record({});
            return true;
        }
        moves[n++] = p;
    } else {
        if (find_flex4(b, def) != NO_POS) return false;
        if (find_flex4(b, att) == NO_POS) return false;
        MoveList& list = level_list();
        gen_defences(b, list);
        list.sort();
        if (!list.size) {
            record({});
            return true;
        }
        for (int i = 0; i < list.size; ++i) moves[n++] = list.moves[i].pos;
    }
    for (int i = 0; i < n; ++i) {
        b.make(moves[i]);
        push(moves[i]);
        const bool win = vct_node(depth);
        pop();
        b.undo();
        if (!win) return false;
    }
    return true;
}

// --- helpers ---------------------------------------------------------------------------------

ThreatResult find_vcf(Board& b, int max_fours, uint64_t max_nodes) {
    ThreatSolver solver;
    return solver.vcf(b, max_fours, max_nodes);
}

// Root defence of the searchers: try the candidates against the opponent's VCT after a pass.
uint64_t ThreatSolver::refute_vct(Board& b, int max_threats, uint64_t max_nodes, int max_moves,
                                  MoveList& scratch, MoveList& refutations,
                                  const std::atomic<bool>* stop, uint64_t total_nodes) {
    const Color them = opponent(b.to_move());
    b.make_null();
    const ThreatResult t = vct(b, max_threats, std::min(max_nodes, total_nodes), stop);
    b.undo_null();
    uint64_t nodes = t.nodes;
    if (!t.win) return nodes; // no VCT found (or the search was cut short): no filter
    if (find_flex4(b, them) != NO_POS)
        gen_defences(b, scratch);
    else
        gen_candidates(b, scratch);
    scratch.sort();
    const int n = std::min(scratch.size, max_moves);
    for (int i = 0; i < n; ++i) {
        const uint64_t budget = std::min(max_nodes, total_nodes > nodes ? total_nodes - nodes : 0);
        if (!budget) break;
        b.make(scratch.moves[i].pos);
        const ThreatResult r = vct(b, max_threats, budget, stop);
        b.undo();
        nodes += r.nodes;
        // Unknown, as are the candidates not yet tried: cut by the stop flag, the deadline or
        // the total budget (a check cut by its own max_nodes counts as no VCT).
        if (r.interrupted || (r.aborted && budget < max_nodes)) break;
        if (!r.win) refutations.add(scratch.moves[i].pos, 0);
    }
    return nodes;
}

} // namespace gomoku
