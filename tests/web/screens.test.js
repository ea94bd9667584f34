// Screens and input in real Chromium, from a 360×640 phone to a 1920×1080 desktop: the board
// fits and nothing is cut off, board cells never overlap the chrome, touch targets are at least
// 44 CSS px where the board size allows, dark mode follows prefers-color-scheme unless set in
// Settings; screenshots of every page at three sizes in both themes go to build/test-artifacts/.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./lib/harness');
const { decodePng, meanLuma } = require('./lib/png');

const app = JSON.parse(fs.readFileSync(path.join(h.SITE, 'app.json'), 'utf8'));
const tabPages = (app.tabBar ? app.tabBar.list : []).map((t) => t.pagePath);
const tabs = tabPages.map((_, i) => `tab-${i}`);
const LEVELS = ['random', 'level1', 'level2', 'level3', 'master'];
const GAMES = { 'pages/tictactoe/tictactoe': 3, 'pages/othello/othello': 8, 'pages/gomoku/gomoku': 15 };

// The controls each page must show whole, and which of them take taps.
const PAGES = {
  'pages/index/index': { controls: ['tictactoe', 'othello', 'gomoku'].filter((g) => app.pages.includes(`pages/${g}/${g}`)).map((g) => `game-${g}`).concat(tabs) },
  'pages/tictactoe/tictactoe': { controls: ['back', 'difficulty-easy', 'difficulty-hard', 'score-x', 'score-draws', 'score-o', 'status', 'new-game'] },
  'pages/othello/othello': { controls: ['back', ...LEVELS.map((l) => `level-${l}`), 'status', 'color-black', 'color-white', 'new-game', 'undo', 'hints', 'transcript', 'copy', 'paste'] },
  'pages/gomoku/gomoku': { controls: ['back', ...LEVELS.map((l) => `level-${l}`), 'rule-freestyle', 'rule-standard', 'rule-renju', 'status', 'color-black', 'color-white', 'new-game', 'undo', 'position', 'copy', 'paste'] },
  'pages/settings/settings': { controls: ['language-auto', 'language-ko', 'language-en', 'theme-auto', 'theme-light', 'theme-dark'].concat(tabs) }
};
const NOT_TAPPABLE = new Set(['status', 'transcript', 'position', 'score-x', 'score-draws', 'score-o']);
const pages = app.pages.filter((p) => PAGES[p]);
const SIZES = [[360, 640], [375, 667], [390, 844], [430, 932], [768, 1024], [1280, 800], [1920, 1080]];
const SHOT_SIZES = [[360, 640], [430, 932], [1920, 1080]];

let server, browser;
before(async () => {
  server = await h.startServer();
  browser = await h.launch();
});
after(async () => {
  await browser.close();
  server.stop();
});

async function open(page, p) {
  const tab = tabPages.includes(p);
  await page.evaluate(([url, t]) => (t ? window.miniapp.reLaunch(url) : window.miniapp.navigateTo(url)), ['/' + p, tab]);
  const s = await h.waitState(page, (x) => x.path === p, { what: p });
  if (GAMES[p]) {
    await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
    await h.cell(page, 0);
  } else {
    await h.control(page, PAGES[p].controls[0]);
  }
  await page.waitForTimeout(150); // a frame or two after the last change
  return s;
}
const back = (page) => page.evaluate(() => window.miniapp.state().stack.length > 1 && window.miniapp.navigateBack());

async function layout(page, p) {
  return page.evaluate(([ids, n]) => {
    const c = document.getElementById('canvas').getBoundingClientRect();
    const controls = {};
    for (const id of ids) controls[id] = window.miniapp.controlRect(id);
    const cells = [];
    for (let i = 0; i < n * n; ++i) cells.push(window.miniapp.boardCellRect(i));
    return { canvas: { x: c.left, y: c.top, width: c.width, height: c.height }, controls, cells,
      viewport: { width: innerWidth, height: innerHeight } };
  }, [PAGES[p].controls, GAMES[p] || 0]);
}

const EPS = 0.5;
const inside = (r, box) => r.x >= box.x - EPS && r.y >= box.y - EPS && r.x + r.width <= box.x + box.width + EPS && r.y + r.height <= box.y + box.height + EPS;
const overlap = (a, b) => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > EPS &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > EPS;
const fmt = (r) => `{x:${r.x.toFixed(1)}, y:${r.y.toFixed(1)}, w:${r.width.toFixed(1)}, h:${r.height.toFixed(1)}}`;

