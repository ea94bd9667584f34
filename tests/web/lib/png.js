// png.js — decode the 8-bit RGB/RGBA, non-interlaced PNGs Chromium's screenshots are, so tests
// can look at real pixels. Returns {width, height, pixel(x, y) → [r, g, b]}.
'use strict';
const zlib = require('node:zlib');

function decodePng(buf) {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8, width = 0, height = 0, type = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), kind = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (kind === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      type = data[9];
      if (data[8] !== 8 || (type !== 2 && type !== 6) || data[12] !== 0) throw new Error('only 8-bit RGB/RGBA non-interlaced PNGs');
    } else if (kind === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const bpp = type === 6 ? 4 : 3, stride = width * bpp;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; ++y) {
    const f = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; ++x) {
      const a = x >= bpp ? out[y * stride + x - bpp] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0;
      let v = line[x];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      out[y * stride + x] = v & 0xff;
    }
  }
  return { width, height, pixel: (x, y) => { const i = y * stride + x * bpp; return [out[i], out[i + 1], out[i + 2]]; } };
}

// Mean luminance (0–255) of a rectangle of a decoded PNG.
function meanLuma(img, { x, y, width, height }) {
  let sum = 0, n = 0;
  for (let j = Math.max(0, Math.floor(y)); j < Math.min(img.height, Math.floor(y + height)); ++j) {
    for (let i = Math.max(0, Math.floor(x)); i < Math.min(img.width, Math.floor(x + width)); ++i) {
      const [r, g, b] = img.pixel(i, j);
      sum += 0.2126 * r + 0.7152 * g + 0.0722 * b;
      ++n;
    }
  }
  return n ? sum / n : NaN;
}

module.exports = { decodePng, meanLuma };
