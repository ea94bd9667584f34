#include "miniapp/manifest.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <set>

// No exceptions here: the web build is compiled without them, so every check reports through
// Checker::fail() and returns early.
namespace miniapp {

using nlohmann::json;

namespace {

const char* type_name(const json& j) {
    switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    default: return "a number";
    }
}

// Collects the first error, prefixed with the file name, and answers typed reads.
struct Checker {
    std::string file;
    std::string error;

    bool fail(const std::string& key, const std::string& what) {
        if (error.empty()) error = file + ": \"" + key + "\" " + what;
        return false;
    }
    bool is(const json& j, json::value_t t, const char* want, const std::string& key) {
        if (j.type() == t) return true;
        return fail(key, std::string("must be ") + want + ", not " + type_name(j));
    }
    const std::string* str(const json& j, const std::string& key) {
        return is(j, json::value_t::string, "a string", key) ? &j.get_ref<const std::string&>()
                                                              : nullptr;
    }
    bool color(const json& j, const std::string& key, Color& out) {
        const std::string* s = str(j, key);
        if (!s) return false;
        auto c = parse_color(*s);
        if (!c) return fail(key, "must be a hex colour like \"#1AAD19\", not \"" + *s + "\"");
        out = *c;
        return true;
    }
    bool style(const json& j, const std::string& key, TextStyle& out) {
        const std::string* s = str(j, key);
        if (!s) return false;
        if (*s == "black") return out = TextStyle::Black, true;
        if (*s == "white") return out = TextStyle::White, true;
        return fail(key, "must be \"black\" or \"white\", not \"" + *s + "\"");
    }
    // A page path as WeChat wants it: relative, no extension, no query.
    bool page_path(const std::string& p, const std::string& key) {
        if (p.empty()) return fail(key, "must not be empty");
        if (p.front() == '/') return fail(key, "must not start with '/': \"" + p + "\"");
        if (p.find('?') != std::string::npos) return fail(key, "must not carry a query: \"" + p + "\"");
        for (const char* ext : {".json", ".js", ".wxml", ".wxss", ".html"})
            if (p.ends_with(ext)) return fail(key, "must not carry a file extension: \"" + p + "\"");
        for (char c : p)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '_' || c == '-' ||
                  c == '.'))
                return fail(key, "has an invalid character in \"" + p + "\"");
        return true;
    }
    // Read the window keys present in `obj` onto `w`; other keys go to `unknown`.
    bool window(const json& obj, WindowConfig& w, const std::string& prefix,
                std::vector<std::string>& unknown) {
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            const std::string key = prefix + it.key();
            bool ok = true;
            if (it.key() == "navigationBarTitleText") {
                const std::string* s = str(*it, key);
                ok = s != nullptr;
                if (ok) w.navigationBarTitleText = *s;
            } else if (it.key() == "navigationBarBackgroundColor") {
                ok = color(*it, key, w.navigationBarBackgroundColor);
            } else if (it.key() == "navigationBarTextStyle") {
                ok = style(*it, key, w.navigationBarTextStyle);
            } else if (it.key() == "backgroundColor") {
                ok = color(*it, key, w.backgroundColor);
            } else {
                unknown.push_back(key);
            }
            if (!ok) return false;
        }
        return true;
    }
    // Parse `text` as a JSON object.
    bool parse(std::string_view text, json& out) {
        out = json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (out.is_discarded()) {
            error = file + ": not valid JSON";
            return false;
        }
        if (!out.is_object()) {
            error = file + ": the top level must be an object, not " + type_name(out);
            return false;
        }
        return true;
    }
};

bool read_tab_bar(Checker& c, const json& t, Manifest& m) {
    if (!c.is(t, json::value_t::object, "an object", "tabBar")) return false;
    TabBar bar;
    // WeChat requires color, selectedColor, backgroundColor and list.
    for (const char* req : {"color", "selectedColor", "backgroundColor", "list"})
        if (!t.contains(req)) return c.fail(std::string("tabBar.") + req, "is required");
    if (!c.color(t["color"], "tabBar.color", bar.color) ||
        !c.color(t["selectedColor"], "tabBar.selectedColor", bar.selectedColor) ||
        !c.color(t["backgroundColor"], "tabBar.backgroundColor", bar.backgroundColor))
        return false;
    if (t.contains("borderStyle") && !c.style(t["borderStyle"], "tabBar.borderStyle", bar.borderStyle))
        return false;
    const json& list = t["list"];
    if (!c.is(list, json::value_t::array, "an array", "tabBar.list")) return false;
    if (list.size() < 2 || list.size() > 5)
        return c.fail("tabBar.list", "must have 2 to 5 items, not " + std::to_string(list.size()));
    std::set<std::string> tabs;
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string key = "tabBar.list[" + std::to_string(i) + "]";
        const json& item = list[i];
        if (!c.is(item, json::value_t::object, "an object", key)) return false;
        if (!item.contains("pagePath")) return c.fail(key + ".pagePath", "is required");
        if (!item.contains("text")) return c.fail(key + ".text", "is required");
        TabItem ti;
        const std::string* path = c.str(item["pagePath"], key + ".pagePath");
        const std::string* text = c.str(item["text"], key + ".text");
        if (!path || !text) return false;
        if (!m.has_page(*path)) return c.fail(key + ".pagePath", "\"" + *path + "\" is not in \"pages\"");
        if (!tabs.insert(*path).second) return c.fail(key + ".pagePath", "repeats \"" + *path + "\"");
        ti.pagePath = *path;
        ti.text = *text;
        for (auto it = item.begin(); it != item.end(); ++it) {
            if (it.key() == "iconPath" || it.key() == "selectedIconPath") {
                const std::string* s = c.str(*it, key + "." + it.key());
                if (!s) return false;
                (it.key() == "iconPath" ? ti.iconPath : ti.selectedIconPath) = *s;
            } else if (it.key() != "pagePath" && it.key() != "text") {
                m.warnings.push_back("app.json: unknown key \"" + key + "." + it.key() + "\" ignored");
            }
        }
        bar.list.push_back(std::move(ti));
    }
    m.tabBar = std::move(bar);
    return true;
}

