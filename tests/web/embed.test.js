// Embedding in real Chromium: the example host page (web/embed-example.html) served from one
// origin embeds a game served from another (two servers, two ports on 127.0.0.1); moves are
// played by clicks inside the iframe, events reach the host, commands from the host are
// validated, origins are enforced, the host page keeps its keys, and a 300 px iframe holds
// every game.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./lib/harness');

let appServer, hostServer, browser, games;
before(async () => {
  appServer = await h.startServer();   // origin B: Mini Arena
  hostServer = await h.startServer();  // origin A: the host page
  browser = await h.launch();
  const app = JSON.parse(fs.readFileSync(path.join(h.SITE, 'app.json'), 'utf8'));
  games = ['tictactoe', 'othello', 'gomoku'].filter((g) => app.pages.includes(`pages/${g}/${g}`));
});
after(async () => {
  await browser.close();
  appServer.stop();
  hostServer.stop();
});

const origin = (url) => new URL(url).origin;

// The host page with the game from the other origin; resolves {page, frame}.
async function openHost(query, { width = 1000, height = 800 } = {}) {
  const page = await h.newPage(browser, { width, height });
  const q = new URLSearchParams({ app: appServer.url, ...query });
  await page.goto(`${hostServer.url}embed-example.html?${q}`);
  const handle = await page.waitForSelector('#game');
  const frame = await h.until(async () => { const f = await handle.contentFrame(); return f && f.url() !== 'about:blank' && f; },
    { timeout: 10000, expire: () => { throw new Error('the iframe did not load'); } });
  await frame.waitForFunction(() => window.miniapp !== undefined);
  return { page, frame };
}

const events = (page) => page.evaluate(() => window.miniArenaEvents);

async function waitEvent(page, pred, what) {
  let list;
  return h.until(async () => (list = await events(page)).find(pred),
    { timeout: 20000, expire: () => { throw new Error(`no ${what} event; got ${JSON.stringify(list)}`); } });
}

// The iframe's content box in the host page's CSS px (its border excluded).
async function frameOffset(page) {
  return page.evaluate(() => {
    const f = document.getElementById('game');
    const r = f.getBoundingClientRect();
    return { x: r.left + f.clientLeft, y: r.top + f.clientTop };
  });
}

// Click the centre of board cell i of the embedded game, in the host page's coordinates.
async function clickCell(page, frame, i) {
  const r = await h.until(() => frame.evaluate((k) => window.miniapp.boardCellRect(k), i), { timeout: 5000, every: 30, expire: () => null });
  assert.ok(r, `boardCellRect(${i}) in the iframe`);
  const o = await frameOffset(page);
  await page.mouse.click(o.x + r.x + r.width / 2, o.y + r.y + r.height / 2);
}

