// manifest.h — the mini-app's app.json and per-page json, parsed and validated.
//
// Validation follows WeChat's rules for the keys we support and fails naming the key path
// (e.g. `tabBar.list[2].pagePath`), so a malformed manifest stops start-up with a message a
// person can act on instead of a blank canvas. Unknown keys are kept as warnings, as WeChat's
// tools do.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace miniapp {

// 0xRRGGBBAA.
using Color = uint32_t;

enum class TextStyle : uint8_t { Black, White };

// The window settings: app.json "window", overridden per page by "<page>.json".
struct WindowConfig {
    std::string navigationBarTitleText;
    Color navigationBarBackgroundColor = 0x000000FF;
    TextStyle navigationBarTextStyle = TextStyle::White;
    Color backgroundColor = 0xFFFFFFFF;
};

struct TabItem {
    std::string pagePath;
    std::string text;
    std::string iconPath;         // optional
    std::string selectedIconPath; // optional
};

struct TabBar {
    Color color = 0x000000FF;
    Color selectedColor = 0x000000FF;
    Color backgroundColor = 0xFFFFFFFF;
    TextStyle borderStyle = TextStyle::Black;
    std::vector<TabItem> list;
};

struct Manifest {
    std::vector<std::string> pages; // "pages/index/index", ...
    std::string entryPagePath;      // the home page: entryPagePath or pages[0]
    WindowConfig window;
    std::optional<TabBar> tabBar;
    std::vector<std::string> warnings;

    bool has_page(std::string_view path) const;
    bool is_tab_page(std::string_view path) const;
    int tab_index(std::string_view path) const; // -1 when not a tab page
};

// Either a value or an error message naming the offending key.
template <class T> struct Parsed {
    std::optional<T> value;
    std::string error;
    explicit operator bool() const { return value.has_value(); }
};

// Parse and validate app.json text.
Parsed<Manifest> parse_manifest(std::string_view json_text);

// Apply a page json ("flat window overrides") on top of the app window; `page` names the file
// in error messages.
Parsed<WindowConfig> parse_page_config(std::string_view json_text, const WindowConfig& base,
                                       std::string_view page);

// "#RRGGBB" / "#RGB" / "#RRGGBBAA" → Color.
std::optional<Color> parse_color(std::string_view text);

} // namespace miniapp
