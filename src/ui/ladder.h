// ladder.h — the level ladder shared by the board-game pages (RANDOM … MASTER): names in the
// engine protocol, in window.miniapp state, in storage, and on screen.
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
// "random", "1" … "master" (the engine protocol's level=).
const char* ladder_protocol(Ladder l);
miniapp::Str ladder_label(Ladder l);
// Accepts ladder_id, ladder_protocol, and "l1".."l3".
std::optional<Ladder> parse_ladder(std::string_view text);

} // namespace ui
