// The first paint in real Chromium: before index.wasm has arrived (the test holds its response)
// the page already shows the app's name, the home page's cards and a loading state in the
// visitor's language (or, embedded, the game's name and board outline); once the app has drawn
// its first frame the static paint is gone, with no layout shift; and when the app cannot start
// the page says so in the visitor's language, with what to do.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./lib/harness');

const site = h.serverAndBrowser(); // site.server, site.browser: one of each for this file

// A page whose index.wasm response waits until release() (or fails with `fail`).
async function heldPage({ locale = 'en-US', fail = false } = {}) {
  const page = await h.newPage(site.browser, { width: 400, height: 720, locale });
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/index.wasm', async (route) => {
    await held;
    if (fail) await route.abort('internetdisconnected');
    else await route.continue();
  });
  // Layout shifts from the start, as the browser reports them.
  await page.addInitScript(() => {
    window.shifts = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifts.push(e.value); })
      .observe({ type: 'layout-shift', buffered: true });
  });
  return { page, release };
}

// What the static paint shows: its visible text and whether it covers the app.
const splash = (page) => page.evaluate(() => {
  const el = document.getElementById('splash');
  const r = el.getBoundingClientRect();
  return { shown: !el.hidden && getComputedStyle(el).display !== 'none', text: el.innerText.replace(/\s+/g, ' ').trim(),
    width: r.width, height: r.height, frames: window.miniapp && window.miniapp.frames ? window.miniapp.frames() : 0 };
});

for (const [locale, words, absent] of [
  ['ko-KR', ['미니 아레나', '오델로', '오목', '틱택토', '봇 실험실', '불러오는 중…', '게임', '설정'], ['Othello', 'Loading']],
  ['en-US', ['Mini Arena', 'Othello', 'Gomoku', 'Tic-tac-toe', 'Bot Lab', 'Loading…', 'Games', 'Settings'], ['오델로', '불러오는']]
]) {
  test(`before the app arrives, the home page's look in ${locale}; gone after the first frame, nothing shifted`, async () => {
    const { page, release } = await heldPage({ locale });
    await page.goto(site.server.url);
    await page.waitForSelector('#splash');
    const before = await splash(page);
    assert.equal(before.shown, true);
    assert.equal(before.frames, 0, 'the app has not drawn yet');
    assert.ok(before.width > 300 && before.height > 600, JSON.stringify(before));
    for (const w of words) assert.ok(before.text.includes(w), `"${w}" in "${before.text}"`);
    for (const w of absent) assert.ok(!before.text.includes(w), `no "${w}" in "${before.text}"`);
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('#splash .nav')).backgroundColor), 'rgb(7, 193, 96)');
    await h.screenshot(page, `first-paint-${locale}`);
    release();
    await page.evaluate(() => window.miniapp.ready);
    const after = await splash(page);
    assert.equal(after.shown, false);
    assert.ok(after.frames >= 1);
    // The canvas, hidden while the app draws its first frame, is shown with it, at full size.
    assert.deepEqual(await page.evaluate(() => {
      const c = document.getElementById('canvas');
      return { visibility: getComputedStyle(c).visibility, sized: c.width > 300 && c.height > 600 };
    }), { visibility: 'visible', sized: true });
    assert.deepEqual(await page.evaluate(() => window.shifts), [], 'no layout shift');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('embedded, the first paint is the game\'s name and its board outline, in the embed\'s language', async () => {
  const { page, release } = await heldPage({ locale: 'en-US' });
  await page.goto(site.server.url + 'index.html?embed=1&game=gomoku&lang=ko');
  await page.waitForSelector('#splash');
  const before = await splash(page);
  assert.equal(before.shown, true);
  assert.equal(before.text, '오목 불러오는 중…');
  const board = await page.evaluate(() => {
    const b = document.querySelector('#splash .embed[data-game="gomoku"] .board').getBoundingClientRect();
    return { width: Math.round(b.width), height: Math.round(b.height) };
  });
  assert.ok(board.width > 100 && board.width === board.height, JSON.stringify(board));
  release();
  await page.evaluate(() => window.miniapp.ready);
  assert.equal((await splash(page)).shown, false);
  assert.deepEqual(await page.evaluate(() => window.shifts), []);
  await page.context().close();
});

test('embedded without game=, the first paint shows the catalogue\'s first game, the one the app then opens', async () => {
  const catalogue = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'games', 'common', 'catalogue.json'), 'utf8'));
  const first = catalogue.games[0];
  const { page, release } = await heldPage({ locale: 'en-US' });
  await page.goto(site.server.url + 'index.html?embed=1&lang=en');
  await page.waitForSelector('#splash');
  const shown = await page.evaluate(() => [...document.querySelectorAll('#splash .embed')]
    .filter((e) => getComputedStyle(e).display !== 'none').map((e) => e.getAttribute('data-game')));
  assert.deepEqual(shown, [first.id]);
  release();
  await page.evaluate(() => window.miniapp.ready);
  assert.equal((await page.evaluate(() => window.miniapp.state())).path, first.page);
  assert.deepEqual(await page.evaluate(() => window.shifts), []);
  await page.context().close();
});

for (const [locale, why, advice] of [
  ['ko-KR', '앱을 시작할 수 없습니다', '인터넷 연결을 확인하고 다시 불러와 주세요.'],
  ['en-US', 'The app cannot start', 'Check your connection and reload the page.']
]) {
  test(`when index.wasm cannot arrive, the page says so in ${locale}, with what to do`, async () => {
    const { page, release } = await heldPage({ locale, fail: true });
    await page.goto(site.server.url + '?sw=0');
    release();
    await page.waitForFunction(() => document.getElementById('status').className === 'fatal');
    const shown = await page.evaluate(() => ({
      why: document.querySelector('#status .why').textContent,
      advice: document.querySelector('#status .advice').textContent,
      detail: document.querySelector('#status .detail').textContent,
      splash: document.getElementById('splash').hidden,
      role: document.getElementById('status').getAttribute('role')
    }));
    assert.equal(shown.why, why);
    assert.ok(shown.advice.startsWith(advice), shown.advice);
    assert.match(shown.detail, /^index\.wasm could not be loaded/);
    assert.equal(shown.splash, true);
    assert.equal(shown.role, 'alert');
    await page.context().close();
  });
}
