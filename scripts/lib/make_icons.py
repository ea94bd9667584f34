#!/usr/bin/python3
"""Draw the app icons (PNG) with no image library: a brand-green tile with a 2x2 of discs
(black and white, as an Othello start) — any size, plain or maskable (content inside the
80 % safe zone, background to the edges).

    make_icons.py OUT_DIR
"""
import math
import os
import struct
import sys
import zlib

GREEN = (0x07, 0xC1, 0x60)
DARK_GREEN = (0x05, 0x8F, 0x47)
BLACK = (0x1A, 0x1A, 0x1A)
WHITE = (0xF7, 0xF7, 0xF7)


def png(path, size, pixels):
    raw = b"".join(b"\x00" + bytes(pixels[y * size * 4:(y + 1) * size * 4]) for y in range(size))
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def draw(size, maskable):
    px = bytearray(size * size * 4)
    radius = 0 if maskable else size * 0.18
    scale = 0.8 if maskable else 1.0  # maskable: keep the discs in the safe zone
    cell = size * scale * 0.30
    c0 = size / 2
    discs = [(-0.5, -0.5, WHITE), (0.5, -0.5, BLACK), (-0.5, 0.5, BLACK), (0.5, 0.5, WHITE)]
    for y in range(size):
        for x in range(size):
            fx, fy = x + 0.5, y + 0.5
            # rounded tile coverage (1 px anti-aliasing)
            if radius > 0:
                dx = max(radius - fx, 0, fx - (size - radius))
                dy = max(radius - fy, 0, fy - (size - radius))
                d = math.hypot(dx, dy) - radius
                a = min(1.0, max(0.0, 0.5 - d))
            else:
                a = 1.0
            col = GREEN
            # board lines
            gx = abs(fx - c0) < size * scale * 0.012 and abs(fy - c0) < cell * 1.05
            gy = abs(fy - c0) < size * scale * 0.012 and abs(fx - c0) < cell * 1.05
            if gx or gy:
                col = DARK_GREEN
            for ux, uy, dc in discs:
                cx, cy = c0 + ux * cell, c0 + uy * cell
                d = math.hypot(fx - cx, fy - cy) - cell * 0.42
                if d < 0.5:
                    t = min(1.0, 0.5 - d)
                    col = tuple(round(col[i] * (1 - t) + dc[i] * t) for i in range(3))
            i = (y * size + x) * 4
            px[i:i + 4] = bytes((*col, round(255 * a)))
    return px


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    icons = (("icon-32.png", 32, False), ("icon-192.png", 192, False), ("icon-512.png", 512, False),
             ("icon-maskable-512.png", 512, True))
    for name, size, maskable in icons:
        png(os.path.join(out, name), size, draw(size, maskable))
    print(f"make_icons: {len(icons)} icons in {out}")


if __name__ == "__main__":
    main()
