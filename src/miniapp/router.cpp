#include "miniapp/router.h"

#include <algorithm>

namespace miniapp {

namespace {
// Marks the router busy for the duration of one route operation.
struct BusyScope {
    bool& flag;
    explicit BusyScope(bool& f) : flag(f) { flag = true; }
    ~BusyScope() { flag = false; }
};
} // namespace

Router::Router(Manifest manifest, PageFactory factory, AppDelegate* app)
    : manifest_(std::move(manifest)), factory_(std::move(factory)), app_(app) {}

Router::~Router() = default;

RouteResult Router::fail(const char* op, const std::string& why) const {
    return {false, std::string(op) + ":fail " + why};
}

RouteResult Router::ok(const char* op) const { return {true, std::string(op) + ":ok"}; }

// Call one page hook and report it.
void Router::fire(Page* page, Hook hook) {
    static const char* names[] = {"onLoad", "onShow", "onReady", "onHide", "onUnload"};
    switch (hook) {
    case Hook::Load: page->onLoad(page->query_); break;
    case Hook::Show: page->onShow(); break;
    case Hook::Ready: page->onReady(); break;
    case Hook::Hide: page->onHide(); break;
    case Hook::Unload: page->onUnload(); break;
    }
    if (observer_) observer_({page->path_, names[int(hook)]});
}

void Router::fire_app(const char* hook) {
    if (app_) {
        if (std::string_view(hook) == "onLaunch") app_->onLaunch(launch_options_);
        else if (std::string_view(hook) == "onShow") app_->onShow(launch_options_);
        else app_->onHide();
    }
    if (observer_) observer_({"App", hook});
}

Page* Router::create(const PageUrl& url) {
    std::unique_ptr<Page> page = factory_ ? factory_(url.path) : nullptr;
    if (!page) page = std::make_unique<Page>(); // a page with no behaviour still routes
    page->path_ = url.path;
    page->query_ = url.query;
    live_.push_back(std::move(page));
    Page* p = live_.back().get();
    fire(p, Hook::Load);
    fire(p, Hook::Show);
    return p;
}

void Router::unload(Page* page) {
    fire(page, Hook::Unload);
    std::erase_if(live_, [page](const std::unique_ptr<Page>& p) { return p.get() == page; });
}

std::optional<PageUrl> Router::target(const char* op, std::string_view url,
                                      RouteResult& result) const {
    if (busy_) {
        result = fail(op, "another route operation is in progress");
        return std::nullopt;
    }
    auto resolved = resolve_url(url, current() ? current()->path() : std::string_view(""));
    if (!resolved) {
        result = fail(op, "invalid url \"" + std::string(url) + "\"");
        return std::nullopt;
    }
    if (!manifest_.has_page(resolved->path)) {
        result = fail(op, "page \"" + resolved->path + "\" is not found");
        return std::nullopt;
    }
    return resolved;
}

RouteResult Router::launch(std::string_view url) {
    if (launched_) return fail("launch", "the app is already running");
    RouteResult r;
    auto t = target("launch", url.empty() ? "/" + manifest_.entryPagePath : std::string(url), r);
    if (!t) return r;
    BusyScope busy(busy_);
    launched_ = true;
    launch_options_ = {t->path, t->query};
    fire_app("onLaunch");
    fire_app("onShow");
    stack_.push_back(create(*t));
    return ok("launch");
}

RouteResult Router::navigateTo(std::string_view url) {
    RouteResult r;
    auto t = target("navigateTo", url, r);
    if (!t) return r;
    if (manifest_.is_tab_page(t->path)) return fail("navigateTo", "can not navigateTo a tabbar page");
    if (stack_.size() >= kMaxStack) return fail("navigateTo", "webview count limit exceed");
    BusyScope busy(busy_);
    if (Page* top = current()) fire(top, Hook::Hide);
    stack_.push_back(create(*t));
    return ok("navigateTo");
}

RouteResult Router::navigateBack(int delta) {
    if (busy_) return fail("navigateBack", "another route operation is in progress");
    if (stack_.size() <= 1) return fail("navigateBack", "cannot navigate back at first page.");
    BusyScope busy(busy_);
    size_t pops = std::min(stack_.size() - 1, size_t(std::max(delta, 1)));
    for (size_t i = 0; i < pops; ++i) {
        Page* top = stack_.back();
        stack_.pop_back();
        unload(top);
    }
    fire(current(), Hook::Show);
    return ok("navigateBack");
}

RouteResult Router::redirectTo(std::string_view url) {
    RouteResult r;
    auto t = target("redirectTo", url, r);
    if (!t) return r;
    if (manifest_.is_tab_page(t->path)) return fail("redirectTo", "can not redirectTo a tabbar page");
    BusyScope busy(busy_);
    if (Page* top = current()) {
        stack_.pop_back();
        unload(top);
    }
    stack_.push_back(create(*t));
    return ok("redirectTo");
}

RouteResult Router::switchTab(std::string_view url) {
    RouteResult r;
    auto t = target("switchTab", url, r);
    if (!t) return r;
    if (!manifest_.is_tab_page(t->path)) return fail("switchTab", "can not switch to no-tabBar page");
    if (stack_.size() == 1 && current()->path() == t->path) return ok("switchTab"); // A → A
    BusyScope busy(busy_);
    // Leave: unload every non-tab page, top first. A tab page stays alive; it is hidden only
    // if it was the one showing (a tab under pushed pages was hidden when they came).
    Page* showing = current();
    while (!stack_.empty()) {
        Page* top = stack_.back();
        stack_.pop_back();
        if (!manifest_.is_tab_page(top->path())) unload(top);
        else if (top == showing && top->path() != t->path) fire(top, Hook::Hide);
    }
    // Enter: an alive tab page is shown again (switchTab carries no query); else created.
    auto alive = std::find_if(live_.begin(), live_.end(),
                              [&](const std::unique_ptr<Page>& p) { return p->path() == t->path; });
    if (alive != live_.end()) {
        stack_.push_back(alive->get());
        fire(current(), Hook::Show);
    } else {
        stack_.push_back(create(PageUrl{t->path, {}}));
    }
    return ok("switchTab");
}

RouteResult Router::reLaunch(std::string_view url) {
    RouteResult r;
    auto t = target("reLaunch", url, r);
    if (!t) return r;
    BusyScope busy(busy_);
    while (!stack_.empty()) {
        Page* top = stack_.back();
        stack_.pop_back();
        unload(top);
    }
    while (!live_.empty()) unload(live_.front().get()); // hidden tab pages, in creation order
    stack_.push_back(create(*t));
    return ok("reLaunch");
}

void Router::set_visible(bool visible) {
    if (visible == visible_ || !launched_) return;
    visible_ = visible;
    if (!visible) {
        if (Page* top = current()) fire(top, Hook::Hide);
        fire_app("onHide");
    } else {
        fire_app("onShow");
        if (Page* top = current()) fire(top, Hook::Show);
    }
}

void Router::frame_rendered() {
    Page* top = current();
    if (top && !top->ready_ && visible_) {
        top->ready_ = true;
        fire(top, Hook::Ready);
    }
}

} // namespace miniapp
