// Partial redraw (src/platform/partial_redraw.h): a frame redraws only the rectangle whose
// triangles changed and keeps the rest of the canvas from the frame before. These tests check
// that what ends up on the screen is exactly what a whole redraw draws:
//   1. ?redraw=verify: the app itself reads back every frame it drew in part (or skipped),
//      draws it again whole, reads it back again and counts differing pixels — through page
//      navigation, a move and the AI's answer, a toast and its end, a modal opened and closed,
//      theme and language switches, window resizes, and while the AI thinks (the dots);
//   2. the same real screens, as the browser shows them (screenshots), with partial redraw and
//      with ?redraw=full side by side, pixel for pixel.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./lib/harness');
const { decodePng } = require('./lib/png');

const N = 15;
const site = h.serverAndBrowser(); // site.server, site.browser: one of each for this file

// Wait until no frame has been drawn for `quiet` ms (the app draws only when something changes).
async function settle(page, quiet = 400, timeout = 15000) {
  const frames = () => page.evaluate(() => window.miniapp.frames());
  let last = await frames(), since = performance.now();
  await h.until(async () => {
    const f = await frames();
    if (f !== last) { last = f; since = performance.now(); }
    return performance.now() - since >= quiet;
  }, { timeout, expire: () => { throw new Error('the app kept drawing for ' + timeout + ' ms'); } });
}

// Real screens, each reached by clicks or calls; `check` says the screen is the one meant.
const STEPS = [
  { name: 'home', act: async () => {}, check: (s) => s.path === 'pages/index/index' },
  { name: 'tictactoe', act: async (p) => { // Hard: its answer is always the same
    await h.press(p, await h.control(p, 'game-tictactoe'));
    await h.waitState(p, (s) => s.path === 'pages/tictactoe/tictactoe', { what: 'tic-tac-toe' });
    await p.evaluate(() => window.miniapp.command({ type: 'setLevel', level: 'hard' }));
    await h.waitState(p, (s) => s.game.difficulty === 'hard' && s.toast === null, { what: 'hard, no toast' });
  }, check: (s) => s.path === 'pages/tictactoe/tictactoe' },
  { name: 'tictactoe-move', act: async (p) => {
    await h.press(p, await h.cell(p, 4));
    await h.waitState(p, (s) => s.game.board.filter(Boolean).length === 2 && !s.game.thinking, { what: 'the AI answer' });
  }, check: (s) => s.game.board[4] === 'X' },
  { name: 'toast', quiet: 250, act: async (p) => {
    const s = await h.state(p);
    await h.press(p, await h.control(p, `difficulty-${s.game.difficulty === 'easy' ? 'hard' : 'easy'}`));
    await h.waitState(p, (x) => x.toast !== null, { what: 'a toast' });
  }, check: (s) => s.toast !== null },
  { name: 'toast-gone', act: async (p) => h.waitState(p, (x) => x.toast === null, { what: 'the toast to end' }), check: (s) => s.toast === null },
  { name: 'back-home', act: async (p) => h.press(p, await h.control(p, 'back')), check: (s) => s.path === 'pages/index/index' },
  { name: 'gomoku-renju', act: async (p) => {
    await h.press(p, await h.control(p, 'game-gomoku'));
    await h.waitState(p, (s) => s.path === 'pages/gomoku/gomoku', { what: 'gomoku' });
    await h.press(p, await h.control(p, 'rule-renju'));
    await h.waitState(p, (s) => s.game.rule === 'renju', { what: 'renju' });
    await p.evaluate(() => window.miniapp.command({ type: 'setPosition', position: 'h8a1j8a15i7o1i9o15' }));
    await h.waitState(p, (s) => s.game.position === 'h8a1j8a15i7o1i9o15', { what: 'the position' });
  }, check: (s) => s.game.forbidden.length === 1 },
  { name: 'modal', act: async (p) => {
    await h.press(p, await h.cell(p, 7 * N + 8));
    await h.waitState(p, (s) => s.modal !== null, { what: 'the forbidden-point question' });
  }, check: (s) => s.modal !== null },
  // The mouse stays where Cancel was, now over an empty point: its hover stone must show
  // (ImGui moves hover one frame after the modal's window is gone; the app draws that frame).
  { name: 'modal-closed', hover: true, act: async (p) => {
    const cancel = await h.control(p, 'modal-cancel');
    p.pointer = h.centre(cancel);
    await h.press(p, cancel);
    await h.waitState(p, (s) => s.modal === null, { what: 'the modal to close' });
  }, check: (s) => s.modal === null && s.game.board[7][8] === 0 },
  { name: 'settings', act: async (p) => {
    await h.press(p, await h.control(p, 'back'));
    await h.waitState(p, (s) => s.path === 'pages/index/index', { what: 'home' });
    await h.press(p, await h.control(p, 'tab-1'));
  }, check: (s) => s.path === 'pages/settings/settings' },
  { name: 'dark', act: async (p) => h.press(p, await h.control(p, 'theme-dark')), check: (s) => s.theme === 'dark' },
  { name: 'english', act: async (p) => h.press(p, await h.control(p, 'language-en')), check: (s) => s.lang === 'en' },
  { name: 'korean', act: async (p) => h.press(p, await h.control(p, 'language-ko')), check: (s) => s.lang === 'ko' },
  { name: 'resized-desktop', act: async (p) => p.setViewportSize({ width: 1280, height: 800 }), check: () => true },
  { name: 'light', act: async (p) => h.press(p, await h.control(p, 'theme-light')), check: (s) => s.theme === 'light' },
  { name: 'resized-phone', act: async (p) => p.setViewportSize({ width: 390, height: 844 }), check: () => true },
  { name: 'home-again', act: async (p) => h.press(p, await h.control(p, 'tab-0')), check: (s) => s.path === 'pages/index/index' },
];

