#include "ui/pages/gomoku/gomoku_faults.h"

namespace ui {

using miniapp::Str;

std::optional<Str> fault_string(gomoku::FaultKind kind) {
    using K = gomoku::FaultKind;
    switch (kind) {
    case K::NO_COLUMN: return Str::GomokuFaultNoColumn;
    case K::NO_ROW: return Str::GomokuFaultNoRow;
    case K::COLUMN_OUTSIDE: return Str::GomokuFaultColumnOutside;
    case K::ROW_OUTSIDE: return Str::GomokuFaultRowOutside;
    case K::GAME_OVER: return Str::GomokuFaultGameOver;
    case K::OUTSIDE: return Str::GomokuFaultOutside;
    case K::OCCUPIED: return Str::GomokuFaultOccupied;
    default: return std::nullopt;
    }
}

std::string fault_text(const gomoku::Fault& f, miniapp::Lang lang, const std::string& english) {
    using K = gomoku::FaultKind;
    const auto id = fault_string(f.kind);
    if (!id) return english;
    const std::string number = std::to_string(f.number);
    std::string third, fourth;
    if (f.kind == K::COLUMN_OUTSIDE) third = std::string(1, f.column);
    else if (f.kind == K::ROW_OUTSIDE) third = std::to_string(f.row);
    else third = std::to_string(f.cell.row), fourth = std::to_string(f.cell.col);
    return miniapp::format(miniapp::tr(*id, lang), {number, f.token, third, fourth});
}

} // namespace ui
