// pages/settings/settings — a tab: language and theme, kept in storage.
#pragma once
#include "ui/app.h"

namespace ui {

class SettingsPage : public PageView {
  public:
    using PageView::PageView;
    void draw(Rect body) override;
    nlohmann::json game_state() const override;
};

} // namespace ui
