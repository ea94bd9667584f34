// webgl_renderer.h — ImGui's draw lists on WebGL 2: the page's renderer, in place of ImGui's
// generic OpenGL 3 backend, made for a fast first frame in the browser.
//
// What differs from imgui_impl_opengl3 (the pixels do not: same vertices, blending, scissors):
//   - the font atlas is one 8-bit channel (GL_R8, ImGui's own alpha bitmap) instead of RGBA32:
//     no conversion pass over the atlas and a quarter of the bytes to upload;
//   - the program is compiled and linked when the renderer starts, and nothing asks for its
//     status or its locations there (attribute locations are fixed in the shader, the projection
//     is a constant vertex attribute, the sampler uses unit 0): every such question makes the
//     page wait for the GPU process, which with software GL is busy for a long time at start-up.
//     Where the browser has KHR_parallel_shader_compile, the first frame waits (ready()) until
//     the program has linked instead of blocking on it. The link is checked once the first
//     frame is out (link_error());
//   - no GL state is saved and restored around a frame: the page draws nothing else.
#pragma once

#include <imgui.h>

#include <string>

namespace platform {

class WebGlRenderer {
  public:
    // Compile and link the program, make the buffers. Returns at once (the GPU process compiles).
    void start();
    // False while the GPU process is still linking the program (asked without waiting, where
    // the browser can); drawing before then would block until it has.
    bool ready();
    // (Re)upload the font atlas from ImGui's alpha bitmap and hand its id to ImGui.
    void upload_fonts();
    // Draw `dd` into the bound framebuffer (viewport and clearing are the caller's).
    void render(const ImDrawData* dd);
    // Empty while the program is fine (or not known yet); the link log once it failed.
    std::string link_error();

  private:
    unsigned program_ = 0, vao_ = 0, vbo_ = 0, ebo_ = 0, font_texture_ = 0;
    bool link_checked_ = false, parallel_compile_ = false, linked_ = false;
    std::string link_log_;
};

} // namespace platform
