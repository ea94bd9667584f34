// driver.h — runs the app headless for a test: the real ui::App with the site's app.json and
// page json files, its own Dear ImGui context, frames built without a renderer (the draw data
// is made and dropped), and input the way a person gives it: a click on a control or a board
// cell found by the same rectangles window.miniapp.controlRect / boardCellRect return, a key.
// What the test reads is the same JSON state() the browser tests read.
#pragma once
#include "fake_host.h"
#include "ui/app.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace uitest {

class Driver {
  public:
    // A display of `width`×`height` CSS px at `dpr` device px per CSS px (500×800: the
    // phone-shaped column a 1280×800 desktop window shows).
    explicit Driver(FakeHost& host, float width = 500, float height = 800, float dpr = 1);
    ~Driver();
    Driver(const Driver&) = delete;
    Driver& operator=(const Driver&) = delete;

    // Start the app as the page would (web/app.json, web/pages/*/*.json) at `launch_url`
    // ("" = the entry page), then draw its first frame. False when start-up failed.
    bool start(const std::string& launch_url = "");
    // The same with `app_json` in place of web/app.json (a broken manifest).
    bool start_with(const std::string& app_json, const std::string& launch_url = "");
    // One frame: what the host has due (pump), then NewFrame, the app's frame, Render.
    void frame();
    // Frames until the app needs none (a timer due later, nothing changed); at most `limit`.
    int settle(int limit = 20);

    // Press and release the primary button on control `id`'s centre (then settle); false when
    // the last frame drew no such control.
    bool click(const std::string& id);
    // The same on board cell `index`.
    bool click_cell(int index);
    // A quick click on control `id`, as a browser delivers one: pointer, press and release
    // all queued before the next frame, and no frames after those that read them.
    bool quick_click(const std::string& id);
    // The same at (x, y) CSS px; `touch` reports the press as a finger's.
    void click_at(float x, float y, bool touch = false);
    // A key pressed and released (then settle).
    void key(ImGuiKey key);

    nlohmann::json state() const { return app_->state(); }
    nlohmann::json game() const { return app_->state()["game"]; }
    ui::App& app() { return *app_; }
    // A command as the embedding parent or window.miniapp.command sends it: "" or why not.
    std::string command(const nlohmann::json& message);
    // A route call as window.miniapp.navigateTo & co. make it: {"ok":…, "errMsg":…}.
    nlohmann::json route(const std::string& op, const std::string& url = "");

  private:
    FakeHost& host_;
    float width_, height_, dpr_;
    ImGuiContext* imgui_ = nullptr;
    std::unique_ptr<ui::App> app_;
};

} // namespace uitest
