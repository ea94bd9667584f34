// The mini-app shell in real Chromium: start-up, navigation by clicks, route calls, tab bar,
// lifecycle, a malformed app.json.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./lib/harness');

let server, browser;
before(async () => {
  server = await h.startServer();
  browser = await h.launch();
});
after(async () => {
  await browser.close();
  server.stop();
});

test('the home page loads with no console errors and a first frame', async () => {
  const page = await h.newPage(browser);
  await h.openApp(page, server.url);
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
  const page = await h.newPage(browser);
  await h.openApp(page, server.url);
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
  const page = await h.newPage(browser);
  await h.openApp(page, server.url);
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
  const page = await h.newPage(browser);
  await h.openApp(page, server.url);
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
  const page = await h.newPage(browser);
  await page.route('**/app.json', (route) => route.fulfill({ contentType: 'application/json',
    body: JSON.stringify({ pages: ['pages/index/index'], window: { navigationBarTextStyle: 'red' } }) }));
  await page.goto(server.url);
  await page.waitForFunction(() => document.getElementById('status').className === 'fatal');
  const text = await page.textContent('#status');
  assert.equal(text, 'app.json: "window.navigationBarTextStyle" must be "black" or "white", not "red"');
  assert.equal(await page.getAttribute('#status', 'role'), 'alert');
  await page.unroute('**/app.json');
  await page.route('**/app.json', (route) => route.fulfill({ body: '{"pages": [' }));
  await page.reload();
  await page.waitForFunction(() => document.getElementById('status').className === 'fatal');
  assert.equal(await page.textContent('#status'), 'app.json: not valid JSON');
  await page.context().close();
});

test('the page language follows the browser (Korean)', async () => {
  const page = await h.newPage(browser, { locale: 'ko-KR' });
  await h.openApp(page, server.url);
  const s = await h.state(page);
  assert.equal(s.lang, 'ko');
  assert.equal(s.title, '미니 아레나');
  await h.screenshot(page, 'home-ko');
  await page.context().close();
});
