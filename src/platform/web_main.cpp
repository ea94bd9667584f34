// web_main.cpp — the browser backend: SDL2 window + WebGL2 context, ImGui's SDL2 backend and
// the page's WebGL renderer, an event-driven main loop, and the C exports behind window.miniapp.
//
// Index
//   start-up ........... main(): SDL, GL, ImGui, the app from Module.miniappConfig
//   main loop .......... frames only when something changed (input, a timer, a reply)
//   exports ............ miniapp_* functions called by shell/miniapp.js
#include "partial_redraw.h"
#include "ui/app.h"
#include "web_host.h"
#include "webgl_renderer.h"

#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_sdl2.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

#include <GLES3/gl3.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

SDL_Window* g_window = nullptr;
SDL_GLContext g_gl = nullptr;
platform::WebGlRenderer g_renderer;
platform::WebHost g_host;
ui::App* g_app = nullptr;
int g_input_frames = 0; // frames still owed to recent input (ImGui trickles events over frames)
std::string g_reply;    // storage for strings returned to JavaScript
platform::PartialRedraw g_redraw;
platform::PartialRedraw::Region g_last_region; // the last drawn frame's, for miniapp.redrawStats()
// index.html?redraw=full: every frame drawn whole (no partial redraw, no preserved buffer);
// ?redraw=verify: partial redraw, and every frame drawn in part or skipped is read back, drawn
// whole, read back again and compared pixel by pixel (slow; for tests, see redrawStats()).
enum class RedrawMode { Full = 0, Partial = 1, Verify = 2 };
RedrawMode g_redraw_mode = RedrawMode::Partial;
bool g_partial = true;
struct RedrawCheck {
    int frames = 0, bad_frames = 0;
    double bad_pixels = 0;
    double translucent_pixels = 0; // shown with alpha < 255: the page would show through
    int last_bad[4] = {0, 0, 0, 0}; // framebuffer pixels x0, y0, x1, y1 (y from the bottom)
    std::vector<unsigned char> shown, truth;
} g_check;
// Signalled once the GPU has run the first frame's commands: until then the page keeps the
// canvas hidden, so showing it never makes the browser wait for the GPU (with software GL the
// first draw takes hundreds of ms, and a visible canvas's first commit would block on it).
GLsync g_first_frame_fence = nullptr;
uint32_t g_font_generation = 0; // font atlas rebuilds: a new atlas redraws everything

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
// The canvas keeps its pixels between frames, so a frame can redraw only what changed
// (partial_redraw.h). Emscripten's EGL has no attribute for it: its getContext call is amended.
// The same call asks for an alpha channel. Every pixel stays opaque (cleared with alpha 1, and
// ImGui's blending keeps a destination alpha of 1), but an alpha: false canvas cost each frame
// that changed about 30 ms more under SwiftShader, the browser's software GL (a tic-tac-toe
// move's frame 67-84 ms → 33-50 ms in headless Chromium); ?redraw=verify counts pixels whose
// alpha is not 255 (redrawStats().translucentPixels).
EM_JS(void, js_amend_context_attributes, (int preserve), {
    var canvas = Module.canvas, getContext = canvas.getContext;
    canvas.getContext = function(type, attrs) {
        if (attrs && /webgl/.test(type)) {
            attrs.alpha = true;
            if (preserve) attrs.preserveDrawingBuffer = true;
        }
        return getContext.call(canvas, type, attrs);
    };
});
// clang-format on

const char* reply(std::string s) {
    g_reply = std::move(s);
    return g_reply.c_str();
}

// --- main loop ------------------------------------------------------------------------------

