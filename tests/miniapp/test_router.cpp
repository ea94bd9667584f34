// The page stack and the official lifecycle order for every route operation.
#include "miniapp/router.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace miniapp;

namespace {

// A = index (tab), B = settings (tab), C and D plain pages — the names WeChat's docs use.
const char* kApp = R"({
  "pages": ["pages/a/a", "pages/b/b", "pages/c/c", "pages/d/d"],
  "tabBar": {"color": "#999999", "selectedColor": "#1AAD19", "backgroundColor": "#ffffff",
             "list": [{"pagePath": "pages/a/a", "text": "A"}, {"pagePath": "pages/b/b", "text": "B"}]}
})";

// Records every hook with the page's short name: "A.onLoad", "App.onShow", "C.onLoad(x=1)".
struct Harness : AppDelegate {
    std::vector<std::string> log;
    Router router;

    static std::string shortname(const std::string& path) {
        return path == "App" ? "App" : std::string(1, char(std::toupper(path[6])));
    }

    struct RecPage : Page {
        Harness* h;
        explicit RecPage(Harness* harness) : h(harness) {}
        void onLoad(const Query& q) override {
            std::string extra;
            for (auto& [k, v] : q) extra += (extra.empty() ? "" : "&") + k + "=" + v;
            if (!extra.empty()) h->log.push_back(shortname(path()) + ".query(" + extra + ")");
        }
    };

    Harness()
        : router(*parse_manifest(kApp).value,
                 [this](const std::string&) { return std::make_unique<RecPage>(this); }, this) {
        router.set_observer([this](const LifecycleEvent& e) {
            log.push_back(shortname(e.target) + "." + e.hook);
        });
    }
    // The log since the last take(), then cleared.
    std::vector<std::string> take() {
        auto out = log;
        log.clear();
        return out;
    }
    std::vector<std::string> stack() const {
        std::vector<std::string> s;
        for (auto* p : router.stack()) s.push_back(shortname(p->path()));
        return s;
    }
};

using Log = std::vector<std::string>;

} // namespace

TEST_CASE("launch: App.onLaunch, App.onShow, onLoad, onShow, then onReady on first render") {
    Harness h;
    CHECK(h.router.launch().ok);
    CHECK(h.take() == Log{"App.onLaunch", "App.onShow", "A.onLoad", "A.onShow"});
    h.router.frame_rendered();
    CHECK(h.take() == Log{"A.onReady"});
    h.router.frame_rendered(); // once only
    CHECK(h.take().empty());
    CHECK(h.router.launch().errMsg == "launch:fail the app is already running");
}

TEST_CASE("navigateTo hides the top and loads the new page with its query") {
    Harness h;
    h.router.launch();
    h.router.frame_rendered();
    h.take();
    auto r = h.router.navigateTo("/pages/c/c?level=2&name=%ED%95%9C+b");
    CHECK(r.ok);
    CHECK(r.errMsg == "navigateTo:ok");
    CHECK(h.take() == Log{"A.onHide", "C.query(level=2&name=한 b)", "C.onLoad", "C.onShow"});
    h.router.frame_rendered();
    CHECK(h.take() == Log{"C.onReady"});
    CHECK(h.router.current()->query().at("level") == "2");
    // relative to the current page's folder, as WeChat resolves it
    CHECK(h.router.navigateTo("../d/d").ok);
    CHECK(h.take() == Log{"C.onHide", "D.onLoad", "D.onShow"});
    CHECK(h.stack() == Log{"A", "C", "D"});
}

