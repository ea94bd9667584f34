// web_main.cpp — the browser backend: SDL2 window and input, ImGui's SDL2 backend, an
// event-driven main loop whose frames go to the page's renderer (web/renderer.js: WebGL 2 in a
// Worker, see draw_stream.h), and the C exports behind window.miniapp.
//
// Index
//   start-up ........... main(): SDL, ImGui, the app from Module.miniappConfig
//   main loop .......... frames only when something changed (input, a timer, a reply)
//   exports ............ miniapp_* functions called by shell/miniapp.js
#include "draw_stream.h"
#include "partial_redraw.h"
#include "ui/app.h"
#include "web_host.h"

#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_sdl2.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

SDL_Window* g_window = nullptr;
platform::DrawStream g_stream;
platform::WebHost g_host;
ui::App* g_app = nullptr;
int g_input_frames = 0; // frames still owed to recent input (ImGui trickles events over frames)
std::string g_reply;    // storage for strings returned to JavaScript
platform::PartialRedraw g_redraw;
platform::PartialRedraw::Region g_last_region; // the last drawn frame's, for miniapp.redrawStats()
// index.html?redraw=full: every frame drawn whole (no partial redraw, no preserved buffer);
// ?redraw=verify: partial redraw, and every frame drawn in part or skipped is read back, drawn
// whole, read back again and compared pixel by pixel by the renderer (slow; for tests, see
// redrawStats()).
enum class RedrawMode { Full = 0, Partial = 1, Verify = 2 };
RedrawMode g_redraw_mode = RedrawMode::Partial;
bool g_partial = true;
uint32_t g_font_generation = 0; // font atlas rebuilds: a new atlas redraws everything
const ImTextureID kFontTexture = reinterpret_cast<ImTextureID>(intptr_t(1)); // the renderer's one texture

// clang-format off
EM_JS(char*, js_config, (), {
    var s = JSON.stringify(Module.miniappConfig || {});
    var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
});
EM_JS(void, js_started, (), { Module.miniappStarted(); });
// Start-up timeline (performance.getEntriesByType('mark'), names "miniapp:…"): where the time
// to the first frame goes.
EM_JS(void, js_mark, (const char* name), { if (self.performance && performance.mark) performance.mark('miniapp:' + UTF8ToString(name)); });
EM_JS(int, js_redraw_mode, (), { var m = Module.miniappRedraw; return m === 'full' ? 0 : m === 'verify' ? 2 : 1; });
// The page's renderer (shell/miniapp.js, web/renderer.js) takes the frames; it draws them in
// a Worker where the browser can. Both calls copy what they are given.
EM_JS(int, js_renderer_ready, (), { return Module.miniappRenderer.ready() ? 1 : 0; });
EM_JS(void, js_renderer_fonts, (const unsigned char* pixels, int width, int height), {
    Module.miniappRenderer.fonts(width, height, HEAPU8.slice(pixels, pixels + width * height));
});
EM_JS(void, js_renderer_frame, (const uint32_t* words, int count), {
    Module.miniappRenderer.frame(HEAPU32.slice(words >> 2, (words >> 2) + count).buffer);
});
EM_JS(int, js_renderer_first_frame_done, (), { return Module.miniappRenderer.firstFrameDone() ? 1 : 0; });
// clang-format on

const char* reply(std::string s) {
    g_reply = std::move(s);
    return g_reply.c_str();
}

// --- main loop ------------------------------------------------------------------------------

void start_app();
void frame();
bool update_fonts(float w, float dpr);
void draw(int w, int h, int dw, int dh, bool first);