test('from 360×640 to 1920×1080 every page fits: the canvas in the viewport, every control and board cell whole on the canvas', async () => {
  const problems = [];
  for (const [w, hh] of SIZES) {
    const page = await h.newPage(browser, { width: w, height: hh, touch: w < 768 });
    await h.openApp(page, server.url);
    for (const p of pages) {
      await open(page, p);
      const L = await layout(page, p);
      const where = `${w}×${hh} ${p}`;
      if (!inside(L.canvas, { x: 0, y: 0, ...L.viewport })) problems.push(`${where}: canvas ${fmt(L.canvas)} leaves the viewport`);
      for (const [id, r] of Object.entries(L.controls)) {
        if (!r) problems.push(`${where}: control ${id} is not on screen`);
        else if (!inside(r, L.canvas)) problems.push(`${where}: control ${id} ${fmt(r)} is cut off (canvas ${fmt(L.canvas)})`);
      }
      L.cells.forEach((r, i) => {
        if (!r) problems.push(`${where}: cell ${i} missing`);
        else if (!inside(r, L.canvas)) problems.push(`${where}: cell ${i} ${fmt(r)} is cut off`);
      });
      await back(page);
    }
    await page.context().close();
  }
  assert.deepEqual(problems, []);
});

test('board cells never overlap the chrome: no control, no nav bar, inside the canvas (boardCellRect vs controlRect)', async () => {
  const problems = [];
  for (const [w, hh] of SIZES) {
    const page = await h.newPage(browser, { width: w, height: hh });
    await h.openApp(page, server.url);
    for (const p of pages.filter((x) => GAMES[x])) {
      await open(page, p);
      const L = await layout(page, p);
      const where = `${w}×${hh} ${p}`;
      assert.ok(L.controls.back, `${where}: the nav bar's back button`);
      const navBar = { x: L.canvas.x, y: L.canvas.y, width: L.canvas.width, height: L.controls.back.y + L.controls.back.height - L.canvas.y };
      L.cells.forEach((cell, i) => {
        if (overlap(cell, navBar)) problems.push(`${where}: cell ${i} ${fmt(cell)} overlaps the nav bar`);
        for (const [id, r] of Object.entries(L.controls)) {
          if (r && overlap(cell, r)) problems.push(`${where}: cell ${i} ${fmt(cell)} overlaps ${id} ${fmt(r)}`);
        }
      });
      // Neighbouring cells tile the board without overlapping each other.
      const n = GAMES[p];
      for (let i = 0; i + 1 < n * n; ++i) {
        if ((i + 1) % n && overlap(L.cells[i], L.cells[i + 1])) problems.push(`${where}: cells ${i} and ${i + 1} overlap`);
        if (i + n < n * n && overlap(L.cells[i], L.cells[i + n])) problems.push(`${where}: cells ${i} and ${i + n} overlap`);
      }
      await back(page);
    }
    await page.context().close();
  }
  assert.deepEqual(problems, []);
});

// Where the board size allows: tic-tac-toe's three columns always; Othello's eight once
// 8 × 44 px and its coordinate margins fit the column (430 px and wider). Gomoku's fifteen
// never fit a phone: small cells are aimed first and placed by a second tap.
const cellsMustReach44 = (p, w) => p === 'pages/tictactoe/tictactoe' || (p === 'pages/othello/othello' && w >= 430);

test('board cells are at least 44 CSS px where the board size allows', async () => {
  const problems = [], measured = [];
  for (const [w, hh] of SIZES) {
    const page = await h.newPage(browser, { width: w, height: hh, touch: w < 768 });
    await h.openApp(page, server.url);
    for (const p of pages.filter((x) => GAMES[x])) {
      await open(page, p);
      const L = await layout(page, p);
      const min = Math.min(...L.cells.map((r) => Math.min(r.width, r.height)));
      measured.push(`${w}×${hh} ${p.split('/')[1]} ${min.toFixed(1)}`);
      if (cellsMustReach44(p, w) && min < 44) problems.push(`${w}×${hh} ${p}: cells ${min.toFixed(1)} px`);
      await back(page);
    }
    await page.context().close();
  }
  assert.deepEqual(problems, [], measured.join('; '));
});


