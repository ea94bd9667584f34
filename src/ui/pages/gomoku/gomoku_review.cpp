// gomoku_review.cpp — a Gomoku game read for the Review page (ui/review.h): the pos string
// (`moves`) under `rule` (freestyle by default) replayed into the board before each move, and the
// engine's `review` request for each.
#include "games/gomoku/board.h"
#include "games/gomoku/notation.h"
#include "ui/pages/gomoku/gomoku_faults.h"
#include "ui/review.h"

#include <memory>

namespace ui {

using namespace gomoku;

bool read_gomoku_review(const miniapp::Query& query, miniapp::Lang lang, ReviewGame& game, ReviewFault& fault) {
    constexpr int kSize = 15;
    Rule rule = Rule::FREESTYLE;
    if (auto it = query.find("rule"); it != query.end() && !it->second.empty()) {
        auto r = parse_rule(it->second);
        if (!r) {
            fault.error = "rule: '" + it->second + "' is not freestyle, standard or renju";
            fault.shown = std::string(miniapp::tr(miniapp::Str::ReviewBadRule, lang)) + " (" + it->second + ")";
            return false;
        }
        rule = *r;
    }
    const auto moves_it = query.find("moves");
    const std::string text = moves_it == query.end() ? "" : moves_it->second;
    // load_pos refuses an occupied point and a move after a five, naming the move.
    auto board = std::make_unique<Board>(kSize, rule);
    Outcome outcome;
    Fault f;
    if (!load_pos(*board, text, fault.error, &outcome, &f)) {
        fault.shown = fault_text(f, lang, fault.error);
        return false;
    }
    std::vector<Coord> moves;
    parse_moves(text, kSize, moves, fault.error);
    game = {};
    game.scale = ReviewScale::PerMille;
    std::string cells(size_t(kSize * kSize), char(0));
    std::string prefix;
    for (size_t i = 0; i < moves.size(); ++i) {
        const Coord m = moves[i];
        ReviewPly ply;
        ply.side = i % 2 == 0 ? 1 : 2;
        ply.cells = cells;
        ply.move = {m.row, m.col};
        ply.name = move_name(m.row, m.col);
        ply.request = "gomoku review " + (prefix.empty() ? std::string("-") : prefix) + " " + std::to_string(m.row) +
                      " " + std::to_string(m.col) + " rule=" + rule_name(rule);
        game.plies.push_back(std::move(ply));
        cells[size_t(m.row * kSize + m.col)] = char(ply.side);
        prefix += move_name(m.row, m.col);
    }
    game.end = cells;
    game.end_turn = outcome.result != Result::NONE ? 0 : moves.size() % 2 == 0 ? 1 : 2;
    if (outcome.result != Result::NONE) {
        game.winner = outcome.result == Result::BLACK_WIN ? 1 : outcome.result == Result::WHITE_WIN ? 2 : 0;
        game.reason = game.winner == 0 ? "full" : outcome.forbidden ? "forbidden" : "line";
    }
    return true;
}

} // namespace ui
