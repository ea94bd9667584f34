#include "driver.h"

#include <imgui_internal.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace uitest {

namespace {
std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// Each page's json by its app.json path ("pages/othello/othello"), as the page loader
// (shell/miniapp/) hands them to the app.
std::map<std::string, std::string> page_jsons(const std::filesystem::path& web) {
    std::map<std::string, std::string> pages;
    for (const auto& dir : std::filesystem::directory_iterator(web / "pages"))
        for (const auto& file : std::filesystem::directory_iterator(dir.path()))
            if (file.path().extension() == ".json")
                pages["pages/" + dir.path().filename().string() + "/" +
                      file.path().stem().string()] = read_file(file.path());
    return pages;
}
} // namespace

// The ImGui context is the driver's own: each test starts from a fresh one, as a page load does.
Driver::Driver(FakeHost& host, float width, float height, float dpr)
    : host_(host), width_(width), height_(height), dpr_(dpr) {
    imgui_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(imgui_);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.ConfigInputTrickleEventQueue = true; // as the browser backend (web_main.cpp)
    ImGui::StyleColorsLight();
    app_ = std::make_unique<ui::App>(host_);
}

// The App goes first: its pages close what they opened through the host and the ImGui context.
Driver::~Driver() {
    app_.reset();
    ImGui::DestroyContext(imgui_);
}

bool Driver::start(const std::string& launch_url) {
    return start_with(read_file(std::filesystem::path(MINIARENA_WEB_DIR) / "app.json"), launch_url);
}

bool Driver::start_with(const std::string& app_json, const std::string& launch_url) {
    if (!app_->start(app_json, page_jsons(MINIARENA_WEB_DIR), launch_url)) return false;
    frame();
    return true;
}

// No renderer: the atlas is built (NewFrame needs it) but never uploaded, the draw data dropped.
void Driver::frame() {
    ImGui::SetCurrentContext(imgui_);
    host_.pump();
    ImGuiIO& io = ImGui::GetIO();
    app_->prepare_fonts(width_, dpr_);
    io.DisplaySize = ImVec2(width_, height_);
    io.DisplayFramebufferScale = ImVec2(dpr_, dpr_);
    io.DeltaTime = 1.0f / 60.0f; // ImGui's own timers only; the app reads the host's clock
    app_->build_frame(width_, height_);
}

int Driver::settle(int limit) {
    int n = 0;
    // ImGui may hold input events for the next frame (trickled), the host may have replies due.
    while (n < limit && (app_->needs_frame(host_.now_ms()) || GImGui->InputEventsQueue.Size > 0 ||
                         (host_.auto_reply && !host_.pending().empty()))) {
        frame();
        ++n;
    }
    return n;
}

// As a pointer does it: it arrives over the point (a frame), presses (a frame), releases (a frame).
// Pressed in the frame it arrived, the very first press in a fresh ImGui context is lost on the
// first item of the window (the window takes focus then); a browser always moves the pointer first.
void Driver::click_at(float x, float y, bool touch) {
    ImGuiIO& io = ImGui::GetIO();
    io.AddMouseSourceEvent(touch ? ImGuiMouseSource_TouchScreen : ImGuiMouseSource_Mouse);
    io.AddMousePosEvent(x, y);
    frame();
    io.AddMouseSourceEvent(touch ? ImGuiMouseSource_TouchScreen : ImGuiMouseSource_Mouse);
    io.AddMouseButtonEvent(ImGuiMouseButton_Left, true);
    frame();
    io.AddMouseSourceEvent(touch ? ImGuiMouseSource_TouchScreen : ImGuiMouseSource_Mouse);
    io.AddMouseButtonEvent(ImGuiMouseButton_Left, false);
    frame();
    settle();
}

bool Driver::click(const std::string& id) {
    auto r = app_->control_rect(id);
    if (!r) return false;
    click_at(r->center().x, r->center().y);
    return true;
}

bool Driver::quick_click(const std::string& id) {
    auto r = app_->control_rect(id);
    if (!r) return false;
    ImGuiIO& io = ImGui::GetIO();
    io.AddMousePosEvent(r->center().x, r->center().y);
    io.AddMouseButtonEvent(ImGuiMouseButton_Left, true);
    io.AddMouseButtonEvent(ImGuiMouseButton_Left, false);
    for (int n = 0; n < 4 && GImGui->InputEventsQueue.Size > 0; ++n) frame();
    return true;
}

bool Driver::click_cell(int index) {
    auto r = app_->board_cell_rect(index);
    if (!r) return false;
    click_at(r->center().x, r->center().y);
    return true;
}

void Driver::key(ImGuiKey k) {
    ImGuiIO& io = ImGui::GetIO();
    io.AddKeyEvent(k, true);
    frame();
    io.AddKeyEvent(k, false);
    frame();
    settle();
}

std::string Driver::command(const nlohmann::json& message) {
    std::string why = app_->command(message);
    settle();
    return why;
}

nlohmann::json Driver::route(const std::string& op, const std::string& url) {
    nlohmann::json r = app_->route(op, url);
    settle();
    return r;
}

} // namespace uitest
