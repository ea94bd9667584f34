#include "games/othello/position.h"

namespace othello {

// FFO final score for colour c.
int Position::final_score(Color c) const {
    return othello::final_score(discs_[c], discs_[~c]);
}

// Hash of the discs and the side to move.
uint64_t Position::key() const {
    return hash_discs(player(), opponent()) ^ (side_ == WHITE ? 0x5851F42D4C957F2Dull : 0);
}

// Page array to position; rejects values other than 0, 1, 2.
bool from_array(const BoardArray& board, int to_move, Position& pos) {
    if (to_move != 1 && to_move != 2) return false;
    Bitboard black = 0, white = 0;
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            const int v = board[r][c];
            if (v == 1)
                black |= square_bb(make_square(r, c));
            else if (v == 2)
                white |= square_bb(make_square(r, c));
            else if (v != 0)
                return false;
        }
    pos = Position(black, white, to_move == 1 ? BLACK : WHITE);
    return true;
}

// Position to page array.
BoardArray to_array(const Position& pos) {
    BoardArray board{};
    for (int s = 0; s < 64; ++s) {
        const Color c = pos.piece_on(Square(s));
        board[s / 8][s % 8] = c == BLACK ? 1 : c == WHITE ? 2 : 0;
    }
    return board;
}

} // namespace othello
