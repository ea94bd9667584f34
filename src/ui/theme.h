// theme.h — colours and sizes. Sizes are in rpx: 750 rpx = the canvas width, so a phone and a
// desktop look alike (WeChat's unit).
#pragma once
#include <imgui.h>

#include <cstdint>

namespace ui {

// Colour as ImGui's packed ABGR from 0xRRGGBBAA (the manifest's order).
constexpr ImU32 rgba(uint32_t c) {
    return IM_COL32((c >> 24) & 0xFF, (c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF);
}

struct Theme {
    bool dark = false;
    ImU32 background, surface, surface_pressed, text, text_secondary, text_disabled, divider,
        primary, primary_pressed, on_primary, danger, board, board_line, highlight, last_move,
        overlay, toast_bg, toast_text, x_mark, o_mark;
};

// The colour of a finished game's result line from the player's side (> 0 won, < 0 lost,
// 0 drawn): a loss is not shown in the colour of success.
inline ImU32 outcome_color(const Theme& t, int for_player) {
    return for_player > 0 ? t.primary : for_player < 0 ? t.danger : t.text;
}

const Theme& light_theme();
const Theme& dark_theme();

// The boards' own colours, the same in both themes: Othello's felt and Gomoku's wood, drawn by
// their pages and by the Bot Lab's board (games::BoardLook).
namespace board_colors {
inline constexpr ImU32 kFelt = IM_COL32(0x2E, 0x7D, 0x4F, 255);
inline constexpr ImU32 kFeltLine = IM_COL32(0x1B, 0x4D, 0x31, 255);
inline constexpr ImU32 kWood = IM_COL32(0xDC, 0xB3, 0x5C, 255);
inline constexpr ImU32 kWoodLine = IM_COL32(0x4A, 0x36, 0x1A, 255);
} // namespace board_colors

namespace metrics { // rpx
inline constexpr float kNavBar = 88;
inline constexpr float kTabBar = 100;
inline constexpr float kPadding = 32;
inline constexpr float kGap = 20;
inline constexpr float kButton = 80;
inline constexpr float kRadius = 12;
} // namespace metrics

} // namespace ui
