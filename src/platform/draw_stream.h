// draw_stream.h — one frame of ImGui's draw lists as bytes for the page's renderer
// (web/renderer.js), which draws them with WebGL 2 in a Worker, off the page's main thread.
//
// A frame is a list of passes over the same vertices: each pass clears (the whole framebuffer
// or one scissor rectangle) and draws commands, each command with its scissor rectangle already
// in framebuffer pixels (the arithmetic of ImGui's OpenGL 3 backend, on which partial_redraw.h
// relies). A "truth" pass (?redraw=verify) reads the frame back, redraws it whole and compares.
//
// Layout, in little-endian 32-bit words:
//   header .. fb width, fb height, projection (4 floats: scale x, scale y, offset x, offset y),
//             clear colour (ImU32), pass count, command count, vertex words, index words
//   passes .. kind, scissor x, y, w, h (kind Rect only), command count
//   commands  scissor x, y, w, h, vertex byte offset, index byte offset, index count, texture
//   vertices  ImDrawVert (pos 2 floats, uv 2 floats, colour 4 bytes), then indices (16-bit)
#pragma once

#include <imgui.h>

#include <cstdint>
#include <vector>

namespace platform {

class DrawStream {
  public:
    enum class Pass : uint32_t { Everything = 0, Rect = 1, Truth = 2 };
    static constexpr int kHeaderWords = 11, kPassWords = 6, kCommandWords = 8;

    // Starts a frame of `dd` (after ImGui::Render()) on a framebuffer of fb_width x fb_height
    // cleared to `clear`: copies the vertices and indices of every list once.
    void begin(const ImDrawData* dd, int fb_width, int fb_height, ImU32 clear);
    // A pass: clear (inside `scissor` for Rect, a framebuffer rectangle x, y, w, h with y
    // from the bottom) and draw every command of `dd` with its clip rectangle as it is now.
    void pass(Pass kind, const ImDrawData* dd, const int scissor[4] = nullptr);
    // The frame's words, ready to hand over.
    const std::vector<uint32_t>& finish();

  private:
    std::vector<uint32_t> header_, passes_, commands_, vertices_, indices_;
    std::vector<uint32_t> list_vertex_bytes_, list_index_bytes_; // each list's offsets
    std::vector<uint32_t> out_;
    int fb_width_ = 0, fb_height_ = 0;
};

} // namespace platform
