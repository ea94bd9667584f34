// master.h — MASTER's search (LEVEL 2/3 keep search.h, which the tutorial ladder pins).
//
// Iterative-deepening PVS with aspiration windows and a transposition table. Each node:
// five / forced block / own straight four first; TT cut; a threat-aware move generator (the
// opponent has an open three -> only the cells that stop it and own fours; otherwise the
// candidates near stones, scored by the patterns they make and take away, history and
// killers); null-move pruning when the opponent has no three or four; singular extension of
// the table move (with multi-cut); late-move pruning and reductions by move rank and pattern
// score (a move below an open three's score is reduced more). Leaves: the fitted pattern
// evaluation (eval_master.h; a VCF probe there is a switch, off: it cost more depth than it
// found).
// Root: VCF, VCT, then the opponent's VCT after a pass restricts the root moves to the ones
// that refute it (these take at most 30 % of a time budget). Limits as search.h: depth,
// nodes (deterministic), time (a new iteration only before 55 % of it; a partial iteration's
// improvements are kept), stop flag.
#pragma once
#include "games/gomoku/search.h"

namespace gomoku {

// Experimental switches (defaults are what MASTER plays with).
struct MasterParams {
    bool null_move = true;
    bool leaf_vcf = false; // VCF probe at depth 0 (measured: -50 Elo at 200 ms, 80 games)
    bool aspiration = true;
    int lmp_scale = 100;          // percent of the late-move-pruning counts
    int lmr_scale = 60;           // percent of the late-move reductions' table values (60:
                                  // 53-75 against Rapfi at fixed nodes over 128 games, 100:
                                  // 44-84, 150: 21-42-1 of 64; docs/gomoku-strength.md)
    bool three_ext = false;       // depth 0 facing an open three: search the defences first
    bool history_malus = false;   // quiet moves searched before a cutoff lose history
    bool trivial_prune = false;   // skip moves making no pattern for either side (depth < 4)
    bool distract_prune = false;  // opponent has a three: skip far non-blocking moves (d < 4)
    int futility_margin = 0;      // futility margin a ply (depth <= 3); 0 off (measured: 60
                                  // gave 28-28 over 56 games at 20 000 nodes)
    int rfp_margin = 0;           // reverse futility margin a ply (depth <= 3); 0 off (measured:
                                  // 120 gave 81-47-0 against Rapfi at fixed nodes over 128
                                  // games, off 77-44-7; docs/gomoku-strength.md)
    bool iir = false;             // no table move at depth >= 4: one ply less (measured: 27-29
                                  // in self-play at 40 000 nodes)
    int tactical_score = 1000;    // move-ordering score from which a move is never pruned or
                                  // reduced (1000: it makes or stops a double threat or a
                                  // straight four; 380, every three or four, gave 87-40-1
                                  // against Rapfi at fixed nodes over 128 games, 1000
                                  // 92-36-0; docs/gomoku-strength.md)
    int three_score = 0;          // a reduced move scoring at least this is reduced one ply
                                  // less (0 off)
    int quiet_score = 0;          // a reduced move scoring below this is reduced one ply more
                                  // (0 off)
    int razor_margin = 0;         // razoring: at a non-PV node of depth <= 2 whose static
                                  // evaluation is this much a ply below alpha, the leaf's value
                                  // (with a VCF probe) is returned (0 off)
    int child_futility = 0;       // reverse futility at any depth: an evaluation this much a
                                  // ply (depth - 1) above beta returns it (0 off)
    bool singular = true;         // singular extension of the table move (with multi-cut;
                                  // measured: 92-163-1 against Rapfi at 200 ms over 256 games,
                                  // off 74-181-1; docs/gomoku-strength.md)
    int singular_depth = 7;       // the least depth for it
    int singular_margin = 4;      // singular beta = table value - this x depth
    int singular_double = 0;      // a non-PV node's table move whose alternatives fail this
                                  // far below singular beta is extended two plies (0 off)
    int worse_lmp = 100;          // percent of the late-move-pruning counts at a node whose
                                  // static evaluation is no better than two plies before
                                  // (not improving; 100 off)
    bool worse_lmr = false;       // and one ply more of reduction there
    int cut_node_reduction = 0;   // late moves other than killers at a cut-node: this many
                                  // plies more of reduction (0 off)
    int fail_high_margin = 0;     // a cut-node whose static evaluation is this much a ply above
                                  // beta searches its moves that make no four a ply shallower
                                  // (0 off)
    int lmr_deeper_margin = 0;    // a reduced move whose search beat alpha by this x (reduction
                                  // + 1) is searched again a ply deeper than planned (0 off)
    int four_quiescence = 0;      // past the horizon, the side to move's fours (each with its
                                  // forced block) may beat the static evaluation: plain fours in
                                  // this many plies, then only fours with a second threat (0 off)
    int counter_bonus = 0;        // ordering bonus of the move that last refuted the opponent's
                                  // last move (counter-move heuristic; 0 off)
    int policy_bias = 250;        // a reduced move scoring below this is reduced one ply more
                                  // for every policy_step it lacks, at most 3 (0 off)
    int policy_step = 100;        // (with policy_bias)
    int eval_average = 0;         // percent of the parent position's static evaluation (its
                                  // negation: the other side's view) mixed into a leaf's (0 off)
    int history_gravity = 0;      // history kept within +-this by gravity updates: a cutoff's
                                  // quiet move gains, the quiet moves searched before it lose,
                                  // and the value orders moves and shortens or lengthens their
                                  // reductions (0 off: history only grows, depth^2 a cutoff)
    int iteration_start_pct = 55; // with a time limit, a new iteration starts only before this
                                  // share of the budget (an unfinished one still counts;
                                  // measured: 80 gave 35-91-2 against Rapfi at 1 s over 128
                                  // games, 55 38-90-0; docs/gomoku-strength.md)
    int forced_extension = 16;    // the forced block's extension in sixteenths of a ply (the
                                  // search's unit; 16: searched at the parent's depth)
    bool fractional_lmr = false;  // late-move and policy reductions in sixteenths of a ply
                                  // (off: whole plies, each rounded down)
    int move_count_prune = 0;     // percent of 3 + depth^1.32 (halved when not improving): at a
                                  // non-root node with a move that does not lose, every move
                                  // from that rank on is skipped, tactical or not (0 off)
    bool four_three_defence = false; // the opponent has a four-three point: only the moves
                                     // that can answer it (and own fours) are searched
    int three_defence_extension = 0; // the answers to an open three (defences and own fours)
                                     // are extended by this many sixteenths of a ply (0 off)
    const int* weights = nullptr;    // evaluation weights (nullptr: eval_master's built-in)
};

class MasterSearcher : public SearchCore {
  public:
    explicit MasterSearcher(size_t tt_megabytes = 16);
    SearchInfo think(Board& board, const SearchLimits& limits);
    // SearchCore::clear, and the killers.
    void clear();
    MasterParams params;

  private:
    // depth: in sixteenths of a ply (master.cpp's ONE_PLY). cut_node: a non-PV node expected to
    // fail high (its parent's first move at an all-node, or a late move's zero-window search).
    int search(int alpha, int beta, int depth, int ply, bool pv_node, bool null_ok, bool cut_node);
    int leaf(int ply, bool vcf);
    int quiesce(int alpha, int beta, int depth, int ply);

    Pos killers_[MAX_PLY + 2][2];
    Pos excluded_[MAX_PLY + 2];  // the move a singular test search skips at that ply
    Pos counters_[2][NUM_CELLS]; // [colour][its move]: the reply that last cut after it
    int root_depth_ = 0;
    int static_eval_[MAX_PLY + 2]; // each ply's static evaluation (for "improving")
    int node_eval_[MAX_PLY + 2];   // each ply's static evaluation (for eval_average)
};

} // namespace gomoku
