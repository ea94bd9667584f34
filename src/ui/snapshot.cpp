#include "ui/snapshot.h"

namespace ui {

namespace {

// Points as [[row, col], …].
nlohmann::json points_json(const std::vector<games::Snapshot::Point>& v) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& p : v) a.push_back({p[0], p[1]});
    return a;
}

} // namespace

nlohmann::json cells_json(const games::Snapshot& s) {
    nlohmann::json rows = nlohmann::json::array();
    for (int r = 0; r < s.rows; ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (int c = 0; c < s.cols; ++c) row.push_back(s.at(r, c));
        rows.push_back(std::move(row));
    }
    return rows;
}

void add_snapshot(nlohmann::json& state, const games::Snapshot& s, int you) {
    state["cells"] = cells_json(s);
    state["turn"] = s.turn;
    state["you"] = you;
    state["legalMoves"] = points_json(s.legal);
    state["forbiddenPoints"] = points_json(s.forbidden);
    state["last"] = s.last ? points_json({*s.last})[0] : nlohmann::json(nullptr);
    nlohmann::json outcome = nullptr;
    if (s.winner >= 0) {
        outcome["winner"] = s.winner;
        outcome["reason"] = std::string(s.reason);
    }
    state["outcome"] = outcome;
}

} // namespace ui
