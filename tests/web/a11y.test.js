// Accessibility in real Chromium: the canvas's role and label in the app's language, moves and
// results announced in the aria-live region, and every game played by keyboard alone through
// the off-screen board of buttons (Tab to it, arrows, Enter), Othello's forced pass included.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./lib/harness');

const app = JSON.parse(fs.readFileSync(path.join(h.SITE, 'app.json'), 'utf8'));
const site = h.serverAndBrowser(); // site.server, site.browser: one of each for this file

const has = (game) => app.pages.includes(`pages/${game}/${game}`);
const active = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return { id: e.id, label: e.getAttribute('aria-label') || e.textContent, cell: e.dataset ? e.dataset.cell : undefined,
    inBoard: !!e.closest('#a11y-board'), inA11y: !!e.closest('#a11y') };
});
// Every text the live region shows, in order, recorded from the page's first script: the AI
// can answer (and replace the region's text) before a test gets to look at it.
const recordAnnouncements = () => {
  window.__said = [];
  let last = '';
  new MutationObserver(() => {
    const e = document.getElementById('announce');
    const now = e ? e.textContent : '';
    if (now !== last && now) window.__said.push(now);
    last = now;
  }).observe(document, { subtree: true, childList: true, characterData: true });
};
const newPage = async (options) => {
  const page = await h.newPage(site.browser, options);
  await page.addInitScript(recordAnnouncements);
  return page;
};
// Waits until `text` was announced (alone or as one sentence of several read together), then
// forgets what came before it, so the next wait looks only at later announcements.
const announced = (page, text) => page.waitForFunction((t) => {
  const i = window.__said.findIndex((s) => s === t || s.startsWith(t + '. ') || s.endsWith('. ' + t) || s.includes('. ' + t + '. '));
  if (i < 0) return false;
  window.__said.splice(0, i);
  return true;
}, text);
const label = (page, i) => page.evaluate((k) => document.querySelector(`#a11y-board button[data-cell="${k}"]`).getAttribute('aria-label'), i);

// Tab from the canvas until `pred(active element)` holds.
async function tabTo(page, pred, what) {
  await page.focus('#canvas');
  for (let k = 0; k < 30; ++k) {
    await page.keyboard.press('Tab');
    const a = await active(page);
    if (pred(a)) return a;
  }
  throw new Error('Tab never reached ' + what);
}

test('the canvas has a role and a label that follows the page and the language; <html lang> too', async () => {
  for (const [locale, lang, appName] of [['en-US', 'en', 'Mini Arena'], ['ko-KR', 'ko', '미니 아레나']]) {
    const page = await newPage({ locale });
    await h.openApp(page, site.server.url);
    assert.equal(await page.getAttribute('#canvas', 'role'), 'application');
    await page.waitForFunction((n) => document.getElementById('canvas').getAttribute('aria-label') === n, appName);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello'));
    const s = await h.waitState(page, (x) => x.path === 'pages/othello/othello');
    await page.waitForFunction((l) => document.getElementById('canvas').getAttribute('aria-label') === l, `${s.title} · ${appName}`);
    assert.equal(s.lang, lang);
    await page.context().close();
  }
});