test('buttons, segments, tabs and the back arrow are at least 44×44 CSS px on every screen', async () => {
  const problems = [];
  for (const [w, hh] of SIZES) {
    const page = await h.newPage(browser, { width: w, height: hh, touch: w < 768 });
    await h.openApp(page, server.url);
    for (const p of pages) {
      await open(page, p);
      const L = await layout(page, p);
      for (const [id, r] of Object.entries(L.controls)) {
        if (!r || NOT_TAPPABLE.has(id)) continue;
        if (r.width < 44 || r.height < 44) problems.push(`${w}×${hh} ${p} ${id}: ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
      }
      await back(page);
    }
    await page.context().close();
  }
  assert.deepEqual(problems, []);
});

// The page's background beside the content (the left padding, halfway down), from a real screenshot.
async function backgroundLuma(page, file) {
  await h.drawn(page);
  const buf = await page.screenshot(file ? { path: file } : {});
  const img = decodePng(buf);
  const c = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().toJSON());
  const pad = 32 * c.width / 750;
  return meanLuma(img, { x: c.x + 2, y: c.y + c.height * 0.55, width: Math.max(2, pad - 4), height: 24 });
}

// The background's luma once it satisfies `ok`, polled for up to 5 s: a theme change shows in
// the state before the frame that draws it reaches the screen. Returns the last luma seen.
async function settledLuma(page, ok) {
  let luma;
  await h.until(async () => ok(luma = await backgroundLuma(page)), { timeout: 5000, every: 100, expire: () => true });
  return luma;
}

test('dark mode follows prefers-color-scheme; screenshots of every page at three sizes in both themes', async () => {
  const shots = [];
  for (const [w, hh] of SHOT_SIZES) {
    for (const scheme of ['light', 'dark']) {
      const page = await h.newPage(browser, { width: w, height: hh, colorScheme: scheme, locale: 'ko-KR' });
      await h.openApp(page, server.url);
      for (const p of pages) {
        const s = await open(page, p);
        assert.equal(s.theme, scheme, `${w}×${hh} ${p}`);
        const file = path.join(h.ARTIFACTS, `screens-${w}x${hh}-${scheme}-${p.split('/')[1]}.png`);
        const luma = await backgroundLuma(page, file);
        shots.push(path.basename(file));
        if (scheme === 'dark') assert.ok(luma < 60, `${w}×${hh} ${p}: a dark background (luma ${luma.toFixed(0)})`);
        else assert.ok(luma > 180, `${w}×${hh} ${p}: a light background (luma ${luma.toFixed(0)})`);
        await back(page);
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  }
  assert.equal(shots.length, SHOT_SIZES.length * 2 * pages.length);
  for (const f of shots) assert.ok(fs.statSync(path.join(h.ARTIFACTS, f)).size > 1000, f);
});

test('the theme follows a live change of prefers-color-scheme, unless set in Settings (kept across a reload)', async () => {
  const page = await h.newPage(browser, { width: 390, height: 844, colorScheme: 'light' });
  await h.openApp(page, server.url);
  assert.equal((await h.state(page)).theme, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await h.waitState(page, (s) => s.theme === 'dark', { what: 'dark after the system change' });
  const dark = await settledLuma(page, (l) => l < 60);
  assert.ok(dark < 60, `a dark background after the system change (luma ${dark.toFixed(0)})`);
  // Set to light in Settings: the system's dark no longer applies.
  await h.press(page, await h.control(page, 'tab:pages/settings/settings'));
  await h.waitState(page, (s) => s.path === 'pages/settings/settings');
  await h.press(page, await h.control(page, 'theme-light'));
  await h.waitState(page, (s) => s.theme === 'light', { what: 'light by choice' });
  // The page around the column follows the app, not the system.
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(214, 214, 214)');
  await page.reload();
  await page.evaluate(() => window.miniapp.ready);
  assert.equal((await h.state(page)).theme, 'light', 'kept');
  const light = await settledLuma(page, (l) => l > 180);
  assert.ok(light > 180, `a light background after the reload (luma ${light.toFixed(0)})`);
  // Back to auto: the system's dark again.
  await page.evaluate(() => window.miniapp.switchTab('/pages/settings/settings'));
  await h.press(page, await h.control(page, 'theme-auto'));
  await h.waitState(page, (s) => s.theme === 'dark', { what: 'auto follows the system again' });
  await page.context().close();
});
