#include "ui/app.h"

#include <algorithm>
#include <cstdio>

namespace ui {

using nlohmann::json;
using miniapp::Str;

// --- PageView ----------------------------------------------------------------------------

PageView::~PageView() {
    cancel_engine();
    for (int id : prompts_) app_.host().close_prompt(id);
    app_.page_gone(this);
}

void PageView::prompt_text(const TextPrompt& prompt, std::function<void(std::optional<std::string>)> done) {
    // The id is known only after the call; the callback looks itself up by value.
    auto id = std::make_shared<int>(-1);
    *id = app_.host().prompt_text(prompt, [this, id, done](std::optional<std::string> text) {
        prompts_.erase(*id);
        done(std::move(text));
    });
    prompts_.insert(*id);
}

std::string PageView::command(const json& m) {
    return "this page does not take \"" + m.value("type", std::string()) + "\"";
}

void PageView::engine(const std::string& request, std::function<void(const json&)> done) {
    // The ticket is known only after the call; the callback looks itself up by value.
    auto ticket = std::make_shared<int>(-1);
    int t = app_.host().engine_request(request, [this, ticket, done](const std::string& reply) {
        tickets_.erase(*ticket);
        json j = json::parse(reply, nullptr, false);
        if (j.is_discarded()) j = json{{"error", "the engine sent an unreadable reply"}};
        app_.mark_dirty();
        done(j);
    });
    *ticket = t;
    tickets_.insert(t);
}

void PageView::warm_engine() { app_.host().engine_warm(); }

void PageView::cancel_engine() {
    for (int t : tickets_) app_.host().engine_cancel(t);
    tickets_.clear();
}

// --- App: start-up -------------------------------------------------------------------------

App::App(Host& host) : host_(host), theme_(&light_theme()) {}

// The pages go first: their destructors close what they opened (modal, prompts) through the App.
App::~App() { router_.reset(); }

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

const miniapp::WindowConfig& App::window_config(const std::string& path) const {
    auto it = page_configs_.find(path);
    return it != page_configs_.end() ? it->second : manifest_.window;
}

PageView* App::current_page() const {
    return router_ ? static_cast<PageView*>(router_->current()) : nullptr;
}

// --- App: settings ---------------------------------------------------------------------------

void App::set_language(const std::string& choice) {
    lang_choice_ = choice == "ko" || choice == "en" ? choice : "auto";
    lang_ = lang_choice_ == "ko"   ? miniapp::Lang::Ko
            : lang_choice_ == "en" ? miniapp::Lang::En
                                   : miniapp::lang_from_locale(host_.locale());
    if (toast_.id) toast_.text = tr(*toast_.id); // a toast on screen follows at once
    dirty_ = true;
}

void App::set_theme(const std::string& choice) {
    theme_choice_ = choice == "light" || choice == "dark" ? choice : "auto";
    apply_theme();
}

void App::set_system_dark(bool dark) {
    system_dark_ = dark;
    apply_theme();
}

void App::apply_theme() {
    bool dark = theme_choice_ == "dark" || (theme_choice_ == "auto" && system_dark_);
    theme_ = dark ? &dark_theme() : &light_theme();
    dirty_ = true;
}

// --- App: frame -----------------------------------------------------------------------------

bool App::prepare_fonts(float width, float dpr) {
    px_per_rpx_ = width / 750.0f;
    return fonts_.update(px_per_rpx_, dpr, lang_);
}

bool App::needs_frame(double now) const {
    if (dirty_) return true;
    if (toast_.until > 0 && now >= toast_.until) return true;
    if (PageView* p = current_page(); p && now >= p->next_wake_ms()) return true;
    return false;
}

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
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse);
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

ImDrawList* App::draw_list() const { return ImGui::GetWindowDrawList(); }

