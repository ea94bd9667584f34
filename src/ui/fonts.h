// fonts.h — the font atlas: NanumSquare (regular + bold) cut at build time to the glyphs the
// string table and app.json use (scripts/lib/make_font.py), baked at the device pixel ratio
// so text is sharp on HiDPI screens, with the glyphs of the language shown, and re-baked when
// the canvas size or ratio or the language changes (sizes are in rpx).
#pragma once
#include <imgui.h>

#include "miniapp/strings.h"

namespace ui {

enum class FontRole { Small, Body, Title, Large, Count };

class Fonts {
  public:
    // The atlas never grows past this (a texture every WebGL device takes, small in memory).
    static constexpr int kMaxAtlas = 2048;

    // Make sure the atlas matches `px_per_rpx` CSS px per rpx at `dpr` device px per CSS px,
    // with the glyphs `lang` shows. Glyphs are baked at the device resolution, or as close to
    // it as fits in kMaxAtlas². True when the atlas was rebuilt (the renderer must upload it
    // again).
    bool update(float px_per_rpx, float dpr, miniapp::Lang lang);
    // Device px per CSS px the glyphs are baked at (≤ dpr).
    float bake_scale() const { return scale_; }

    ImFont* get(FontRole role) const { return fonts_[int(role)]; }
    // Size in CSS px of `role` at the current scale.
    float size(FontRole role) const;
    int atlas_width() const;
    int atlas_height() const;

  private:
    ImFont* fonts_[int(FontRole::Count)] = {};
    int baked_px_[int(FontRole::Count)] = {};
    float dpr_ = 0, px_per_rpx_ = 0, scale_ = 1;
    miniapp::Lang lang_ = miniapp::Lang::Ko;
    ImVector<ImWchar> ranges_; // the baked glyphs: (first, last) pairs, zero-terminated
    int glyphs_ = 0;           // glyphs per font in ranges_
    void set_ranges(miniapp::Lang lang);
    bool build(float px_per_rpx, float scale);
};

} // namespace ui