TEST_CASE("navigateTo refuses tab pages, unknown pages and an 11th page") {
    Harness h;
    h.router.launch();
    h.take();
    CHECK(h.router.navigateTo("/pages/b/b").errMsg == "navigateTo:fail can not navigateTo a tabbar page");
    CHECK(h.router.navigateTo("/pages/zzz/zzz").errMsg == "navigateTo:fail page \"pages/zzz/zzz\" is not found");
    CHECK(h.router.navigateTo("").errMsg == "navigateTo:fail invalid url \"\"");
    CHECK(h.router.navigateTo("../../../x").errMsg == "navigateTo:fail invalid url \"../../../x\"");
    CHECK(h.take().empty());
    for (int i = 1; i < 10; ++i) CHECK(h.router.navigateTo(i % 2 ? "/pages/c/c" : "/pages/d/d").ok);
    CHECK(h.router.stack().size() == 10);
    h.take();
    CHECK(h.router.navigateTo("/pages/c/c").errMsg == "navigateTo:fail webview count limit exceed");
    CHECK(h.take().empty());
    CHECK(h.router.stack().size() == 10);
    // redirectTo still works at the cap: it replaces the top
    CHECK(h.router.redirectTo("/pages/c/c").ok);
    CHECK(h.router.stack().size() == 10);
}

TEST_CASE("navigateBack unloads top first, then shows the revealed page") {
    Harness h;
    h.router.launch();
    h.router.navigateTo("/pages/c/c");
    h.router.navigateTo("/pages/d/d");
    h.router.navigateTo("/pages/c/c");
    h.take();
    CHECK(h.router.navigateBack().ok);
    CHECK(h.take() == Log{"C.onUnload", "D.onShow"});
    CHECK(h.router.navigateBack(5).ok); // more than the stack holds: back to the first page
    CHECK(h.take() == Log{"D.onUnload", "C.onUnload", "A.onShow"});
    CHECK(h.stack() == Log{"A"});
    CHECK(h.router.navigateBack().errMsg == "navigateBack:fail cannot navigate back at first page.");
    CHECK(h.take().empty());
}

TEST_CASE("navigateBack(2) pops exactly two") {
    Harness h;
    h.router.launch();
    h.router.navigateTo("/pages/c/c");
    h.router.navigateTo("/pages/d/d");
    h.router.navigateTo("/pages/c/c");
    h.take();
    CHECK(h.router.navigateBack(2).ok);
    CHECK(h.take() == Log{"C.onUnload", "D.onUnload", "C.onShow"});
    CHECK(h.stack() == Log{"A", "C"});
}

TEST_CASE("redirectTo unloads the top and loads the new page") {
    Harness h;
    h.router.launch();
    h.router.navigateTo("/pages/c/c");
    h.take();
    CHECK(h.router.redirectTo("/pages/d/d?x=1").ok);
    CHECK(h.take() == Log{"C.onUnload", "D.query(x=1)", "D.onLoad", "D.onShow"});
    CHECK(h.stack() == Log{"A", "D"});
    CHECK(h.router.redirectTo("/pages/a/a").errMsg == "redirectTo:fail can not redirectTo a tabbar page");
}

