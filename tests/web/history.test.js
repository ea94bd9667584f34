// The browser's history follows the app's page stack, in real Chromium: a page opened by a real
// tap gets an entry, the browser's Back and Forward move through the stack (onUnload / onLoad as
// the app's own back would), the in-app back button takes the entry away again, a reload opens
// the page that was shown, and tabs replace their entry instead of adding one. In an embed the
// host page's history is left alone (embed.test.js covers the embed itself).
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./lib/harness');

const site = h.serverAndBrowser();
const HOME = 'pages/index/index', OTHELLO = 'pages/othello/othello', BOTLAB = 'pages/botlab/botlab';
const SETTINGS = 'pages/settings/settings';

const address = (page) => page.evaluate(() => ({ hash: location.hash, search: location.search, length: history.length,
  depth: history.state && history.state.miniapp, title: document.title }));
const atPath = (page, p, what) => h.waitState(page, (s) => s.path === p, { what: what || p });

test('Back and Forward move through the page stack; the in-app back drops the entry', async () => {
  const page = await h.newPage(site.browser, { width: 390, height: 844, dpr: 1 });
  await h.openApp(page, site.server.url + 'index.html?lang=en');
  await atPath(page, HOME);
  let a = await address(page);
  assert.equal(a.hash, '', 'home has no hash');
  assert.equal(a.depth, 1);
  const start = a.length;

  await h.press(page, await h.control(page, 'game-othello'));
  let s = await atPath(page, OTHELLO);
  await page.waitForFunction(() => location.hash === '#/pages/othello/othello');
  a = await address(page);
  assert.equal(a.length, start + 1, 'one entry for the page opened');
  assert.equal(a.depth, 2);
  assert.equal(a.search, '?lang=en', 'other switches stay');
  await page.waitForFunction((t) => document.title === t, s.title); // the history list names the page

  await page.goBack();
  s = await atPath(page, HOME, 'home after the browser Back');
  assert.deepEqual(s.stack, [HOME]);
  assert.ok(s.lifecycle.includes('pages/othello/othello.onUnload'), `the game page was unloaded: ${s.lifecycle.slice(-6)}`);
  assert.equal((await address(page)).hash, '');

  await page.goForward();
  s = await atPath(page, OTHELLO, 'the game after the browser Forward');
  assert.deepEqual(s.stack, [HOME, OTHELLO]);

  // The app's own back button: the browser's entry goes with the page, so a later Back leaves
  // neither a dead entry nor a second copy of home.
  await h.press(page, await h.control(page, 'back'));
  await atPath(page, HOME, 'home after the in-app back');
  await page.waitForFunction(() => location.hash === '' && history.state && history.state.miniapp === 1);
  await h.press(page, await h.control(page, 'botlab'));
  await atPath(page, BOTLAB);
  await page.waitForFunction(() => location.hash === '#/pages/botlab/botlab' && history.state.miniapp === 2);
  await page.goBack();
  s = await atPath(page, HOME, 'home after Back from Bot Lab');
  assert.deepEqual(s.stack, [HOME]);
  await page.close();
});

test('a reload opens the page that was shown; tabs replace their entry', async () => {
  const page = await h.newPage(site.browser, { width: 390, height: 844, dpr: 1 });
  await h.openApp(page, site.server.url + 'index.html?lang=en');
  await atPath(page, HOME);
  const start = (await address(page)).length;
  await h.press(page, await h.control(page, 'tab:' + SETTINGS));
  await atPath(page, SETTINGS);
  await page.waitForFunction(() => location.hash === '#/pages/settings/settings');
  assert.equal((await address(page)).length, start, 'a tab switch adds no entry');
  await h.press(page, await h.control(page, 'tab:' + HOME));
  await atPath(page, HOME);
  await page.waitForFunction(() => location.hash === '');

  await h.press(page, await h.control(page, 'game-othello'));
  await atPath(page, OTHELLO);
  await page.waitForFunction(() => location.hash === '#/pages/othello/othello');
  await page.reload();
  await page.waitForFunction(() => window.miniapp !== undefined);
  await page.evaluate(() => window.miniapp.ready);
  const s = await atPath(page, OTHELLO, 'the game page after a reload');
  assert.deepEqual(s.stack, [OTHELLO]);
  // Back from there reaches home again (the entry below is home's).
  await page.goBack();
  await atPath(page, HOME, 'home after Back from the reloaded page');
  // Opened alone (a shared link), the page has no back button but a home button, by tap and
  // in the keyboard controls.
  await page.goto(site.server.url + 'index.html?lang=en#/' + OTHELLO);
  await page.evaluate(() => window.miniapp.ready);
  await atPath(page, OTHELLO, 'the game page from a link');
  assert.equal(await page.evaluate(() => window.miniapp.controlRect('back')), null);
  await page.waitForSelector('#a11y button[data-control="home"]', { state: 'attached' });
  await h.press(page, await h.control(page, 'home'));
  const home = await atPath(page, HOME, 'home by the home button');
  assert.deepEqual(home.stack, [HOME]);
  assert.equal(await page.evaluate(() => window.miniapp.controlRect('home')), null, 'no home button on home');
  await page.waitForFunction(() => location.hash === '');
  await page.close();
});

