// The mini-app shell in real Chromium: start-up, navigation by clicks, route calls, tab bar,
// lifecycle, a malformed app.json.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./lib/harness');

const site = h.serverAndBrowser(); // site.server, site.browser: one of each for this file

test('the home page loads with no console errors and a first frame', async () => {
  const page = await h.newPage(site.browser);
  await h.openApp(page, site.server.url);
  const s = await h.state(page);
  assert.equal(s.ready, true);
  assert.equal(s.path, 'pages/index/index');
  assert.deepEqual(s.stack, ['pages/index/index']);
  assert.equal(s.tabBar, true);
  assert.ok(s.frames >= 1);
  assert.deepEqual(s.lifecycle, ['App.onLaunch', 'App.onShow', 'pages/index/index.onLoad',
    'pages/index/index.onShow', 'pages/index/index.onReady']);
  assert.deepEqual(page.errors, []);
  await h.screenshot(page, 'home-1280x800');
  await page.context().close();
});

test('home → tic-tac-toe by a click, back by the nav bar arrow', async () => {
  const page = await h.newPage(site.browser);
  await h.openApp(page, site.server.url);
  await h.press(page, await h.control(page, 'game-tictactoe'));
  let s = await h.waitState(page, (x) => x.path === 'pages/tictactoe/tictactoe', { what: 'tic-tac-toe page' });
  assert.deepEqual(s.stack, ['pages/index/index', 'pages/tictactoe/tictactoe']);
  assert.equal(s.tabBar, false);
  assert.ok(['Tic-tac-toe', '틱택토'].includes(s.title));
  await h.press(page, await h.control(page, 'back'));
  s = await h.waitState(page, (x) => x.path === 'pages/index/index', { what: 'back home' });
  assert.deepEqual(s.stack, ['pages/index/index']);
  assert.ok(s.lifecycle.join(' ').endsWith(
    'pages/index/index.onHide pages/tictactoe/tictactoe.onLoad pages/tictactoe/tictactoe.onShow ' +
    'pages/tictactoe/tictactoe.onReady pages/tictactoe/tictactoe.onUnload pages/index/index.onShow'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('tab bar switches tabs and keeps tab pages alive', async () => {
  const page = await h.newPage(site.browser);
  await h.openApp(page, site.server.url);
  await h.press(page, await h.control(page, 'tab-1'));
  let s = await h.waitState(page, (x) => x.path === 'pages/settings/settings', { what: 'settings tab' });
  assert.deepEqual(s.stack, ['pages/settings/settings']);
  await h.press(page, await h.control(page, 'tab-0'));
  s = await h.waitState(page, (x) => x.path === 'pages/index/index', { what: 'games tab' });
  const tail = s.lifecycle.slice(-6);
  assert.deepEqual(tail, ['pages/index/index.onHide', 'pages/settings/settings.onLoad', 'pages/settings/settings.onShow',
    'pages/settings/settings.onReady', 'pages/settings/settings.onHide', 'pages/index/index.onShow']);
  assert.ok(!s.lifecycle.includes('pages/index/index.onUnload'), 'the games tab was never unloaded');
  await page.context().close();
});

test('route calls: WeChat-style urls, queries, errors for unknown pages', async () => {
  const page = await h.newPage(site.browser);
  await h.openApp(page, site.server.url);
  const ok = await page.evaluate(() => window.miniapp.navigateTo('/pages/tictactoe/tictactoe?level=hard'));
  assert.deepEqual(ok, { errMsg: 'navigateTo:ok' });
  let s = await h.waitState(page, (x) => x.game && x.game.difficulty === 'hard', { what: 'query reached onLoad' });
  assert.equal(s.path, 'pages/tictactoe/tictactoe');
  const err = await page.evaluate(() => window.miniapp.navigateTo('/pages/nope/nope').then(() => 'resolved', (e) => e.message));
  assert.equal(err, 'navigateTo:fail page "pages/nope/nope" is not found');
  const tabErr = await page.evaluate(() => window.miniapp.navigateTo('../settings/settings').then(() => 'resolved', (e) => e.message));
  assert.equal(tabErr, 'navigateTo:fail can not navigateTo a tabbar page');
  assert.deepEqual(await page.evaluate(() => window.miniapp.switchTab('/pages/settings/settings')), { errMsg: 'switchTab:ok' });
  s = await h.state(page);
  assert.deepEqual(s.stack, ['pages/settings/settings']);
  assert.deepEqual(await page.evaluate(() => window.miniapp.reLaunch('/pages/index/index')), { errMsg: 'reLaunch:ok' });
  const back = await page.evaluate(() => window.miniapp.navigateBack().then(() => 'resolved', (e) => e.message));
  assert.equal(back, 'navigateBack:fail cannot navigate back at first page.');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a malformed app.json stops start-up with a message naming the key', async () => {
  const page = await h.newPage(site.browser);
  await page.route('**/app.json', (route) => route.fulfill({ contentType: 'application/json',
    body: JSON.stringify({ pages: ['pages/index/index'], window: { navigationBarTextStyle: 'red' } }) }));
  await page.goto(site.server.url);
  await page.waitForFunction(() => document.getElementById('status').className === 'fatal');
  // What happened, in the page's language, what to do, and the message itself.
  assert.equal(await page.textContent('#status .why'), 'The app cannot start');
  assert.equal(await page.textContent('#status .advice'), 'Reload the page. If it happens again, tell the site\'s owner what it says below.');
  assert.equal(await page.textContent('#status .detail'), 'app.json: "window.navigationBarTextStyle" must be "black" or "white", not "red"');
  assert.equal(await page.getAttribute('#status', 'role'), 'alert');
  await page.unroute('**/app.json');
  await page.route('**/app.json', (route) => route.fulfill({ body: '{"pages": [' }));
  await page.reload();
  await page.waitForFunction(() => document.getElementById('status').className === 'fatal');
  assert.equal(await page.textContent('#status .detail'), 'app.json: not valid JSON');
  await page.context().close();
});

test('the page language follows the browser (Korean)', async () => {
  const page = await h.newPage(site.browser, { locale: 'ko-KR' });
  await h.openApp(page, site.server.url);
  const s = await h.state(page);
  assert.equal(s.lang, 'ko');
  assert.equal(s.title, '미니 아레나');
  await h.screenshot(page, 'home-ko');
  await page.context().close();
});

test('an idle app draws no frames; input draws a few', async () => {
  const page = await h.newPage(site.browser);
  await h.openApp(page, site.server.url);
  await page.waitForTimeout(300); // let start-up settle
  const f0 = await page.evaluate(() => window.miniapp.frames());
  await page.waitForTimeout(1500);
  const f1 = await page.evaluate(() => window.miniapp.frames());
  assert.equal(f1, f0, 'no frames while nothing changes');
  const cv = await page.evaluate(() => { const r = document.getElementById("canvas").getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
  await page.mouse.move(cv.x, cv.y);
  await page.waitForTimeout(300);
  const f2 = await page.evaluate(() => window.miniapp.frames());
  assert.ok(f2 > f1 && f2 - f1 <= 6, `a mouse move draws a few frames (${f2 - f1})`);
  await page.context().close();
});

test('the host page keeps its keys; the canvas fills its container and follows resizes', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await h.openApp(page, site.server.url);
  await page.evaluate(() => {
    const input = document.createElement('input');
    document.body.appendChild(input);
    window.__keys = [];
    document.addEventListener('keydown', (e) => setTimeout(() => window.__keys.push(e.defaultPrevented), 0));
  });
  await page.focus('input');
  await page.keyboard.type('ab');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('c');
  assert.equal(await page.inputValue('input'), 'ac', 'typing in the host page is not swallowed by the app');
  // Each key's verdict is recorded a task after its event: wait for the fourth.
  await page.waitForFunction(() => window.__keys.length >= 4, null, { timeout: 5000 });
  assert.deepEqual(await page.evaluate(() => window.__keys), [false, false, false, false]);
  const box = await page.evaluate(() => {
    const c = document.getElementById('canvas').getBoundingClientRect();
    const a = document.getElementById('app').getBoundingClientRect();
    return { c: [c.width, c.height], a: [a.width, a.height] };
  });
  assert.deepEqual(box.c, box.a);
  assert.deepEqual(box.c, [500, 800], 'a phone-shaped column on a wide screen (10:16 of the height)');
  await page.setViewportSize({ width: 360, height: 640 });
  let r;
  await h.until(async () => (r = await h.control(page, 'game-tictactoe')).width < 360, { timeout: 5000, expire: () => false });
  assert.ok(r.width > 300 && r.width < 360, `the layout followed the resize (card ${r.width} px wide)`);
  await h.press(page, r);
  await h.waitState(page, (s) => s.path === 'pages/tictactoe/tictactoe', { what: 'navigation after a resize' });
  await page.context().close();
});

test('moves and results are announced in the aria-live region', async () => {
  const page = await h.newPage(site.browser);
  await h.openApp(page, site.server.url);
  assert.equal(await page.getAttribute('#announce', 'aria-live'), 'polite');
  await page.evaluate(() => window.miniapp.navigateTo('/pages/tictactoe/tictactoe'));
  await h.waitState(page, (s) => s.path === 'pages/tictactoe/tictactoe');
  await h.press(page, await h.cell(page, 4));
  await page.waitForFunction(() => document.getElementById('announce').textContent === 'X at row 2, column 2');
  await page.waitForFunction(() => /^O at row \d, column \d$/.test(document.getElementById('announce').textContent));
  await page.context().close();
});

test('corrupt and foreign stored values are reported and ignored; the app starts and plays', async () => {
  const page = await h.newPage(site.browser);
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('miniarena:tictactoe', '{"miniarena":1,"data":{"difficulty":"hard"');
    localStorage.setItem('miniarena:othello', '"written by someone else"');
    localStorage.setItem('unrelated-key', 'left alone');
  });
  await h.openApp(page, site.server.url);
  let s = await h.state(page);
  assert.deepEqual(s.storageProblems, [
    'storage key "othello" was not written by this app; ignored',
    'storage key "tictactoe" is corrupt (not JSON); ignored',
  ]);
  await h.press(page, await h.control(page, 'game-tictactoe'));
  s = await h.waitState(page, (x) => x.path === 'pages/tictactoe/tictactoe', { what: 'tic-tac-toe' });
  assert.equal(s.game.difficulty, 'easy', 'the corrupt record was not trusted');
  await h.press(page, await h.cell(page, 4));
  await h.waitState(page, (x) => x.game.board[4] === 'X', { what: 'a move' });
  assert.equal(await page.evaluate(() => localStorage.getItem('unrelated-key')), 'left alone');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
