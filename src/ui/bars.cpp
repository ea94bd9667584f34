// bars.cpp — the shell's two bars, as WeChat draws them: the navigation bar (the page's title in
// app.json's colours, and a back or home button) and the tab bar (app.json's tabBar).
//
// Index
//   navigation bar ..... nav_button(), draw_nav_bar()
//   tab bar ............ draw_tab_bar()
#include "ui/app.h"

#include <algorithm>
#include <string>
#include <vector>

namespace ui {

// --- navigation bar --------------------------------------------------------------------------

// Which button the nav bar shows: back over a page below, home for a page opened alone (not
// a tab, not the entry page), none when embedded. One decision for the drawing and state().
App::NavButton App::nav_button() const {
    if (embedded_ || !router_ || router_->stack().empty()) return NavButton::None;
    if (router_->stack().size() > 1) return NavButton::Back;
    const std::string& path = router_->current()->path();
    if (manifest_.is_tab_page(path) || path == manifest_.entryPagePath) return NavButton::None;
    return NavButton::Home;
}

// The navigation bar: the title (also the document's title) and the button nav_button()
// chose, drawn as a chevron or a house (no glyph needed).
void App::draw_nav_bar(Rect r, const miniapp::WindowConfig& cfg) {
    ImDrawList* dl = draw_list();
    dl->AddRectFilled(r.min(), r.max(), rgba(cfg.navigationBarBackgroundColor));
    ImU32 fg = cfg.navigationBarTextStyle == miniapp::TextStyle::White ? IM_COL32_WHITE
                                                                       : IM_COL32(0, 0, 0, 255);
    std::string title(miniapp::translate_manifest_text(cfg.navigationBarTitleText, lang_));
    Rect title_rect{r.x + r.h, r.y, r.w - 2 * r.h, r.h};
    text(title_rect, title, FontRole::Title, fg, Align::Center, false);
    static std::string last_title;
    if (title != last_title) {
        host_.set_document_title(title);
        last_title = title;
    }
    const NavButton nav = nav_button();
    if (nav == NavButton::Back) {
        Rect back{r.x, r.y, r.h, r.h};
        if (button("back", back, "", ButtonKind::Plain)) {
            router_->navigateBack();
            dirty_ = true;
        }
        // A chevron, drawn: no glyph needed.
        ImVec2 c = back.center();
        float s = r.h * 0.16f;
        dl->AddPolyline(std::vector<ImVec2>{{c.x + s * 0.5f, c.y - s},
                                            {c.x - s * 0.5f, c.y},
                                            {c.x + s * 0.5f, c.y + s}}
                            .data(),
                        3, fg, 0, std::max(1.5f, rpx(4)));
    } else if (nav == NavButton::Home) {
        // Opened by a link or a reload with nothing under it and no tab bar: a way home (WeChat
        // shows a house here).
        Rect home{r.x, r.y, r.h, r.h};
        if (button("home", home, "", ButtonKind::Plain)) {
            router_->reLaunch("/" + manifest_.entryPagePath);
            dirty_ = true;
        }
        // A house, drawn: roof and walls.
        ImVec2 c = home.center();
        float s = r.h * 0.17f, th = std::max(1.5f, rpx(4));
        dl->AddPolyline(std::vector<ImVec2>{{c.x - s * 1.15f, c.y - s * 0.05f},
                                            {c.x, c.y - s * 1.15f},
                                            {c.x + s * 1.15f, c.y - s * 0.05f}}
                            .data(),
                        3, fg, 0, th);
        dl->AddPolyline(std::vector<ImVec2>{{c.x - s * 0.8f, c.y - s * 0.35f},
                                            {c.x - s * 0.8f, c.y + s},
                                            {c.x + s * 0.8f, c.y + s},
                                            {c.x + s * 0.8f, c.y - s * 0.35f}}
                            .data(),
                        4, fg, 0, th);
    }
}

// --- tab bar ---------------------------------------------------------------------------------

// The tab bar: one button per app.json tab, its icon drawn and its text translated; a tap
// switches tabs (switchTab).
void App::draw_tab_bar(Rect r) {
    const miniapp::TabBar& bar = *manifest_.tabBar;
    ImDrawList* dl = draw_list();
    ImU32 bg = theme_->dark ? theme_->surface : rgba(bar.backgroundColor);
    dl->AddRectFilled(r.min(), r.max(), bg);
    ImU32 border = bar.borderStyle == miniapp::TextStyle::Black && !theme_->dark
                       ? IM_COL32(0, 0, 0, 0x33)
                       : IM_COL32(255, 255, 255, 0x33);
    dl->AddLine(r.min(), ImVec2(r.x + r.w, r.y), border, 1.0f);
    float item_w = r.w / float(bar.list.size());
    const std::string& current = router_->current()->path();
    for (size_t i = 0; i < bar.list.size(); ++i) {
        const miniapp::TabItem& item = bar.list[i];
        Rect ir{r.x + item_w * float(i), r.y, item_w, r.h};
        bool selected = item.pagePath == current;
        std::string id = "tab-" + std::to_string(i);
        if (button(id.c_str(), ir, "", ButtonKind::Plain) && !selected) {
            router_->switchTab("/" + item.pagePath);
            dirty_ = true;
        }
        control("tab:" + item.pagePath, ir);
        ImU32 col = selected ? rgba(bar.selectedColor) : rgba(bar.color);
        // Icon: a filled dot pattern for the first tab (games), a gear-like ring otherwise.
        ImVec2 c{ir.x + ir.w * 0.5f, ir.y + ir.h * 0.36f};
        float s = rpx(18);
        if (i == 0) {
            for (int k = 0; k < 4; ++k)
                dl->AddRectFilled(
                    ImVec2(c.x - s + (k % 2) * s * 1.1f, c.y - s + (k / 2) * s * 1.1f),
                    ImVec2(c.x - s + (k % 2) * s * 1.1f + s * 0.9f,
                           c.y - s + (k / 2) * s * 1.1f + s * 0.9f),
                    col, rpx(3));
        } else {
            dl->AddCircle(c, s * 0.95f, col, 0, rpx(5));
            dl->AddCircleFilled(c, s * 0.35f, col);
        }
        std::string label(miniapp::translate_manifest_text(item.text, lang_));
        text(Rect{ir.x, ir.y + ir.h * 0.62f, ir.w, ir.h * 0.3f}, label, FontRole::Small, col,
             Align::Center, false);
    }
}

} // namespace ui
