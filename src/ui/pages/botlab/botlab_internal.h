// botlab_internal.h — what the Bot Lab page's files share and nobody else needs: the catalogue's
// list of Bot Lab games and a check of a game id against it, the catalogue's words for a game and
// its levels, the examples' texts in the app's language, and forgiving reads of fields of saved
// or JavaScript records. Not part of the page's interface (that is botlab.h).
#pragma once
#include "games/common/catalogue.h"
#include "miniapp/strings.h"
#include "ui/ladder.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ui::botlab {

// The Bot Lab's games (the catalogue's list), and the one of them named `g`, if any.
inline std::span<const std::string_view> lab_games() {
    return games::botlab_games();
}
inline std::optional<std::string> lab_game(std::string_view g) {
    for (std::string_view id : lab_games())
        if (g == id) return std::string(id);
    return std::nullopt;
}
// The same for a field of a saved or JavaScript record (`key` of `j`).
inline std::optional<std::string> lab_game_of(const nlohmann::json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? lab_game(it->get<std::string>()) : std::nullopt;
}

// Fields of saved or JavaScript records, with a fallback when absent or of another type.
inline int int_of(const nlohmann::json& j, const char* key, int fallback = 0) {
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<int>() : fallback;
}
inline std::string str_of(const nlohmann::json& j, const char* key,
                          const std::string& fallback = "") {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

// A string of the catalogue, by its key.
inline miniapp::Str catalogue_str(std::string_view key) {
    return miniapp::str_from_name(key);
}
inline miniapp::Str game_label(std::string_view g) {
    return catalogue_str(games::find_game(g)->name);
}

// This game's name for a level (the catalogue's: tic-tac-toe's two are Easy and Hard, as on its
// own page); a level the game lacks gets the ladder's name.
inline miniapp::Str level_label(std::string_view game, Ladder l) {
    if (const auto* level = games::find_game(game)->level(ladder_id(l)))
        return catalogue_str(level->label);
    return ladder_label(l);
}

// An example's title and description in the app's language, by the id web/botlab/botlab.js
// gives it (the catalogue's botExamples); none for an example the catalogue does not list, which
// shows its own English text.
struct ExampleText {
    miniapp::Str title, description;
};
std::optional<ExampleText> example_text(const std::string& id);

} // namespace ui::botlab
