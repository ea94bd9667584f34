// Othello in real Chromium: a whole game against LEVEL 1 by clicks, a forced pass reached
// from a pasted board, undo, colour, level, hints, copy, reload, bad paste.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./lib/harness');
const { decodePng } = require('./lib/png');

const site = h.serverAndBrowser(); // site.server, site.browser: one of each for this file

// A board where black (to move) has no legal move but white does: found by a random game.
const PASS_BOARD = 'OXOOXXXXOXXXOOOOOOXXOOOOOXXOXXOOOXOOOOOOOXXXXXOOOXXXXOXX-OOOOOO- X';

const index = (sq) => (sq.charCodeAt(1) - 49) * 8 + (sq.charCodeAt(0) - 97);
const CORNERS = ['a1', 'h1', 'a8', 'h8'];

async function openOthello(page, opts) {
  await h.openApp(page, site.server.url);
  await h.press(page, await h.control(page, 'game-othello'), opts);
  return h.waitState(page, (s) => s.path === 'pages/othello/othello', { what: 'othello page' });
}

// Wait until it is the human's turn (or the game is over) with nothing pending.
const settled = (page) => h.waitState(page, (s) => !s.game.thinking &&
  (s.game.result !== null || s.game.toMove === (s.game.human === 'black' ? 1 : 2)), { timeout: 20000, what: 'the AI to finish' });

// Play the human side to the end by clicks: a corner when offered, else the first legal move;
// a forced pass by the pass button. Returns the final state and the number of human moves.
async function playOut(page, opts = {}) {
  let s = await settled(page);
  let moves = 0, passes = 0;
  while (s.game.result === null) {
    if (s.game.mustPass) {
      const before = s.game.transcript;
      await h.press(page, await h.control(page, 'pass'), opts);
      await h.waitState(page, (x) => x.game.transcript !== before || x.game.result !== null, { what: 'the game after a pass' });
      ++passes;
    } else {
      const mv = s.game.legal.find((m) => CORNERS.includes(m)) || s.game.legal[0];
      const before = s.game.transcript;
      await h.press(page, await h.cell(page, index(mv)), opts);
      const after = await h.waitState(page, (x) => x.game.transcript.startsWith(before + mv), { what: `move ${mv}` });
      const [r, c] = [index(mv) >> 3, index(mv) & 7];
      assert.equal(after.game.board[r][c], after.game.human === 'black' ? 1 : 2, `${mv} holds the human's disc`);
      ++moves;
    }
    s = await settled(page);
    const total = s.game.board.flat().filter((v) => v !== 0).length;
    assert.equal(total, s.game.counts.black + s.game.counts.white);
  }
  return { s, moves, passes };
}

