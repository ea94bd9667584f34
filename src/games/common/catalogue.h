// catalogue.h — what each game is, once: id, page, board size, sides, levels (the ladder's ids,
// the engine's names for them and the string-table keys to show), rules, and the files a level
// needs beside the engine. The data is src/games/common/catalogue.json; the build writes it out
// as this table (scripts/lib/catalogue.py) and as what the site needs (miniapp.js, the engine
// worker, the Bot Lab), so the C++, the JavaScript and the build read the same description.
#pragma once
#include <span>
#include <string_view>

namespace games {

// A rung of the level ladder every game's levels come from: its id ("level1"), the Bot Lab
// referee's English title ("LEVEL 1") and the string-table key of its name ("Level1").
struct LadderInfo {
    std::string_view id, title, label;
};

// One of a game's levels: the ladder's id, the engine's name for it (`level=` of the service
// protocol: "1", tic-tac-toe's "easy") and the string-table key of this game's name for it.
struct LevelInfo {
    std::string_view id, engine, label;
};

// A rule set, or a reason a game ended: its id or code and the string-table key of its words.
struct RuleInfo {
    std::string_view id, label;
};

// A file the engine needs for some requests (Othello MASTER's weights): a request of one of
// `verbs` at one of `levels` (or with no level=, when the default level is one of them).
struct AssetInfo {
    std::string_view file;
    std::span<const std::string_view> levels, verbs;
};

// An example bot of the Bot Lab: its id and the string-table keys of its title and description.
struct ExampleInfo {
    std::string_view id, label, description;
};

// How a plain view of the board (the Bot Lab's) draws it: squares on green felt, stones on the
// lines of a wooden board, or X and O marks on the theme's board.
enum class BoardLook { Felt, Wood, Marks };

struct GameInfo {
    std::string_view id;    // the service's game word, the page's folder
    std::string_view page;  // "pages/<id>/<id>"
    std::string_view title; // the referee's English name
    std::string_view name;  // the string-table key of the game's name
    std::string_view description; // the string-table key of its line on the home page
    int rows, cols;
    std::string_view sides[2]; // the first player's, the second's ("black", "white"; "X", "O")
    std::span<const LevelInfo> levels;
    std::string_view default_level;
    std::span<const RuleInfo> rules;
    std::span<const AssetInfo> assets;
    std::span<const RuleInfo> reasons; // the codes of its endings ("line", "full", …) and their words
    BoardLook look;
    int placeholder_move[2]; // a first move that fits the board, for the Bot Lab's example bot text
    std::span<const ExampleInfo> examples; // its example bots (the site's botlab/examples/)

    const LevelInfo* level(std::string_view id) const;
    // The string-table key wording an ending's code, or "" when the game has no such ending.
    std::string_view reason_label(std::string_view code) const;
};

// A card of the home page: a game's (control "game-<id>", its page, name and description) or
// another page's (the Bot Lab's).
struct HomeCard {
    std::string_view control, page, name, description; // name, description: string-table keys
};

// Every game, in the catalogue's order.
std::span<const GameInfo> catalogue();
// The game with this id, or nullptr.
const GameInfo* find_game(std::string_view id);
// The level ladder, lowest first.
std::span<const LadderInfo> ladder();
// The Bot Lab's games, in its order (the first is its default).
std::span<const std::string_view> botlab_games();
// The home page's cards, in order.
std::span<const HomeCard> home_cards();

} // namespace games
