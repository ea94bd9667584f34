// app.h — the mini-app shell drawn with Dear ImGui: navigation bar, page body, tab bar, toast
// and modal, over the miniapp router and storage; plus the automation API's C++ side.
//
// Index
//   Rect, PageView ............ geometry; the base class of every page (page_view.cpp)
//   App ....................... start-up, settings, frame (app.cpp); services for pages;
//                               bars (bars.cpp); toast, modal (overlays.cpp); widgets
//                               (widgets.cpp); automation (automation.cpp)
#pragma once
#include "games/common/catalogue.h"
#include "miniapp/manifest.h"
#include "miniapp/router.h"
#include "miniapp/storage.h"
#include "miniapp/strings.h"
#include "ui/fonts.h"
#include "ui/host.h"
#include "ui/theme.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ui {

// A rectangle in CSS px of the canvas.
struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
    ImVec2 min() const { return {x, y}; }
    ImVec2 max() const { return {x + w, y + h}; }
    ImVec2 center() const { return {x + w * 0.5f, y + h * 0.5f}; }
    bool contains(ImVec2 p) const { return p.x >= x && p.y >= y && p.x < x + w && p.y < y + h; }
    Rect inset(float d) const { return {x + d, y + d, w - 2 * d, h - 2 * d}; }
    // Cut a strip of height `hh` off the top; `this` keeps the rest.
    Rect take_top(float hh, float gap = 0) {
        Rect r{x, y, w, hh};
        y += hh + gap;
        h -= hh + gap;
        return r;
    }
};

class App;

// Every page of the app: lifecycle hooks from miniapp::Page, drawing from here.
class PageView : public miniapp::Page {
  public:
    explicit PageView(App& app) : app_(app) {}
    ~PageView() override;
    // Draw the page into `body` (CSS px).
    virtual void draw(Rect body) = 0;
    // The page's game state for window.miniapp.state().game (null when not a game).
    virtual nlohmann::json game_state() const { return nullptr; }
    // A board cell's rectangle, for boardCellRect(index).
    virtual std::optional<Rect> board_cell(int) const { return std::nullopt; }
    // When this page next needs a frame without input (a timer, an animation); INFINITY = never.
    virtual double next_wake_ms() const { return INFINITY; }
    // A command from the embedding parent or the accessible grid ({"type":"newGame"}, …):
    // "" when done, else why not (unknown type, illegal move, …).
    virtual std::string command(const nlohmann::json& message);

  protected:
    // An engine request whose reply is dropped if this page is gone by then.
    void engine(const std::string& request, std::function<void(const nlohmann::json&)> done);
    void cancel_engine();
    // The page will ask `game`'s engine soon: have the platform start its worker and load that
    // engine now.
    void warm_engine(const std::string& game);
    // A text prompt of this page's: taken down, its answer dropped, if the page goes first
    // (the browser's Back while it is open).
    void prompt_text(const TextPrompt& prompt, std::function<void(std::optional<std::string>)> done);
    bool engine_busy() const { return !tickets_.empty(); }
    App& app_;

  private:
    std::set<int> tickets_;
    std::set<int> prompts_;
};

// Primary: filled brand colour. Secondary: surface with a border. Segment: part of a segmented
// row. Plain: text only. Link: brand-coloured bold text only.
enum class ButtonKind { Primary, Secondary, Segment, Plain, Link };

class App : public miniapp::AppDelegate {
  public:
    using PageCreator = std::function<std::unique_ptr<PageView>(App&)>;

    explicit App(Host& host);
    ~App() override;

    // Parse the manifest and page configs, check every page exists, launch. On failure the
    // message names the problem and goes to host.show_fatal(); returns false.
    bool start(const std::string& app_json, const std::map<std::string, std::string>& page_jsons,
               const std::string& launch_url);
    bool started() const { return router_ != nullptr; }

    // Rebuild fonts if the canvas size or pixel ratio changed; true when the atlas changed.
    bool prepare_fonts(float width, float dpr);
    // Build one ImGui frame for a display of `width`×`height` CSS px (between NewFrame and
    // Render), then report the frame to the router (onReady).
    void frame(float width, float height);
    // NewFrame, frame(), Render — again when the build opened or closed the modal after it
    // drew it; the draw data is the last build's.
    void build_frame(float width, float height);
    // Does anything need a frame now (a timer due, a reply arrived, a route changed)?
    bool needs_frame(double now) const;
    void mark_dirty() { dirty_ = true; }
    uint64_t frames() const { return frames_; }
    // When the last frame was built (host clock, ms): timers that step with the frames (the
    // thinking dots) count from it.
    double frame_ms() const { return frame_ms_; }

    // Services for pages.
    Host& host() { return host_; }
    miniapp::Storage& storage() { return *storage_; }
    miniapp::Router& router() { return *router_; }
    const Theme& theme() const { return *theme_; }
    Fonts& fonts() { return fonts_; }
    miniapp::Lang lang() const { return lang_; }
    const char* tr(miniapp::Str id) const { return miniapp::tr(id, lang_); }
    float rpx(float v) const { return v * px_per_rpx_; }
    // A control's height: `v` rpx, but never under a 44 CSS px touch target.
    float tap(float v) const { return std::max(rpx(v), kMinTouchPx); }
    static constexpr float kMinTouchPx = 44;
    double now() { return host_.now_ms(); }
    // Toast and modal (overlays.cpp).
    void toast(std::string text, double ms = 1500);
    // A toast from the strings table: it follows a language switch while it is shown.
    void toast(miniapp::Str id, double ms = 1500);
    // wx.showModal: `done(true)` on confirm, `done(false)` on cancel.
    void modal(std::string title, std::string content, std::string confirm, std::string cancel,
               std::function<void(bool)> done);
    // A page is going away: its modal, if one is open, closes unanswered (its `done` would
    // reach a page that no longer exists).
    void page_gone(const PageView* page);
    // Answers the open modal as its buttons would (the keyboard layer's Confirm and Cancel);
    // false when none is open.
    bool answer_modal(bool confirmed);
    void announce(const std::string& text) { host_.announce(text); }
    // An event for the embedding page (automation.cpp).
    void emit(const nlohmann::json& event);