test('a whole game against LEVEL 1 by real clicks', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await openOthello(page);
  await h.press(page, await h.control(page, 'level-level1'));
  let s = await h.waitState(page, (x) => x.game.level === 'level1', { what: 'level 1' });
  assert.deepEqual(s.game.legal, ['d3', 'c4', 'f5', 'e6']);
  assert.deepEqual(s.game.counts, { black: 2, white: 2 });
  assert.equal(s.game.toMove, 1);
  const { s: end, moves } = await playOut(page);
  assert.ok(moves >= 10, `the human played ${moves} moves`);
  const { black, white } = end.game.counts;
  assert.equal(end.game.result.black, black);
  assert.equal(end.game.result.white, white);
  assert.equal(end.game.result.winner, black > white ? 'black' : white > black ? 'white' : 'draw');
  assert.deepEqual(end.game.legal, []);
  await h.screenshot(page, 'othello-level1-game-over-1280x800');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a pasted board with a forced pass: the notice, the pass button, the game goes on', async () => {
  const page = await h.newPage(site.browser, { width: 360, height: 640, touch: true, dpr: 2 });
  await openOthello(page, { touch: true });
  await h.press(page, await h.control(page, 'paste'), { touch: true });
  await page.waitForSelector('#prompt-text');
  await page.fill('#prompt-text', PASS_BOARD);
  await page.tap('#prompt-ok');
  let s = await h.waitState(page, (x) => x.game.start === PASS_BOARD, { what: 'the pasted board' });
  assert.equal(s.game.mustPass, true);
  assert.deepEqual(s.game.legal, []);
  assert.equal(s.game.toMove, 1);
  await h.screenshot(page, 'othello-must-pass-360x640');
  await h.press(page, await h.control(page, 'pass'), { touch: true });
  s = await h.waitState(page, (x) => x.game.transcript.length > 0 && !x.game.thinking, { what: 'the AI after the pass' });
  // every press by touch: two taps on the same spot (the pass button) must both land
  const { s: end } = await playOut(page, { touch: true });
  assert.notEqual(end.game.result, null);
  assert.deepEqual(end.game.legal, []);
  assert.equal(end.game.counts.black + end.game.counts.white, 64 - end.game.board.flat().filter((v) => v === 0).length);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('colour, undo, hints, copy; the game survives a reload', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800, permissions: ['clipboard-read', 'clipboard-write'] });
  await openOthello(page);
  await h.press(page, await h.control(page, 'level-level2'));
  await h.press(page, await h.control(page, 'color-white'));
  // The AI (black) opens.
  let s = await h.waitState(page, (x) => x.game.human === 'white' && x.game.transcript.length === 2 && !x.game.thinking, { what: 'the AI opening' });
  assert.equal(s.game.level, 'level2');
  assert.equal(s.game.toMove, 2);
  const mv = s.game.legal[0];
  await h.press(page, await h.cell(page, index(mv)));
  s = await h.waitState(page, (x) => x.game.transcript.length === 6 && !x.game.thinking, { what: 'two more moves' });
  await h.press(page, await h.control(page, 'undo'));
  s = await h.waitState(page, (x) => x.game.transcript.length === 2, { what: 'undo' });
  assert.equal(s.game.toMove, 2);
  await h.press(page, await h.control(page, 'hints'));
  s = await h.waitState(page, (x) => x.game.hintsOn && x.game.hints.length === x.game.legal.length, { what: 'hints' });
  for (const hint of s.game.hints) assert.ok(Number.isInteger(hint.value) && s.game.legal.includes(hint.move));
  await h.screenshot(page, 'othello-hints-1280x800');
  // Each value sits on a pill readable on the green: gold for the best move, dark for the others
  // (counted in the screenshot, as a share of the cell's pixels).
  await h.drawn(page);
  const shot = decodePng(await page.screenshot());
  const share = async (sq, match) => {
    const r = await h.cell(page, index(sq));
    let n = 0, all = 0;
    for (let y = Math.ceil(r.y); y < r.y + r.height - 1; y++)
      for (let x = Math.ceil(r.x); x < r.x + r.width - 1; x++, all++) if (match(shot.pixel(x, y))) n++;
    return n / all;
  };
  const gold = ([r, g, b]) => r > 220 && g > 180 && b < 120;
  const dark = ([r, g, b]) => r < 50 && g < 70 && b < 60;
  const best = Math.max(...s.game.hints.map((x) => x.value));
  for (const hint of s.game.hints) {
    const [g, d] = [await share(hint.move, gold), await share(hint.move, dark)];
    if (hint.value === best) assert.ok(g > 0.08 && d < 0.02, `${hint.move} (best, ${hint.value}): gold ${g.toFixed(3)}, dark ${d.toFixed(3)}`);
    else assert.ok(d > 0.08 && g < 0.01, `${hint.move} (${hint.value}): gold ${g.toFixed(3)}, dark ${d.toFixed(3)}`);
  }
  const empty = ['a1', 'h8'].find((sq) => !s.game.legal.includes(sq));
  assert.equal(await share(empty, gold), 0, 'no pill on a square that is not a move');
  await h.press(page, await h.control(page, 'copy'));
  await h.waitState(page, (x) => x.toast !== null, { what: 'a copied toast' });
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), s.game.transcript);
  // reload: same game, same settings
  await page.reload();
  await page.evaluate(() => window.miniapp.ready);
  const again = await h.waitState(page, (x) => x.path === 'pages/othello/othello', { what: 'othello again' });
  assert.equal(again.game.transcript, s.game.transcript);
  assert.equal(again.game.human, 'white');
  assert.equal(again.game.level, 'level2');
  assert.equal(again.game.hintsOn, true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a malformed paste is reported with where it breaks, and the game is untouched', async () => {
  const page = await h.newPage(site.browser);
  await openOthello(page);
  const before = (await h.state(page)).game;
  await h.press(page, await h.control(page, 'paste'));
  await page.waitForSelector('#prompt-text');
  await page.fill('#prompt-text', 'f5d6c3z9');
  await page.click('#prompt-ok');
  const s = await h.waitState(page, (x) => x.modal !== null, { what: 'an error modal' });
  assert.match(s.modal.content, /z9|7/);
  assert.deepEqual(s.game.board, before.board);
  await h.press(page, await h.control(page, 'modal-confirm'));
  await h.waitState(page, (x) => x.modal === null, { what: 'the modal closed' });
  // an illegal click does nothing
  await h.press(page, await h.cell(page, 0));
  await page.waitForTimeout(300);
  assert.deepEqual((await h.state(page)).game.board, before.board);
  await page.context().close();
});

