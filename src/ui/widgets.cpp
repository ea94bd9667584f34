// widgets.cpp — the App's drawing helpers: buttons, segmented rows, text, cards, plain boards.
// Hit-testing goes through ImGui (InvisibleButton), drawing through the window's draw list,
// so every control is both clickable and listed for controlRect().
#include "ui/app.h"

namespace ui {

void App::control(const std::string& id, Rect r) { controls_next_[id] = r; }

void App::card(Rect r, ImU32 fill, float radius_rpx) {
    draw_list()->AddRectFilled(r.min(), r.max(), fill, rpx(radius_rpx));
}

ImVec2 App::measure(std::string_view s, FontRole role, float wrap_width) const {
    ImFont* f = fonts_.get(role);
    if (!f) return {0, 0};
    return f->CalcTextSizeA(fonts_.size(role), FLT_MAX, wrap_width, s.data(), s.data() + s.size());
}

namespace {
// The end of the UTF-8 character that starts at `p`.
const char* next_char(const char* p, const char* end) {
    ++p;
    while (p < end && (static_cast<unsigned char>(*p) & 0xC0) == 0x80) ++p;
    return p;
}
} // namespace

std::vector<std::string_view> App::wrap_lines(std::string_view s, FontRole role, float width) const {
    std::vector<std::string_view> out;
    ImFont* f = fonts_.get(role);
    const float size = fonts_.size(role);
    const char* p = s.data();
    const char* end = s.data() + s.size();
    while (p < end) {
        const char* e = f && width > 0 ? f->CalcWordWrapPositionA(size / f->FontSize, p, end, width) : end;
        if (const char* nl = static_cast<const char*>(memchr(p, '\n', size_t(e - p)))) e = nl;
        if (e == p) e = next_char(p, end); // never stall on a character wider than the box
        out.emplace_back(p, size_t(e - p));
        p = e;
        while (p < end && (*p == ' ' || *p == '\n')) ++p;
    }
    if (out.empty()) out.emplace_back();
    return out;
}

float App::text(Rect r, std::string_view s, FontRole role, ImU32 color, Align align, bool wrap) {
    ImFont* f = fonts_.get(role);
    if (!f || s.empty()) return 0;
    const float size = fonts_.size(role);
    const float wrap_w = wrap ? r.w : 0.0f;
    ImVec2 total = f->CalcTextSizeA(size, FLT_MAX, wrap_w, s.data(), s.data() + s.size());
    float y = r.y + (r.h - total.y) * 0.5f;
    ImDrawList* dl = draw_list();
    // Line by line, so each line can be centred or right-aligned; unwrapped, the first line only.
    for (std::string_view piece : wrap_lines(s, role, wrap_w)) {
        ImVec2 line = f->CalcTextSizeA(size, FLT_MAX, 0, piece.data(), piece.data() + piece.size());
        float x = align == Align::Left     ? r.x
                  : align == Align::Center ? r.x + (r.w - line.x) * 0.5f
                                           : r.x + r.w - line.x;
        dl->AddText(f, size, ImVec2(std::floor(x), std::floor(y)), color, piece.data(), piece.data() + piece.size());
        y += size;
        if (!wrap) break;
    }
    return total.y;
}

bool App::button(const char* id, Rect r, std::string_view label, ButtonKind kind, bool enabled, bool selected) {
    control(id, r);
    ImGui::SetCursorScreenPos(r.min());
    if (!enabled) ImGui::BeginDisabled(true);
    bool clicked = ImGui::InvisibleButton(id, ImVec2(std::max(r.w, 1.0f), std::max(r.h, 1.0f)));
    bool pressed = ImGui::IsItemActive();
    bool hovered = ImGui::IsItemHovered();
    if (!enabled) ImGui::EndDisabled();

    const Theme& t = *theme_;
    ImDrawList* dl = draw_list();
    const float radius = rpx(metrics::kRadius);
    ImU32 fg = t.text;
    FontRole role = FontRole::Body;
    switch (kind) {
    case ButtonKind::Primary:
        dl->AddRectFilled(r.min(), r.max(), !enabled ? t.text_disabled : pressed ? t.primary_pressed : t.primary, radius);
        fg = t.on_primary;
        role = FontRole::Title;
        break;
    case ButtonKind::Secondary:
        dl->AddRectFilled(r.min(), r.max(), pressed ? t.surface_pressed : t.surface, radius);
        dl->AddRect(r.min(), r.max(), hovered && enabled ? t.primary : t.divider, radius, 0, 1.0f);
        fg = enabled ? t.text : t.text_disabled;
        break;
    case ButtonKind::Segment: { // the fill sits inside the (full-height) hit area
        Rect f{r.x, r.y + rpx(4), r.w, r.h - rpx(8)};
        if (selected) dl->AddRectFilled(f.min(), f.max(), t.primary, radius);
        else if (pressed) dl->AddRectFilled(f.min(), f.max(), t.surface_pressed, radius);
        fg = selected ? t.on_primary : enabled ? t.text : t.text_disabled;
        role = selected ? FontRole::Title : FontRole::Body;
        break;
    }
    case ButtonKind::Plain:
        if (pressed) dl->AddRectFilled(r.min(), r.max(), IM_COL32(0, 0, 0, 0x18), radius);
        fg = enabled ? t.text : t.text_disabled;
        break;
    case ButtonKind::Link:
        if (pressed) dl->AddRectFilled(r.min(), r.max(), IM_COL32(0, 0, 0, 0x18), radius);
        fg = enabled ? t.primary : t.text_disabled;
        role = FontRole::Title;
        break;
    }
    // A label too wide for its button steps down to the small font rather than overflow.
    if (!label.empty() && role != FontRole::Small && measure(label, role).x > r.w - rpx(16))
        role = role != FontRole::Body && measure(label, FontRole::Body).x <= r.w - rpx(16) ? FontRole::Body : FontRole::Small;
    if (!label.empty()) text(r.inset(rpx(8)), label, role, fg, Align::Center, false);
    if (clicked) dirty_ = true;
    return clicked && enabled;
}

int App::segmented(const char* id, Rect r, const std::vector<std::pair<std::string, std::string>>& items,
                   int selected, bool enabled) {
    const Theme& t = *theme_;
    card(r, t.surface);
    draw_list()->AddRect(r.min(), r.max(), t.divider, rpx(metrics::kRadius));
    control(id, r);
    int clicked = -1;
    float w = r.w / float(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
        Rect seg{r.x + w * float(i), r.y, w, r.h};
        std::string sid = std::string(id) + "-" + items[i].first;
        if (button(sid.c_str(), Rect{seg.x + rpx(4), seg.y, seg.w - rpx(8), seg.h}, items[i].second, ButtonKind::Segment,
                   enabled, int(i) == selected))
            clicked = int(i);
    }
    return clicked;
}

void App::plain_board(Rect r, games::BoardLook look, int n, const nlohmann::json& cells,
                      std::optional<std::array<int, 2>> last, std::vector<Rect>& cell_rects) {
    const Theme& t = *theme_;
    ImDrawList* dl = draw_list();
    cell_rects.assign(size_t(n * n), Rect{});
    if (n <= 0) return;
    const bool go_style = look == games::BoardLook::Wood;
    ImU32 bg = look == games::BoardLook::Felt ? board_colors::kFelt : go_style ? board_colors::kWood : t.board;
    ImU32 line = look == games::BoardLook::Felt ? board_colors::kFeltLine : go_style ? board_colors::kWoodLine : t.board_line;
    dl->AddRectFilled(r.min(), r.max(), bg, rpx(10));
    const float cell = r.w / float(n);
    // Squares are divided by their edges; Go-style stones sit on the lines through the centres.
    for (int i = go_style ? 0 : 1; i < n; ++i) {
        float o = go_style ? cell * (float(i) + 0.5f) : cell * float(i);
        float a = go_style ? cell * 0.5f : 0, b = go_style ? r.w - cell * 0.5f : r.w;
        dl->AddLine(ImVec2(r.x + o, r.y + a), ImVec2(r.x + o, r.y + b), line);
        dl->AddLine(ImVec2(r.x + a, r.y + o), ImVec2(r.x + b, r.y + o), line);
    }
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            Rect c{r.x + cell * float(col), r.y + cell * float(row), cell, cell};
            cell_rects[size_t(row * n + col)] = c;
            int v = 0;
            if (cells.is_array() && row < int(cells.size()) && cells[size_t(row)].is_array() &&
                col < int(cells[size_t(row)].size()) && cells[size_t(row)][size_t(col)].is_number_integer())
                v = cells[size_t(row)][size_t(col)].get<int>();
            if (!v) continue;
            ImVec2 m = c.center();
            float rad = cell * 0.42f;
            if (look == games::BoardLook::Marks) {
                float s = cell * 0.28f, th = std::max(2.0f, cell * 0.07f);
                if (v == 1) {
                    dl->AddLine(ImVec2(m.x - s, m.y - s), ImVec2(m.x + s, m.y + s), t.x_mark, th);
                    dl->AddLine(ImVec2(m.x + s, m.y - s), ImVec2(m.x - s, m.y + s), t.x_mark, th);
                } else {
                    dl->AddCircle(m, s, t.o_mark, 0, th);
                }
            } else {
                dl->AddCircleFilled(m, rad, v == 1 ? IM_COL32(22, 22, 22, 255) : IM_COL32(245, 245, 245, 255));
                if (v == 2) dl->AddCircle(m, rad, IM_COL32(140, 140, 140, 255));
            }
            if (last && (*last)[0] == row && (*last)[1] == col) dl->AddCircleFilled(m, rad * 0.25f, t.last_move);
        }
}

} // namespace ui
