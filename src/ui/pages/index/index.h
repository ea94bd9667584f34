// pages/index/index — Home: the game list and the Bot Lab entry, like a mini-program's index.
#pragma once
#include "ui/app.h"

namespace ui {

class IndexPage : public PageView {
  public:
    using PageView::PageView;
    void draw(Rect body) override;
    nlohmann::json game_state() const override { return nullptr; }
};

} // namespace ui