// One iteration per animation frame. Events are always drained; a frame is built and drawn
// only when input arrived, ImGui still has queued input, or the app wants one (timer, reply,
// route change). An idle app draws nothing.
//
// The start-up's steps and the frame are functions of their own, kept apart by the link
// (src/platform/CMakeLists.txt): the browser compiles each function of index.wasm whole when it
// is first called (lazily, on the main thread); with everything inlined this one was 52 KB of
// code, compiled in the first iteration (28 ms of that task), most of it for later tasks or
// never run at start.
void loop() {
    if (!g_app) return start_app();
    SDL_Event e;
    bool input = false;
    while (SDL_PollEvent(&e)) {
        // A press carries its own position: after a lifted finger reset the pointer, SDL drops
        // the (unchanged) motion of a second tap on the same spot, and the press would land nowhere.
        if (e.type == SDL_MOUSEBUTTONDOWN)
            ImGui::GetIO().AddMousePosEvent(float(e.button.x), float(e.button.y));
        ImGui_ImplSDL2_ProcessEvent(&e);
        input = true;
        // A finger lifted: hover must not stick where the finger was.
        bool touch_up = (e.type == SDL_MOUSEBUTTONUP && e.button.which == SDL_TOUCH_MOUSEID) ||
                        e.type == SDL_FINGERUP;
        if (touch_up) ImGui::GetIO().AddMousePosEvent(-FLT_MAX, -FLT_MAX);
        if (e.type == SDL_WINDOWEVENT && g_app) g_app->mark_dirty();
    }
    if (input) g_input_frames = 3;
    if (!g_app || !g_app->started()) return;
    const bool queued = GImGui->InputEventsQueue.Size > 0;
    if (g_input_frames == 0 && !queued && !g_app->needs_frame(g_host.now_ms())) return;
    if (g_input_frames > 0) --g_input_frames;
    frame();
}

// A frame: the font atlas when it must be (re)baked, ImGui's frame, and what of it is drawn.
void frame() {
    int w = 0, h = 0, dw = 0, dh = 0;
    SDL_GetWindowSize(g_window, &w, &h);
    emscripten_get_canvas_element_size("#canvas", &dw, &dh); // SDL sizes it: CSS px x device pixel ratio
    if (w <= 0 || h <= 0 || dw <= 0 || dh <= 0) return;
    float dpr = float(dw) / float(w);
    // A rebuilt atlas replaces the texture (the first frame bakes and uploads the first one).
    const bool first = g_app->frames() == 0;
    static bool first_started = false;
    if (first && !first_started) js_mark("first-frame-start"), first_started = true;
    if (update_fonts(float(w), dpr) && first) return; // the first frame is built in the next task, apart from the bake
    if (first && !js_renderer_ready()) return; // baked meanwhile; drawn once the renderer can
    if (first) js_mark("fonts-baked");
    draw(w, h, dw, dh, first);
}

// The atlas baked again when the canvas's size, its pixel ratio or the language changed, and
// handed to the renderer. True when it was.
bool update_fonts(float w, float dpr) {
    if (!g_app->prepare_fonts(w, dpr)) return false;
    ++g_font_generation;
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int tw = 0, th = 0;
    io.Fonts->GetTexDataAsAlpha8(&pixels, &tw, &th); // ImGui's own coverage bitmap, sent as it is
    js_renderer_fonts(pixels, tw, th);
    io.Fonts->SetTexID(kFontTexture);
    return true;
}

// ImGui's frame built, and what of it changed sent to the renderer.
void draw(int w, int h, int dw, int dh, bool first) {
    ImGui_ImplSDL2_NewFrame();
    g_app->build_frame(float(w), float(h));
    // ImGui finds the hovered window from the frame before. When that window is gone (a modal
    // just closed), the item now under the pointer shows its hover only in the next frame: draw
    // it, or the screen keeps a stale hover until the pointer moves.
    if (GImGui->HoveredWindow && !GImGui->HoveredWindow->Active)
        g_input_frames = std::max(g_input_frames, 1);
    if (first) js_mark("frame-built");
    ImDrawData* dd = ImGui::GetDrawData();
    const ImU32 bg = g_app->theme().background;
    // Everything besides the triangles that decides the pixels: framebuffer and display size
    // (a different CSS size at the same framebuffer size moves every triangle), clear colour,
    // font atlas.
    platform::PartialRedraw::Region region;
    if (g_partial) {
        uint32_t sw = 0, sh = 0;
        std::memcpy(&sw, &dd->DisplaySize.x, 4);
        std::memcpy(&sh, &dd->DisplaySize.y, 4);
        region = g_redraw.damage(dd, {uint32_t(dw), uint32_t(dh), sw, sh, bg, g_font_generation});
    }
    if (region.kind != platform::PartialRedraw::Region::Nothing) g_last_region = region;
    const bool verify = g_redraw_mode == RedrawMode::Verify && region.kind != platform::PartialRedraw::Region::Everything;
    if (region.kind == platform::PartialRedraw::Region::Nothing && !verify) return; // the canvas shows this frame already
    // The commands' own clip rectangles: each rectangle of a partial frame, and the whole
    // redraw that verifies it, clip from them.
    std::vector<ImVec4> clips;
    if (verify || region.kind == platform::PartialRedraw::Region::Rect)
        for (int n = 0; n < dd->CmdListsCount; ++n)
            for (const ImDrawCmd& cmd : dd->CmdLists[n]->CmdBuffer) clips.push_back(cmd.ClipRect);
    g_stream.begin(dd, dw, dh, bg);
    if (region.kind == platform::PartialRedraw::Region::Everything) {
        g_stream.pass(platform::DrawStream::Pass::Everything, dd);
    } else if (region.kind == platform::PartialRedraw::Region::Rect) {
        for (const auto& r : region.rects) {
            // The renderer's own scissor arithmetic, so the cleared and the redrawn pixels coincide.
            const ImVec2 off = dd->DisplayPos, scale = dd->FramebufferScale;
            const ImVec2 lo((r.x0 - off.x) * scale.x, (r.y0 - off.y) * scale.y);
            const ImVec2 hi((r.x1 - off.x) * scale.x, (r.y1 - off.y) * scale.y);
            const int fb_h = int(dd->DisplaySize.y * scale.y);
            const int scissor[4] = {int(lo.x), int(float(fb_h) - hi.y), int(hi.x - lo.x), int(hi.y - lo.y)};
            platform::PartialRedraw::clip(dd, clips, r);
            g_stream.pass(platform::DrawStream::Pass::Rect, dd, scissor);
        }
    }
    if (verify) {
        size_t k = 0;
        for (int n = 0; n < dd->CmdListsCount; ++n)
            for (ImDrawCmd& cmd : dd->CmdLists[n]->CmdBuffer) cmd.ClipRect = clips[k++];
        g_stream.pass(platform::DrawStream::Pass::Truth, dd);
    }
    const std::vector<uint32_t>& words = g_stream.finish();
    js_renderer_frame(words.data(), int(words.size()));
    if (first) js_mark("first-frame-drawn");
}

} // namespace