TEST_CASE("switchTab follows WeChat's table: A and B tabs, C opened from A, D from C") {
    Harness h;
    h.router.launch();
    h.router.frame_rendered();
    h.take();
    SUBCASE("A -> A does nothing") {
        CHECK(h.router.switchTab("/pages/a/a").ok);
        CHECK(h.take().empty());
    }
    SUBCASE("A -> B, then B -> A keeps both alive") {
        CHECK(h.router.switchTab("/pages/b/b").ok);
        CHECK(h.take() == Log{"A.onHide", "B.onLoad", "B.onShow"});
        h.router.frame_rendered();
        CHECK(h.take() == Log{"B.onReady"});
        CHECK(h.router.switchTab("/pages/a/a").ok);
        CHECK(h.take() == Log{"B.onHide", "A.onShow"});
        CHECK(h.router.switchTab("/pages/b/b").ok);
        CHECK(h.take() == Log{"A.onHide", "B.onShow"});
    }
    SUBCASE("C -> A") {
        h.router.navigateTo("/pages/c/c");
        h.take();
        CHECK(h.router.switchTab("/pages/a/a").ok);
        CHECK(h.take() == Log{"C.onUnload", "A.onShow"});
        CHECK(h.stack() == Log{"A"});
    }
    SUBCASE("C -> B") {
        h.router.navigateTo("/pages/c/c");
        h.take();
        CHECK(h.router.switchTab("/pages/b/b").ok);
        CHECK(h.take() == Log{"C.onUnload", "B.onLoad", "B.onShow"});
        CHECK(h.stack() == Log{"B"});
        // A stayed alive, hidden: coming back only shows it
        CHECK(h.router.switchTab("/pages/a/a").ok);
        CHECK(h.take() == Log{"B.onHide", "A.onShow"});
    }
    SUBCASE("D -> B") {
        h.router.navigateTo("/pages/c/c");
        h.router.navigateTo("/pages/d/d");
        h.take();
        CHECK(h.router.switchTab("/pages/b/b").ok);
        CHECK(h.take() == Log{"D.onUnload", "C.onUnload", "B.onLoad", "B.onShow"});
    }
    SUBCASE("switchTab drops the query and refuses non-tab pages") {
        CHECK(h.router.switchTab("/pages/b/b?x=1").ok);
        CHECK(h.take() == Log{"A.onHide", "B.onLoad", "B.onShow"});
        CHECK(h.router.switchTab("/pages/c/c").errMsg == "switchTab:fail can not switch to no-tabBar page");
    }
}

TEST_CASE("switchTab from a launch on a plain page (as after a share) unloads it") {
    Harness h;
    h.router.launch("/pages/d/d");
    h.take();
    CHECK(h.router.switchTab("/pages/a/a").ok);
    CHECK(h.take() == Log{"D.onUnload", "A.onLoad", "A.onShow"});
}

TEST_CASE("reLaunch unloads every live page, hidden tabs included") {
    Harness h;
    h.router.launch();
    h.router.switchTab("/pages/b/b");
    h.router.navigateTo("/pages/c/c");
    h.take();
    CHECK(h.router.reLaunch("/pages/d/d?k=v").ok);
    CHECK(h.take() == Log{"C.onUnload", "B.onUnload", "A.onUnload", "D.query(k=v)", "D.onLoad", "D.onShow"});
    CHECK(h.stack() == Log{"D"});
    CHECK(h.router.reLaunch("/pages/a/a").ok); // a tab page may be relaunched to
    CHECK(h.take() == Log{"D.onUnload", "A.onLoad", "A.onShow"});
    CHECK(h.router.reLaunch("/nope").errMsg == "reLaunch:fail page \"nope\" is not found");
}

TEST_CASE("visibility maps to onHide/onShow of the page and the app") {
    Harness h;
    h.router.launch();
    h.router.navigateTo("/pages/c/c");
    h.take();
    h.router.set_visible(false);
    CHECK(h.take() == Log{"C.onHide", "App.onHide"});
    h.router.set_visible(false); // no change, no hooks
    CHECK(h.take().empty());
    h.router.frame_rendered(); // hidden: onReady waits
    CHECK(h.take().empty());
    h.router.set_visible(true);
    CHECK(h.take() == Log{"App.onShow", "C.onShow"});
    h.router.frame_rendered();
    CHECK(h.take() == Log{"C.onReady"});
}

TEST_CASE("a route call from inside a hook is refused, not re-entered") {
    struct Nested : Page {
        Router** r;
        std::string* result;
        void onLoad(const Query&) override { *result = (*r)->navigateTo("/pages/d/d").errMsg; }
    };
    Router* rp = nullptr;
    std::string result;
    Router router(*parse_manifest(kApp).value, [&](const std::string& path) -> std::unique_ptr<Page> {
        if (path != "pages/c/c") return nullptr;
        auto p = std::make_unique<Nested>();
        p->r = &rp;
        p->result = &result;
        return p;
    });
    rp = &router;
    router.launch();
    CHECK(router.navigateTo("/pages/c/c").ok);
    CHECK(result == "navigateTo:fail another route operation is in progress");
    CHECK(router.stack().size() == 2);
}
