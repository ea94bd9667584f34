// gomoku_faults.h — a pasted Gomoku position's fault (games/gomoku/notation.h) in the player's
// language. The engine words its faults in English only, for tools, protocols and the embed API;
// the page shows the same fault, read as data, through the string table. Pure C++ (no ImGui): the
// native tests check it against the engine.
#pragma once
#include "games/gomoku/notation.h"
#include "miniapp/strings.h"

#include <optional>
#include <string>

namespace ui {

// The string of each fault kind; nullopt for NONE and for a kind the table does not know yet.
std::optional<miniapp::Str> fault_string(gomoku::FaultKind kind);

// The fault in `lang`; `english` (the parser's error) when its kind has no string, so a fault
// the table does not know yet still reads, in English.
std::string fault_text(const gomoku::Fault& fault, miniapp::Lang lang, const std::string& english);

} // namespace ui
