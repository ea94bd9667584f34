#include "ladder.h"

namespace gomoku::ladder {

namespace {

class LevelPlayer : public Player {
  public:
    LevelPlayer(Level level, LevelOptions options) : level_(level), options_(options) {}
    std::string name() const override { return std::string("level-") + level_name(level_); }
    void new_round(Color, uint64_t round_seed) override { seed_ = round_seed; }
    Coord play(Board& board, std::optional<Coord>) override {
        const MoveChoice mc = engine_.choose(board, level_, seed_, options_);
        if (mc.move == NO_POS) return {-1, -1};
        return {row_of(mc.move), col_of(mc.move)};
    }

  private:
    Level level_;
    LevelOptions options_;
    uint64_t seed_ = 0;
    Engine engine_{level_ == Level::MASTER ? size_t(16) : size_t(1)};
};

} // namespace

std::unique_ptr<Player> make_level_player(Level level, LevelOptions options) {
    return std::make_unique<LevelPlayer>(level, options);
}

std::unique_ptr<Player> make_player(const std::string& name, LevelOptions options) {
    if (name == "random-neighbour") return make_tutorial_bot(BotKind::RANDOM_NEIGHBOUR);
    if (name == "run-length") return make_tutorial_bot(BotKind::RUN_LENGTH);
    if (name == "open-ends") return make_tutorial_bot(BotKind::OPEN_ENDS);
    if (auto l = parse_level(name)) return make_level_player(*l, options);
    return nullptr;
}

Result play_round(Player& black, Player& white, Rule rule, uint64_t seed, std::string* pos) {
    Board board(15, rule);
    Outcome out;
    black.new_round(BLACK, seed);
    white.new_round(WHITE, seed ^ 0x5bd1e995ull);
    std::optional<Coord> last;
    while (out.result == Result::NONE) {
        Player& p = board.to_move() == BLACK ? black : white;
        const Color mover = board.to_move();
        const Coord m = p.play(board, last);
        const std::string why = play_checked(board, m.row, m.col, out);
        if (!why.empty()) { // an illegal move loses
            out.result = mover == BLACK ? Result::WHITE_WIN : Result::BLACK_WIN;
            break;
        }
        last = m;
    }
    if (pos) *pos = to_pos(board);
    return out.result;
}

MatchScore play_match(Player& a, Player& b, int rounds, Rule rule, uint64_t base_seed) {
    MatchScore s;
    for (int i = 0; i < rounds; ++i) {
        const bool a_black = i % 2 == 0;
        const Result r =
            a_black ? play_round(a, b, rule, base_seed + i) : play_round(b, a, rule, base_seed + i);
        if (r == Result::DRAW)
            ++s.draws;
        else if ((r == Result::BLACK_WIN) == a_black)
            ++s.wins;
        else
            ++s.losses;
    }
    return s;
}

} // namespace gomoku::ladder
