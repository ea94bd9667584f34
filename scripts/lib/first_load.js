// first_load.js — the first load as the page-weight budget counts it (README "Web budgets"):
// every file the browser fetches to show the app and play a first game, the UI and both wasm
// modules with their scripts, gzip level 9. Othello MASTER's weights and book come only when that level
// first thinks, and are listed apart. Shared by scripts/lib/bench_web.js and
// tests/web/budget.test.js, so the bench and the test count the same bytes.
'use strict';
const zlib = require('node:zlib');

const OPTIONAL = ['othello-weights.bin', 'othello-book.bin']; // fetched by the engine worker for Othello MASTER only
const BUDGET_GZIP_BYTES = 400 * 1024;

// A file's size as the budget counts it: raw bytes and gzip level 9.
function sizeOf(body) {
  return { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
}

// Records each response of `page` (a Playwright page) into the returned map: path -> {raw, gzip}.
function recordFiles(page) {
  const files = {};
  page.on('response', async (r) => {
    try {
      const body = await r.body();
      const name = new URL(r.url()).pathname.replace(/^\//, '') || 'index.html';
      files[name] = sizeOf(body);
    } catch (e) { /* redirects, aborted */ }
  });
  return files;
}

// {counted, later, total}: the files the budget counts, the optional ones, and the counted sum.
function firstLoad(files) {
  const counted = Object.fromEntries(Object.entries(files).filter(([f]) => !OPTIONAL.includes(f)));
  const later = Object.fromEntries(Object.entries(files).filter(([f]) => OPTIONAL.includes(f)));
  const total = Object.values(counted).reduce((a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip }), { raw: 0, gzip: 0 });
  return { counted, later, total };
}

module.exports = { OPTIONAL, BUDGET_GZIP_BYTES, sizeOf, recordFiles, firstLoad };
