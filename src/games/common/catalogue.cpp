#include "games/common/catalogue.h"

namespace games {
namespace {
#include "catalogue.inc" // generated from catalogue.json (scripts/lib/catalogue.py)
} // namespace

const LevelInfo* GameInfo::level(std::string_view level_id) const {
    for (const auto& l : levels)
        if (l.id == level_id) return &l;
    return nullptr;
}

std::string_view GameInfo::reason_label(std::string_view code) const {
    for (const auto& r : reasons)
        if (r.id == code) return r.label;
    return {};
}

std::span<const GameInfo> catalogue() {
    return kGames;
}

const GameInfo* find_game(std::string_view id) {
    for (const auto& g : kGames)
        if (g.id == id) return &g;
    return nullptr;
}

std::span<const LadderInfo> ladder() {
    return kLadder;
}

std::span<const std::string_view> botlab_games() {
    return kBotLab;
}

std::span<const HomeCard> home_cards() {
    return kHome;
}

} // namespace games
