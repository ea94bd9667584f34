#include "ui/theme.h"

namespace ui {

const Theme& light_theme() {
    static const Theme t = [] {
        Theme t;
        t.dark = false;
        t.background = rgba(0xEDEDEDFF);
        t.surface = rgba(0xFFFFFFFF);
        t.surface_pressed = rgba(0xE5E5E5FF);
        t.text = rgba(0x191919FF);
        t.text_secondary = rgba(0x6B6B6BFF);
        t.text_disabled = rgba(0xB2B2B2FF);
        t.divider = rgba(0xD9D9D9FF);
        t.primary = rgba(0x07C160FF);
        t.primary_pressed = rgba(0x06AD56FF);
        t.on_primary = rgba(0xFFFFFFFF);
        t.danger = rgba(0xFA5151FF);
        t.board = rgba(0xFFFFFFFF);
        t.board_line = rgba(0x3A3A3AFF);
        t.highlight = rgba(0xFFE58FFF);
        t.last_move = rgba(0xFA5151FF);
        t.overlay = rgba(0x00000080);
        t.toast_bg = rgba(0x4C4C4CEE);
        t.toast_text = rgba(0xFFFFFFFF);
        t.x_mark = rgba(0x1F6FEBFF);
        t.o_mark = rgba(0xE5533DFF);
        return t;
    }();
    return t;
}

const Theme& dark_theme() {
    static const Theme t = [] {
        Theme t;
        t.dark = true;
        t.background = rgba(0x111111FF);
        t.surface = rgba(0x1F1F1FFF);
        t.surface_pressed = rgba(0x2C2C2CFF);
        t.text = rgba(0xE8E8E8FF);
        t.text_secondary = rgba(0x9A9A9AFF);
        t.text_disabled = rgba(0x5A5A5AFF);
        t.divider = rgba(0x333333FF);
        t.primary = rgba(0x07C160FF);
        t.primary_pressed = rgba(0x06AD56FF);
        t.on_primary = rgba(0xFFFFFFFF);
        t.danger = rgba(0xFA5151FF);
        t.board = rgba(0x1F1F1FFF);
        t.board_line = rgba(0xBDBDBDFF);
        t.highlight = rgba(0x6B5A1EFF);
        t.last_move = rgba(0xFF7070FF);
        t.overlay = rgba(0x000000A0);
        t.toast_bg = rgba(0xE0E0E0EE);
        t.toast_text = rgba(0x111111FF);
        t.x_mark = rgba(0x6CA8FFFF);
        t.o_mark = rgba(0xFF8A70FF);
        return t;
    }();
    return t;
}

} // namespace ui
