#include "ui/fonts.h"

#include <algorithm>
#include <cmath>

// Generated at build time (scripts/lib/make_font.py): the subset fonts.
extern const unsigned char kFontRegular[];
extern const unsigned int kFontRegularSize;
extern const unsigned char kFontBold[];
extern const unsigned int kFontBoldSize;

namespace ui {

namespace {
constexpr float kRpx[int(FontRole::Count)] = {24, 30, 34, 44, 72};
constexpr bool kBold[int(FontRole::Count)] = {false, false, true, true, true};

// Ranges wide enough for everything the subset may hold; glyphs the subset lacks are skipped.
const ImWchar kRanges[] = {0x0020, 0x00FF, 0x2000, 0x27BF, 0x3000, 0x30FF, 0x3130, 0x318F,
                           0xAC00, 0xD7A3, 0xFF00, 0xFFEF, 0};
} // namespace

float Fonts::size(FontRole role) const {
    return dpr_ > 0 ? float(baked_px_[int(role)]) / dpr_ : kRpx[int(role)];
}

int Fonts::atlas_width() const { return ImGui::GetIO().Fonts->TexWidth; }
int Fonts::atlas_height() const { return ImGui::GetIO().Fonts->TexHeight; }

bool Fonts::update(float px_per_rpx, float dpr) {
    int want[int(FontRole::Count)];
    bool same = dpr == dpr_;
    for (int i = 0; i < int(FontRole::Count); ++i) {
        want[i] = std::max(8, int(std::lround(kRpx[i] * px_per_rpx * dpr)));
        same = same && want[i] == baked_px_[i];
    }
    if (same) return false;

    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    io.Fonts->TexDesiredWidth = 1024;
    for (int i = 0; i < int(FontRole::Count); ++i) {
        ImFontConfig cfg;
        cfg.FontDataOwnedByAtlas = false; // static data: the atlas must not free it
        cfg.OversampleH = 1;              // baked at the device resolution already
        cfg.OversampleV = 1;
        cfg.PixelSnapH = true;
        const unsigned char* data = kBold[i] ? kFontBold : kFontRegular;
        unsigned int size = kBold[i] ? kFontBoldSize : kFontRegularSize;
        fonts_[i] = io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), int(size),
                                                   float(want[i]), &cfg, kRanges);
        baked_px_[i] = want[i];
    }
    io.Fonts->Build();
    io.FontGlobalScale = 1.0f / dpr;
    io.FontDefault = fonts_[int(FontRole::Body)];
    dpr_ = dpr;
    return true;
}

} // namespace ui
