#include "ui/snapshot.h"

namespace ui {

void Snapshot::add_to(nlohmann::json& state) const {
    auto points = [](const std::vector<Point>& v) {
        nlohmann::json a = nlohmann::json::array();
        for (const auto& p : v) a.push_back({p[0], p[1]});
        return a;
    };
    state["cells"] = cells;
    state["turn"] = turn;
    state["you"] = you;
    state["legalMoves"] = points(legal);
    state["forbiddenPoints"] = points(forbidden);
    state["last"] = last ? points({*last})[0] : nlohmann::json(nullptr);
    nlohmann::json outcome = nullptr;
    if (winner >= 0) {
        outcome["winner"] = winner;
        outcome["reason"] = reason;
    }
    state["outcome"] = outcome;
}

} // namespace ui
