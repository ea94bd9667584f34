// Gomoku in real Chromium: a game won against RANDOM by real clicks (and by taps on a phone,
// where a first tap aims and a second places), rules, renju forbidden points, undo, paste,
// reload.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./lib/harness');
const { decodePng, meanLuma } = require('./lib/png');

const site = h.serverAndBrowser(); // site.server, site.browser: one of each for this file

const N = 15;
const DIRS = [[0, 1], [1, 0], [1, 1], [1, -1]];

// The player: the tutorial's idea of (length, open ends) scores, own lines first — enough to
// beat RANDOM every time. Picks among empty points next to stones (centre first).
function chooseMove(board, me) {
  const op = 3 - me;
  const inside = (r, c) => r >= 0 && c >= 0 && r < N && c < N;
  const lineScore = (r, c, who) => {
    let best = 0, sum = 0;
    for (const [dr, dc] of DIRS) {
      let len = 1, open = 0;
      for (const s of [-1, 1]) {
        let rr = r + dr * s, cc = c + dc * s;
        while (inside(rr, cc) && board[rr][cc] === who) { ++len; rr += dr * s; cc += dc * s; }
        if (inside(rr, cc) && board[rr][cc] === 0) ++open;
      }
      const mine = who === me;
      const v = len >= 5 ? (mine ? 1e6 : 1e5) : len === 4 ? (open >= 2 ? (mine ? 5e4 : 9e3) : (mine ? 8e3 : 4e3))
        : len === 3 ? (open >= 2 ? (mine ? 3e3 : 2.5e3) : (mine ? 200 : 150)) : len === 2 ? (open >= 2 ? (mine ? 100 : 80) : 10) : 1;
      sum += v; best = Math.max(best, v);
    }
    return best + sum;
  };
  let best = null, bestScore = -1;
  for (let r = 0; r < N; ++r) for (let c = 0; c < N; ++c) {
    if (board[r][c] !== 0) continue;
    let near = false;
    for (let dr = -1; dr <= 1; ++dr) for (let dc = -1; dc <= 1; ++dc) if (inside(r + dr, c + dc) && board[r + dr][c + dc]) near = true;
    if (!near) continue;
    const s = lineScore(r, c, me) + lineScore(r, c, op);
    if (s > bestScore) { bestScore = s; best = [r, c]; }
  }
  return best || [7, 7];
}

async function openGomoku(page, opts) {
  await h.openApp(page, site.server.url);
  await h.press(page, await h.control(page, 'game-gomoku'), opts);
  return h.waitState(page, (s) => s.path === 'pages/gomoku/gomoku', { what: 'gomoku page' });
}

const settled = (page) => h.waitState(page, (s) => !s.game.thinking, { timeout: 20000, what: 'the AI' });

// Play black to the end by presses; a touch press on small cells is aim + place.
async function playOut(page, opts = {}) {
  let s = await settled(page);
  while (s.game.result === null) {
    const [r, c] = chooseMove(s.game.board, 1);
    const rect = await h.cell(page, r * N + c);
    const n = s.game.moves.length;
    await h.press(page, rect, opts);
    if (opts.touch && rect.width < 36) {
      s = await h.waitState(page, (x) => x.game.aim !== null && x.game.aim[0] === r && x.game.aim[1] === c, { what: 'aim' });
      assert.equal(s.game.moves.length, n, 'a first tap only aims');
      await h.press(page, rect, opts);
    }
    s = await h.waitState(page, (x) => x.game.board[r][c] === 1, { what: `black on ${r},${c}` });
    s = await settled(page);
  }
  return s;
}

