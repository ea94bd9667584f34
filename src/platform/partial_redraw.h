// partial_redraw.h — redraw only the part of the canvas that changed since the last drawn frame.
//
// The app draws a frame only when something changed (input, a timer, an engine reply), and
// most such frames change a small part of the screen: the thinking dots (4 per second while
// the AI thinks), one cell, a pressed button. ImGui rebuilds the whole draw list every frame,
// so the platform matches the frame's triangles with the previous frame's (an order-preserving
// matching of identical triangles) and redraws only up to kMaxRects rectangles covering those
// left unmatched (the canvas keeps its pixels between frames: preserveDrawingBuffer). Every
// pixel outside them is covered by identical triangles in identical order in both frames, so it
// already shows what a whole redraw would. Where the GPU is software (no GPU, or a browser that
// fell back to SwiftShader), the cost of a frame follows the pixels shaded: a whole 390x844
// canvas at 2x took 80-150 ms in headless Chromium on the 2-core test machine; the dots, under
// a frame (README "Web budgets"). index.html?redraw=full turns it off, ?redraw=verify checks
// every frame against a whole redraw (tests/web/redraw.test.js).
#pragma once

#include <imgui.h>

#include <cstdint>
#include <vector>

namespace platform {

class PartialRedraw {
public:
    // The region to redraw, in ImGui display coordinates (CSS px): up to kMaxRects rectangles
    // (separate changes, e.g. the thinking dots and a disc turning over, are redrawn apart).
    struct Box {
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        float area() const { return (x1 - x0) * (y1 - y0); }
    };
    static constexpr int kMaxRects = 4;
    struct Region {
        enum Kind { Everything, Nothing, Rect } kind = Everything;
        std::vector<Box> rects; // Rect: the rectangles, whole framebuffer pixels
    };

    // Compares the frame in `dd` (after ImGui::Render()) with the previous one. `key` holds
    // whatever else decides the pixels (framebuffer size, clear colour, font atlas generation):
    // a different key redraws everything.
    Region damage(const ImDrawData* dd, const std::vector<uint32_t>& key);

    // Clips every command of `dd` to `clips[k] ∩ r`, where `clips` are the commands' own clip
    // rectangles in order (a command left empty is skipped by the backend).
    static void clip(ImDrawData* dd, const std::vector<ImVec4>& clips, const Box& r);

    // Frames redrawn entirely, partly, or not at all (nothing changed), for diagnostics.
    int full = 0, partial = 0, skipped = 0;

private:
    struct Tri { // one triangle as drawn: positions, uvs, colours, clip rectangle, texture
        float pos[6];
        float uv[6];
        uint32_t col[3];
        float clip[4];
        uint32_t tex;
    };
    static void flatten(const ImDrawData* dd, std::vector<Tri>& out, bool& ok);
    std::vector<Tri> prev_, cur_;
    std::vector<uint32_t> key_;
    bool have_prev_ = false;
};

} // namespace platform
