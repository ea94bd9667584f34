#include "renju_positions.h"

#include "games/common/rng.h"
#include "games/gomoku/notation.h"
#include "ladder.h"

namespace gomoku {

std::string random_renju_position(uint64_t seed) {
    games::Rng rng(seed);
    Board b(15, Rule::RENJU);
    const int width = 5 + int(rng.below(11));
    const int top = int(rng.below(uint32_t(16 - width)));
    const int left = int(rng.below(uint32_t(16 - width)));
    const int target_pairs = 2 + int(rng.below(uint32_t(width * width * 2 / 5)));
    for (int pairs = 0; pairs < target_pairs;) {
        bool placed = false;
        for (int attempt = 0; attempt < 40 && !placed; ++attempt) {
            const Pos p = make_pos(top + int(rng.below(uint32_t(width))),
                                   left + int(rng.below(uint32_t(width))));
            const Color me = b.to_move();
            if (!b.is_empty(p) || b.p4(me, p) == P4_FIVE) continue;
            if (me == BLACK && b.is_forbidden(p)) continue;
            b.make(p);
            placed = true;
        }
        if (!placed) break;
        if (b.to_move() == BLACK) ++pairs;
    }
    if (b.to_move() == WHITE) b.undo();
    return to_pos(b);
}

std::vector<std::string> renju_game_positions(int games, uint64_t base_seed) {
    std::vector<std::string> positions;
    const char* pairings[][2] = {{"1", "2"}, {"2", "1"}, {"2", "2"}, {"1", "1"}, {"random", "2"}};
    for (int i = 0; i < games; ++i) {
        const auto& names = pairings[i % 5];
        auto black = ladder::make_player(names[0]);
        auto white = ladder::make_player(names[1]);
        std::string game;
        ladder::play_round(*black, *white, Rule::RENJU, base_seed + uint64_t(i), &game);
        std::vector<Coord> moves;
        std::string err;
        if (!parse_moves(game, 15, moves, err)) continue;
        Board b(15, Rule::RENJU);
        Outcome out;
        for (const Coord& m : moves) {
            if (try_play(b, m.row, m.col, out) != Refusal::NONE || out.result != Result::NONE)
                break;
            if (b.to_move() == BLACK) positions.push_back(to_pos(b));
        }
    }
    return positions;
}

} // namespace gomoku
