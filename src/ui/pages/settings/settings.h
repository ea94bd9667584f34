// pages/settings/settings — a tab: language and theme, kept in storage; the records of games
// against the AI (ui/play.h), with a reset that asks first.
#pragma once
#include "ui/app.h"

namespace ui {

class SettingsPage : public PageView {
  public:
    using PageView::PageView;
    void draw(Rect body) override;
    nlohmann::json game_state() const override;

  private:
    void draw_records(Rect& r);
};

} // namespace ui
