// gomoku — command-line tool: `gomoku bench`, `gomoku vcf POS [rule]`.
#include "games/gomoku/notation.h"
#include "games/gomoku/search.h"
#include "games/gomoku/threat.h"

#include <cstdio>
#include <cstring>
#include <string>

using namespace gomoku;

int main(int argc, char** argv) {
    if (argc >= 3 && !std::strcmp(argv[1], "vcf")) {
        Rule rule = Rule::FREESTYLE;
        if (argc >= 4) {
            auto r = parse_rule(argv[3]);
            if (!r) { std::fprintf(stderr, "bad rule '%s'\n", argv[3]); return 2; }
            rule = *r;
        }
        Board b(15, rule);
        std::string err;
        if (!load_pos(b, argv[2], err)) { std::fprintf(stderr, "bad position: %s\n", err.c_str()); return 2; }
        ThreatResult r = find_vcf(b);
        if (!r.win) { std::printf("none\n"); return 0; }
        std::string s;
        for (Pos p : r.sequence) s += move_name(p);
        std::printf("%s\n", s.c_str());
        return 0;
    }
    if (argc >= 3 && !std::strcmp(argv[1], "search")) {
        Board b(15, Rule::FREESTYLE);
        std::string err;
        if (!load_pos(b, argv[2], err)) { std::fprintf(stderr, "bad position: %s\n", err.c_str()); return 2; }
        Searcher s(64);
        SearchLimits l;
        l.depth = argc >= 4 ? std::atoi(argv[3]) : 8;
        SearchInfo info = s.think(b, l);
        std::string pv;
        for (Pos p : info.pv) pv += move_name(p);
        std::printf("move %s value %d depth %d nodes %llu ms %lld pv %s (%s)\n", move_name(info.move).c_str(),
                    info.value, info.depth, (unsigned long long)info.nodes, (long long)info.ms, pv.c_str(), info.source);
        return 0;
    }
    std::fprintf(stderr, "usage: gomoku bench | gomoku vcf POS [rule]\n");
    return 2;
}