// --- start-up -----------------------------------------------------------------------------------

int main(int, char**) {
    js_mark("main");
    // Keys go to the canvas only: the host page's keyboard is never captured.
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        g_host.show_fatal(std::string("SDL_Init failed: ") + SDL_GetError());
        return 1;
    }
    g_redraw_mode = RedrawMode(js_redraw_mode());
    g_partial = g_redraw_mode != RedrawMode::Full;
    double css_w = 360, css_h = 640;
    emscripten_get_element_css_size("#canvas", &css_w, &css_h);
    g_window = SDL_CreateWindow("Mini Arena", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, int(css_w), int(css_h),
                                SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!g_window) {
        g_host.show_fatal(std::string("SDL_CreateWindow failed: ") + SDL_GetError());
        return 1;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.ConfigInputTrickleEventQueue = true; // a tap shorter than a frame still lands
    ImGui::StyleColorsLight();
    ImGui_ImplSDL2_InitForOther(g_window);
    io.BackendRendererName = "miniarena_webgl2"; // web/renderer.js

    js_mark("platform-ready");
    emscripten_set_main_loop(loop, 0, false);
    return 0;
}

namespace {

// The app from Module.miniappConfig, in the main loop's first two iterations: tasks of their own,
// apart from main()'s (a page stays responsive between short tasks; Lighthouse counts long ones).
// Most of their time is the browser compiling each function of index.wasm as it is first called,
// so the configuration is read in one task and the app starts in the next, each step a function
// of its own (compiled when its task first calls it).
nlohmann::json g_cfg; // Module.miniappConfig, until the app has started

void read_config() {
    char* raw = js_config();
    g_cfg = nlohmann::json::parse(raw, nullptr, false);
    std::free(raw);
    if (!g_cfg.is_object()) g_cfg = nlohmann::json::object();
    js_mark("config-read");
}

void launch_app() {
    nlohmann::json& cfg = g_cfg;
    g_app = new ui::App(g_host);
    std::map<std::string, std::string> page_jsons;
    if (auto it = cfg.find("pages"); it != cfg.end() && it->is_object())
        for (auto p = it->begin(); p != it->end(); ++p)
            if (p->is_string()) page_jsons[p.key()] = p->get<std::string>();
    g_app->set_system_dark(cfg.value("dark", false));
    g_app->set_embedded(cfg.value("embed", false));
    g_app->set_session_overrides(cfg.contains("lang") && cfg["lang"].is_string() ? cfg["lang"].get<std::string>() : "",
                                 cfg.contains("theme") && cfg["theme"].is_string() ? cfg["theme"].get<std::string>() : "");
    std::string app_json = cfg.value("app", std::string());
    const bool ok = g_app->start(app_json, page_jsons, cfg.value("launch", std::string()));
    cfg = nlohmann::json();
    js_mark("app-started");
    if (ok) js_started();
}

void start_app() {
    static bool config_read = false;
    if (!config_read) {
        read_config();
        config_read = true;
    } else {
        launch_app();
    }
}

} // namespace

