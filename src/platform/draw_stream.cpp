#include "draw_stream.h"

#include <cstring>

namespace platform {

namespace {
uint32_t bits(float f) {
    uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    return u;
}
} // namespace

// The header and the lists' vertices and indices; passes follow.
void DrawStream::begin(const ImDrawData* dd, int fb_width, int fb_height, ImU32 clear) {
    static_assert(sizeof(ImDrawVert) == 20 && sizeof(ImDrawIdx) == 2, "the renderer reads 20-byte vertices, 16-bit indices");
    fb_width_ = fb_width, fb_height_ = fb_height;
    passes_.clear(), commands_.clear(), vertices_.clear(), indices_.clear();
    list_vertex_bytes_.clear(), list_index_bytes_.clear();
    // Orthographic projection of DisplayPos .. DisplayPos + DisplaySize, y down.
    const float l = dd->DisplayPos.x, r = dd->DisplayPos.x + dd->DisplaySize.x;
    const float t = dd->DisplayPos.y, b = dd->DisplayPos.y + dd->DisplaySize.y;
    header_ = {uint32_t(fb_width), uint32_t(fb_height), bits(2.0f / (r - l)), bits(2.0f / (t - b)),
               bits((r + l) / (l - r)), bits((t + b) / (b - t)), uint32_t(clear), 0, 0, 0, 0};
    for (int n = 0; n < dd->CmdListsCount; ++n) {
        const ImDrawList* list = dd->CmdLists[n];
        list_vertex_bytes_.push_back(uint32_t(vertices_.size() * 4));
        list_index_bytes_.push_back(uint32_t(indices_.size() * 4));
        const size_t vw = size_t(list->VtxBuffer.Size) * sizeof(ImDrawVert) / 4;
        vertices_.resize(vertices_.size() + vw);
        std::memcpy(vertices_.data() + vertices_.size() - vw, list->VtxBuffer.Data, vw * 4);
        const size_t iw = (size_t(list->IdxBuffer.Size) * sizeof(ImDrawIdx) + 3) / 4; // padded to a word
        indices_.resize(indices_.size() + iw, 0);
        std::memcpy(indices_.data() + indices_.size() - iw, list->IdxBuffer.Data, size_t(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    }
}

// Commands clipped as ImGui's OpenGL 3 backend clips them: empty rectangles are left out.
void DrawStream::pass(Pass kind, const ImDrawData* dd, const int scissor[4]) {
    const size_t first = commands_.size();
    const ImVec2 clip_off = dd->DisplayPos, clip_scale = dd->FramebufferScale;
    for (int n = 0; n < dd->CmdListsCount; ++n) {
        const ImDrawList* list = dd->CmdLists[n];
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) continue; // the app draws no callbacks
            const ImVec2 lo((cmd.ClipRect.x - clip_off.x) * clip_scale.x, (cmd.ClipRect.y - clip_off.y) * clip_scale.y);
            const ImVec2 hi((cmd.ClipRect.z - clip_off.x) * clip_scale.x, (cmd.ClipRect.w - clip_off.y) * clip_scale.y);
            if (hi.x <= lo.x || hi.y <= lo.y) continue;
            commands_.insert(commands_.end(),
                             {uint32_t(int(lo.x)), uint32_t(int(float(fb_height_) - hi.y)), uint32_t(int(hi.x - lo.x)),
                              uint32_t(int(hi.y - lo.y)), list_vertex_bytes_[size_t(n)],
                              uint32_t(list_index_bytes_[size_t(n)] + cmd.IdxOffset * sizeof(ImDrawIdx)), cmd.ElemCount,
                              uint32_t(intptr_t(cmd.GetTexID()))});
        }
    }
    const int none[4] = {0, 0, 0, 0};
    const int* s = scissor ? scissor : none;
    passes_.insert(passes_.end(), {uint32_t(kind), uint32_t(s[0]), uint32_t(s[1]), uint32_t(s[2]), uint32_t(s[3]),
                                   uint32_t((commands_.size() - first) / kCommandWords)});
}

// Header counts filled in; the parts joined.
const std::vector<uint32_t>& DrawStream::finish() {
    header_[7] = uint32_t(passes_.size() / kPassWords);
    header_[8] = uint32_t(commands_.size() / kCommandWords);
    header_[9] = uint32_t(vertices_.size());
    header_[10] = uint32_t(indices_.size());
    out_.clear();
    for (const auto* part : {&header_, &passes_, &commands_, &vertices_, &indices_}) out_.insert(out_.end(), part->begin(), part->end());
    return out_;
}

} // namespace platform
