#include "ui/ladder.h"

#include "games/common/catalogue.h"

namespace ui {

// The rung's id in the catalogue's ladder (string literals there: null-terminated).
const char* ladder_id(Ladder l) { return games::ladder()[size_t(l)].id.data(); }

const char* ladder_protocol(std::string_view game, Ladder l) {
    const games::GameInfo* g = games::find_game(game);
    const games::LevelInfo* level = g ? g->level(ladder_id(l)) : nullptr;
    return level ? level->engine.data() : ladder_id(l);
}

miniapp::Str ladder_label(Ladder l) { return miniapp::str_from_name(games::ladder()[size_t(l)].label); }

// Ids, and for a numbered rung ("level2") its number ("2") or "l2", the short forms the url
// query and the engine protocol use.
std::optional<Ladder> parse_ladder(std::string_view text) {
    for (Ladder l : kLadder) {
        std::string_view id = ladder_id(l);
        if (text == id) return l;
        const char last = id.back();
        const bool numbered = last >= '0' && last <= '9' && id.size() > 1 && !(id[id.size() - 2] >= '0' && id[id.size() - 2] <= '9');
        if (numbered && ((text.size() == 1 && text[0] == last) || (text.size() == 2 && text[0] == 'l' && text[1] == last)))
            return l;
    }
    return std::nullopt;
}

} // namespace ui
