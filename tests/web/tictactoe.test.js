// Tic-tac-toe played by real clicks and taps on the canvas, checked through window.miniapp.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./lib/harness');
const { decodePng } = require('./lib/png');

const site = h.serverAndBrowser(); // site.server, site.browser: one of each for this file

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

// The player's choice: win if possible, else block, else the first of centre/corners/edges.
function playerMove(board) {
  for (const who of ['X', 'O'])
    for (const l of LINES) {
      const cells = l.map((i) => board[i]);
      if (cells.filter((c) => c === who).length === 2 && cells.includes(null)) return l[cells.indexOf(null)];
    }
  return [4, 0, 2, 6, 8, 1, 3, 5, 7].find((i) => board[i] === null);
}

async function openTicTacToe(page, opts) {
  await h.openApp(page, site.server.url);
  await h.press(page, await h.control(page, 'game-tictactoe'), opts);
  return h.waitState(page, (s) => s.path === 'pages/tictactoe/tictactoe', { what: 'tic-tac-toe page' });
}

// Play one whole game by pressing cells; returns the final game state. Checks after each press
// that exactly the pressed cell became X, then that O answered (not before ~400 ms).
async function playGame(page, opts = {}) {
  let s = (await h.state(page)).game;
  assert.equal(s.winner, null);
  while (s.winner === null) {
    const i = playerMove(s.board);
    const before = s.board.slice();
    const t0 = performance.now();
    await h.press(page, await h.cell(page, i), opts);
    s = (await h.waitState(page, (x) => x.game.board[i] === 'X', { what: `X on cell ${i}` })).game;
    assert.deepEqual(s.board.map((c, k) => (k === i ? null : c)), before, 'only the pressed cell changed');
    if (s.winner !== null) break;
    assert.equal(s.currentPlayer, 'O');
    s = (await h.waitState(page, (x) => x.game.currentPlayer === 'X' || x.game.winner !== null, { what: 'the AI move' })).game;
    assert.ok(performance.now() - t0 >= 350, 'the AI answers after its 400 ms delay');
    assert.equal(s.board.filter((c) => c === 'O').length, s.board.filter((c) => c === 'X').length);
  }
  return s;
}

// The dominant hue of the status line's text: 'green', 'red' or 'neutral'.
async function statusHue(page) {
  const r = await h.control(page, 'status');
  await h.drawn(page);
  const img = decodePng(await page.screenshot({ clip: { x: r.x, y: r.y, width: r.width, height: r.height } }));
  let green = 0, red = 0;
  for (let y = 0; y < img.height; ++y) {
    for (let x = 0; x < img.width; ++x) {
      const [R, G, B] = img.pixel(x, y);
      if (G > R + 60 && G > B + 30) ++green;
      else if (R > G + 60 && R > B + 40) ++red;
    }
  }
  return green > 20 && green > 4 * red ? 'green' : red > 20 && red > 4 * green ? 'red' : 'neutral';
}

