#include "partial_redraw.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace platform {

namespace {
// Above this share of the screen a partial redraw saves little: draw everything.
constexpr float kMaxShare = 0.6f;
} // namespace

void PartialRedraw::flatten(const ImDrawData* dd, std::vector<Tri>& out, bool& ok) {
    out.clear();
    ok = true;
    for (int n = 0; n < dd->CmdListsCount; ++n) {
        const ImDrawList* list = dd->CmdLists[n];
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) { // callbacks draw what the triangles do not say
                ok = false;
                return;
            }
            for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
                Tri t;
                std::memset(&t, 0, sizeof t);
                for (int k = 0; k < 3; ++k) {
                    const ImDrawVert& v = list->VtxBuffer[cmd.VtxOffset + list->IdxBuffer[cmd.IdxOffset + i + k]];
                    t.pos[2 * k] = v.pos.x;
                    t.pos[2 * k + 1] = v.pos.y;
                    t.uv[2 * k] = v.uv.x;
                    t.uv[2 * k + 1] = v.uv.y;
                    t.col[k] = v.col;
                }
                t.clip[0] = cmd.ClipRect.x;
                t.clip[1] = cmd.ClipRect.y;
                t.clip[2] = cmd.ClipRect.z;
                t.clip[3] = cmd.ClipRect.w;
                t.tex = uint32_t(reinterpret_cast<uintptr_t>(cmd.GetTexID()));
                out.push_back(t);
            }
        }
    }
}

PartialRedraw::Region PartialRedraw::damage(const ImDrawData* dd, const std::vector<uint32_t>& key) {
    bool ok = true;
    flatten(dd, cur_, ok);
    Region r;
    const bool comparable = ok && have_prev_ && key == key_;
    if (comparable) {
        const size_t n0 = prev_.size(), n1 = cur_.size();
        const auto same = [](const Tri& a, const Tri& b) { return std::memcmp(&a, &b, sizeof(Tri)) == 0; };
        size_t head = 0;
        while (head < n0 && head < n1 && same(prev_[head], cur_[head])) ++head;
        size_t tail = 0;
        while (tail < n0 - head && tail < n1 - head && same(prev_[n0 - 1 - tail], cur_[n1 - 1 - tail])) ++tail;
        if (head == n0 && head == n1) {
            r.kind = Region::Nothing;
        } else {
            // The triangles between the common head and tail, in either frame, bound the change.
            float x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
            const auto add = [&](const Tri& t) {
                float a = std::min({t.pos[0], t.pos[2], t.pos[4]}), b = std::min({t.pos[1], t.pos[3], t.pos[5]});
                float c = std::max({t.pos[0], t.pos[2], t.pos[4]}), d = std::max({t.pos[1], t.pos[3], t.pos[5]});
                a = std::max(a, t.clip[0]), b = std::max(b, t.clip[1]), c = std::min(c, t.clip[2]), d = std::min(d, t.clip[3]);
                if (c <= a || d <= b) return; // clipped away: draws nothing
                x0 = std::min(x0, a), y0 = std::min(y0, b), x1 = std::max(x1, c), y1 = std::max(y1, d);
            };
            for (size_t i = head; i < n0 - tail; ++i) add(prev_[i]);
            for (size_t i = head; i < n1 - tail; ++i) add(cur_[i]);
            const float w = dd->DisplaySize.x, h = dd->DisplaySize.y;
            // Whole framebuffer pixels, one more on each side for antialiased edges.
            const float sx = dd->FramebufferScale.x > 0 ? dd->FramebufferScale.x : 1.f;
            const float sy = dd->FramebufferScale.y > 0 ? dd->FramebufferScale.y : 1.f;
            x0 = std::max(dd->DisplayPos.x, (std::floor(x0 * sx) - 1) / sx);
            y0 = std::max(dd->DisplayPos.y, (std::floor(y0 * sy) - 1) / sy);
            x1 = std::min(dd->DisplayPos.x + w, (std::ceil(x1 * sx) + 1) / sx);
            y1 = std::min(dd->DisplayPos.y + h, (std::ceil(y1 * sy) + 1) / sy);
            if (x1 <= x0 || y1 <= y0) {
                r.kind = Region::Nothing; // what changed draws no pixel
            } else if ((x1 - x0) * (y1 - y0) > kMaxShare * w * h) {
                r.kind = Region::Everything;
            } else {
                r.kind = Region::Rect;
                r.x0 = x0, r.y0 = y0, r.x1 = x1, r.y1 = y1;
            }
        }
    }
    if (!ok) {
        have_prev_ = false;
    } else {
        prev_.swap(cur_);
        have_prev_ = true;
    }
    key_ = key;
    (r.kind == Region::Everything ? full : r.kind == Region::Rect ? partial : skipped)++;
    return r;
}

void PartialRedraw::clip(ImDrawData* dd, const Region& r) {
    for (int n = 0; n < dd->CmdListsCount; ++n)
        for (ImDrawCmd& cmd : dd->CmdLists[n]->CmdBuffer) {
            cmd.ClipRect.x = std::max(cmd.ClipRect.x, r.x0);
            cmd.ClipRect.y = std::max(cmd.ClipRect.y, r.y0);
            cmd.ClipRect.z = std::min(cmd.ClipRect.z, r.x1);
            cmd.ClipRect.w = std::min(cmd.ClipRect.w, r.y1);
        }
}

} // namespace platform