const stats = (page) => page.evaluate(() => window.miniapp.redrawStats());

test('every frame drawn in part or skipped equals a whole redraw, pixel for pixel (?redraw=verify)', async () => {
  for (const dpr of [2, 1.5]) {
    const page = await h.newPage(site.browser, { width: 390, height: 844, dpr });
    await h.openApp(page, site.server.url + '?sw=0&redraw=verify');
    assert.equal((await stats(page)).mode, 'verify');
    assert.equal((await stats(page)).renderer, 'page', 'the checks read pixels back: frames are drawn on the page');
    for (const step of STEPS) {
      await step.act(page);
      await settle(page, step.quiet);
      assert.ok(step.check(await h.state(page)), `${step.name}: the screen meant`);
    }
    // While the strongest Othello level thinks (3 s), the page redraws the thinking dots.
    await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello?level=master&think=3000'));
    await h.waitState(page, (s) => s.path === 'pages/othello/othello', { what: 'othello' });
    await settle(page);
    const before = await stats(page);
    await page.evaluate(() => window.miniapp.command({ type: 'play', move: 'f5' }));
    await h.waitState(page, (s) => s.game.thinking === true, { what: 'the AI to think' });
    await h.waitState(page, (s) => s.game.thinking === false, { timeout: 30000, what: 'the AI to answer' });
    await settle(page);
    const st = await stats(page);
    console.log(`dpr ${dpr}: ${JSON.stringify(st)}`);
    assert.ok(st.partial - before.partial >= 4, `the thinking dots were drawn in part (${st.partial - before.partial} frames)`);
    assert.ok(st.verified >= 20, `frames checked: ${st.verified}`);
    assert.equal(st.mismatchedFrames, 0, `frames that differ from a whole redraw: ${st.mismatchedFrames} ` +
      `(${st.mismatchedPixels} pixels, the last in framebuffer rectangle ${st.lastMismatch})`);
    // The canvas has an alpha channel (a cheaper read back under software GL): it must stay opaque.
    assert.equal(st.translucentPixels, 0, 'pixels with alpha below 255 in the frames checked');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

// The point under the pointer (page.pointer, CSS px) is shaded by its hover stone: a pixel
// a third of the way to its right edge (clear of a star point) is darker than the same spot of
// the next empty point that the pointer is not over.
async function hoverProblems(page, shot, kind) {
  const s = await h.state(page);
  const rects = await page.evaluate((n) => Array.from({ length: n }, (_, i) => window.miniapp.boardCellRect(i)), N * N);
  const at = (r) => r && page.pointer.x >= r.x && page.pointer.x < r.x + r.width && page.pointer.y >= r.y && page.pointer.y < r.y + r.height;
  const under = rects.findIndex(at);
  if (under < 0) return [`${kind}: the pointer is over no point of the board`];
  const other = [under + 2, under - 2, under + 2 * N, under - 2 * N].find((i) => i >= 0 && i < N * N &&
    s.game.board[Math.floor(i / N)][i % N] === 0);
  const dpr = shot.width / (await page.evaluate(() => window.innerWidth));
  const luma = (r) => {
    const c = h.centre(r), q = shot.pixel(Math.round((c.x + r.width / 3) * dpr), Math.round(c.y * dpr));
    return q[0] + q[1] + q[2];
  };
  const hovered = luma(rects[under]), plain = luma(rects[other]);
  return hovered < plain - 60 ? [] : [`${kind}: no hover stone under the pointer (point ${under}: ${hovered}, point ${other}: ${plain})`];
}

test('real screens look the same with partial redraw and with ?redraw=full (screenshots, pixel for pixel)', async () => {
  const partial = await h.newPage(site.browser, { width: 390, height: 844, dpr: 2 });
  const full = await h.newPage(site.browser, { width: 390, height: 844, dpr: 2 });
  await h.openApp(partial, site.server.url + '?sw=0');
  await h.openApp(full, site.server.url + '?sw=0&redraw=full');
  assert.equal((await stats(partial)).mode, 'partial');
  assert.equal((await stats(full)).mode, 'full');
  const problems = [];
  for (const step of STEPS) {
    const shots = [];
    for (const [page, kind] of [[partial, 'partial'], [full, 'full']]) {
      await step.act(page);
      await settle(page, step.quiet);
      await h.drawn(page);
      const png = await page.screenshot();
      assert.ok(step.check(await h.state(page)), `${step.name} (${kind}): the screen meant, still there after the screenshot`);
      fs.writeFileSync(path.join(h.ARTIFACTS, `redraw-${step.name}-${kind}.png`), png);
      const shot = decodePng(png);
      shots.push(shot);
      if (step.hover) problems.push(...await hoverProblems(page, shot, kind));
    }
    const [a, b] = shots;
    assert.deepEqual([a.width, a.height], [b.width, b.height]);
    let differ = 0;
    for (let y = 0; y < a.height; ++y)
      for (let x = 0; x < a.width; ++x) {
        const p = a.pixel(x, y), q = b.pixel(x, y);
        if (p[0] !== q[0] || p[1] !== q[1] || p[2] !== q[2]) ++differ;
      }
    if (differ) problems.push(`${step.name}: ${differ} pixels differ (build/test-artifacts/redraw-${step.name}-*.png)`);
  }
  const st = await stats(partial);
  assert.ok(st.partial + st.skipped > 0, `some frames were drawn in part or skipped: ${JSON.stringify(st)}`);
  assert.deepEqual(problems, []);
  assert.deepEqual(partial.errors, []);
  assert.deepEqual(full.errors, []);
  await partial.context().close();
  await full.context().close();
});

test('a move redraws only what it changed: the mark on its cell and the status line (lastRegion)', async () => {
  const page = await h.newPage(site.browser, { width: 390, height: 844, dpr: 2 });
  await h.openApp(page, site.server.url + '?sw=0');
  await page.evaluate(() => window.miniapp.navigateTo('/pages/tictactoe/tictactoe?level=hard'));
  await h.waitState(page, (s) => s.path === 'pages/tictactoe/tictactoe', { what: 'tic-tac-toe' });
  await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
  await settle(page);
  const centre = h.centre(await h.cell(page, 4));
  // The frame of the move itself, read before the AI's answer (a few hundred ms later) draws.
  const { region, full } = await page.evaluate(async () => {
    const before = window.miniapp.redrawStats();
    await window.miniapp.command({ type: 'play', cell: 4 });
    const f0 = window.miniapp.frames();
    while (window.miniapp.frames() === f0) await new Promise((r) => requestAnimationFrame(r));
    const st = window.miniapp.redrawStats();
    return { region: st.lastRegion, full: st.full - before.full };
  });
  assert.equal(full, 0, 'no whole redraw for a move');
  assert.ok(Array.isArray(region) && region.length >= 1 && region.length <= 4, `rectangles: ${JSON.stringify(region)}`);
  const area = region.reduce((a, [x0, y0, x1, y1]) => a + (x1 - x0) * (y1 - y0), 0);
  assert.ok(area < 0.1 * 390 * 844, `${Math.round(area)} CSS px² redrawn of ${390 * 844}: ${JSON.stringify(region)}`);
  assert.ok(region.some(([x0, y0, x1, y1]) => centre.x >= x0 && centre.x < x1 && centre.y >= y0 && centre.y < y1),
    `the played cell (centre ${JSON.stringify(centre)}) is redrawn: ${JSON.stringify(region)}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('?redraw= works embedded too; a value it does not know is named and partial redraw stays on', async () => {
  const cases = [
    ['?sw=0&embed=1&game=othello&redraw=full', 'full', null],
    ['?sw=0&redraw=fast', 'partial', 'redraw must be partial, full, verify, not "fast": drawing in part'],
  ];
  for (const [query, mode, warning] of cases) {
    const page = await h.newPage(site.browser, { width: 390, height: 844 });
    await h.openApp(page, site.server.url + query);
    assert.equal((await stats(page)).mode, mode, query);
    const warnings = page.logs.filter((l) => l.startsWith('[warning] [miniapp]'));
    if (warning) assert.ok(warnings.some((l) => l.includes(warning)), `${query}: ${JSON.stringify(warnings)}`);
    else assert.deepEqual(warnings, [], query);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('frames are drawn in a worker where the browser can, on the page where it cannot, the same pixels', async () => {
  const shots = {};
  for (const [kind, hide] of [['worker', false], ['page', true]]) {
    const page = await h.newPage(site.browser, { width: 390, height: 844, dpr: 2 });
    // A browser without OffscreenCanvas (Safari before 16.4): no canvas can be handed to a worker.
    if (hide) await page.addInitScript(() => { delete HTMLCanvasElement.prototype.transferControlToOffscreen; });
    await h.openApp(page, site.server.url + '?sw=0');
    assert.equal((await stats(page)).renderer, kind);
    await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello'));
    await h.waitState(page, (s) => s.path === 'pages/othello/othello', { what: 'othello' });
    await settle(page);
    await h.drawn(page);
    shots[kind] = await page.screenshot();
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
  assert.ok(shots.worker.equals(shots.page), 'the Othello page looks the same drawn in a worker and on the page');
});

test('a worker that cannot make its WebGL 2 context after all: the page reloads once and draws on the page', async () => {
  const page = await h.newPage(site.browser, { width: 390, height: 844 });
  // A browser whose workers have OffscreenCanvas and WebGL2RenderingContext but make no context
  // (as a blocklisted GPU would): the renderer worker runs renderer.js as served, after a line that
  // makes it so. The worker is started from a blob that imports it, not by routing renderer.js:
  // Chromium does not always let page.route() see a dedicated worker's own script.
  // Documents are counted as they start (a reload may come before the first one's load event).
  await page.addInitScript(() => {
    sessionStorage.setItem('test-documents', String(Number(sessionStorage.getItem('test-documents') || 0) + 1));
    const RealWorker = window.Worker;
    window.Worker = function (url, options) {
      if (!/renderer\.js$/.test(String(url))) return new RealWorker(url, options);
      const script = 'OffscreenCanvas.prototype.getContext = function () { return null; };\n' +
        'importScripts(' + JSON.stringify(new URL(url, location.href).href) + ');\n';
      return new RealWorker(URL.createObjectURL(new Blob([script], { type: 'text/javascript' })), options);
    };
  });
  const documents = () => page.evaluate(() => Number(sessionStorage.getItem('test-documents'))).catch(() => 0);
  await page.goto(site.server.url + '?sw=0');
  await h.until(async () => await documents() >= 2, { timeout: 20000,
    expire: async () => { throw new Error(`${await documents()} document(s) started, not reloaded`); } });
  await h.openApp(page, page.url());
  assert.equal(await documents(), 3, 'opened once more: still drawing on the page, no further reload');
  const st = await stats(page);
  assert.equal(st.renderer, 'page');
  assert.equal(await page.evaluate(() => localStorage.getItem('miniarena-render-on-page')), '1');
  assert.equal((await h.state(page)).path, 'pages/index/index');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
