// ladder.h — the level ladder shared by the board-game pages (RANDOM … MASTER), an index into the
// game catalogue's ladder (games::ladder()), which gives its names: in window.miniapp state, in
// storage, on screen, and (each game's own) in the engine protocol.
#pragma once
#include "miniapp/strings.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ui {

enum class Ladder : uint8_t { Random, Level1, Level2, Level3, Master };
inline constexpr Ladder kLadder[] = {Ladder::Random, Ladder::Level1, Ladder::Level2, Ladder::Level3, Ladder::Master};

// "random", "level1" … "master" (state, storage, embed parameters).
const char* ladder_id(Ladder l);
// `game`'s name for the rung in the engine protocol's level= ("1"), from the catalogue.
const char* ladder_protocol(std::string_view game, Ladder l);
// The string-table entry of the rung's name.
miniapp::Str ladder_label(Ladder l);
// Accepts ladder_id, and for a numbered rung its number and "l<number>" ("2", "l2").
std::optional<Ladder> parse_ladder(std::string_view text);

} // namespace ui