test('a ?page= launch becomes the page hash', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await h.openApp(page, site.server.url + 'index.html?lang=en&page=' + encodeURIComponent('/' + OTHELLO));
  await atPath(page, OTHELLO);
  await page.waitForFunction(() => location.hash === '#/pages/othello/othello');
  assert.equal((await address(page)).search, '?lang=en', 'the launch switch is dropped, the rest kept');
  await page.close();
});

test('Back with a page\'s modal or text prompt open takes them down with the page; the app keeps working', async () => {
  const page = await h.newPage(site.browser, { width: 390, height: 844, touch: true, dpr: 2 });
  await h.openApp(page, site.server.url + 'index.html?lang=en');
  await atPath(page, HOME);
  await h.press(page, await h.control(page, 'game-othello'), { touch: true });
  await atPath(page, OTHELLO);
  await page.evaluate(() => window.miniapp.command({ type: 'setPosition', position: 'f5d6c3' }));
  await h.waitState(page, (x) => x.game.transcript.startsWith('f5d6c3'), { what: 'a game in progress' });
  await h.press(page, await h.control(page, 'new-game'), { touch: true });
  await h.waitState(page, (x) => x.modal !== null, { what: 'the start-over question' });
  await page.goBack();
  let s = await atPath(page, HOME, 'home after Back');
  s = await h.waitState(page, (x) => x.modal === null, { what: 'the question gone with its page' });
  // Home answers taps (the app did not stop).
  await h.press(page, await h.control(page, 'game-othello'), { touch: true });
  await atPath(page, OTHELLO, 'the game again');
  await h.press(page, await h.control(page, 'paste'), { touch: true });
  await page.waitForSelector('#prompt');
  await page.goBack();
  await atPath(page, HOME, 'home after Back from the prompt');
  await page.waitForSelector('#prompt', { state: 'detached' });
  await h.press(page, await h.control(page, 'game-gomoku'), { touch: true });
  await atPath(page, 'pages/gomoku/gomoku', 'another game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a page opened while the in-app back\'s history step is still to come: Back stays in the app', async () => {
  // history.go() is asynchronous: the next page may open before the in-app back's step has been
  // taken (an automation script, two quick taps; in the screens tests a busy page made it so).
  // Here the next page opens the moment the page asks for the step, and the step is taken 300 ms
  // later; then the in-app back must land on home, in this document.
  const page = await h.newPage(site.browser, { width: 390, height: 844, dpr: 1 });
  await h.openApp(page, site.server.url + 'index.html?lang=en');
  await atPath(page, HOME);
  let left = 0;
  page.on('framenavigated', (f) => { if (f === page.mainFrame() && !/^http/.test(f.url())) ++left; });
  await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello'));
  await atPath(page, OTHELLO);
  await page.waitForFunction(() => location.hash === '#/pages/othello/othello');
  await page.evaluate(() => {
    const go = History.prototype.go;
    History.prototype.go = function (n) {
      History.prototype.go = go;
      window.miniapp.navigateTo('/pages/botlab/botlab');
      setTimeout(() => go.call(history, n), 300);
    };
    window.miniapp.navigateBack();
  });
  await atPath(page, BOTLAB);
  await page.waitForFunction(() => location.hash === '#/pages/botlab/botlab' && history.state && history.state.miniapp === 2);
  await page.evaluate(() => { window.miniapp.navigateBack(); });
  await atPath(page, HOME);
  await page.waitForFunction(() => location.hash === '' && history.state && history.state.miniapp === 1);
  assert.equal(left, 0, 'the page never left the app');
  assert.equal((await h.state(page)).path, HOME);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
