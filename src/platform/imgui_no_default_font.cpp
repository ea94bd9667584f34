// imgui_no_default_font.cpp — the web build links with
// --wrap=_ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig (src/platform/CMakeLists.txt), so
// every call of ImFontAtlas::AddFontDefault() lands here instead of in ImGui.
//
// ImGui calls it only from ImFontAtlas::Build() when no font was added. The app always adds
// its NanumSquare subsets first (src/ui/fonts.cpp), so ImGui's embedded ProggyClean font
// (12 KB of base85 text that does not compress: 11 KB gzip of index.wasm) would be dead
// weight; with the call redirected, the linker drops it. ImGui's own sources stay untouched.
#include <cstdio>

struct ImFont;
struct ImFontAtlas;
struct ImFontConfig;

extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas*, const ImFontConfig*) {
    std::fputs("ImFontAtlas::AddFontDefault: ImGui's default font is not part of this build\n", stderr);
    return nullptr;
}
