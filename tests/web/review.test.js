// The Review page in real Chromium: a game opened by its link is reviewed by the engine worker
// (the game's own engine module), stepped by clicks and keys; a link that does not read says so in the app's language.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./lib/harness');

const site = h.serverAndBrowser();

test('an Othello game by its link: reviewed move by move in the worker, stepped by clicks and keys', async () => {
  const page = await h.newPage(site.browser, { width: 390, height: 844, serviceWorkers: 'block' }); // no precache: the page's own fetches
  const fetched = [];
  page.context().on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await h.openApp(page, site.server.url + '#/pages/review/review?game=othello&moves=f5d6c3d3c4&at=2');
  let s = await h.waitState(page, (x) => x.path === 'pages/review/review', { what: 'the review page' });
  assert.equal(s.game.total, 5);
  assert.equal(s.game.at, 2);
  assert.deepEqual(s.game.last, [5, 3]); // d6
  s = await h.waitState(page, (x) => x.game.analysed === 5, { timeout: 60000, what: 'the whole game analysed' });
  assert.equal(s.game.error, null);
  for (const p of s.game.plies) assert.ok(['best', 'good', 'inaccuracy', 'mistake', 'blunder'].includes(p.mark), JSON.stringify(p));
  // Othello's engine reviews the game; no other game's engine was fetched.
  const wasm = fetched.filter((f) => /^\/engine-.*\.wasm$/.test(f));
  assert.deepEqual(wasm, ['/engine-othello.wasm']);
  assert.ok(fetched.includes('/othello-weights.bin'), 'MASTER\'s weights for the review');
  // Clicks on the step buttons and the canvas's arrow keys.
  await h.press(page, await h.control(page, 'review-first'));
  s = await h.waitState(page, (x) => x.game.at === 0, { what: 'the start' });
  assert.equal(s.game.last, null);
  await h.press(page, await h.control(page, 'review-next'));
  await h.waitState(page, (x) => x.game.at === 1, { what: 'move 1' });
  await page.keyboard.press('ArrowRight');
  await h.waitState(page, (x) => x.game.at === 2, { what: 'move 2 by the arrow key' });
  await page.keyboard.press('End');
  s = await h.waitState(page, (x) => x.game.at === 5, { what: 'the end by End' });
  assert.match(s.game.moveLine, /^5\. c4 \(Black\)/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a link that does not read: the page says why, in Korean too', async () => {
  const page = await h.newPage(site.browser, { width: 390, height: 844, locale: 'ko-KR' });
  await h.openApp(page, site.server.url + '#/pages/review/review?game=othello&moves=f5z9');
  const s = await h.waitState(page, (x) => x.path === 'pages/review/review' && x.toast !== null, { what: 'the toast' });
  assert.equal(s.lang, 'ko');
  assert.equal(s.game.total, 0);
  assert.match(s.game.error, /z9/);
  assert.match(s.toast, /z/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