test('a game embedded from a second origin: ready, a move by a click in the iframe, the AI answers, events reach the host', async () => {
  assert.notEqual(origin(appServer.url), origin(hostServer.url), 'two origins');
  const { page, frame } = await openHost({ game: 'othello', level: 'level1', side: 'black', lang: 'en' });
  const ready = await waitEvent(page, (e) => e.type === 'ready', 'ready');
  assert.equal(ready.game, 'othello');
  assert.equal(ready.lang, 'en');
  assert.equal(ready.state.level, 'level1');
  assert.equal(ready.state.human, 'black');
  // The levels setLevel takes, from the game catalogue: the example page's choices are these.
  assert.deepEqual(ready.levels, ['random', 'level1', 'level2', 'level3', 'master']);
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('#level option')].map((o) => o.textContent)),
    ready.levels);
  assert.equal(new URL(frame.url()).origin, origin(appServer.url));
  // The game alone: no nav bar, no tab bar; the page fills the iframe (no phone column).
  const s = await frame.evaluate(() => window.miniapp.state());
  assert.equal(s.embedded, true);
  assert.equal(s.path, 'pages/othello/othello');
  assert.equal(s.tabBar, false);
  assert.equal(await frame.evaluate(() => window.miniapp.controlRect('back')), null);
  assert.deepEqual(await frame.evaluate(() => { const c = document.getElementById('canvas').getBoundingClientRect(); return [c.width, c.height]; }), [360, 560]);
  assert.ok(!(await events(page)).some((e) => e.type === 'error'), 'no error event for good parameters');

  await clickCell(page, frame, 19); // d3
  const mine = await waitEvent(page, (e) => e.type === 'move' && e.by === 'human', 'human move');
  assert.deepEqual({ game: mine.game, player: mine.player, move: mine.move, row: mine.row, col: mine.col },
    { game: 'othello', player: 'black', move: 'd3', row: 2, col: 3 });
  const reply = await waitEvent(page, (e) => e.type === 'move' && e.by === 'ai', 'AI move');
  assert.equal(reply.player, 'white');
  assert.match(reply.move, /^[a-h][1-8]$/);
  await h.screenshot(page, 'embed-othello-host');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('commands from the host: newGame, setLevel, setPosition acknowledged; refusals and malformed messages answered with error events', async () => {
  const { page, frame } = await openHost({ game: 'othello', level: 'level2', side: 'black', lang: 'en' });
  await waitEvent(page, (e) => e.type === 'ready', 'ready');
  const send = (m) => page.evaluate((x) => window.miniArenaSend(x), m);
  const answer = (id) => waitEvent(page, (e) => e.id === id && (e.type === 'ack' || e.type === 'error' || e.type === 'state'), `answer to ${id}`);

  let a = await answer(await send({ type: 'setLevel', level: 'level3' }));
  assert.deepEqual([a.type, a.command], ['ack', 'setLevel']);
  assert.equal((await frame.evaluate(() => window.miniapp.state())).game.level, 'level3');

  a = await answer(await send({ type: 'setPosition', position: 'f5d6c3' }));
  assert.equal(a.type, 'ack');
  let g = (await frame.evaluate(() => window.miniapp.state())).game;
  assert.equal(g.transcript.replace(/\s/g, '').slice(0, 6), 'f5d6c3');

  a = await answer(await send({ type: 'newGame' }));
  assert.equal(a.type, 'ack');
  g = (await frame.evaluate(() => window.miniapp.state())).game;
  assert.equal(g.transcript, '');
  assert.equal(g.counts.black + g.counts.white, 4);

  a = await answer(await send({ type: 'getState' }));
  assert.equal(a.type, 'state');
  assert.equal(a.state.game.level, 'level3');

  // Refused by the game: the page's reason comes back.
  a = await answer(await send({ type: 'setLevel', level: 'grandmaster' }));
  assert.equal(a.type, 'error');
  assert.equal(a.message, 'setLevel: level must be random, level1, level2, level3 or master');
  a = await answer(await send({ type: 'setPosition', position: 'z9' }));
  assert.equal(a.type, 'error');
  assert.match(a.message, /^setPosition: /);

  // Outside the vocabulary: named precisely, nothing executed.
  const bad = [
    [{ type: 'resign' }, /^unknown command type "resign" \(known: newGame, pass, getState, setLevel, setPosition, setSide, setRule, play\)$/],
    [{ type: 'setLevel', level: 'level1', speed: 3 }, /^setLevel: unknown field "speed" \(allowed: level, id\)$/],
    [{ type: 'setLevel', level: 2 }, /^setLevel: "level" must be a string, not integer$/],
    [{ type: 'setPosition' }, /^setPosition: "position" is required$/],
    [{ type: 'play', cell: 19, move: 'd3' }, /^play: give exactly one of "cell", "move", or "row" with "col"$/],
    [{ type: 'newGame', id: { x: 1 } }, /^newGame: "id" must be a string or an integer$/],
    [{ type: 'newGame', ask: 'yes' }, /^newGame: "ask" must be a boolean, not string$/],
    [{ type: 'newGame', confirm: true }, /^newGame: unknown field "confirm" \(allowed: ask, id\)$/]
  ];
  for (const [msg, re] of bad) {
    const before = (await events(page)).length;
    await page.evaluate((m) => document.getElementById('game').contentWindow.postMessage(m, '*'), msg);
    const e = await h.until(async () => (await events(page)).slice(before).find((x) => x.type === 'error'),
      { timeout: 5000, every: 30, expire: () => { throw new Error('no error event for ' + JSON.stringify(msg)); } });
    assert.match(e.message, re, JSON.stringify(msg));
  }
  for (const m of ['newGame', 42, null, ['newGame']]) {
    const before = (await events(page)).length;
    await page.evaluate((x) => document.getElementById('game').contentWindow.postMessage(x, '*'), m);
    // Only an event after this message: the previous one's error matches the same pattern.
    await waitEvent(page, (e, i) => i >= before && e.type === 'error' && /^a command must be an object/.test(e.message), 'error for ' + JSON.stringify(m));
    assert.ok((await events(page)).length > before);
  }
  assert.equal((await frame.evaluate(() => window.miniapp.state())).game.level, 'level3', 'nothing changed');

  // play through the bridge: the move lands and its event comes back.
  a = await answer(await send({ type: 'play', move: 'd3' }));
  assert.equal(a.type, 'ack');
  await waitEvent(page, (e) => e.type === 'move' && e.move === 'd3', 'move d3');
  await page.context().close();
});

