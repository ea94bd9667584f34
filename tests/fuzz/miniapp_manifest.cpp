// miniapp_manifest — app.json (parse_manifest) and page json (parse_page_config) as a person
// or a build might write them. Promise: never throws, and a manifest that parses is coherent.
#include <nlohmann/json.hpp>

#include "fuzz_common.h"
#include "miniapp/manifest.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::as_text(data, size);

    const auto m = miniapp::parse_manifest(text);
    miniapp::WindowConfig base;
    if (m) {
        const miniapp::Manifest& man = *m.value;
        FUZZ_CHECK(!man.pages.empty(), "a valid manifest has pages");
        FUZZ_CHECK(man.has_page(man.entryPagePath), "entry page '" + man.entryPagePath + "'");
        if (man.tabBar) {
            const auto& list = man.tabBar->list;
            FUZZ_CHECK(list.size() >= 2 && list.size() <= 5, "tabBar.list has 2..5 items");
            for (size_t i = 0; i < list.size(); ++i) {
                FUZZ_CHECK(man.has_page(list[i].pagePath), list[i].pagePath);
                FUZZ_CHECK(man.is_tab_page(list[i].pagePath), list[i].pagePath);
                const int at = man.tab_index(list[i].pagePath);
                FUZZ_CHECK(at >= 0 && at <= int(i), "tab_index of " + list[i].pagePath);
            }
        }
        base = man.window;
    } else {
        FUZZ_CHECK(!m.error.empty(), "a refused manifest names the problem");
    }

    // The same bytes as a page's json over the app window.
    const auto page = miniapp::parse_page_config(text, base, "pages/fuzz/fuzz");
    if (!page) FUZZ_CHECK(!page.error.empty(), "a refused page json names the problem");

    // Colours on their own: a short prefix, and every string value of a JSON input.
    (void)miniapp::parse_color(text.substr(0, 12));
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_discarded() && j.is_object())
        for (const auto& [key, value] : j.items())
            if (value.is_string()) {
                const auto c = miniapp::parse_color(value.get_ref<const std::string&>());
                if (c) {
                    const std::string& s = value.get_ref<const std::string&>();
                    FUZZ_CHECK(!s.empty() && s[0] == '#', "a colour starts with '#': " + s);
                }
            }
    return 0;
}