void App::draw_nav_bar(Rect r, const miniapp::WindowConfig& cfg) {
    ImDrawList* dl = draw_list();
    dl->AddRectFilled(r.min(), r.max(), rgba(cfg.navigationBarBackgroundColor));
    ImU32 fg = cfg.navigationBarTextStyle == miniapp::TextStyle::White ? IM_COL32_WHITE
                                                                       : IM_COL32(0, 0, 0, 255);
    std::string title(miniapp::translate_manifest_text(cfg.navigationBarTitleText, lang_));
    Rect title_rect{r.x + r.h, r.y, r.w - 2 * r.h, r.h};
    text(title_rect, title, FontRole::Title, fg, Align::Center, false);
    static std::string last_title;
    if (title != last_title) {
        host_.set_document_title(title);
        last_title = title;
    }
    const NavButton nav = nav_button();
    if (nav == NavButton::Back) {
        Rect back{r.x, r.y, r.h, r.h};
        if (button("back", back, "", ButtonKind::Plain)) {
            router_->navigateBack();
            dirty_ = true;
        }
        // A chevron, drawn: no glyph needed.
        ImVec2 c = back.center();
        float s = r.h * 0.16f;
        dl->AddPolyline(std::vector<ImVec2>{{c.x + s * 0.5f, c.y - s}, {c.x - s * 0.5f, c.y}, {c.x + s * 0.5f, c.y + s}}.data(),
                        3, fg, 0, std::max(1.5f, rpx(4)));
    } else if (nav == NavButton::Home) {
        // Opened by a link or a reload with nothing under it and no tab bar: a way home (WeChat
        // shows a house here).
        Rect home{r.x, r.y, r.h, r.h};
        if (button("home", home, "", ButtonKind::Plain)) {
            router_->reLaunch("/" + manifest_.entryPagePath);
            dirty_ = true;
        }
        // A house, drawn: roof and walls.
        ImVec2 c = home.center();
        float s = r.h * 0.17f, th = std::max(1.5f, rpx(4));
        dl->AddPolyline(std::vector<ImVec2>{{c.x - s * 1.15f, c.y - s * 0.05f}, {c.x, c.y - s * 1.15f}, {c.x + s * 1.15f, c.y - s * 0.05f}}.data(),
                        3, fg, 0, th);
        dl->AddPolyline(std::vector<ImVec2>{{c.x - s * 0.8f, c.y - s * 0.35f}, {c.x - s * 0.8f, c.y + s}, {c.x + s * 0.8f, c.y + s},
                                            {c.x + s * 0.8f, c.y - s * 0.35f}}.data(),
                        4, fg, 0, th);
    }
}

App::NavButton App::nav_button() const {
    if (embedded_ || !router_ || router_->stack().empty()) return NavButton::None;
    if (router_->stack().size() > 1) return NavButton::Back;
    const std::string& path = router_->current()->path();
    if (manifest_.is_tab_page(path) || path == manifest_.entryPagePath) return NavButton::None;
    return NavButton::Home;
}

void App::draw_tab_bar(Rect r) {
    const miniapp::TabBar& bar = *manifest_.tabBar;
    ImDrawList* dl = draw_list();
    ImU32 bg = theme_->dark ? theme_->surface : rgba(bar.backgroundColor);
    dl->AddRectFilled(r.min(), r.max(), bg);
    ImU32 border = bar.borderStyle == miniapp::TextStyle::Black && !theme_->dark ? IM_COL32(0, 0, 0, 0x33)
                                                                                 : IM_COL32(255, 255, 255, 0x33);
    dl->AddLine(r.min(), ImVec2(r.x + r.w, r.y), border, 1.0f);
    float item_w = r.w / float(bar.list.size());
    const std::string& current = router_->current()->path();
    for (size_t i = 0; i < bar.list.size(); ++i) {
        const miniapp::TabItem& item = bar.list[i];
        Rect ir{r.x + item_w * float(i), r.y, item_w, r.h};
        bool selected = item.pagePath == current;
        std::string id = "tab-" + std::to_string(i);
        if (button(id.c_str(), ir, "", ButtonKind::Plain) && !selected) {
            router_->switchTab("/" + item.pagePath);
            dirty_ = true;
        }
        control("tab:" + item.pagePath, ir);
        ImU32 col = selected ? rgba(bar.selectedColor) : rgba(bar.color);
        // Icon: a filled dot pattern for the first tab (games), a gear-like ring otherwise.
        ImVec2 c{ir.x + ir.w * 0.5f, ir.y + ir.h * 0.36f};
        float s = rpx(18);
        if (i == 0) {
            for (int k = 0; k < 4; ++k)
                dl->AddRectFilled(ImVec2(c.x - s + (k % 2) * s * 1.1f, c.y - s + (k / 2) * s * 1.1f),
                                  ImVec2(c.x - s + (k % 2) * s * 1.1f + s * 0.9f, c.y - s + (k / 2) * s * 1.1f + s * 0.9f),
                                  col, rpx(3));
        } else {
            dl->AddCircle(c, s * 0.95f, col, 0, rpx(5));
            dl->AddCircleFilled(c, s * 0.35f, col);
        }
        std::string label(miniapp::translate_manifest_text(item.text, lang_));
        text(Rect{ir.x, ir.y + ir.h * 0.62f, ir.w, ir.h * 0.3f}, label, FontRole::Small, col, Align::Center, false);
    }
}

void App::toast(std::string message, double ms) {
    toast_.text = std::move(message);
    toast_.until = now() + ms;
    toast_.id.reset();
    host_.announce(toast_.text);
    dirty_ = true;
}

void App::toast(miniapp::Str id, double ms) {
    toast(std::string(tr(id)), ms);
    toast_.id = id;
}

void App::draw_toast() {
    if (toast_.text.empty()) return;
    float pad = rpx(28);
    ImVec2 size = measure(toast_.text, FontRole::Body, width_ * 0.7f);
    Rect r{(width_ - size.x) * 0.5f - pad, height_ * 0.42f - size.y * 0.5f - pad, size.x + 2 * pad,
           size.y + 2 * pad};
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width_, height_));
    ImGui::Begin("##toast", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoBackground |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
    card(r, theme_->toast_bg, 16);
    text(r.inset(pad), toast_.text, FontRole::Body, theme_->toast_text, Align::Center);
    ImGui::End();
}

