// automation.cpp — the C++ side of window.miniapp (docs/miniapp-api.md): the state it reports,
// the WeChat-style routes, the rectangles of controls and board cells, the page's visibility,
// commands from the embedding page and the events sent to it.
//
// Index
//   state .............. state()
//   routes ............. route()
//   rectangles ......... control_rect(), board_cell_rect()
//   host ............... set_visible(), command(), emit()
#include "ui/app.h"

#include <cstdlib>

namespace ui {

using nlohmann::json;

// --- state -----------------------------------------------------------------------------------

// window.miniapp.state(): the stack, title, language, theme, toast, modal, the nav bar's
// button, the current game's state, storage problems and the lifecycle log.
json App::state() const {
    json s;
    s["ready"] = router_ != nullptr;
    if (!router_) return s;
    PageView* page = current_page();
    s["path"] = page ? page->path() : "";
    json stack = json::array();
    for (auto* p : router_->stack()) stack.push_back(p->path());
    s["stack"] = stack;
    const auto& cfg = window_config(page ? page->path() : "");
    s["title"] = std::string(miniapp::translate_manifest_text(cfg.navigationBarTitleText, lang_));
    s["lang"] = miniapp::lang_code(lang_);
    s["theme"] = theme_->dark ? "dark" : "light";
    s["tabBar"] = page && manifest_.is_tab_page(page->path()) && !embedded_;
    s["embedded"] = embedded_;
    s["toast"] = toast_.text.empty() ? json(nullptr) : json(toast_.text);
    s["modal"] = modal_.open ? json{{"title", modal_.title},
                                    {"content", modal_.content},
                                    {"confirm", modal_.confirm},
                                    {"cancel", modal_.cancel}}
                             : json(nullptr);
    static constexpr const char* kNavButtons[] = {nullptr, "back", "home"};
    const char* nav = kNavButtons[int(nav_button())];
    s["navButton"] = nav ? json(nav) : json(nullptr);
    s["home"] = manifest_.entryPagePath;
    s["frames"] = frames_;
    s["game"] = page ? page->game_state() : json(nullptr);
    s["storageProblems"] = storage_->problems();
    json hooks = json::array();
    for (const auto& e : lifecycle_) hooks.push_back(e.target + "." + e.hook);
    s["lifecycle"] = hooks;
    return s;
}

// --- routes ----------------------------------------------------------------------------------

// A route (navigateTo, redirectTo, switchTab, reLaunch, navigateBack) as {ok, errMsg}.
json App::route(const std::string& op, const std::string& url) {
    if (!router_) return {{"ok", false}, {"errMsg", op + ":fail the app has not started"}};
    miniapp::RouteResult r;
    if (op == "navigateTo")
        r = router_->navigateTo(url);
    else if (op == "redirectTo")
        r = router_->redirectTo(url);
    else if (op == "switchTab")
        r = router_->switchTab(url);
    else if (op == "reLaunch")
        r = router_->reLaunch(url);
    else if (op == "navigateBack") {
        int delta = 1;
        if (!url.empty()) delta = std::atoi(url.c_str());
        r = router_->navigateBack(delta);
    } else {
        r = {false, op + ":fail unknown route operation"};
    }
    dirty_ = true;
    return {{"ok", r.ok}, {"errMsg", r.errMsg}};
}

// --- rectangles ------------------------------------------------------------------------------

// A control's rectangle in the last frame (controlRect).
std::optional<Rect> App::control_rect(const std::string& id) const {
    auto it = controls_.find(id);
    if (it == controls_.end()) return std::nullopt;
    return it->second;
}

// A board cell's rectangle on the current page (boardCellRect).
std::optional<Rect> App::board_cell_rect(int index) const {
    PageView* p = current_page();
    return p ? p->board_cell(index) : std::nullopt;
}

// --- host ------------------------------------------------------------------------------------

// The browser tab was shown or hidden: App.onShow / App.onHide and the page's hooks.
void App::set_visible(bool visible) {
    if (router_) router_->set_visible(visible);
    dirty_ = true;
}

// A command for the current page; "" when done, else why not.
std::string App::command(const json& message) {
    PageView* p = current_page();
    if (!p) return "the app has not started";
    std::string error = p->command(message);
    dirty_ = true;
    return error;
}

// An event for the embedding page and window.miniapp.on() listeners.
void App::emit(const json& event) {
    host_.emit_event(event.dump());
}

} // namespace ui