test('tic-tac-toe embedded: a winning click sends move and gameOver; launch parameters a game lacks are reported', async () => {
  const { page, frame } = await openHost({ game: 'tictactoe', level: 'hard', position: 'XX-OO----', side: 'white', lang: 'ko' });
  const ready = await waitEvent(page, (e) => e.type === 'ready', 'ready');
  assert.equal(ready.lang, 'ko');
  assert.equal(ready.state.difficulty, 'hard');
  assert.deepEqual(ready.levels, ['random', 'master']);
  assert.deepEqual(ready.state.board, ['X', 'X', null, 'O', 'O', null, null, null, null]);
  const err = (await events(page)).find((e) => e.type === 'error');
  assert.equal(err && err.message, 'embed: tictactoe has no side parameter');
  await clickCell(page, frame, 2);
  const mv = await waitEvent(page, (e) => e.type === 'move', 'move');
  assert.deepEqual([mv.player, mv.cell], ['X', 2]);
  const over = await waitEvent(page, (e) => e.type === 'gameOver', 'gameOver');
  assert.equal(over.winner, 'X');
  assert.equal(over.game, 'tictactoe');
  // Announced in the embed's language, the move with its result.
  await frame.waitForFunction(() => document.getElementById('announce').textContent === 'X: 1행 3열. 당신이 이겼습니다!');
  await page.context().close();
});

test('origins: with a parentOrigin that is not the host, the host gets no events and its commands are ignored; only window.parent is heard', async () => {
  const page = await h.newPage(browser, { width: 900, height: 700 });
  await page.goto(hostServer.url + 'icons/'); // a plain page of origin A (a folder listing)
  const src = `${appServer.url}index.html?embed=1&game=tictactoe&level=easy&lang=en&parentOrigin=${encodeURIComponent('https://example.com')}`;
  await page.evaluate((s) => {
    window.got = [];
    window.addEventListener('message', (e) => { if (e.data && e.data.source === 'miniarena') window.got.push(e.data); });
    const f = document.createElement('iframe');
    f.id = 'game';
    f.width = 360;
    f.height = 560;
    f.src = s;
    document.body.appendChild(f);
  }, src);
  const frame = await (await page.waitForSelector('#game')).contentFrame();
  await frame.waitForURL(/embed=1/);
  await frame.waitForFunction(() => window.miniapp !== undefined);
  await frame.evaluate(() => window.miniapp.ready);
  await page.evaluate(() => document.getElementById('game').contentWindow.postMessage({ type: 'setLevel', level: 'hard' }, '*'));
  // The frame itself (not its parent) sending a command is not heard either.
  await frame.evaluate(() => window.postMessage({ type: 'setLevel', level: 'hard' }, '*'));
  await page.waitForTimeout(1000);
  assert.equal((await frame.evaluate(() => window.miniapp.state())).game.difficulty, 'easy', 'no command was taken');
  assert.deepEqual(await page.evaluate(() => window.got), [], 'events went to https://example.com only');

  // The same with the right parentOrigin: the command is taken and answered.
  const good = src.replace(encodeURIComponent('https://example.com'), encodeURIComponent(origin(hostServer.url)));
  await page.evaluate((s) => { document.getElementById('game').src = s; }, good);
  await page.waitForFunction(() => window.got.some((e) => e.type === 'ready'));
  await page.evaluate(() => document.getElementById('game').contentWindow.postMessage({ type: 'setLevel', level: 'hard', id: 'x' }, '*'));
  await page.waitForFunction(() => window.got.some((e) => e.type === 'ack' && e.id === 'x'));

  // Without parentOrigin the embedding page's origin is the one the browser reports: events reach it.
  const plain = src.replace(/&parentOrigin=[^&]*/, '');
  await page.evaluate((s) => { window.got = []; document.getElementById('game').src = s; }, plain);
  await page.waitForFunction(() => window.got.some((e) => e.type === 'ready'));
  await page.evaluate(() => document.getElementById('game').contentWindow.postMessage({ type: 'newGame', id: 7 }, '*'));
  await page.waitForFunction(() => window.got.some((e) => e.type === 'ack' && e.id === 7));
  await page.context().close();
});

