// fonts.js — read the string table and the fonts shipped inside index.wasm, with no help from
// the build scripts: the string table (src/miniapp/strings_table.inc) parsed here, the TrueType
// subsets found in the wasm's data by their table directory, their cmap read directly.
'use strict';
const fs = require('node:fs');

// [{id, lang, text}] for every MINIAPP_STRING(Id, "Korean", "English") line, C escapes decoded.
function readStringTable(file) {
  const out = [];
  const re = /MINIAPP_STRING\(\s*(\w+)\s*,\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"\s*\)/g;
  // Comment lines may show the form itself; they are not entries.
  const src = fs.readFileSync(file, 'utf8').split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
  for (const m of src.matchAll(re)) {
    out.push({ id: m[1], lang: 'ko', text: unescapeC(m[2]) });
    out.push({ id: m[1], lang: 'en', text: unescapeC(m[3]) });
  }
  return out;
}

function unescapeC(s) {
  // \xNN sequences are UTF-8 bytes; everything else is a simple escape.
  const bytes = [];
  for (let i = 0; i < s.length; ++i) {
    if (s[i] !== '\\') { bytes.push(...Buffer.from(s[i], 'utf8')); continue; }
    const c = s[++i];
    if (c === 'x') { bytes.push(parseInt(s.substr(i + 1, 2), 16)); i += 2; }
    else if (c === 'u') { bytes.push(...Buffer.from(String.fromCodePoint(parseInt(s.substr(i + 1, 4), 16)), 'utf8')); i += 4; }
    else bytes.push(...Buffer.from({ n: '\n', t: '\t', r: '\r', '0': '\0' }[c] || c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

// Every string value of a JSON file, with where it is.
function jsonStrings(file) {
  const out = [];
  (function walk(v, where) {
    if (typeof v === 'string') out.push({ id: where, lang: 'json', text: v });
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`));
    else if (v && typeof v === 'object') for (const k of Object.keys(v)) walk(v[k], `${where}.${k}`);
  })(JSON.parse(fs.readFileSync(file, 'utf8')), file);
  return out;
}

// The initial linear memory of a wasm module, rebuilt from its active data segments (the build
// drops long runs of zeros from the file, so the fonts are whole only in memory).
function wasmMemory(wasm) {
  let pos = 8;
  const leb = (signed) => {
    let result = 0, shift = 0, byte;
    do { byte = wasm[pos++]; result += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    if (signed && (byte & 0x40)) result -= 2 ** shift;
    return result;
  };
  if (wasm.readUInt32LE(0) !== 0x6d736100) throw new Error('not a wasm module');
  const segments = [];
  while (pos < wasm.length) {
    const id = wasm[pos++];
    const size = leb(false);
    const end = pos + size;
    if (id === 11) {
      const count = leb(false);
      for (let k = 0; k < count; ++k) {
        const flags = leb(false);
        if (flags === 1) { const n = leb(false); pos += n; continue; } // passive: not in memory at start
        if (flags === 2) leb(false);
        if (wasm[pos++] !== 0x41) throw new Error('a data segment offset that is not i32.const');
        const offset = leb(true);
        if (wasm[pos++] !== 0x0b) throw new Error('a data segment offset expression longer than i32.const');
        const n = leb(false);
        segments.push({ offset, bytes: wasm.subarray(pos, pos + n) });
        pos += n;
      }
    }
    pos = end;
  }
  const top = Math.max(...segments.map((s) => s.offset + s.bytes.length));
  const mem = Buffer.alloc(top);
  for (const s of segments) s.bytes.copy(mem, s.offset);
  return mem;
}

// The TrueType fonts embedded in a binary (sfnt version 0x00010000 and a consistent table
// directory holding cmap, glyf and head). Returns [{offset, tables: {tag: {offset, length}}}].
function findFonts(buf) {
  const fonts = [];
  for (let i = 0; i + 12 < buf.length; ++i) {
    if (buf[i] !== 0 || buf[i + 1] !== 1 || buf[i + 2] !== 0 || buf[i + 3] !== 0) continue;
    const n = buf.readUInt16BE(i + 4);
    if (n < 4 || n > 40 || buf.readUInt16BE(i + 6) !== 16 * (1 << Math.floor(Math.log2(n)))) continue;
    if (i + 12 + 16 * n > buf.length) continue;
    const tables = {};
    let ok = true;
    for (let k = 0; k < n; ++k) {
      const rec = i + 12 + 16 * k;
      const tag = buf.toString('latin1', rec, rec + 4);
      const offset = buf.readUInt32BE(rec + 8), length = buf.readUInt32BE(rec + 12);
      if (!/^[\x20-\x7e]{4}$/.test(tag) || i + offset + length > buf.length) { ok = false; break; }
      tables[tag] = { offset: i + offset, length };
    }
    if (ok && tables.cmap && tables.glyf && tables.head) fonts.push({ offset: i, tables });
  }
  return fonts;
}

// The code points a font maps to a real glyph (not .notdef), from its cmap (formats 4 and 12).
function cmapCodePoints(buf, font) {
  const base = font.tables.cmap.offset;
  const count = buf.readUInt16BE(base + 2);
  const cps = new Set();
  for (let k = 0; k < count; ++k) {
    const rec = base + 4 + 8 * k;
    const sub = base + buf.readUInt32BE(rec + 4);
    const format = buf.readUInt16BE(sub);
    if (format === 4) {
      const segX2 = buf.readUInt16BE(sub + 6);
      const ends = sub + 14, starts = ends + segX2 + 2, deltas = starts + segX2, ranges = deltas + segX2;
      for (let s = 0; s < segX2 / 2; ++s) {
        const end = buf.readUInt16BE(ends + 2 * s), start = buf.readUInt16BE(starts + 2 * s);
        const delta = buf.readInt16BE(deltas + 2 * s), rangeOffset = buf.readUInt16BE(ranges + 2 * s);
        for (let c = start; c <= end && c !== 0xFFFF; ++c) {
          let g;
          if (rangeOffset === 0) g = (c + delta) & 0xFFFF;
          else {
            g = buf.readUInt16BE(ranges + 2 * s + rangeOffset + 2 * (c - start));
            if (g !== 0) g = (g + delta) & 0xFFFF;
          }
          if (g !== 0) cps.add(c);
        }
      }
    } else if (format === 12) {
      const groups = buf.readUInt32BE(sub + 12);
      for (let gi = 0; gi < groups; ++gi) {
        const g = sub + 16 + 12 * gi;
        const start = buf.readUInt32BE(g), end = buf.readUInt32BE(g + 4), glyph = buf.readUInt32BE(g + 8);
        for (let c = start; c <= end; ++c) if (glyph + (c - start) !== 0) cps.add(c);
      }
    }
  }
  return cps;
}

// [{id, lang, text, missing: 'chars'}] for every string with a character outside `cps`
// (line breaks are layout, not glyphs).
function missingGlyphs(strings, cps) {
  const out = [];
  for (const s of strings) {
    const missing = [...new Set([...s.text].filter((ch) => ch !== '\n' && !cps.has(ch.codePointAt(0))))].join('');
    if (missing) out.push({ ...s, missing });
  }
  return out;
}

module.exports = { wasmMemory, readStringTable, jsonStrings, findFonts, cmapCodePoints, missingGlyphs };