test('page query: side= and position= start the game there; a broken position is toasted and changes nothing', async () => {
  const page = await h.newPage(site.browser);
  await h.openApp(page, site.server.url);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello?level=level1&side=white&position=f5d6c3'));
  let s = await h.waitState(page, (x) => x.path === 'pages/othello/othello' && x.game && x.game.transcript.startsWith('f5d6c3'),
    { what: 'the game from the query position' });
  assert.equal(s.game.human, 'white');
  assert.equal(s.game.level, 'level1');
  await settled(page);
  await page.evaluate(() => window.miniapp.navigateBack());
  await h.waitState(page, (x) => x.path === 'pages/index/index', { what: 'home' });
  // The game saved on leaving, as the page shows it when opened again without a query.
  await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello'));
  s = await h.waitState(page, (x) => x.path === 'pages/othello/othello' && x.game, { what: 'othello again' });
  const before = s.game.transcript;
  assert.ok(before.startsWith('f5d6c3'));
  await page.evaluate(() => window.miniapp.navigateBack());
  await h.waitState(page, (x) => x.path === 'pages/index/index', { what: 'home' });
  await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello?position=f5z9'));
  s = await h.waitState(page, (x) => x.path === 'pages/othello/othello' && x.toast !== null, { what: 'a toast for the broken position' });
  assert.match(s.toast, /z9/);
  assert.equal(s.game.transcript, before, 'the saved game is kept');
  assert.deepEqual(page.errors, []);
});

// engine-othello.wasm uses WebAssembly SIMD; a browser without it must get
// engine-othello-scalar.wasm and an AI that plays all the same. This Chromium has SIMD, so the
// worker's probe is told otherwise. The page fetches Othello's engine and no other game's.
test('without WebAssembly SIMD the worker loads engine-othello-scalar.wasm and MASTER still answers', async () => {
  for (const simd of [true, false]) {
    const page = await h.newPage(site.browser, { serviceWorkers: 'block' });
    const fetched = [];
    page.context().on('request', (r) => fetched.push(new URL(r.url()).pathname));
    if (!simd) {
      await page.context().route('**/engine-worker.js', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: 'WebAssembly.validate = function () { return false; };\n' + await response.text() });
      });
    }
    await h.openApp(page, site.server.url);
    await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello?level=master&side=black&position=f5'));
    // White (MASTER) to move after f5: its reply comes from the worker.
    const s = await h.waitState(page, (x) => x.game && x.game.transcript.length >= 4 && !x.game.thinking,
      { timeout: 20000, what: 'MASTER to answer f5' });
    assert.equal(s.game.level, 'master');
    assert.equal(s.game.toMove, 1);
    const used = fetched.filter((f) => /^\/engine-.*\.(js|wasm)$/.test(f) && f !== '/engine-worker.js');
    assert.deepEqual(used, ['/engine-othello.js', simd ? '/engine-othello.wasm' : '/engine-othello-scalar.wasm']);
    assert.equal(page.logs.some((l) => l.includes('no WebAssembly SIMD here: engine-othello-scalar.wasm')), !simd);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