void App::modal(std::string title, std::string content, std::string confirm, std::string cancel,
                std::function<void(bool)> done) {
    modal_ = {true, std::move(title), std::move(content), std::move(confirm), std::move(cancel), std::move(done),
              current_page()};
    // Two sentences, read together (the shell joins them with the right stop).
    host_.announce(modal_.title);
    if (!modal_.content.empty()) host_.announce(modal_.content);
    dirty_ = true;
}

void App::page_gone(const PageView* page) {
    if (!modal_.open || modal_.owner != page) return;
    modal_ = {};
    dirty_ = true;
}

void App::draw_modal() {
    if (!modal_.open) return;
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width_, height_));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    // No border: ImGui clips a window's contents one border width inside its edge, which left
    // an undimmed 1 px frame around the overlay.
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
    ImGui::Begin("##modal", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoMove);
    ImDrawList* dl = draw_list();
    dl->AddRectFilled(ImVec2(0, 0), ImVec2(width_, height_), theme_->overlay);
    float w = rpx(600), pad = rpx(40);
    float text_w = w - 2 * pad;
    float title_h = measure(modal_.title, FontRole::Title, text_w).y;
    float content_h = modal_.content.empty() ? 0 : measure(modal_.content, FontRole::Body, text_w).y;
    float buttons_h = rpx(100);
    float h = pad + title_h + rpx(24) + content_h + pad + buttons_h;
    Rect r{(width_ - w) * 0.5f, (height_ - h) * 0.5f, w, h};
    card(r, theme_->surface, 24);
    Rect inner{r.x + pad, r.y + pad, text_w, h - 2 * pad - buttons_h};
    text(inner.take_top(title_h, rpx(24)), modal_.title, FontRole::Title, theme_->text, Align::Center);
    if (content_h > 0) text(inner.take_top(content_h), modal_.content, FontRole::Body, theme_->text_secondary, Align::Center);
    Rect buttons{r.x, r.y + h - buttons_h, w, buttons_h};
    dl->AddLine(buttons.min(), ImVec2(buttons.x + w, buttons.y), theme_->divider);
    bool has_cancel = !modal_.cancel.empty();
    Rect confirm_r = buttons, cancel_r = buttons;
    if (has_cancel) {
        cancel_r.w = confirm_r.w = w * 0.5f;
        confirm_r.x += w * 0.5f;
        dl->AddLine(ImVec2(confirm_r.x, buttons.y), ImVec2(confirm_r.x, buttons.y + buttons_h), theme_->divider);
    }
    int choice = -1;
    if (has_cancel && button("modal-cancel", cancel_r, modal_.cancel, ButtonKind::Plain)) choice = 0;
    if (button("modal-confirm", confirm_r, modal_.confirm, ButtonKind::Link)) choice = 1;
    // Escape dismisses: Cancel, which answer_modal turns into the only button of a modal that
    // has none (an acknowledgement).
    if (choice < 0 && ImGui::IsKeyPressed(ImGuiKey_Escape, false)) choice = 0;
    // Swallow every other click. Submitted last: ImGui gives a press to the first item under
    // the pointer, so the buttons above keep theirs.
    ImGui::SetCursorScreenPos(ImVec2(0, 0));
    ImGui::InvisibleButton("##overlay", ImVec2(width_, height_));
    ImGui::End();
    ImGui::PopStyleVar(2);
    if (choice >= 0) answer_modal(choice == 1);
}

bool App::answer_modal(bool confirmed) {
    if (!modal_.open) return false;
    auto done = std::move(modal_.done);
    // A modal without Cancel is an acknowledgement: either answer is its one button.
    if (modal_.cancel.empty()) confirmed = true;
    modal_ = {};
    dirty_ = true;
    if (done) done(confirmed);
    return true;
}

void App::emit(const json& event) { host_.emit_event(event.dump()); }

// --- App: automation -----------------------------------------------------------------------

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

json App::route(const std::string& op, const std::string& url) {
    if (!router_) return {{"ok", false}, {"errMsg", op + ":fail the app has not started"}};
    miniapp::RouteResult r;
    if (op == "navigateTo") r = router_->navigateTo(url);
    else if (op == "redirectTo") r = router_->redirectTo(url);
    else if (op == "switchTab") r = router_->switchTab(url);
    else if (op == "reLaunch") r = router_->reLaunch(url);
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

std::optional<Rect> App::control_rect(const std::string& id) const {
    auto it = controls_.find(id);
    if (it == controls_.end()) return std::nullopt;
    return it->second;
}

std::optional<Rect> App::board_cell_rect(int index) const {
    PageView* p = current_page();
    return p ? p->board_cell(index) : std::nullopt;
}

void App::set_visible(bool visible) {
    if (router_) router_->set_visible(visible);
    dirty_ = true;
}

std::string App::command(const json& message) {
    PageView* p = current_page();
    if (!p) return "the app has not started";
    std::string error = p->command(message);
    dirty_ = true;
    return error;
}

} // namespace ui
