#include "games/othello/perft.h"

// In the engine module these functions get SIMD128 too, so get_moves and flip inline into
// them (movegen.h): called, they cost a wasm call per move and per leaf count.
OTHELLO_PAIR_TARGET_BEGIN
namespace othello {
namespace {

// get_moves, called rather than inlined: for the rare pass, where an inlined copy would only
// add bytes to engine-othello.wasm.
[[gnu::noinline]] Bitboard moves_called(Bitboard P, Bitboard O) {
    return get_moves(P, O);
}

// Leaves two plies below (P, O): one move, then the bulk count of the reply.
inline uint64_t perft_2(Bitboard P, Bitboard O, bool passed) {
    Bitboard moves = get_moves(P, O);
    if (!moves) {
        if (passed) return 1;
        const Bitboard replies = moves_called(O, P);
        return replies ? popcount(replies) : 1;
    }
    uint64_t leaves = 0;
    do {
        const Square x = pop_lsb(moves);
        const Bitboard f = flip(x, P, O);
        const Bitboard next_p = O ^ f, next_o = P ^ f ^ square_bb(x);
        const Bitboard replies = get_moves(next_p, next_o);
        leaves += replies ? popcount(replies) : 1;
    } while (moves);
    return leaves;
}

// Leaves below (P, O) at depth; a pass costs a ply, a finished game is a leaf.
uint64_t perft_rec(Bitboard P, Bitboard O, int depth, bool passed) {
    if (depth == 2) return perft_2(P, O, passed);
    Bitboard moves = get_moves(P, O);
    if (depth == 1) return moves ? popcount(moves) : 1;
    if (!moves) return passed ? 1 : perft_rec(O, P, depth - 1, true);
    uint64_t leaves = 0;
    do {
        const Square x = pop_lsb(moves);
        const Bitboard f = flip(x, P, O);
        leaves += perft_rec(O ^ f, P ^ f ^ square_bb(x), depth - 1, false);
    } while (moves);
    return leaves;
}

} // namespace

// Entry point: the side to move of pos moves first.
uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    return perft_rec(pos.player(), pos.opponent(), depth, false);
}

} // namespace othello
OTHELLO_PAIR_TARGET_END