test('tic-tac-toe by keyboard alone: Tab from the canvas, Enter opens the game, arrows and Enter play; the board and announcements follow', async () => {
  const page = await newPage({ locale: 'en-US' });
  await h.openApp(page, site.server.url);
  // Home: a button per game, after the canvas in the tab order.
  let a = await tabTo(page, (x) => x.label === 'Play Tic-tac-toe', 'the tic-tac-toe button');
  assert.ok(a.inA11y);
  await page.keyboard.press('Enter');
  await h.waitState(page, (s) => s.path === 'pages/tictactoe/tictactoe', { what: 'the game by Enter' });
  await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
  // The focus moved to the board, onto its first playable cell.
  await page.waitForFunction(() => document.activeElement.closest('#a11y-board') !== null);
  a = await active(page);
  assert.equal(a.cell, '0');
  assert.equal(a.label, 'row 1, column 1, empty, legal move');
  assert.equal(await page.getAttribute('#a11y-board', 'aria-label'), 'Tic-tac-toe board, you play X. Arrow keys move between cells, Enter plays.');
  // The focus ring sits on that cell of the canvas.
  const ring = await page.evaluate(() => { const r = document.getElementById('a11y-ring'); return r.hidden ? null : r.getBoundingClientRect().toJSON(); });
  const c0 = await h.cell(page, 0);
  assert.ok(ring && Math.abs(ring.x - c0.x) < 1 && Math.abs(ring.y - c0.y) < 1 && Math.abs(ring.width - c0.width) < 1, 'ring over cell 0');

  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  a = await active(page);
  assert.equal(a.label, 'row 2, column 2, empty, legal move');
  await page.keyboard.press('Enter');
  let s = await h.waitState(page, (x) => x.game.board[4] === 'X', { what: 'X in the centre' });
  await announced(page, 'X at row 2, column 2');
  s = await h.waitState(page, (x) => x.game.board.includes('O') && !x.game.thinking, { what: 'the AI answer' });
  const o = s.game.board.indexOf('O');
  await announced(page, `O at row ${Math.floor(o / 3) + 1}, column ${o % 3 + 1}`);
  await page.waitForFunction((k) => document.querySelector(`#a11y-board button[data-cell="${k}"]`).getAttribute('aria-label').endsWith(', O'), o);
  assert.equal(await label(page, 4), 'row 2, column 2, X');
  // Enter on a taken cell: refused, and said so.
  await page.keyboard.press('Enter');
  await announced(page, 'row 2, column 2: you cannot play there now');
  assert.equal((await h.state(page)).game.board.filter(Boolean).length, 2);
  // Back, by keyboard: the Back button comes before the board.
  await page.keyboard.press('Shift+Tab');
  a = await active(page);
  assert.equal(a.label, 'Back');
  await page.keyboard.press('Enter');
  await h.waitState(page, (x) => x.path === app.pages[0], { what: 'home again' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a win is announced with its move, in the current language', async () => {
  for (const [locale, move, result] of [['en-US', 'X at row 1, column 3.', 'You win!'], ['ko-KR', 'X: 1행 3열', '당신이 이겼습니다!']]) {
    const page = await newPage({ locale });
    await h.openApp(page, site.server.url);
    await page.evaluate(() => window.miniapp.navigateTo('/pages/tictactoe/tictactoe'));
    await h.waitState(page, (x) => x.path === 'pages/tictactoe/tictactoe');
    await page.evaluate(() => window.miniapp.command({ type: 'setPosition', position: 'XX-OO----' }));
    await h.waitState(page, (x) => x.game.board[0] === 'X');
    await tabTo(page, (x) => x.cell === '2', 'cell 2');
    assert.match(await label(page, 2), locale === 'en-US' ? /^row 1, column 3, empty, legal move$/ : /^1행 3열, 빈 칸, 둘 수 있음$/);
    await page.keyboard.press('Enter');
    await h.waitState(page, (x) => x.game.winner === 'X', { what: 'the win' });
    await announced(page, locale === 'en-US' ? `${move} ${result}` : `${move}. ${result}`);
    await page.context().close();
  }
});

// A page in English on a new Othello game against LEVEL 1, the player black.
async function newOthelloGame() {
  const page = await newPage({ locale: 'en-US' });
  await h.openApp(page, site.server.url);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello?level=level1&side=black'));
  await h.waitState(page, (x) => x.path === 'pages/othello/othello');
  await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
  await h.waitState(page, (x) => x.game.transcript === '' && x.game.legal.length === 4);
  return page;
}

test('Othello by keyboard: a legal move by Enter, the AI answers, a forced pass by the Pass button', async () => {
  const page = await newOthelloGame();
  let a = await tabTo(page, (x) => x.inBoard, 'the board');
  assert.equal(a.label, 'd3, empty, legal move');
  assert.equal(await label(page, 0), 'a1, empty');
  assert.equal(await label(page, 27), 'd4, white');
  assert.equal(await page.getAttribute('#a11y-board', 'aria-label'), 'Othello board, you play black. Arrow keys move between cells, Enter plays.');
  await page.keyboard.press('Enter');
  await h.waitState(page, (x) => x.game.transcript.startsWith('d3'), { what: 'd3' });
  await announced(page, 'Black plays d3');
  const s = await h.waitState(page, (x) => x.game.transcript.replace(/\s/g, '').length === 4 && !x.game.thinking, { timeout: 30000, what: 'the AI' });
  const reply = s.game.transcript.replace(/\s/g, '').slice(2, 4);
  await page.waitForFunction(() => document.querySelectorAll('#a11y-board button[aria-label$="legal move"]').length > 0);
  const idx = (sq) => (sq.charCodeAt(1) - 49) * 8 + (sq.charCodeAt(0) - 97);
  assert.equal(await label(page, idx(reply)), `${reply}, white`);
  assert.equal(await label(page, 19), 'd3, black');
  // Every cell the board calls legal is in the game's own list, and vice versa.
  const legal = await page.evaluate(() => [...document.querySelectorAll('#a11y-board button[aria-label$="legal move"]')].map((b) => b.getAttribute('aria-label').split(',')[0]));
  assert.deepEqual(legal.sort(), [...s.game.legal].sort());

  // A forced pass: the board shows it, the Pass button appears after the board and plays it.
  const PASS_BOARD = 'OXOOXXXXOXXXOOOOOOXXOOOOOXXOXXOOOXOOOOOOOXXXXXOOOXXXXOXX-OOOOOO- X';
  await page.evaluate((p) => window.miniapp.command({ type: 'setPosition', position: p }), PASS_BOARD);
  await h.waitState(page, (x) => x.game.mustPass, { what: 'a forced pass' });
  a = await tabTo(page, (x) => x.label === 'Pass', 'the Pass button');
  await page.keyboard.press('Enter');
  await h.waitState(page, (x) => !x.game.mustPass && (x.game.toMove === 2 || x.game.result !== null), { what: 'the pass played' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Othello by keyboard: New game asks first during a game; the question\'s buttons take the focus, Escape cancels, Confirm starts over', async () => {
  const page = await newOthelloGame();
  const buttons = (box) => page.evaluate((b) => [...document.querySelectorAll(`#a11y-${b} button`)].map((e) => e.textContent), box);
  // Nothing played yet: New game starts over without a question.
  await tabTo(page, (x) => x.label === 'New game', 'the New game button');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  assert.equal((await h.state(page)).modal, null, 'an empty game starts over without asking');
  await tabTo(page, (x) => x.inBoard, 'the board');
  await page.keyboard.press('Enter'); // d3, the first playable cell
  const played = await h.waitState(page, (x) => x.game.transcript.replace(/\s/g, '').length === 4 && !x.game.thinking, { timeout: 30000, what: 'd3 and the AI' });
  assert.ok(played.game.transcript.startsWith('d3'));
  // During a game: the canvas's question, and only its buttons in the keyboard layer.
  await tabTo(page, (x) => x.label === 'New game', 'the New game button');
  await page.keyboard.press('Enter');
  let s = await h.waitState(page, (x) => x.modal !== null, { what: 'the question' });
  assert.deepEqual(s.modal, { title: 'Start a new game?', content: s.modal.content, confirm: 'New game', cancel: 'Cancel' });
  // The New game button itself was in #a11y-actions: wait for the question's own button.
  await page.waitForFunction(() => document.activeElement.dataset.id === 'modal-cancel');
  assert.equal((await active(page)).label, 'Cancel', 'the safe answer has the focus');
  assert.deepEqual(await buttons('actions'), ['Cancel', 'New game']);
  assert.deepEqual(await buttons('nav'), []);
  assert.equal(await page.isHidden('#a11y-board'), true);
  assert.ok(s.modal.content.length > 0);
  assert.equal(await page.getAttribute('#a11y-actions', 'aria-label'), `Start a new game? ${s.modal.content}`);
  // Escape is Cancel: the game and the board come back, the focus on the board.
  await page.keyboard.press('Escape');
  s = await h.waitState(page, (x) => x.modal === null, { what: 'the question cancelled' });
  assert.equal(s.game.transcript, played.game.transcript);
  await page.waitForFunction(() => document.activeElement.closest('#a11y-board') !== null);
  assert.deepEqual(await buttons('nav'), ['Back']);
  // Again, and Confirm: a new game.
  await tabTo(page, (x) => x.label === 'New game', 'the New game button');
  await page.keyboard.press('Enter');
  await h.waitState(page, (x) => x.modal !== null, { what: 'the question again' });
  await page.waitForFunction(() => document.activeElement.dataset.id === 'modal-cancel');
  await page.keyboard.press('Tab');
  assert.equal((await active(page)).label, 'New game');
  await page.keyboard.press('Enter');
  s = await h.waitState(page, (x) => x.modal === null && x.game.transcript === '', { what: 'a new game' });
  assert.equal(s.game.legal.length, 4);
  // ask with nothing played: no question either.
  await page.evaluate(() => window.miniapp.command({ type: 'newGame', ask: true }));
  assert.equal((await h.state(page)).modal, null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Gomoku by keyboard: arrows to the centre, Enter places the stone, the AI answers', { skip: !has('gomoku') && 'no Gomoku page in this build' }, async () => {
  const page = await newPage({ locale: 'en-US' });
  await h.openApp(page, site.server.url);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/gomoku/gomoku?level=level1&side=black&rule=freestyle'));
  await h.waitState(page, (x) => x.path === 'pages/gomoku/gomoku');
  await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
  await h.waitState(page, (x) => x.game.moves.length === 0);
  let a = await tabTo(page, (x) => x.inBoard, 'the board');
  assert.equal(a.label, 'a1, empty, legal move');
  for (let k = 0; k < 7; ++k) { await page.keyboard.press('ArrowDown'); await page.keyboard.press('ArrowRight'); }
  a = await active(page);
  assert.equal(a.label, 'h8, empty, legal move');
  await page.keyboard.press('Enter');
  const s = await h.waitState(page, (x) => x.game.moves.length === 2 && !x.game.thinking, { timeout: 30000, what: 'the stone and the answer' });
  assert.deepEqual(s.game.moves[0], [7, 7]);
  await page.waitForFunction(() => document.querySelector('#a11y-board button[data-cell="112"]')?.getAttribute('aria-label') === 'h8, black');
  const [r, c] = s.game.moves[1];
  await page.waitForFunction((k) => / white$/.test(document.querySelector(`#a11y-board button[data-cell="${k}"]`).getAttribute('aria-label')), r * 15 + c);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the keyboard controls speak Korean when the app does', async () => {
  const page = await newPage({ locale: 'ko-KR' });
  await h.openApp(page, site.server.url);
  const names = await page.evaluate(() => [...document.querySelectorAll('#a11y-nav button')].map((b) => b.textContent));
  const expected = app.pages.map((p) => /^pages\/(\w+)\/\1$/.exec(p)).filter(Boolean).map((m) => m[1])
    .filter((g) => ['tictactoe', 'othello', 'gomoku'].includes(g))
    .map((g) => ({ tictactoe: '틱택토 하기', othello: '오델로 하기', gomoku: '오목 하기' })[g]);
  assert.deepEqual(names, expected);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello?side=black'));
  await h.waitState(page, (x) => x.path === 'pages/othello/othello');
  await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
  await page.waitForFunction(() => document.querySelector('#a11y-board button[data-cell="19"]')?.getAttribute('aria-label') === 'd3, 빈 칸, 둘 수 있음');
  assert.equal(await label(page, 27), 'd4, 백');
  assert.equal(await page.textContent('#a11y-actions button'), '새 게임');
  assert.equal(await page.textContent('#a11y-nav button'), '뒤로');
  await page.context().close();
});
