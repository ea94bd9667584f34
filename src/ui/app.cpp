// app.cpp — the mini-app shell's core: start-up (settings, manifest, page configs, router), the
// settings that change its look (language, theme) and the frame, which lays out the page, its
// bars and the overlays. The rest of App is in the files beside it: page_view.cpp (what a page
// gets from its base class), bars.cpp (navigation bar and tab bar), overlays.cpp (toast and
// modal), automation.cpp (window.miniapp's C++ side) and widgets.cpp (buttons, text, cards).
//
// Index
//   start-up ........... App(), ~App(), start(), window_config(), current_page()
//   settings ........... set_language(), set_theme(), set_system_dark(), apply_theme()
//   frame .............. prepare_fonts(), needs_frame(), frame(), build_frame(), draw_list()
#include "ui/app.h"

#include <algorithm>
#include <cstdio>

namespace ui {

// --- start-up --------------------------------------------------------------------------------

// The light theme until start() has read the settings.
App::App(Host& host) : host_(host), theme_(&light_theme()) {}

// The pages go first: their destructors close what they opened (modal, prompts) through the App.
App::~App() {
    router_.reset();
}

// Read the saved settings, parse app.json and the pages' json (every page must have an
// implementation), then launch the router at `launch_url` or, failing that, at home.
bool App::start(const std::string& app_json, const std::map<std::string, std::string>& page_jsons,
                const std::string& launch_url) {
    storage_ = std::make_unique<miniapp::Storage>(host_.storage_backend());
    for (const auto& p : storage_->problems()) std::printf("[miniapp] warning: %s\n", p.c_str());

    // Settings first, so even a start-up error speaks the user's language.
    if (auto s = storage_->getStorageSync("settings"); s && s->is_object()) {
        if (auto it = s->find("lang"); it != s->end() && it->is_string()) lang_choice_ = *it;
        if (auto it = s->find("theme"); it != s->end() && it->is_string()) theme_choice_ = *it;
    }
    set_language(session_lang_.empty() ? lang_choice_ : session_lang_);
    set_theme(session_theme_.empty() ? theme_choice_ : session_theme_);

    auto parsed = miniapp::parse_manifest(app_json);
    if (!parsed) {
        host_.show_fatal(parsed.error);
        return false;
    }
    manifest_ = *parsed.value;
    for (const auto& w : manifest_.warnings) std::printf("[miniapp] warning: %s\n", w.c_str());
    for (size_t i = 0; i < manifest_.pages.size(); ++i) {
        const std::string& path = manifest_.pages[i];
        if (!registry().count(path)) {
            host_.show_fatal("app.json: \"pages[" + std::to_string(i) + "]\" \"" + path +
                             "\" has no implementation in this build");
            return false;
        }
        page_configs_[path] = manifest_.window;
        if (auto it = page_jsons.find(path); it != page_jsons.end()) {
            auto cfg = miniapp::parse_page_config(it->second, manifest_.window, path);
            if (!cfg) {
                host_.show_fatal(cfg.error);
                return false;
            }
            page_configs_[path] = *cfg.value;
        }
    }

    router_ = std::make_unique<miniapp::Router>(
        manifest_,
        [this](const std::string& path) -> std::unique_ptr<miniapp::Page> {
            return registry().at(path)(*this);
        },
        this);
    router_->set_observer([this](const miniapp::LifecycleEvent& e) {
        lifecycle_.push_back(e);
        if (lifecycle_.size() > 200) lifecycle_.erase(lifecycle_.begin());
        dirty_ = true;
    });
    auto r = launch_url.empty() ? router_->launch() : router_->launch(launch_url);
    if (!r.ok) { // a bad deep link falls back to the home page
        std::printf("[miniapp] warning: %s; opening the home page\n", r.errMsg.c_str());
        router_->launch();
    }
    return true;
}

// A page's window settings: app.json's window with its own json on top.
const miniapp::WindowConfig& App::window_config(const std::string& path) const {
    auto it = page_configs_.find(path);
    return it != page_configs_.end() ? it->second : manifest_.window;
}

// The page on top of the stack; null before start().
PageView* App::current_page() const {
    return router_ ? static_cast<PageView*>(router_->current()) : nullptr;
}

// --- settings --------------------------------------------------------------------------------

// "ko", "en" or "auto" (the browser's language); a toast on screen is translated at once.
void App::set_language(const std::string& choice) {
    lang_choice_ = choice == "ko" || choice == "en" ? choice : "auto";
    lang_ = lang_choice_ == "ko"   ? miniapp::Lang::Ko
            : lang_choice_ == "en" ? miniapp::Lang::En
                                   : miniapp::lang_from_locale(host_.locale());
    if (toast_.id) toast_.text = tr(*toast_.id); // a toast on screen follows at once
    dirty_ = true;
}

// "light", "dark" or "auto" (the system's).
void App::set_theme(const std::string& choice) {
    theme_choice_ = choice == "light" || choice == "dark" ? choice : "auto";
    apply_theme();
}

// The system's light/dark preference changed: "auto" follows it.
void App::set_system_dark(bool dark) {
    system_dark_ = dark;
    apply_theme();
}

// The theme in force, from the choice and the system's preference.
void App::apply_theme() {
    bool dark = theme_choice_ == "dark" || (theme_choice_ == "auto" && system_dark_);
    theme_ = dark ? &dark_theme() : &light_theme();
    dirty_ = true;
}

// --- frame -----------------------------------------------------------------------------------

// The rpx scale for this width, then the fonts at that scale (rebuilt only when it changed).
bool App::prepare_fonts(float width, float dpr) {
    px_per_rpx_ = width / 750.0f;
    return fonts_.update(px_per_rpx_, dpr, lang_);
}

// A frame is needed when something changed, a toast expires or the page asked to wake.
bool App::needs_frame(double now) const {
    if (dirty_) return true;
    if (toast_.until > 0 && now >= toast_.until) return true;
    if (PageView* p = current_page(); p && now >= p->next_wake_ms()) return true;
    return false;
}

// One frame: the page's body between the bars (the tab bar only on a tab page; no bars
// when embedded), then the toast and the modal above it; the router hears of it (onReady).
void App::frame(float width, float height) {
    width_ = width;
    height_ = height;
    px_per_rpx_ = width / 750.0f;
    controls_next_.clear();
    dirty_ = false;
    frame_ms_ = now();
    if (toast_.until > 0 && frame_ms_ >= toast_.until) toast_ = {};

    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
    // No ImGui keyboard navigation in any window: the keyboard is the shell's (the accessible
    // controls and grid over the canvas). Left on, it moved to a new modal's first button as the modal
    // appeared, and a click on that button in the next frame counted as a keyboard activation
    // and was dropped.
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse |
                     ImGuiWindowFlags_NoNav);
    PageView* page = current_page();
    const miniapp::WindowConfig& cfg = window_config(page ? page->path() : manifest_.entryPagePath);
    ImU32 body_bg = theme_->dark ? theme_->background : rgba(cfg.backgroundColor);
    draw_list()->AddRectFilled(ImVec2(0, 0), ImVec2(width, height), body_bg);