// --- exports for shell/miniapp.js ----------------------------------------------------------------

namespace {
nlohmann::json rect_json(const std::optional<ui::Rect>& r) {
    if (!r) return nullptr;
    return {{"x", r->x}, {"y", r->y}, {"width", r->w}, {"height", r->h}};
}
} // namespace

// The last drawn frame's region: "everything", or its rectangles as [x0, y0, x1, y1] in CSS px.
nlohmann::json last_region() {
    // Nothing-frames are not kept, so the kind is Everything (also before any frame) or Rect.
    if (g_last_region.kind != platform::PartialRedraw::Region::Rect) return "everything";
    nlohmann::json out = nlohmann::json::array();
    for (const auto& b : g_last_region.rects) out.push_back({b.x0, b.y0, b.x1, b.y1});
    return out;
}

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* miniapp_state() { return reply(g_app ? g_app->state().dump() : "{}"); }

EMSCRIPTEN_KEEPALIVE const char* miniapp_route(const char* op, const char* url) {
    if (!g_app) return reply(R"({"ok":false,"errMsg":"the app has not started"})");
    return reply(g_app->route(op, url).dump());
}

EMSCRIPTEN_KEEPALIVE const char* miniapp_control_rect(const char* id) {
    return reply(g_app ? rect_json(g_app->control_rect(id)).dump() : "null");
}

EMSCRIPTEN_KEEPALIVE const char* miniapp_board_cell_rect(int index) {
    return reply(g_app ? rect_json(g_app->board_cell_rect(index)).dump() : "null");
}

EMSCRIPTEN_KEEPALIVE void miniapp_engine_reply(int ticket, const char* text) { g_host.deliver(ticket, text); }

EMSCRIPTEN_KEEPALIVE void miniapp_prompt_done(int id, int ok, const char* text) {
    g_host.prompt_done(id, ok != 0, text);
    if (g_app) g_app->mark_dirty();
}

// The keyboard layer's Confirm (1) or Cancel (0) for the open modal; 0 when none is open.
EMSCRIPTEN_KEEPALIVE int miniapp_modal_answer(int confirmed) {
    return g_app && g_app->answer_modal(confirmed != 0) ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void miniapp_script_message(int id, const char* json) {
    g_host.script_message(id, json);
    if (g_app) g_app->mark_dirty();
}

EMSCRIPTEN_KEEPALIVE void miniapp_set_visible(int visible) {
    if (g_app) g_app->set_visible(visible != 0);
}

EMSCRIPTEN_KEEPALIVE void miniapp_set_system_dark(int dark) {
    if (g_app) g_app->set_system_dark(dark != 0);
}

EMSCRIPTEN_KEEPALIVE const char* miniapp_command(const char* json) {
    if (!g_app) return reply("the app has not started");
    auto m = nlohmann::json::parse(json, nullptr, false);
    if (!m.is_object()) return reply("a command must be a JSON object");
    return reply(g_app->command(m));
}

EMSCRIPTEN_KEEPALIVE double miniapp_frames() { return g_app ? double(g_app->frames()) : 0; }
// 1 once the first frame is drawn and the GPU has run it; polled by the page, never waited on.
EMSCRIPTEN_KEEPALIVE int miniapp_first_frame_done() {
    if (!g_app || g_app->frames() == 0) return 0;
    return js_renderer_first_frame_done();
}

// The platform's side of the redraw statistics; the renderer adds its ?redraw=verify checks.
EMSCRIPTEN_KEEPALIVE const char* miniapp_redraw_stats() {
    const char* mode = g_redraw_mode == RedrawMode::Full ? "full" : g_redraw_mode == RedrawMode::Verify ? "verify" : "partial";
    return reply(nlohmann::json{{"mode", mode}, {"full", g_redraw.full}, {"partial", g_redraw.partial},
                                {"skipped", g_redraw.skipped}, {"lastRegion", last_region()}}
                     .dump());
}

EMSCRIPTEN_KEEPALIVE const char* miniapp_font_atlas() {
    ImGuiIO& io = ImGui::GetIO();
    return reply(nlohmann::json{{"width", io.Fonts->TexWidth}, {"height", io.Fonts->TexHeight}}.dump());
}

} // extern "C"
