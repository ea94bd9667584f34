#include "tutorial_bots.h"

#include <algorithm>

namespace gomoku::ladder {

namespace {

constexpr int SIZE = 15;
constexpr int EMPTY_ = 0, ME = 1, OP = 2;

// Shared skeleton: board + candidate list exactly as the tutorial's place() keeps them.
class TutorialBot : public Player {
  public:
    explicit TutorialBot(BotKind kind) : kind_(kind) {}

    std::string name() const override {
        switch (kind_) {
        case BotKind::RANDOM_NEIGHBOUR: return "random-neighbour";
        case BotKind::RUN_LENGTH: return "run-length";
        default: return "open-ends";
        }
    }

    void new_round(Color, uint64_t round_seed) override {
        for (auto& row : board_) std::fill(std::begin(row), std::end(row), EMPTY_);
        candidates_.clear();
        rng_.reseed(round_seed);
    }

    Coord play(Board&, std::optional<Coord> opp) override {
        if (opp) place(opp->row, opp->col, OP);
        if (candidates_.empty()) {
            place(7, 7, ME);
            return {7, 7};
        }
        int best = -1;
        if (kind_ == BotKind::RANDOM_NEIGHBOUR) {
            best = candidates_[rng_.below(uint32_t(candidates_.size()))];
        } else {
            double best_score = -1;
            for (int key : candidates_) {
                const int r = key / SIZE, c = key % SIZE;
                double score;
                if (kind_ == BotKind::RUN_LENGTH)
                    score = run_length(r, c, ME) + run_length(r, c, OP);
                else
                    score = line_score(r, c, ME, true) + line_score(r, c, OP, false);
                if (score > best_score) {
                    best_score = score;
                    best = key;
                }
            }
        }
        const Coord loc{best / SIZE, best % SIZE};
        place(loc.row, loc.col, ME);
        return loc;
    }

  private:
    static bool inside(int v) { return v >= 0 && v < SIZE; }

    // The tutorial's place(): set the cell, drop it from the candidates, append new neighbours.
    void place(int r, int c, int who) {
        static const int diffs[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                                        {0, 1},   {1, -1}, {1, 0},  {1, 1}};
        board_[r][c] = who;
        auto at = std::find(candidates_.begin(), candidates_.end(), r * SIZE + c);
        if (at != candidates_.end()) candidates_.erase(at);
        for (const auto& d : diffs) {
            const int nr = r + d[0], nc = c + d[1];
            if (inside(nr) && inside(nc) && board_[nr][nc] == EMPTY_ &&
                std::find(candidates_.begin(), candidates_.end(), nr * SIZE + nc) ==
                    candidates_.end())
                candidates_.push_back(nr * SIZE + nc);
        }
    }

    // Longest line through (r, c) if `who` played there.
    int run_length(int r, int c, int who) const {
        static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
        int best = 1;
        for (const auto& d : dirs) {
            int len = 1;
            for (int side = -1; side <= 1; side += 2) {
                int nr = r + d[0] * side, nc = c + d[1] * side;
                while (inside(nr) && inside(nc) && board_[nr][nc] == who) {
                    ++len;
                    nr += d[0] * side;
                    nc += d[1] * side;
                }
            }
            best = std::max(best, len);
        }
        return best;
    }

    // lineScore(lines(r, c, who), mine): (length, open ends) values, best line + sum.
    double line_score(int r, int c, int who, bool mine) const {
        static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
        double best = 0, sum = 0;
        for (const auto& d : dirs) {
            int len = 1, open = 0;
            for (int side = -1; side <= 1; side += 2) {
                int nr = r + d[0] * side, nc = c + d[1] * side;
                while (inside(nr) && inside(nc) && board_[nr][nc] == who) {
                    ++len;
                    nr += d[0] * side;
                    nc += d[1] * side;
                }
                if (inside(nr) && inside(nc) && board_[nr][nc] == EMPTY_) ++open;
            }
            double value;
            if (len >= 5)
                value = mine ? 1000000 : 100000;
            else if (len == 4)
                value = open >= 2 ? (mine ? 50000 : 9000) : (mine ? 8000 : 4000);
            else if (len == 3)
                value = open >= 2 ? (mine ? 3000 : 2500) : (mine ? 200 : 150);
            else if (len == 2)
                value = open >= 2 ? (mine ? 100 : 80) : (mine ? 10 : 8);
            else
                value = open >= 2 ? 5 : 1;
            sum += value;
            best = std::max(best, value);
        }
        return best + sum;
    }

    BotKind kind_;
    int board_[SIZE][SIZE] = {};
    std::vector<int> candidates_;
    games::Rng rng_;
};

} // namespace

std::unique_ptr<Player> make_tutorial_bot(BotKind kind) {
    return std::make_unique<TutorialBot>(kind);
}

} // namespace gomoku::ladder
