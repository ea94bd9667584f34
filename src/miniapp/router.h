// router.h — the page stack and lifecycles of a WeChat-style mini-app.
//
// Route operations follow wx.navigateTo / navigateBack / redirectTo / switchTab / reLaunch:
// the stack holds at most 10 pages, tab pages live outside the stack once created (switchTab
// keeps them alive), and every operation fires the page hooks in the official order:
//   launch      App.onLaunch, App.onShow, P.onLoad(query), P.onShow, (first render) P.onReady
//   navigateTo  top.onHide, new.onLoad, new.onShow, (render) new.onReady
//   navigateBack popped pages' onUnload, top first, then revealed.onShow
//   redirectTo  top.onUnload, new.onLoad, new.onShow, (render) new.onReady
//   switchTab   non-tab pages' onUnload top first (or the current tab's onHide), then the
//               target's onShow if alive, else onLoad + onShow (+ onReady on render)
//   reLaunch    every live page's onUnload (stack top first, then hidden tabs), then new page
//   hidden      top.onHide, App.onHide;   visible again: App.onShow, top.onShow
// Pure C++: the UI layer subclasses Page to draw; tests subclass it to record.
#pragma once
#include "miniapp/manifest.h"
#include "miniapp/url.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace miniapp {

// One page instance. Hooks default to nothing.
class Page {
  public:
    virtual ~Page() = default;
    virtual void onLoad(const Query&) {}
    virtual void onShow() {}
    virtual void onReady() {}
    virtual void onHide() {}
    virtual void onUnload() {}

    const std::string& path() const { return path_; }
    const Query& query() const { return query_; }
    bool ready() const { return ready_; }

  private:
    friend class Router;
    std::string path_;
    Query query_;
    bool ready_ = false;
};

struct LaunchOptions {
    std::string path;
    Query query;
};

// App-level hooks.
class AppDelegate {
  public:
    virtual ~AppDelegate() = default;
    virtual void onLaunch(const LaunchOptions&) {}
    virtual void onShow(const LaunchOptions&) {}
    virtual void onHide() {}
};

// "navigateTo:ok", or "navigateTo:fail <reason>" like WeChat's errMsg.
struct RouteResult {
    bool ok = false;
    std::string errMsg;
};

// Creates the page for a manifest path; the router sets its path and query.
using PageFactory = std::function<std::unique_ptr<Page>(const std::string& path)>;

// A hook that fired: target is "App" or a page path; hook is "onLoad", "onShow", ...
struct LifecycleEvent {
    std::string target;
    std::string hook;
    bool operator==(const LifecycleEvent&) const = default;
};

class Router {
  public:
    static constexpr size_t kMaxStack = 10;

    Router(Manifest manifest, PageFactory factory, AppDelegate* app = nullptr);
    ~Router();

    // Start the app on `url` (the entry page when empty).
    RouteResult launch(std::string_view url = "");

    RouteResult navigateTo(std::string_view url);
    RouteResult navigateBack(int delta = 1);
    RouteResult redirectTo(std::string_view url);
    RouteResult switchTab(std::string_view url);
    RouteResult reLaunch(std::string_view url);

    // The host page's visibility changed (document.visibilityState).
    void set_visible(bool visible);
    // A frame showing the current page was drawn: fires its pending onReady.
    void frame_rendered();

    Page* current() const { return stack_.empty() ? nullptr : stack_.back(); }
    const std::vector<Page*>& stack() const { return stack_; }
    const Manifest& manifest() const { return manifest_; }
    bool visible() const { return visible_; }

    // Every hook that fires is also reported here (tests, the automation API's log).
    void set_observer(std::function<void(const LifecycleEvent&)> observer) {
        observer_ = std::move(observer);
    }

  private:
    enum class Hook { Load, Show, Ready, Hide, Unload };
    void fire(Page* page, Hook hook);
    void fire_app(const char* hook);
    Page* create(const PageUrl& url);
    void unload(Page* page);
    // Shared checks: resolves `url` from the current page; fails on unknown pages.
    std::optional<PageUrl> target(const char* op, std::string_view url, RouteResult& result) const;
    RouteResult fail(const char* op, const std::string& why) const;
    RouteResult ok(const char* op) const;

    Manifest manifest_;
    PageFactory factory_;
    AppDelegate* app_;
    std::vector<std::unique_ptr<Page>> live_; // every page instance alive (stack + hidden tabs)
    std::vector<Page*> stack_;
    LaunchOptions launch_options_;
    bool launched_ = false;
    bool visible_ = true;
    bool busy_ = false; // inside a route operation: nested calls are refused
    std::function<void(const LifecycleEvent&)> observer_;
};

} // namespace miniapp