bool read_manifest(Checker& c, const json& j, Manifest& m) {
    // pages: required, a non-empty array of unique page paths.
    if (!j.contains("pages")) return c.fail("pages", "is required");
    const json& pages = j["pages"];
    if (!c.is(pages, json::value_t::array, "an array", "pages")) return false;
    if (pages.empty()) return c.fail("pages", "must list at least one page");
    std::set<std::string> seen;
    for (size_t i = 0; i < pages.size(); ++i) {
        const std::string key = "pages[" + std::to_string(i) + "]";
        const std::string* p = c.str(pages[i], key);
        if (!p || !c.page_path(*p, key)) return false;
        if (!seen.insert(*p).second) return c.fail(key, "repeats \"" + *p + "\"");
        m.pages.push_back(*p);
    }

    // entryPagePath: optional, must be a listed page.
    m.entryPagePath = m.pages.front();
    if (j.contains("entryPagePath")) {
        const std::string* e = c.str(j["entryPagePath"], "entryPagePath");
        if (!e) return false;
        if (!m.has_page(*e)) return c.fail("entryPagePath", "\"" + *e + "\" is not in \"pages\"");
        m.entryPagePath = *e;
    }

    if (j.contains("window")) {
        const json& w = j["window"];
        std::vector<std::string> unknown;
        if (!c.is(w, json::value_t::object, "an object", "window") ||
            !c.window(w, m.window, "window.", unknown))
            return false;
        for (auto& k : unknown) m.warnings.push_back("app.json: unknown key \"" + k + "\" ignored");
    }

    if (j.contains("tabBar") && !read_tab_bar(c, j["tabBar"], m)) return false;

    static const std::set<std::string> known{"pages", "entryPagePath", "window", "tabBar"};
    for (auto it = j.begin(); it != j.end(); ++it)
        if (!known.count(it.key()))
            m.warnings.push_back("app.json: unknown key \"" + it.key() + "\" ignored");
    return true;
}

} // namespace

std::optional<Color> parse_color(std::string_view s) {
    if ((s.size() != 4 && s.size() != 7 && s.size() != 9) || s[0] != '#') return std::nullopt;
    uint32_t v = 0;
    for (size_t i = 1; i < s.size(); ++i) {
        char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0) return std::nullopt;
        v = v << 4 | uint32_t(d);
    }
    if (s.size() == 4) { // #RGB → #RRGGBB
        uint32_t r = v >> 8 & 0xF, g = v >> 4 & 0xF, b = v & 0xF;
        v = (r * 17) << 16 | (g * 17) << 8 | (b * 17);
    }
    return s.size() == 9 ? v : (v << 8 | 0xFF);
}

bool Manifest::has_page(std::string_view path) const {
    return std::find(pages.begin(), pages.end(), path) != pages.end();
}

int Manifest::tab_index(std::string_view path) const {
    if (!tabBar) return -1;
    for (size_t i = 0; i < tabBar->list.size(); ++i)
        if (tabBar->list[i].pagePath == path) return int(i);
    return -1;
}

bool Manifest::is_tab_page(std::string_view path) const { return tab_index(path) >= 0; }

Parsed<Manifest> parse_manifest(std::string_view text) {
    Parsed<Manifest> out;
    Checker c{"app.json", {}};
    json j;
    Manifest m;
    if (c.parse(text, j) && read_manifest(c, j, m))
        out.value = std::move(m);
    else
        out.error = c.error;
    return out;
}

Parsed<WindowConfig> parse_page_config(std::string_view text, const WindowConfig& base,
                                       std::string_view page) {
    Parsed<WindowConfig> out;
    Checker c{std::string(page) + ".json", {}};
    json j;
    WindowConfig w = base;
    std::vector<std::string> unknown; // "usingComponents" and friends: ignored, as WeChat does
    if (c.parse(text, j) && c.window(j, w, "", unknown))
        out.value = w;
    else
        out.error = c.error;
    return out;
}

} // namespace miniapp
