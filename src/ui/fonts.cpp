#include "ui/fonts.h"

#include <algorithm>
#include <cmath>

// Generated at build time (scripts/lib/make_font.py): the subset fonts.
extern const unsigned char kFontRegular[];
extern const unsigned int kFontRegularSize;
extern const unsigned char kFontBold[];
extern const unsigned int kFontBoldSize;
// The code points English shows (sorted, zero-terminated).
extern const unsigned short kGlyphsEn[];
extern const unsigned int kFontSubsetGlyphs; // glyphs in each subset font

namespace ui {

namespace {
constexpr float kRpx[int(FontRole::Count)] = {24, 30, 34, 44};
constexpr bool kBold[int(FontRole::Count)] = {false, false, true, true};
} // namespace

// ImGui's glyph ranges (first, last pairs) for `lang`: in Korean the whole subset (ranges wide
// enough for all it may hold; glyphs it lacks are skipped), in English only what English shows,
// so that atlas has none of the Korean strings' syllables.
void Fonts::set_ranges(miniapp::Lang lang) {
    static const ImWchar kWholeSubset[] = {0x0020, 0x00FF, 0x2000, 0x27BF, 0x3000, 0x30FF, 0x3130, 0x318F,
                                           0xAC00, 0xD7A3, 0xFF00, 0xFFEF, 0};
    ranges_.clear();
    glyphs_ = 0;
    if (lang == miniapp::Lang::Ko) {
        for (const ImWchar* r = kWholeSubset; *r; ++r) ranges_.push_back(*r);
        glyphs_ = int(kFontSubsetGlyphs);
    } else {
        for (int i = 0; kGlyphsEn[i]; ++i, ++glyphs_) {
            if (!ranges_.empty() && ranges_.back() + 1 == kGlyphsEn[i]) ranges_.back() = ImWchar(kGlyphsEn[i]);
            else ranges_.push_back(ImWchar(kGlyphsEn[i])), ranges_.push_back(ImWchar(kGlyphsEn[i]));
        }
    }
    ranges_.push_back(0);
    lang_ = lang;
}

float Fonts::size(FontRole role) const {
    return scale_ > 0 && baked_px_[int(role)] ? float(baked_px_[int(role)]) / scale_ : kRpx[int(role)];
}

int Fonts::atlas_width() const { return ImGui::GetIO().Fonts->TexWidth; }
int Fonts::atlas_height() const { return ImGui::GetIO().Fonts->TexHeight; }

// Bake every role at `scale` device px per CSS px.
bool Fonts::build(float px_per_rpx, float scale) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    io.Fonts->TexDesiredWidth = kMaxAtlas;
    for (int i = 0; i < int(FontRole::Count); ++i) {
        const int px = std::max(8, int(std::lround(kRpx[i] * px_per_rpx * scale)));
        ImFontConfig cfg;
        cfg.FontDataOwnedByAtlas = false; // static data: the atlas must not free it
        cfg.OversampleH = 1;              // baked at the device resolution already
        cfg.OversampleV = 1;
        cfg.PixelSnapH = true;
        const unsigned char* data = kBold[i] ? kFontBold : kFontRegular;
        unsigned int size = kBold[i] ? kFontBoldSize : kFontRegularSize;
        fonts_[i] = io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), int(size), float(px), &cfg, ranges_.Data);
        baked_px_[i] = px;
    }
    io.Fonts->Build();
    return io.Fonts->TexHeight <= kMaxAtlas && io.Fonts->TexWidth <= kMaxAtlas;
}

bool Fonts::update(float px_per_rpx, float dpr, miniapp::Lang lang) {
    if (dpr == dpr_ && std::fabs(px_per_rpx - px_per_rpx_) < 0.002f && lang == lang_ && !ranges_.empty()) return false;
    set_ranges(lang);
    // The glyphs' total area grows with the square of the scale: start from an estimate that
    // fits, then step down in the rare case the packing still overflows.
    float area = 0;
    for (float r : kRpx) area += (r * px_per_rpx * 1.25f) * (r * px_per_rpx * 1.25f);
    area *= float(glyphs_) * 1.2f; // glyphs per font, plus packing slack
    float scale = std::min(dpr, std::sqrt(0.85f * float(kMaxAtlas) * float(kMaxAtlas) / std::max(area, 1.0f)));
    scale = std::max(scale, 0.5f);
    while (!build(px_per_rpx, scale) && scale > 0.5f) scale *= 0.85f;
    scale_ = scale;
    dpr_ = dpr;
    px_per_rpx_ = px_per_rpx;
    ImGuiIO& io = ImGui::GetIO();
    io.FontGlobalScale = 1.0f / scale;
    io.FontDefault = fonts_[int(FontRole::Body)];
    return true;
}

} // namespace ui