    // Settings: language ("auto" follows the browser) and theme ("auto" follows the system).
    void set_language(const std::string& choice);
    void set_theme(const std::string& choice);
    const std::string& language_choice() const { return lang_choice_; }
    const std::string& theme_choice() const { return theme_choice_; }
    void set_system_dark(bool dark);
    // A language/theme for this session only (URL or embed parameters): wins over the saved
    // Settings choice, is not saved. Call before start().
    void set_session_overrides(std::string lang, std::string theme) {
        session_lang_ = std::move(lang);
        session_theme_ = std::move(theme);
    }
    // Embedded in another page (iframe): the game alone, no navigation bar, no tab bar.
    void set_embedded(bool embedded) { embedded_ = embedded; dirty_ = true; }
    bool embedded() const { return embedded_; }

    // Widgets (widgets.cpp). `id` doubles as the control's automation id.
    bool button(const char* id, Rect r, std::string_view label, ButtonKind kind = ButtonKind::Secondary,
                bool enabled = true, bool selected = false);
    // A row of segments; returns the index clicked or -1. Ids are "<id>-<key>".
    int segmented(const char* id, Rect r, const std::vector<std::pair<std::string, std::string>>& keys_labels,
                  int selected, bool enabled = true);
    // An n×n board drawn plainly from rows of 0/1/2 (`cells`; missing cells are empty) in a
    // game's look (the catalogue's: felt squares, stones on wood, X and O marks), the last move
    // dotted; `cell_rects` receives each cell's rectangle, row by row. The Bot Lab and the
    // Review page draw boards so.
    void plain_board(Rect r, games::BoardLook look, int n, const nlohmann::json& cells,
                     std::optional<std::array<int, 2>> last, std::vector<Rect>& cell_rects);
    enum class Align { Left, Center, Right };
    // Draw `s` in `r` (wrapped to its width), vertically centred; returns the text height.
    float text(Rect r, std::string_view s, FontRole role, ImU32 color, Align align = Align::Left,
               bool wrap = true);
    ImVec2 measure(std::string_view s, FontRole role, float wrap_width = 0) const;
    // `s` cut into the lines text() draws at `width` (0: at newlines only): at spaces where it
    // can, never inside a UTF-8 character; the spaces and newlines between lines are dropped.
    std::vector<std::string_view> wrap_lines(std::string_view s, FontRole role, float width) const;
    void card(Rect r, ImU32 fill, float radius_rpx = metrics::kRadius);
    // Register a control rectangle for controlRect(id) (done by button/segmented already).
    void control(const std::string& id, Rect r);
    ImDrawList* draw_list() const;

    // Automation (window.miniapp; automation.cpp).
    nlohmann::json state() const;
    nlohmann::json route(const std::string& op, const std::string& url);
    std::optional<Rect> control_rect(const std::string& id) const;
    std::optional<Rect> board_cell_rect(int index) const;
    void set_visible(bool visible);
    // A command from the embedding parent; returns an error message or "".
    std::string command(const nlohmann::json& message);
    PageView* current_page() const;

    // Lifecycle log (the last 200 hooks), for the automation API and tests.
    const std::vector<miniapp::LifecycleEvent>& lifecycle() const { return lifecycle_; }

    // The page registry (pages/registry.cpp).
    static const std::map<std::string, PageCreator>& registry();

  private:
    // The nav bar's left button: back over a page below, home for a page opened alone (not a
    // tab, not the entry page), none when embedded. One decision for the drawing and state().
    enum class NavButton : uint8_t { None, Back, Home };
    NavButton nav_button() const;
    // The bars (bars.cpp).
    void draw_nav_bar(Rect r, const miniapp::WindowConfig& cfg);
    void draw_tab_bar(Rect r);
    void draw_toast();
    void draw_modal();
    void apply_theme();
    const miniapp::WindowConfig& window_config(const std::string& path) const;

    Host& host_;
    std::unique_ptr<miniapp::Storage> storage_;
    std::unique_ptr<miniapp::Router> router_;
    std::map<std::string, miniapp::WindowConfig> page_configs_;
    miniapp::Manifest manifest_;
    Fonts fonts_;
    const Theme* theme_;
    miniapp::Lang lang_ = miniapp::Lang::En;
    std::string lang_choice_ = "auto", theme_choice_ = "auto";
    std::string session_lang_, session_theme_;
    bool system_dark_ = false;
    bool embedded_ = false;
    float px_per_rpx_ = 0.5f;
    float width_ = 0, height_ = 0;
    bool dirty_ = true;
    uint64_t frames_ = 0;
    // Was the modal drawn in the frame being built (it may be answered after it was drawn)?
    bool modal_drawn_ = false;
    double frame_ms_ = 0;
    std::map<std::string, Rect> controls_, controls_next_;
    std::vector<miniapp::LifecycleEvent> lifecycle_;

    struct Toast {
        std::string text;
        double until = 0;
        std::optional<miniapp::Str> id; // set when the text comes from the strings table
    } toast_;
    struct Modal {
        bool open = false;
        std::string title, content, confirm, cancel;
        std::function<void(bool)> done;
        const PageView* owner = nullptr; // the page that asked; the modal goes with it
    } modal_;
};

} // namespace ui
