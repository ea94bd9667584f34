// Who plays, records and the share link in real Chromium, by real clicks on the canvas: two
// players on one device, AI vs AI with Pause holding it, the records of a game against the AI
// (on the page and in Settings, reset after a confirmation), and a shared link that opens the
// same position in a new page, from the app and from an embed.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./lib/harness');

const site = h.serverAndBrowser();

const index = (sq) => (sq.charCodeAt(1) - 49) * 8 + (sq.charCodeAt(0) - 97);
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
function tttMove(board) {
  for (const who of ['X', 'O'])
    for (const l of LINES) {
      const cells = l.map((i) => board[i]);
      if (cells.filter((c) => c === who).length === 2 && cells.includes(null)) return l[cells.indexOf(null)];
    }
  return [4, 0, 2, 6, 8, 1, 3, 5, 7].find((i) => board[i] === null);
}

async function openGame(page, game, url = site.server.url) {
  await h.openApp(page, url);
  await h.press(page, await h.control(page, 'game-' + game));
  return h.waitState(page, (s) => s.path === `pages/${game}/${game}`, { what: game });
}

// The browser's share sheet out of the way (the clipboard path), or recorded (the sheet path).
const noShareSheet = () => { Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }); };

test('2 players: Othello by clicks on both sides, no AI, undo takes one move', async () => {
  const page = await h.newPage(site.browser);
  await openGame(page, 'othello');
  await h.press(page, await h.control(page, 'mode-two'));
  let s = await h.waitState(page, (x) => x.game.mode === 'two', { what: 'two players' });
  for (const [i, mv] of ['d3', 'c3', 'c4', 'e3'].entries()) {
    await h.press(page, await h.cell(page, index(mv)));
    s = await h.waitState(page, (x) => x.game.transcript.endsWith(mv), { what: `move ${mv}` });
    assert.equal(s.game.thinking, false, 'no AI in a 2-player game');
    assert.equal(s.game.toMove, i % 2 === 0 ? 2 : 1);
  }
  assert.equal(s.game.transcript, 'd3c3c4e3');
  await h.press(page, await h.control(page, 'undo'));
  s = await h.waitState(page, (x) => x.game.transcript === 'd3c3c4', { what: 'one move undone' });
  assert.equal(s.game.toMove, 2);
  await h.screenshot(page, 'modes-othello-two');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('2 players: tic-tac-toe X and O by clicks, undo takes one mark', async () => {
  const page = await h.newPage(site.browser);
  await openGame(page, 'tictactoe');
  await h.press(page, await h.control(page, 'mode-two'));
  await h.waitState(page, (x) => x.game.mode === 'two', { what: 'two players' });
  for (const [i, c] of [4, 0, 8].entries()) {
    await h.press(page, await h.cell(page, c));
    await h.waitState(page, (x) => x.game.board[c] === (i % 2 ? 'O' : 'X'), { what: `mark on ${c}` });
  }
  await h.press(page, await h.control(page, 'undo'));
  const s = await h.waitState(page, (x) => x.game.board[8] === null, { what: 'undo' });
  assert.deepEqual([s.game.board[4], s.game.board[0]], ['X', 'O']);
  assert.equal(s.game.currentPlayer, 'X');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('AI vs AI: Othello at two levels runs, Pause holds it, Resume goes on', async () => {
  const page = await h.newPage(site.browser);
  await openGame(page, 'othello');
  await h.press(page, await h.control(page, 'level-random'));
  await h.press(page, await h.control(page, 'mode-aivai'));
  await h.press(page, await h.control(page, 'white-level-level1'));
  await h.press(page, await h.control(page, 'speed-fast'));
  let s = await h.waitState(page, (x) => x.game.transcript.length >= 12, { timeout: 30000, what: 'six AI moves' });
  assert.deepEqual(s.game.levels, { black: 'random', white: 'level1' });
  await h.press(page, await h.control(page, 'pause'));
  s = await h.waitState(page, (x) => x.game.paused === true, { what: 'paused' });
  const held = s.game.transcript;
  await page.waitForTimeout(1500);
  s = await h.state(page);
  assert.equal(s.game.transcript, held, 'no move while paused');
  await h.screenshot(page, 'modes-othello-aivai-paused');
  await h.press(page, await h.control(page, 'pause'));
  s = await h.waitState(page, (x) => x.game.transcript.length > held.length + 2, { timeout: 30000, what: 'moves after Resume' });
  assert.equal(s.game.paused, false);
  assert.deepEqual(s.game.records, {}, 'AI vs AI is not counted');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('records: a game against the AI is counted, shown on the page and in Settings, reset after a confirmation', async () => {
  const page = await h.newPage(site.browser);
  let s = await openGame(page, 'tictactoe');
  assert.deepEqual(s.game.records, {});
  while (s.game.winner === null) {
    const i = tttMove(s.game.board);
    await h.press(page, await h.cell(page, i));
    s = await h.waitState(page, (x) => x.game.winner !== null || (x.game.board[i] === 'X' && x.game.currentPlayer === 'X' && !x.game.thinking),
      { what: `after X on ${i}` });
  }
  const rec = s.game.records.easy;
  assert.equal(rec.games, 1);
  assert.equal(rec.wins + rec.losses + rec.draws, 1);
  assert.ok(await h.control(page, 'record'), 'the record line is on the page');
  await h.screenshot(page, 'modes-tictactoe-record');
  await page.evaluate(() => window.miniapp.switchTab('/pages/settings/settings'));
  s = await h.waitState(page, (x) => x.path === 'pages/settings/settings', { what: 'settings' });
  assert.deepEqual(s.game.records.tictactoe.easy, rec);
  assert.ok(await h.control(page, 'records-tictactoe'));
  await h.screenshot(page, 'modes-settings-records');
  await h.press(page, await h.control(page, 'records-reset'));
  s = await h.waitState(page, (x) => x.modal !== null, { what: 'the reset question' });
  await h.press(page, await h.control(page, 'modal-cancel'));
  s = await h.waitState(page, (x) => x.modal === null, { what: 'cancelled' });
  assert.deepEqual(s.game.records.tictactoe.easy, rec);
  await h.press(page, await h.control(page, 'records-reset'));
  await h.waitState(page, (x) => x.modal !== null, { what: 'the reset question' });
  await h.press(page, await h.control(page, 'modal-confirm'));
  s = await h.waitState(page, (x) => x.modal === null && Object.keys(x.game.records).length === 0, { what: 'records reset' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('share: the link copied opens the same position in a new page; from an embed it opens the app', async () => {
  const perms = { permissions: ['clipboard-read', 'clipboard-write'] };
  const page = await h.newPage(site.browser, perms);
  await page.addInitScript(noShareSheet);
  await openGame(page, 'othello');
  await h.press(page, await h.control(page, 'mode-two'));
  for (const mv of ['f5', 'd6', 'c3']) {
    await h.press(page, await h.cell(page, index(mv)));
    await h.waitState(page, (x) => x.game.transcript.endsWith(mv), { what: `move ${mv}` });
  }
  const before = (await h.state(page)).game;
  await h.press(page, await h.control(page, 'share'));
  await h.waitState(page, (x) => x.toast === 'Link copied', { what: 'the copied toast' });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#\/pages\/othello\/othello\?position=f5d6c3&mode=two&level=/);
  assert.ok(link.startsWith(site.server.url), link);

  const other = await h.newPage(site.browser); // a new context: nothing saved
  await h.openApp(other, link);
  const s = await h.waitState(other, (x) => x.path === 'pages/othello/othello' && x.game, { what: 'the shared game' });
  assert.equal(s.game.transcript, 'f5d6c3');
  assert.deepEqual(s.game.board, before.board);
  assert.equal(s.game.mode, 'two');
  assert.equal(s.toast, null);
  assert.deepEqual(other.errors, []);
  await other.context().close();

  // A malformed link: the game page, and a toast that says what was not read.
  const bad = await h.newPage(site.browser);
  await h.openApp(bad, site.server.url + '#/pages/gomoku/gomoku?position=h8i9&mode=sideways');
  const b = await h.waitState(bad, (x) => x.path === 'pages/gomoku/gomoku' && x.toast !== null, { what: 'the toast' });
  assert.match(b.toast, /mode=sideways/);
  assert.equal(b.game.mode, 'ai');
  assert.deepEqual(bad.errors, []);
  await bad.context().close();

  await page.context().close();

  // Embedded (an iframe's size): the link is the app's, not the embed's.
  const emb = await h.newPage(site.browser, { width: 400, height: 720, ...perms });
  await emb.addInitScript(noShareSheet);
  await emb.goto(site.server.url + 'index.html?embed=1&game=tictactoe&lang=en');
  await emb.evaluate(() => window.miniapp.ready);
  await h.press(emb, await h.control(emb, 'mode-two'));
  await h.waitState(emb, (x) => x.game && x.game.mode === 'two', { what: 'two players (embed)' });
  await h.press(emb, await h.cell(emb, 4));
  await h.waitState(emb, (x) => x.game.board[4] === 'X', { what: 'X in the centre' });
  await h.press(emb, await h.control(emb, 'share'));
  await h.waitState(emb, (x) => x.toast === 'Link copied', { what: 'the copied toast (embed)' });
  const embedLink = await emb.evaluate(() => navigator.clipboard.readText());
  assert.ok(!embedLink.includes('embed='), embedLink);
  assert.match(embedLink, /index\.html#\/pages\/tictactoe\/tictactoe\?position=----X----&mode=two/);
  assert.deepEqual(emb.errors, []);
  await emb.context().close();
});

test('share: where the browser has a share sheet, the link goes there', async () => {
  const page = await h.newPage(site.browser);
  await page.addInitScript(() => {
    window.__shared = [];
    Object.defineProperty(Navigator.prototype, 'share', { configurable: true,
      value: function (data) { window.__shared.push(data); return Promise.resolve(); } });
  });
  await openGame(page, 'gomoku');
  await h.press(page, await h.control(page, 'share'));
  const shared = await h.until(() => page.evaluate(() => window.__shared[0]), { timeout: 5000 });
  assert.match(shared.url, /#\/pages\/gomoku\/gomoku\?position=.*&rule=/);
  assert.equal((await h.state(page)).toast, null);
  await page.context().close();
});

test('Review: a two-player Othello game opened on the Review page by a click, reviewed by Othello\'s engine', async () => {
  const page = await h.newPage(site.browser);
  await openGame(page, 'othello');
  await h.press(page, await h.control(page, 'mode-two'));
  await h.waitState(page, (x) => x.game.mode === 'two', { what: 'two players' });
  for (const mv of ['f5', 'd6', 'c3']) {
    await h.press(page, await h.cell(page, index(mv)));
    await h.waitState(page, (x) => x.game.transcript.endsWith(mv), { what: `move ${mv}` });
  }
  await h.press(page, await h.control(page, 'review'));
  let s = await h.waitState(page, (x) => x.path === 'pages/review/review', { what: 'the review page' });
  assert.equal(s.game.game, 'othello');
  assert.equal(s.game.moves, 'f5d6c3');
  s = await h.waitState(page, (x) => x.game.analysed === 3, { timeout: 60000, what: 'the game analysed' });
  assert.equal(s.game.error, null);
  assert.equal(s.game.plies[0].mark, 'best'); // f5 from the start: every first move is as good
  // Back returns to the game, as it was.
  await h.press(page, await h.control(page, 'back'));
  s = await h.waitState(page, (x) => x.path === 'pages/othello/othello', { what: 'back on the game' });
  assert.equal(s.game.transcript, 'f5d6c3');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
