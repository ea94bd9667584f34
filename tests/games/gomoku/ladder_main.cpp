// gomoku_ladder — level table: each player against each other over N rounds.
//   gomoku_ladder [rounds] [player...]      (default: every level and every tutorial bot)
//   gomoku_ladder --json ...                 (also print one JSON line)
#include "ladder.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace gomoku;
using namespace gomoku::ladder;

int main(int argc, char** argv) {
    int rounds = 10;
    bool json = false, show = false;
    int64_t master_ms = 0;
    uint64_t master_nodes = 20000;
    std::vector<std::string> names;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--json"))
            json = true;
        else if (!std::strcmp(argv[i], "--show"))
            show = true;
        else if (!std::strncmp(argv[i], "--master-ms=", 12))
            master_ms = std::atoll(argv[i] + 12);
        else if (!std::strncmp(argv[i], "--master-nodes=", 15))
            master_nodes = std::strtoull(argv[i] + 15, nullptr, 10);
        else if (argv[i][0] >= '0' && argv[i][0] <= '9' && !parse_level(argv[i]))
            rounds = std::atoi(argv[i]);
        else if (!std::strcmp(argv[i], "-n") && i + 1 < argc)
            rounds = std::atoi(argv[++i]);
        else
            names.push_back(argv[i]);
    }
    if (rounds <= 0) rounds = 10;
    if (names.empty())
        names = {"random", "1", "2", "3", "master", "random-neighbour", "run-length", "open-ends"};
    LevelOptions mo;
    if (master_ms)
        mo.time_ms = master_ms;
    else
        mo.nodes = master_nodes;
    std::string js = "{\"rounds\":" + std::to_string(rounds) + ",\"table\":[";
    bool first = true;
    std::printf("%-18s %-18s %5s %5s %5s %8s\n", "A", "B", "A won", "B won", "draws", "sec");
    for (size_t i = 0; i < names.size(); ++i)
        for (size_t j = i + 1; j < names.size(); ++j) {
            auto a = make_player(names[i], mo), b = make_player(names[j], mo);
            if (!a || !b) {
                std::fprintf(stderr, "unknown player %s\n", (!a ? names[i] : names[j]).c_str());
                return 2;
            }
            const auto t0 = std::chrono::steady_clock::now();
            MatchScore s;
            if (show) {
                for (int r = 0; r < rounds; ++r) {
                    std::string pos;
                    const bool a_black = r % 2 == 0;
                    const Result res = a_black ? play_round(*a, *b, Rule::FREESTYLE, 1 + r, &pos)
                                               : play_round(*b, *a, Rule::FREESTYLE, 1 + r, &pos);
                    const bool a_won = res != Result::DRAW && (res == Result::BLACK_WIN) == a_black;
                    if (res == Result::DRAW)
                        ++s.draws;
                    else if (a_won)
                        ++s.wins;
                    else
                        ++s.losses;
                    std::printf("round %d %s black=%s winner=%s %s\n", r, a_black ? "A" : "B",
                                a_black ? names[i].c_str() : names[j].c_str(), result_name(res),
                                pos.c_str());
                }
            } else {
                s = play_match(*a, *b, rounds);
            }
            const double sec =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            std::printf("%-18s %-18s %5d %5d %5d %8.2f\n", names[i].c_str(), names[j].c_str(),
                        s.wins, s.losses, s.draws, sec);
            std::fflush(stdout);
            js += std::string(first ? "" : ",") + "{\"a\":\"" + names[i] + "\",\"b\":\"" +
                  names[j] + "\",\"a_wins\":" + std::to_string(s.wins) +
                  ",\"b_wins\":" + std::to_string(s.losses) +
                  ",\"draws\":" + std::to_string(s.draws) + "}";
            first = false;
        }
    js += "]}";
    if (json) std::printf("%s\n", js.c_str());
    return 0;
}
