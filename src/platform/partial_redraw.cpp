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

namespace {
// The pixels a triangle can touch (its bounding box within its clip rectangle); false if none.
bool tri_box(const float* pos, const float* clip, PartialRedraw::Box& b) {
    b.x0 = std::max(std::min({pos[0], pos[2], pos[4]}), clip[0]);
    b.y0 = std::max(std::min({pos[1], pos[3], pos[5]}), clip[1]);
    b.x1 = std::min(std::max({pos[0], pos[2], pos[4]}), clip[2]);
    b.y1 = std::min(std::max({pos[1], pos[3], pos[5]}), clip[3]);
    return b.x1 > b.x0 && b.y1 > b.y0;
}
PartialRedraw::Box unite(const PartialRedraw::Box& a, const PartialRedraw::Box& b) {
    return {std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}
// Boxes closer than this (CSS px) are redrawn as one.
constexpr float kGap = 8.f;
bool near(const PartialRedraw::Box& a, const PartialRedraw::Box& b) {
    return a.x0 <= b.x1 + kGap && b.x0 <= a.x1 + kGap && a.y0 <= b.y1 + kGap && b.y0 <= a.y1 + kGap;
}
// Adds `b` to `boxes`, merged with the boxes near it.
void add_box(std::vector<PartialRedraw::Box>& boxes, PartialRedraw::Box b) {
    for (size_t i = 0; i < boxes.size();) {
        if (near(boxes[i], b)) {
            b = unite(boxes[i], b);
            boxes.erase(boxes.begin() + long(i));
            i = 0; // the grown box may now reach others
        } else {
            ++i;
        }
    }
    boxes.push_back(b);
}
} // namespace

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
            // What changed lies within the triangles between the common head and tail, in either
            // frame. There, an order-preserving matching (a common subsequence, found greedily
            // with a bounded look-ahead) pairs identical triangles; outside the boxes of the
            // unmatched ones, both frames cover every pixel with the same triangles in the same
            // order, so those pixels are already right.
            const float w = dd->DisplaySize.x, h = dd->DisplaySize.y;
            std::vector<Box> boxes;
            bool everything = false;
            const auto mark = [&](const Tri& t) {
                Box b;
                if (!tri_box(t.pos, t.clip, b)) return;
                add_box(boxes, b);
                if (boxes.size() > 32) { // scattered changes: one box for all of them
                    Box all = boxes[0];
                    for (const Box& x : boxes) all = unite(all, x);
                    boxes.assign(1, all);
                    everything = all.area() > kMaxShare * w * h;
                }
            };
            constexpr size_t kLook = 64;
            size_t i = head, j = head;
            const size_t e0 = n0 - tail, e1 = n1 - tail;
            while (i < e0 && j < e1 && !everything) {
                if (same(prev_[i], cur_[j])) {
                    ++i, ++j;
                    continue;
                }
                size_t gone = 0, came = 0; // triangles of the last frame only, of this one only
                for (size_t d = 1; d <= kLook && !gone && !came; ++d) {
                    if (i + d < e0 && same(prev_[i + d], cur_[j])) gone = d;
                    else if (j + d < e1 && same(prev_[i], cur_[j + d])) came = d;
                }
                if (!gone && !came) { // changed in place
                    mark(prev_[i++]);
                    mark(cur_[j++]);
                }
                while (gone--) mark(prev_[i++]);
                while (came--) mark(cur_[j++]);
            }
            while (i < e0 && !everything) mark(prev_[i++]);
            while (j < e1 && !everything) mark(cur_[j++]);
            // At most kMaxRects: join the pair whose union grows the least.
            while (int(boxes.size()) > kMaxRects) {
                size_t bi = 0, bj = 1;
                float best = INFINITY;
                for (size_t i = 0; i < boxes.size(); ++i)
                    for (size_t j = i + 1; j < boxes.size(); ++j) {
                        const float grow = unite(boxes[i], boxes[j]).area() - boxes[i].area() - boxes[j].area();
                        if (grow < best) best = grow, bi = i, bj = j;
                    }
                boxes[bi] = unite(boxes[bi], boxes[bj]);
                boxes.erase(boxes.begin() + long(bj));
            }
            // Whole framebuffer pixels, one more on each side for antialiased edges.
            const float sx = dd->FramebufferScale.x > 0 ? dd->FramebufferScale.x : 1.f;
            const float sy = dd->FramebufferScale.y > 0 ? dd->FramebufferScale.y : 1.f;
            float total = 0;
            for (Box x : boxes) {
                x.x0 = std::max(dd->DisplayPos.x, (std::floor(x.x0 * sx) - 1) / sx);
                x.y0 = std::max(dd->DisplayPos.y, (std::floor(x.y0 * sy) - 1) / sy);
                x.x1 = std::min(dd->DisplayPos.x + w, (std::ceil(x.x1 * sx) + 1) / sx);
                x.y1 = std::min(dd->DisplayPos.y + h, (std::ceil(x.y1 * sy) + 1) / sy);
                if (x.x1 <= x.x0 || x.y1 <= x.y0) continue;
                r.rects.push_back(x);
                total += x.area();
            }
            if (everything) {
                r.kind = Region::Everything;
                r.rects.clear();
            } else if (r.rects.empty()) {
                r.kind = Region::Nothing; // what changed draws no pixel
            } else if (total > kMaxShare * w * h) {
                r.kind = Region::Everything;
                r.rects.clear();
            } else {
                r.kind = Region::Rect;
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

void PartialRedraw::clip(ImDrawData* dd, const std::vector<ImVec4>& clips, const Box& r) {
    size_t k = 0;
    for (int n = 0; n < dd->CmdListsCount; ++n)
        for (ImDrawCmd& cmd : dd->CmdLists[n]->CmdBuffer) {
            const ImVec4& c = clips[k++];
            cmd.ClipRect = ImVec4(std::max(c.x, r.x0), std::max(c.y, r.y0), std::min(c.z, r.x1), std::min(c.w, r.y1));
        }
}

} // namespace platform
