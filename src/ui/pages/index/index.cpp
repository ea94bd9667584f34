#include "ui/pages/index/index.h"

#include "games/common/catalogue.h"

namespace ui {

void IndexPage::draw(Rect body) {
    const Theme& t = app_.theme();
    Rect r = body.inset(app_.rpx(metrics::kPadding));
    app_.text(r.take_top(app_.rpx(56)), app_.tr(miniapp::Str::HomeTitle), FontRole::Large, t.text);
    app_.text(r.take_top(app_.rpx(44), app_.rpx(24)), app_.tr(miniapp::Str::HomeSubtitle), FontRole::Body, t.text_secondary);
    // The cards of the game catalogue's home list, each shown only when its page is part of this
    // build and of app.json.
    for (const games::HomeCard& e : games::home_cards()) {
        const std::string path(e.page), control(e.control);
        if (!app_.router().manifest().has_page(path)) continue;
        Rect card = r.take_top(app_.rpx(150), app_.rpx(metrics::kGap));
        app_.card(card, t.surface);
        if (app_.button(control.c_str(), card, "", ButtonKind::Plain)) app_.router().navigateTo("/" + path);
        Rect inner = card.inset(app_.rpx(28));
        inner.w -= app_.rpx(40);
        app_.text(inner.take_top(inner.h * 0.5f), app_.tr(miniapp::str_from_name(e.name)), FontRole::Title, t.text);
        app_.text(inner, app_.tr(miniapp::str_from_name(e.description)), FontRole::Small, t.text_secondary);
        // A chevron pointing right.
        ImVec2 c{card.x + card.w - app_.rpx(44), card.y + card.h * 0.5f};
        float s = app_.rpx(12);
        ImVec2 pts[] = {{c.x - s * 0.5f, c.y - s}, {c.x + s * 0.5f, c.y}, {c.x - s * 0.5f, c.y + s}};
        app_.draw_list()->AddPolyline(pts, 3, t.text_secondary, 0, app_.rpx(4));
    }
}

} // namespace ui