test('a bad embed parameter stops start-up with a message and an error event', async () => {
  const { page } = await openHost({ game: 'chess' });
  const e = await waitEvent(page, (x) => x.type === 'error', 'error');
  assert.equal(e.message, 'embed: game must be othello, tictactoe, gomoku, not "chess"');
  const frame = await (await page.$('#game')).contentFrame();
  await frame.waitForFunction(() => document.getElementById('status').className === 'fatal');
  await page.context().close();
});

test('an embed without game= shows the catalogue\'s first game, and its ready event says which, with that game\'s levels', async () => {
  const catalogue = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'games', 'common', 'catalogue.json'), 'utf8'));
  const first = catalogue.games[0];
  const { page, frame } = await openHost({ lang: 'en' });
  assert.doesNotMatch(await frame.evaluate(() => location.search), /game=/, 'the example page passed no game');
  const ready = await waitEvent(page, (e) => e.type === 'ready', 'ready');
  assert.equal(ready.game, first.id);
  assert.deepEqual(ready.levels, first.levels.map((l) => l.id));
  assert.equal((await frame.evaluate(() => window.miniapp.state())).path, first.page);
  // The example's level choice is the game's, from the ready event.
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('#level option')].map((o) => o.textContent)), ready.levels);
  await page.context().close();
});

test('the host page keeps its keys and its focus; keys reach the game only while its canvas has focus', async () => {
  const { page, frame } = await openHost({ game: 'tictactoe', lang: 'en' });
  await page.focus('#notes');
  await waitEvent(page, (e) => e.type === 'ready', 'ready');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'notes', 'the iframe did not take the focus');
  await page.keyboard.type('hello');
  await page.keyboard.press('Backspace');
  assert.equal(await page.inputValue('#notes'), 'hell');
  assert.equal(await frame.evaluate(() => document.hasFocus()), false);
  // A click on the game gives its canvas the focus; then keys go there, not to the host.
  const o = await frameOffset(page);
  const c = await frame.evaluate(() => window.miniapp.controlRect('score-draws'));
  await page.mouse.click(o.x + c.x + c.width / 2, o.y + c.y + c.height / 2);
  assert.equal(await frame.evaluate(() => document.activeElement.id), 'canvas');
  await page.keyboard.type('xyz');
  assert.equal(await page.inputValue('#notes'), 'hell', 'keys went to the game');
  await page.context().close();
});

test('embedded at 300 px wide, every game fits: cells and controls inside the iframe, no phone column', async () => {
  for (const game of games) {
    const { page, frame } = await openHost({ game, lang: 'en', width: '300', height: game === 'tictactoe' ? '480' : '460' }, { width: 700, height: 700 });
    await waitEvent(page, (e) => e.type === 'ready', 'ready');
    const box = await frame.evaluate(() => { const c = document.getElementById('canvas').getBoundingClientRect(); return { x: c.left, y: c.top, width: c.width, height: c.height }; });
    assert.equal(box.width, 300, `${game}: the canvas takes the iframe's width`);
    const n = { tictactoe: 9, othello: 64, gomoku: 225 }[game];
    for (let i = 0; i < n; ++i) {
      const r = await frame.evaluate((k) => window.miniapp.boardCellRect(k), i);
      assert.ok(r, `${game} cell ${i}`);
      // Gomoku's cells are centred on the outer lines: their centres must be inside.
      const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
      assert.ok(cx > 0 && cy > 0 && cx < box.width && cy < box.height, `${game} cell ${i} inside (${JSON.stringify(r)})`);
    }
    const ng = await frame.evaluate(() => window.miniapp.controlRect('new-game'));
    assert.ok(ng && ng.x >= 0 && ng.y >= 0 && ng.x + ng.width <= box.width + 0.5 && ng.y + ng.height <= box.height + 0.5,
      `${game}: new game inside (${JSON.stringify(ng)})`);
    await h.screenshot(page, `embed-300-${game}`);
    await page.context().close();
  }
});