test('a game won against RANDOM by real clicks (1280×800)', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await openGomoku(page);
  await h.press(page, await h.control(page, 'level-random'));
  await h.press(page, await h.control(page, 'rule-freestyle'));
  let s = await h.waitState(page, (x) => x.game.level === 'random' && x.game.rule === 'freestyle', { what: 'settings' });
  assert.equal(s.game.toMove, 1);
  assert.equal(s.game.board.length, 15);
  s = await playOut(page);
  assert.equal(s.game.result.winner, 'black');
  assert.equal(s.game.result.line.length >= 5, true);
  for (const [r, c] of s.game.result.line) assert.equal(s.game.board[r][c], 1);
  assert.deepEqual(s.game.lastMove, s.game.moves[s.game.moves.length - 1]);
  await h.screenshot(page, 'gomoku-won-1280x800');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('on a phone a first tap aims and a second places; a game won by taps (360×640)', async () => {
  const page = await h.newPage(site.browser, { width: 360, height: 640, touch: true, dpr: 2 });
  await openGomoku(page, { touch: true });
  await h.press(page, await h.control(page, 'level-random'), { touch: true });
  await h.waitState(page, (x) => x.game.level === 'random', { what: 'random' });
  const s = await playOut(page, { touch: true });
  assert.equal(s.game.result.winner, 'black');
  await h.screenshot(page, 'gomoku-won-touch-360x640');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('renju marks black\'s forbidden points and asks before one is played', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await openGomoku(page);
  await h.press(page, await h.control(page, 'rule-renju'));
  await h.waitState(page, (x) => x.game.rule === 'renju', { what: 'renju' });
  // Black h8, j8 (row 8) and i7, i9 (column i) around i8, white in the corners, black to
  // move: i8 would make two open threes at once, a double three.
  await page.evaluate(() => window.miniapp.command({ type: 'setPosition', position: 'h8a1j8a15i7o1i9o15' }));
  let s = await h.waitState(page, (x) => x.game.position === 'h8a1j8a15i7o1i9o15', { what: 'the pasted position' });
  assert.equal(s.game.toMove, 1);
  assert.deepEqual(s.game.forbidden, [[7, 8]], 'i8 is marked forbidden, and only i8');
  await h.screenshot(page, 'gomoku-renju-forbidden');
  await h.press(page, await h.cell(page, 7 * N + 8));
  s = await h.waitState(page, (x) => x.modal !== null, { what: 'the forbidden-point question' });
  await h.press(page, await h.control(page, 'modal-cancel'));
  s = await h.waitState(page, (x) => x.modal === null, { what: 'modal closed' });
  assert.equal(s.game.board[7][8], 0, 'cancel keeps the point empty');
  await h.press(page, await h.cell(page, 7 * N + 8));
  await h.waitState(page, (x) => x.modal !== null, { what: 'the question again' });
  await h.press(page, await h.control(page, 'modal-confirm'));
  s = await h.waitState(page, (x) => x.game.result !== null, { what: 'the forbidden move lost' });
  assert.equal(s.game.result.winner, 'white');
  assert.equal(s.game.result.forbidden, true);
  assert.equal(s.game.board[7][8], 1);
  await page.context().close();
});

test('undo, a bad paste named by its move, occupied points refused; the game survives a reload', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await openGomoku(page);
  await h.press(page, await h.control(page, 'level-level1'));
  await h.press(page, await h.cell(page, 7 * N + 7));
  let s = await h.waitState(page, (x) => x.game.moves.length === 2 && !x.game.thinking, { what: 'the AI reply' });
  const [ar, ac] = s.game.moves[1];
  await h.press(page, await h.cell(page, ar * N + ac)); // occupied: nothing happens
  await h.press(page, await h.cell(page, 7 * N + 7));
  await page.waitForTimeout(300);
  assert.equal((await h.state(page)).game.moves.length, 2);
  const err = await page.evaluate(() => window.miniapp.command({ type: 'play', row: 7, col: 7 }).then(() => 'ok', (e) => e.message));
  assert.equal(err, 'play: h8 is occupied');
  await h.press(page, await h.control(page, 'undo'));
  s = await h.waitState(page, (x) => x.game.moves.length === 0, { what: 'undo' });
  await h.press(page, await h.control(page, 'paste'));
  await page.waitForSelector('#prompt-text');
  await page.fill('#prompt-text', 'h8i9z3');
  await page.click('#prompt-ok');
  s = await h.waitState(page, (x) => x.modal !== null, { what: 'the paste error' });
  assert.match(s.modal.content, /move 3 'z3'/);
  // The overlay dims the whole canvas, to its last pixel (it once left a 1 px frame undimmed).
  await h.drawn(page);
  const shot = decodePng(await page.locator('#canvas').screenshot());
  const band = { y: shot.height * 0.3, height: shot.height * 0.1, width: 1 };
  for (const [edge, inner] of [[0, 6], [shot.width - 1, shot.width - 7]]) {
    const e = meanLuma(shot, { ...band, x: edge }), i = meanLuma(shot, { ...band, x: inner });
    assert.ok(Math.abs(e - i) < 8, `column ${edge} under the modal has luma ${e.toFixed(0)}, column ${inner} ${i.toFixed(0)}`);
  }
  await h.press(page, await h.control(page, 'modal-confirm'));
  await page.evaluate(() => window.miniapp.command({ type: 'setPosition', position: 'h8h9' }));
  s = await h.waitState(page, (x) => x.game.position === 'h8h9', { what: 'position' });
  await page.reload();
  await page.evaluate(() => window.miniapp.ready);
  s = await h.waitState(page, (x) => x.path === 'pages/gomoku/gomoku', { what: 'gomoku again' });
  assert.equal(s.game.position.startsWith('h8h9'), true);
  assert.equal(s.game.level, 'level1');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