// One iteration per animation frame. Events are always drained; a frame is built and drawn
// only when input arrived, ImGui still has queued input, or the app wants one (timer, reply,
// route change). An idle app draws nothing.
void loop() {
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

    int w = 0, h = 0, dw = 0, dh = 0;
    SDL_GetWindowSize(g_window, &w, &h);
    SDL_GL_GetDrawableSize(g_window, &dw, &dh);
    if (w <= 0 || h <= 0) return;
    float dpr = float(dw) / float(w);
    // A rebuilt atlas replaces the texture (the first frame bakes and uploads the first one).
    const bool first = g_app->frames() == 0;
    static bool first_started = false;
    if (first && !first_started) js_mark("first-frame-start"), first_started = true;
    if (g_app->prepare_fonts(float(w), dpr)) {
        ++g_font_generation;
        g_renderer.upload_fonts();
    }
    if (first && !g_renderer.ready()) return; // baked meanwhile; drawn when the shaders are in
    if (first) js_mark("fonts-baked");
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    g_app->frame(float(w), float(h));
    ImGui::Render();
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
    const auto clear = [&] {
        glClearColor(float(bg & 0xFF) / 255.f, float((bg >> 8) & 0xFF) / 255.f, float((bg >> 16) & 0xFF) / 255.f, 1.f);
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
    };
    glViewport(0, 0, dw, dh);
    if (region.kind == platform::PartialRedraw::Region::Everything) {
        glDisable(GL_SCISSOR_TEST);
        clear();
        g_renderer.render(dd);
    } else if (region.kind == platform::PartialRedraw::Region::Rect) {
        for (const auto& r : region.rects) {
            // The backend's own scissor arithmetic, so the cleared and the redrawn pixels coincide.
            const ImVec2 off = dd->DisplayPos, scale = dd->FramebufferScale;
            const ImVec2 lo((r.x0 - off.x) * scale.x, (r.y0 - off.y) * scale.y);
            const ImVec2 hi((r.x1 - off.x) * scale.x, (r.y1 - off.y) * scale.y);
            const int fb_h = int(dd->DisplaySize.y * scale.y);
            glEnable(GL_SCISSOR_TEST);
            glScissor(int(lo.x), int(float(fb_h) - hi.y), int(hi.x - lo.x), int(hi.y - lo.y));
            clear();
            platform::PartialRedraw::clip(dd, clips, r);
            g_renderer.render(dd);
        }
    }
    if (verify) {
        const size_t bytes = size_t(dw) * size_t(dh) * 4;
        g_check.shown.resize(bytes);
        g_check.truth.resize(bytes);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, dw, dh, GL_RGBA, GL_UNSIGNED_BYTE, g_check.shown.data());
        size_t k = 0;
        for (int n = 0; n < dd->CmdListsCount; ++n)
            for (ImDrawCmd& cmd : dd->CmdLists[n]->CmdBuffer) cmd.ClipRect = clips[k++];
        glDisable(GL_SCISSOR_TEST);
        clear();
        g_renderer.render(dd);
        glReadPixels(0, 0, dw, dh, GL_RGBA, GL_UNSIGNED_BYTE, g_check.truth.data());
        ++g_check.frames;
        int bad = 0, x0 = dw, y0 = dh, x1 = -1, y1 = -1;
        for (int y = 0; y < dh; ++y)
            for (int x = 0; x < dw; ++x) {
                const size_t i = (size_t(y) * size_t(dw) + size_t(x)) * 4;
                if (g_check.shown[i + 3] != 255) ++g_check.translucent_pixels;
                if (std::memcmp(&g_check.shown[i], &g_check.truth[i], 4) == 0) continue;
                ++bad;
                x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
            }
        if (bad) {
            ++g_check.bad_frames;
            g_check.bad_pixels += bad;
            g_check.last_bad[0] = x0, g_check.last_bad[1] = y0, g_check.last_bad[2] = x1 + 1, g_check.last_bad[3] = y1 + 1;
        }
    }
    SDL_GL_SwapWindow(g_window);
    // The commands are issued; the GPU process runs them while the main thread goes on (no
    // glFinish: waiting here only blocked the page). "first-frame-shown" marks the frame on screen.
    if (first) {
        g_first_frame_fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        glFlush();
        js_mark("first-frame-drawn");
    }
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
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
    g_redraw_mode = RedrawMode(js_redraw_mode());
    g_partial = g_redraw_mode != RedrawMode::Full;
    js_amend_context_attributes(g_partial);
    double css_w = 360, css_h = 640;
    emscripten_get_element_css_size("#canvas", &css_w, &css_h);
    g_window = SDL_CreateWindow("Mini Arena", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, int(css_w), int(css_h),
                                SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    g_gl = g_window ? SDL_GL_CreateContext(g_window) : nullptr;
    if (!g_gl) {
        g_host.show_fatal(std::string("WebGL 2 is not available: ") + SDL_GetError());
        return 1;
    }
    SDL_GL_MakeCurrent(g_window, g_gl);
    SDL_GL_SetSwapInterval(1);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.ConfigInputTrickleEventQueue = true; // a tap shorter than a frame still lands
    ImGui::StyleColorsLight();
    ImGui_ImplSDL2_InitForOpenGL(g_window, g_gl);
    g_renderer.start(); // the GPU process compiles the shaders while the app starts

    g_app = new ui::App(g_host);
    char* raw = js_config();
    nlohmann::json cfg = nlohmann::json::parse(raw, nullptr, false);
    std::free(raw);
    if (!cfg.is_object()) cfg = nlohmann::json::object();
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
    js_mark("app-started");
    if (ok) js_started();
    emscripten_set_main_loop(loop, 0, false);
    return 0;
}

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

EMSCRIPTEN_KEEPALIVE void miniapp_botlab_message(int id, const char* json) {
    g_host.botlab_message(id, json);
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
    if (!g_first_frame_fence) return 1;
    GLint status = GL_SIGNALED;
    glGetSynciv(g_first_frame_fence, GL_SYNC_STATUS, 1, nullptr, &status);
    if (status != GL_SIGNALED) return 0;
    glDeleteSync(g_first_frame_fence);
    g_first_frame_fence = nullptr;
    if (std::string why = g_renderer.link_error(); !why.empty()) g_host.show_fatal("WebGL could not build its shaders: " + why);
    return 1;
}

EMSCRIPTEN_KEEPALIVE const char* miniapp_redraw_stats() {
    const char* mode = g_redraw_mode == RedrawMode::Full ? "full" : g_redraw_mode == RedrawMode::Verify ? "verify" : "partial";
    return reply(nlohmann::json{{"mode", mode}, {"full", g_redraw.full}, {"partial", g_redraw.partial},
                                {"skipped", g_redraw.skipped}, {"verified", g_check.frames},
                                {"mismatchedFrames", g_check.bad_frames}, {"mismatchedPixels", g_check.bad_pixels},
                                {"translucentPixels", g_check.translucent_pixels},
                                {"lastMismatch", g_check.last_bad}, {"lastRegion", last_region()}}
                     .dump());
}

EMSCRIPTEN_KEEPALIVE const char* miniapp_font_atlas() {
    ImGuiIO& io = ImGui::GetIO();
    return reply(nlohmann::json{{"width", io.Fonts->TexWidth}, {"height", io.Fonts->TexHeight}}.dump());
}

} // extern "C"