    Rect body{0, 0, width, height};
    Rect nav = embedded_ ? Rect{} : body.take_top(tap(metrics::kNavBar));
    bool tab_page = page && manifest_.is_tab_page(page->path()) && !embedded_;
    const float tab_h = std::max(rpx(metrics::kTabBar), kMinTouchPx + 4);
    Rect tab_bar{0, height - tab_h, width, tab_h};
    if (tab_page) body.h -= tab_bar.h;

    // Decided once: a page that opens a modal while it draws (a click on New game) must not end
    // a disabled block it never began (ImGui would pop its window's item flags).
    const bool behind_modal = modal_.open;
    if (behind_modal) ImGui::BeginDisabled(true);
    if (page) page->draw(body);
    if (!embedded_) draw_nav_bar(nav, cfg);
    if (tab_page) draw_tab_bar(tab_bar);
    if (behind_modal) ImGui::EndDisabled();
    ImGui::End();
    ImGui::PopStyleVar(2);

    draw_toast();
    draw_modal();
    controls_.swap(controls_next_);
    ++frames_;
    router_->frame_rendered();
}

// ImGui finds the window under the pointer from the frame before. When a frame opens or closes
// the modal after drawing it (a click on Cancel answers it after its window was submitted), the
// next frame would give a press to the window that was drawn: into the closed modal, and lose
// it, or past a new one. Such a frame is built again at once, before any more input is read.
void App::build_frame(float width, float height) {
    for (int build = 0; build < 3; ++build) {
        ImGui::NewFrame();
        frame(width, height);
        ImGui::Render();
        if (modal_.open == modal_drawn_) break;
    }
}

// The draw list of the ImGui window being built.
ImDrawList* App::draw_list() const {
    return ImGui::GetWindowDrawList();
}

} // namespace ui
