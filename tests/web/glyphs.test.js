// Every character of every string the app can show has a glyph in the font subsets shipped
// inside index.wasm. Independent of scripts/lib/make_font.py (which also refuses such a build):
// the string table is parsed here and the fonts' cmaps are read from the wasm itself, so a
// regression is caught even if the subsetting script changes. Node only, no browser.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./lib/harness');
const f = require('./lib/fonts');

const TABLE = path.join(h.ROOT, 'src/miniapp/strings_table.inc');

function shippedFonts() {
  const wasm = f.wasmMemory(fs.readFileSync(path.join(h.SITE, 'index.wasm')));
  const fonts = f.findFonts(wasm);
  return { wasm, fonts };
}

function appStrings() {
  const app = JSON.parse(fs.readFileSync(path.join(h.SITE, 'app.json'), 'utf8'));
  let strings = f.readStringTable(TABLE).concat(f.jsonStrings(path.join(h.SITE, 'app.json')));
  for (const p of app.pages) {
    const file = path.join(h.SITE, p + '.json');
    if (fs.existsSync(file)) strings = strings.concat(f.jsonStrings(file));
  }
  return strings;
}

test('the string table parses: every id in Korean and English, none empty', () => {
  const table = f.readStringTable(TABLE);
  const ids = new Set(table.map((s) => s.id));
  const entries = (fs.readFileSync(TABLE, 'utf8').match(/^[ \t]*MINIAPP_STRING\(/gm) || []).length;
  assert.equal(table.length, 2 * entries, 'every MINIAPP_STRING entry read, in both languages');
  assert.equal(ids.size, entries, 'ids are unique');
  for (const s of table) assert.ok(s.text.length > 0, `${s.id} (${s.lang}) is empty`);
  assert.ok(table.some((s) => /[\uAC00-\uD7A3]/.test(s.text)), 'Korean text is there');
});

test('index.wasm ships the two font subsets (regular and bold) with their cmaps', () => {
  const { wasm, fonts } = shippedFonts();
  assert.equal(fonts.length, 2, `found ${fonts.length} fonts in index.wasm`);
  for (const font of fonts) {
    const cps = f.cmapCodePoints(wasm, font);
    for (const ch of 'Az09?') assert.ok(cps.has(ch.codePointAt(0)), `printable ASCII ${ch}`);
    assert.ok(cps.size < 2000, `a subset, not the whole font (${cps.size} code points)`);
  }
});

test('every character of every string in the table, app.json and page json has a glyph in both shipped fonts', () => {
  const { wasm, fonts } = shippedFonts();
  const strings = appStrings();
  assert.ok(strings.length > 100);
  for (const font of fonts) {
    const cps = f.cmapCodePoints(wasm, font);
    // The check itself can fail: a character no subset holds is reported, with its string.
    const probe = f.missingGlyphs([{ id: 'Probe', lang: 'en', text: 'Mini ♞ 漢' }], cps);
    assert.deepEqual(probe.map((p) => p.missing), ['♞漢']);
    const missing = f.missingGlyphs(strings, cps);
    assert.deepEqual(missing.map((m) => `${m.id} (${m.lang}) "${m.text}" lacks ${JSON.stringify(m.missing)}`), [],
      `the font at byte ${font.offset} of index.wasm`);
  }
});
