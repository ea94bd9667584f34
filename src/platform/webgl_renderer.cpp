#include "webgl_renderer.h"

#include <GLES3/gl3.h>
#include <emscripten/html5.h>

#include <cstdint>

namespace platform {

namespace {

// Locations fixed in the shader (no glGetAttribLocation); kProjection is a constant attribute.
enum Attribute : GLuint { kPosition = 0, kUv = 1, kColor = 2, kProjection = 3 };

const char* const kVertexShader = R"(#version 300 es
layout(location = 0) in vec2 Position;
layout(location = 1) in vec2 UV;
layout(location = 2) in vec4 Color;
layout(location = 3) in vec4 Projection; // scale x, scale y, offset x, offset y
out vec2 Frag_UV;
out vec4 Frag_Color;
void main() {
    Frag_UV = UV;
    Frag_Color = Color;
    gl_Position = vec4(Position * Projection.xy + Projection.zw, 0.0, 1.0);
}
)";

// The atlas holds coverage in its red channel; ImGui's RGBA atlas would be (1, 1, 1, coverage).
const char* const kFragmentShader = R"(#version 300 es
precision mediump float;
uniform sampler2D Texture;
in vec2 Frag_UV;
in vec4 Frag_Color;
layout(location = 0) out vec4 Out_Color;
void main() {
    Out_Color = vec4(Frag_Color.rgb, Frag_Color.a * texture(Texture, Frag_UV.st).r);
}
)";

GLuint compile(GLenum type, const char* source) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    return shader;
}

} // namespace

// Program and buffers, without waiting for the compiler (see the header).
void WebGlRenderer::start() {
    parallel_compile_ = emscripten_webgl_enable_extension(emscripten_webgl_get_current_context(), "KHR_parallel_shader_compile");
    const GLuint vs = compile(GL_VERTEX_SHADER, kVertexShader);
    const GLuint fs = compile(GL_FRAGMENT_SHADER, kFragmentShader);
    program_ = glCreateProgram();
    glAttachShader(program_, vs);
    glAttachShader(program_, fs);
    glLinkProgram(program_);
    glDeleteShader(vs); // flagged: freed with the program
    glDeleteShader(fs);

    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &vbo_);
    glGenBuffers(1, &ebo_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo_);
    glEnableVertexAttribArray(kPosition);
    glEnableVertexAttribArray(kUv);
    glEnableVertexAttribArray(kColor);
    glVertexAttribPointer(kPosition, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), (void*)offsetof(ImDrawVert, pos));
    glVertexAttribPointer(kUv, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), (void*)offsetof(ImDrawVert, uv));
    glVertexAttribPointer(kColor, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ImDrawVert), (void*)offsetof(ImDrawVert, col));
    glBindVertexArray(0);

    ImGuiIO& io = ImGui::GetIO();
    io.BackendRendererName = "miniarena_webgl2";
}

// COMPLETION_STATUS_KHR is answered without waiting for the compiler.
bool WebGlRenderer::ready() {
    if (linked_ || !parallel_compile_ || !program_) return true;
    constexpr GLenum kCompletionStatus = 0x91B1; // GL_COMPLETION_STATUS_KHR
    GLint done = GL_TRUE;
    glGetProgramiv(program_, kCompletionStatus, &done);
    return linked_ = done != GL_FALSE;
}

// The atlas as one channel; ImGui rasterises into exactly this bitmap, so nothing is converted.
void WebGlRenderer::upload_fonts() {
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
    if (!font_texture_) glGenTextures(1, &font_texture_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, font_texture_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
    io.Fonts->SetTexID((ImTextureID)(intptr_t)font_texture_);
}

// ImGui's draw lists, command by command, each clipped by its scissor rectangle (the same
// arithmetic as imgui_impl_opengl3, which partial_redraw.h relies on).
void WebGlRenderer::render(const ImDrawData* dd) {
    const int fb_width = int(dd->DisplaySize.x * dd->FramebufferScale.x);
    const int fb_height = int(dd->DisplaySize.y * dd->FramebufferScale.y);
    if (fb_width <= 0 || fb_height <= 0 || !program_) return;

    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glUseProgram(program_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glActiveTexture(GL_TEXTURE0);
    // Orthographic projection of DisplayPos .. DisplayPos + DisplaySize, y down.
    const float l = dd->DisplayPos.x, r = dd->DisplayPos.x + dd->DisplaySize.x;
    const float t = dd->DisplayPos.y, b = dd->DisplayPos.y + dd->DisplaySize.y;
    glVertexAttrib4f(kProjection, 2.0f / (r - l), 2.0f / (t - b), (r + l) / (l - r), (t + b) / (b - t));

    const ImVec2 clip_off = dd->DisplayPos, clip_scale = dd->FramebufferScale;
    for (int n = 0; n < dd->CmdListsCount; ++n) {
        const ImDrawList* list = dd->CmdLists[n];
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(list->VtxBuffer.Size * int(sizeof(ImDrawVert))), list->VtxBuffer.Data,
                     GL_STREAM_DRAW);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(list->IdxBuffer.Size * int(sizeof(ImDrawIdx))),
                     list->IdxBuffer.Data, GL_STREAM_DRAW);
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) {
                if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
                continue;
            }
            const ImVec2 lo((cmd.ClipRect.x - clip_off.x) * clip_scale.x, (cmd.ClipRect.y - clip_off.y) * clip_scale.y);
            const ImVec2 hi((cmd.ClipRect.z - clip_off.x) * clip_scale.x, (cmd.ClipRect.w - clip_off.y) * clip_scale.y);
            if (hi.x <= lo.x || hi.y <= lo.y) continue;
            glScissor(int(lo.x), int(float(fb_height) - hi.y), int(hi.x - lo.x), int(hi.y - lo.y));
            glBindTexture(GL_TEXTURE_2D, GLuint(intptr_t(cmd.GetTexID())));
            glDrawElements(GL_TRIANGLES, GLsizei(cmd.ElemCount), sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
                           (void*)(intptr_t(cmd.IdxOffset * sizeof(ImDrawIdx))));
        }
    }
    glBindVertexArray(0);
    glDisable(GL_SCISSOR_TEST);
}

// Asked once, after the first frame: a program that did not link draws nothing, and says why.
std::string WebGlRenderer::link_error() {
    if (link_checked_ || !program_) return link_log_;
    link_checked_ = true;
    GLint linked = GL_FALSE;
    glGetProgramiv(program_, GL_LINK_STATUS, &linked);
    if (linked == GL_TRUE) return link_log_;
    GLint length = 0;
    glGetProgramiv(program_, GL_INFO_LOG_LENGTH, &length);
    link_log_.assign(size_t(length > 1 ? length : 1), '\0');
    glGetProgramInfoLog(program_, length, nullptr, link_log_.data());
    link_log_.resize(length > 1 ? size_t(length - 1) : 0);
    if (link_log_.empty()) link_log_ = "the shader program did not link";
    return link_log_;
}

} // namespace platform