test('full games against Hard by mouse on 1280×800: Hard never loses; scores count', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await openTicTacToe(page);
  await h.press(page, await h.control(page, 'difficulty-hard'));
  let s = await h.waitState(page, (x) => x.game.difficulty === 'hard', { what: 'hard' });
  assert.deepEqual(s.game.scores, { X: 0, O: 0, draws: 0 });
  const outcomes = [];
  for (let g = 0; g < 2; ++g) {
    const end = await playGame(page);
    assert.notEqual(end.winner, 'X', 'Hard never loses');
    outcomes.push(end.winner);
    if (end.winner !== 'draw') assert.equal(end.line.length, 3);
    await h.screenshot(page, `tictactoe-hard-game${g + 1}-1280x800`);
    await h.press(page, await h.control(page, 'new-game'));
    await h.waitState(page, (x) => x.game.board.every((c) => c === null), { what: 'new game' });
  }
  s = await h.state(page);
  assert.deepEqual(s.game.scores, { X: 0, O: outcomes.filter((o) => o === 'O').length, draws: outcomes.filter((o) => o === 'draw').length });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a whole game by touch on a 360×640 phone, scores survive a reload', async () => {
  const page = await h.newPage(site.browser, { width: 360, height: 640, touch: true, dpr: 2 });
  await openTicTacToe(page, { touch: true });
  // Easy: the scripted player wins or draws most games; one game is enough to move a score.
  const end = await playGame(page, { touch: true });
  const key = end.winner === 'draw' ? 'draws' : end.winner;
  const scores = (await h.state(page)).game.scores;
  assert.equal(scores[key], 1);
  await h.screenshot(page, 'tictactoe-easy-touch-360x640');
  await page.reload();
  await page.evaluate(() => window.miniapp.ready);
  // The reload opens the page it showed (the address names it), with the scores kept.
  let again = await h.waitState(page, (x) => x.path === 'pages/tictactoe/tictactoe', { what: 'tic-tac-toe after the reload' });
  assert.deepEqual(again.game.scores, scores);
  // Home (the reloaded page has nothing under it: a home button) and back by taps: the scores
  // are in storage, not only in the page.
  await h.press(page, await h.control(page, 'home'), { touch: true });
  await h.waitState(page, (x) => x.path === 'pages/index/index', { what: 'home' });
  await h.press(page, await h.control(page, 'game-tictactoe'), { touch: true });
  again = await h.waitState(page, (x) => x.path === 'pages/tictactoe/tictactoe', { what: 'tic-tac-toe again' });
  assert.deepEqual(again.game.scores, scores);
  assert.equal(again.game.difficulty, 'easy');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a taken cell and a press outside the board do nothing; difficulty change resets scores', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await openTicTacToe(page);
  await h.press(page, await h.cell(page, 4));
  let s = await h.waitState(page, (x) => x.game.currentPlayer === 'X' && x.game.board[4] === 'X', { what: 'AI reply' });
  const board = s.game.board.slice();
  await h.press(page, await h.cell(page, 4)); // taken by X
  const o = board.indexOf('O');
  await h.press(page, await h.cell(page, o)); // taken by O
  const c0 = await h.cell(page, 0);
  await page.mouse.click(c0.x - 30, c0.y + c0.height * 1.5); // left of the board
  await page.waitForTimeout(600);
  s = await h.state(page);
  assert.deepEqual(s.game.board, board);
  assert.equal(s.game.currentPlayer, 'X');
  // finish with a forced outcome, then change difficulty: scores reset
  await page.evaluate(() => window.miniapp.command({ type: 'setPosition', position: 'XX-OO----' }));
  await h.press(page, await h.cell(page, 2));
  s = await h.waitState(page, (x) => x.game.winner === 'X', { what: 'X wins' });
  assert.equal(s.game.scores.X >= 1, true);
  assert.deepEqual(s.game.line, [0, 1, 2]);
  // The result line says win or loss by its colour too: green for yours, red for the AI's.
  assert.deepEqual(await statusHue(page), 'green');
  await page.evaluate(() => window.miniapp.command({ type: 'setPosition', position: 'OOOXX-X--' }));
  await h.waitState(page, (x) => x.game.winner === 'O', { what: 'a position the AI has won' });
  await page.waitForTimeout(100);
  assert.deepEqual(await statusHue(page), 'red');
  await h.press(page, await h.control(page, 'difficulty-hard'));
  s = await h.waitState(page, (x) => x.game.difficulty === 'hard', { what: 'hard' });
  assert.deepEqual(s.game.scores, { X: 0, O: 0, draws: 0 });
  assert.ok(s.game.board.every((c) => c === null));
  assert.ok(s.toast !== null, 'a toast says the scores were reset');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the AI worker starts when a game page opens, before the first move; the home page does not start it', async () => {
  const page = await h.newPage(site.browser);
  const fetched = [];
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname;
    if (/^\/engine-.*\.(js|wasm)$/.test(file)) fetched.push(file);
  });
  await h.openApp(page, site.server.url);
  await page.waitForTimeout(1000);
  assert.deepEqual(fetched, [], 'nothing of the engine fetched on the home page');
  await openTicTacToe(page);
  await h.until(() => fetched.includes('/engine-tictactoe.wasm'),
    { timeout: 5000, expire: () => { throw new Error(`the engine module was not fetched: ${JSON.stringify(fetched)}`); } });
  assert.deepEqual((await h.state(page)).game.board, Array(9).fill(null), 'no move made');
  assert.deepEqual(fetched, ['/engine-worker.js', '/engine-tictactoe.js', '/engine-tictactoe.wasm'],
    'the worker and tic-tac-toe\'s engine alone');
  assert.equal(fetched.filter((f) => f === '/engine-worker.js').length, 1, 'one worker');
  // The first move is answered by that worker (no second one).
  await h.press(page, await h.cell(page, 4));
  await h.waitState(page, (x) => x.game.currentPlayer === 'X' && x.game.board.includes('O'), { what: 'the AI move' });
  assert.equal(fetched.filter((f) => f === '/engine-worker.js').length, 1, 'still one worker');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
