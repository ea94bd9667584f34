#include "games/tictactoe/levels.h"

#include <algorithm>

namespace tictactoe {

// The full game tree from here, scored as the seed scores it (levels.h).
int minimax(Board& b, Cell me, Cell to_move, int depth) {
    Result r = check_winner(b);
    if (r.outcome == Outcome::Draw) return 0;
    if (r.outcome != Outcome::None) {
        Cell winner = r.outcome == Outcome::XWins ? Cell::X : Cell::O;
        return winner == me ? 10 - depth : depth - 10;
    }
    const bool maximizing = to_move == me;
    int best = maximizing ? -1000 : 1000;
    for (int i = 0; i < 9; ++i) {
        if (b[i] != Cell::Empty) continue;
        b[i] = to_move;
        int v = minimax(b, me, opponent(to_move), depth + 1);
        b[i] = Cell::Empty;
        best = maximizing ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

// Easy: any empty cell, from the seeded Rng; Hard: the first cell with the best minimax value.
std::optional<int> choose_move(const Board& board, Level level, games::Rng& rng) {
    if (check_winner(board).outcome != Outcome::None) return std::nullopt;
    int empty[9], n = 0;
    for (int i = 0; i < 9; ++i)
        if (board[i] == Cell::Empty) empty[n++] = i;
    if (level == Level::Easy) return empty[rng.below(uint32_t(n))];

    // Hard: as the seed's getAIMove — first cell (index order) with the best minimax score,
    // each cell scored by minimax(board, opponent to move, depth 0).
    Board b = board;
    const Cell me = side_to_move(board);
    int best_score = -1000, best = empty[0];
    for (int k = 0; k < n; ++k) {
        b[empty[k]] = me;
        int score = minimax(b, me, opponent(me), 0);
        b[empty[k]] = Cell::Empty;
        if (score > best_score) {
            best_score = score;
            best = empty[k];
        }
    }
    return best;
}

} // namespace tictactoe
