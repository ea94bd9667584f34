// web_main.cpp — the browser backend: SDL2 window + WebGL2 context, the ImGui SDL2/OpenGL3
// backends, an event-driven main loop, and the C exports behind window.miniapp.
//
// Index
//   start-up ........... main(): SDL, GL, ImGui, the app from Module.miniappConfig
//   main loop .......... frames only when something changed (input, a timer, a reply)
//   exports ............ miniapp_* functions called by shell/miniapp.js
#include "partial_redraw.h"
#include "ui/app.h"
#include "web_host.h"

#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl2.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

#include <GLES3/gl3.h>

#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

SDL_Window* g_window = nullptr;
SDL_GLContext g_gl = nullptr;
platform::WebHost g_host;
ui::App* g_app = nullptr;
int g_input_frames = 0; // frames still owed to recent input (ImGui trickles events over frames)
std::string g_reply;    // storage for strings returned to JavaScript
platform::PartialRedraw g_redraw;
uint32_t g_font_generation = 0; // font atlas rebuilds: a new atlas redraws everything

// clang-format off
EM_JS(char*, js_config, (), {
    var s = JSON.stringify(Module.miniappConfig || {});
    var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
});
EM_JS(void, js_started, (), { Module.miniappStarted(); });
// The canvas keeps its pixels between frames, so a frame can redraw only what changed
// (partial_redraw.h). Emscripten's EGL has no attribute for it: its getContext call is amended.
EM_JS(void, js_preserve_drawing_buffer, (), {
    var canvas = Module.canvas, getContext = canvas.getContext;
    canvas.getContext = function(type, attrs) {
        if (attrs && /webgl/.test(type)) attrs.preserveDrawingBuffer = true;
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
    // A rebuilt atlas replaces the texture; before the first NewFrame there is none yet, and
    // NewFrame creates it (uploading it here too would upload it twice and leak one copy).
    if (g_app->prepare_fonts(float(w), dpr)) {
        ++g_font_generation;
        if (ImGui::GetIO().Fonts->TexID) {
            ImGui_ImplOpenGL3_DestroyFontsTexture();
            ImGui_ImplOpenGL3_CreateFontsTexture();
        }
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    g_app->frame(float(w), float(h));
    ImGui::Render();
    ImDrawData* dd = ImGui::GetDrawData();
    const ImU32 bg = g_app->theme().background;
    const auto region = g_redraw.damage(dd, {uint32_t(dw), uint32_t(dh), bg, g_font_generation});
    if (region.kind == platform::PartialRedraw::Region::Nothing) return; // the canvas shows this frame already
    glViewport(0, 0, dw, dh);
    if (region.kind == platform::PartialRedraw::Region::Rect) {
        // The backend's own scissor arithmetic, so the cleared and the redrawn pixels coincide.
        const ImVec2 off = dd->DisplayPos, scale = dd->FramebufferScale;
        const ImVec2 lo((region.x0 - off.x) * scale.x, (region.y0 - off.y) * scale.y);
        const ImVec2 hi((region.x1 - off.x) * scale.x, (region.y1 - off.y) * scale.y);
        const int fb_h = int(dd->DisplaySize.y * scale.y);
        glEnable(GL_SCISSOR_TEST);
        glScissor(int(lo.x), int(float(fb_h) - hi.y), int(hi.x - lo.x), int(hi.y - lo.y));
        platform::PartialRedraw::clip(dd, region);
    }
    glClearColor(float(bg & 0xFF) / 255.f, float((bg >> 8) & 0xFF) / 255.f, float((bg >> 16) & 0xFF) / 255.f, 1.f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    ImGui_ImplOpenGL3_RenderDrawData(dd);
    SDL_GL_SwapWindow(g_window);
}

} // namespace

// --- start-up -----------------------------------------------------------------------------------

int main(int, char**) {
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
    js_preserve_drawing_buffer();
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
    ImGui_ImplOpenGL3_Init("#version 300 es");

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
    if (g_app->start(app_json, page_jsons, cfg.value("launch", std::string()))) js_started();
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

EMSCRIPTEN_KEEPALIVE const char* miniapp_font_atlas() {
    ImGuiIO& io = ImGui::GetIO();
    return reply(nlohmann::json{{"width", io.Fonts->TexWidth}, {"height", io.Fonts->TexHeight}}.dump());
}

} // extern "C"