// MASTER's first moves come from its opening book (othello-book.bin, 26 KB gzip), which the
// worker tries alone while the pattern weights (169 KB gzip) are still on their way: held back
// here, the weights must not hold up the reply to f5. Out of the book, the search waits for them.
test('MASTER answers f5 from its book while othello-weights.bin is still held back', async () => {
  const page = await h.newPage(site.browser, { serviceWorkers: 'block' });
  let release, weightsAsked = false;
  const held = new Promise((resolve) => { release = resolve; });
  await page.context().route('**/othello-weights.bin', async (route) => {
    weightsAsked = true;
    await held;
    await route.continue();
  });
  await h.openApp(page, site.server.url);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello?level=master&side=black&position=f5'));
  let s = await h.waitState(page, (x) => x.game && x.game.transcript.length >= 4 && !x.game.thinking,
    { timeout: 20000, what: 'MASTER to answer f5 with the weights held back' });
  assert.ok(weightsAsked, 'the worker asked for the weights');
  assert.ok(['f6', 'd6', 'f4'].includes(s.game.transcript.slice(2, 4)), `a book reply: ${s.game.transcript}`);
  // A position past the book waits for the weights, then is searched.
  await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello?level=master&side=black&position=f5d6c3d3c4f4f6f3e6e7d7c6b6'));
  await page.waitForTimeout(1500);
  s = await h.state(page);
  assert.equal(s.game.transcript, 'f5d6c3d3c4f4f6f3e6e7d7c6b6', 'no reply before the weights are in');
  assert.equal(s.game.thinking, true);
  release();
  s = await h.waitState(page, (x) => x.game && x.game.transcript.length >= 28 && !x.game.thinking,
    { timeout: 20000, what: 'MASTER to answer once the weights are in' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('new game and another colour ask first when a game is in progress; Cancel keeps it', async () => {
  const page = await h.newPage(site.browser, { width: 390, height: 844 });
  let s = await openOthello(page);
  if (s.game.transcript !== '' || s.game.human !== 'black') {
    await page.evaluate(() => window.miniapp.command({ type: 'setSide', side: 'black' }));
    await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
  }
  // Nothing played yet: no question.
  await h.press(page, await h.control(page, 'new-game'));
  await page.waitForTimeout(200);
  assert.equal((await h.state(page)).modal, null, 'an empty game starts over without asking');
  s = await h.waitState(page, (x) => x.game.legal.includes('d3'), { what: 'the start' });
  await h.press(page, await h.cell(page, index('d3')));
  // Wait for the move itself: right after the press the state may still be the empty game.
  await h.waitState(page, (x) => x.game.transcript.startsWith('d3'), { what: 'd3 played' });
  s = await settled(page);
  const transcript = s.game.transcript;
  assert.ok(transcript.startsWith('d3'), `the game after d3: "${transcript}"`);
  for (const control of ['new-game', 'color-white']) {
    await h.press(page, await h.control(page, control));
    s = await h.waitState(page, (x) => x.modal !== null, { what: `the question after ${control}` });
    assert.equal(s.modal.title, 'Start a new game?');
    await h.press(page, await h.control(page, 'modal-cancel'));
    s = await h.waitState(page, (x) => x.modal === null, { what: 'the modal closed' });
    assert.equal(s.game.transcript, transcript, `Cancel after ${control} keeps the game`);
    assert.equal(s.game.human, 'black');
  }
  // Escape on the keyboard is Cancel too.
  await h.press(page, await h.control(page, 'new-game'));
  await h.waitState(page, (x) => x.modal !== null, { what: 'the question again' });
  await page.keyboard.press('Escape');
  s = await h.waitState(page, (x) => x.modal === null, { what: 'the modal closed by Escape' });
  assert.equal(s.game.transcript, transcript);
  await h.press(page, await h.control(page, 'color-white'));
  await h.waitState(page, (x) => x.modal !== null, { what: 'the question' });
  await h.press(page, await h.control(page, 'modal-confirm'));
  s = await h.waitState(page, (x) => x.modal === null && x.game.human === 'white' && x.game.toMove === 2 && !x.game.thinking,
    { what: 'white, a new game, the AI\'s first move made' });
  // A new game: the AI's (black's) first move alone — which may be d3 too.
  assert.equal(s.game.transcript.length, 2, `a new game: "${s.game.transcript}"`);
  // The AI's first move alone is nothing to lose: no question.
  await h.press(page, await h.control(page, 'new-game'));
  await page.waitForTimeout(300);
  assert.equal((await h.state(page)).modal, null, 'no question before the player\'s own first move');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
