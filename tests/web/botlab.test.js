// The Bot Lab page in real Chromium: an example bot against RANDOM by real clicks, results read
// through window.miniapp.state(); a broken bot pasted in is refused with its reason and the
// app keeps working; the last bot and results survive a reload.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./lib/harness');
const { decodePng } = require('./lib/png');

const site = h.serverAndBrowser(); // site.server, site.browser: one of each for this file

async function openBotLab(page) {
  await h.openApp(page, site.server.url);
  await h.press(page, await h.control(page, 'botlab'));
  return h.waitState(page, (s) => s.path === 'pages/botlab/botlab' && s.game.examples > 0, { what: 'the Bot Lab with its examples' });
}

test('an example bot plays 4 rounds against RANDOM by real clicks; the results table', async () => {
  const page = await h.newPage(site.browser, { width: 360, height: 640, dpr: 2 });
  let s = await openBotLab(page);
  await h.press(page, await h.control(page, 'game-gomoku'));
  await h.press(page, await h.control(page, 'examples'));
  await h.press(page, await h.control(page, 'example-gomoku-open-ends'));
  s = await h.waitState(page, (x) => x.game.bot.status === 'ok', { what: 'the example bot loaded' });
  assert.equal(s.game.bot.name.length > 0, true);
  // opponents: RANDOM only
  for (const l of s.game.opponents) if (l !== 'random') await h.press(page, await h.control(page, `opp-${l}`));
  if (!s.game.opponents.includes('random')) await h.press(page, await h.control(page, 'opp-random'));
  s = await h.waitState(page, (x) => x.game.opponents.length === 1 && x.game.opponents[0] === 'random', { what: 'RANDOM only' });
  // rounds down to 4
  while ((await h.state(page)).game.rounds > 4) {
    const before = (await h.state(page)).game.rounds;
    await h.press(page, await h.control(page, 'rounds-minus'));
    await h.waitState(page, (x) => x.game.rounds < before, { what: 'fewer rounds' });
  }
  await h.press(page, await h.control(page, 'speed-fast'));
  await h.press(page, await h.control(page, 'run'));
  s = await h.waitState(page, (x) => x.game.running === true, { what: 'the match running' });
  assert.equal(s.game.view, 'match');
  s = await h.waitState(page, (x) => !x.game.running && x.game.results.length === 1 && x.game.results[0].summary, { timeout: 60000, what: 'the match end' });
  const r = s.game.results[0];
  assert.equal(r.opponent, 'RANDOM');
  assert.equal(r.rounds, 4);
  assert.equal(r.wins + r.draws + r.losses, 4);
  assert.equal(r.wins, 4, 'open-ends beats RANDOM every round');
  assert.equal(r.summary, 'RANDOM: 4–0');
  assert.deepEqual(r.forfeits, []);
  await h.screenshot(page, 'botlab-results-360x640');
  await h.press(page, await h.control(page, 'view-log'));
  s = await h.waitState(page, (x) => x.game.view === 'log', { what: 'the log view' });
  assert.ok(s.game.log.some((l) => l.text === 'Random: 4–0'), 'the summary with the level as the page names it');
  assert.deepEqual(s.game.table, [{ opponent: 'Random', summary: 'Random: 4–0', forfeit: null }]);
  // the last bot and results are kept
  await page.reload();
  await page.evaluate(() => window.miniapp.ready);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/botlab/botlab'));
  s = await h.waitState(page, (x) => x.path === 'pages/botlab/botlab' && x.game.bot.status === 'ok', { what: 'the Bot Lab again' });
  assert.equal(s.game.results[0].summary, 'RANDOM: 4–0');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a broken bot is refused with its reason; a bot that loops forfeits and the app keeps working', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await openBotLab(page);
  await h.press(page, await h.control(page, 'game-tictactoe'));
  await h.press(page, await h.control(page, 'load-bot'));
  await page.waitForSelector('#prompt-text');
  await page.fill('#prompt-text', 'function onTurnStart(data) { return [0, 0]; ');
  await page.click('#prompt-ok');
  let s = await h.waitState(page, (x) => x.game.bot.status === 'failed', { what: 'the syntax error' });
  assert.match(s.game.bot.error, /SyntaxError/);
  await h.press(page, await h.control(page, 'run'));
  s = await h.waitState(page, (x) => x.toast !== null, { what: 'a toast saying to load a bot' });
  assert.equal(s.game.running, false);
  // a bot that loops forever on its second turn
  await h.press(page, await h.control(page, 'load-bot'));
  await page.waitForSelector('#prompt-text');
  await page.fill('#prompt-text', 'var n = 0;\nfunction onRoundStart() { n = 0; }\nfunction onTurnStart(d) {\n  if (++n > 1) for (;;) {}\n  for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (d.board[r][c] === 0) return [r, c];\n}');
  await page.click('#prompt-ok');
  s = await h.waitState(page, (x) => x.game.bot.status === 'ok', { what: 'the looping bot loads' });
  for (const l of s.game.opponents) if (l !== 'random') await h.press(page, await h.control(page, `opp-${l}`));
  if (!s.game.opponents.includes('random')) await h.press(page, await h.control(page, 'opp-random'));
  await h.waitState(page, (x) => x.game.opponents.join() === 'random', { what: 'RANDOM only' });
  while ((await h.state(page)).game.rounds > 2) {
    const before = (await h.state(page)).game.rounds;
    await h.press(page, await h.control(page, 'rounds-minus'));
    await h.waitState(page, (x) => x.game.rounds < before, { what: 'fewer rounds' });
  }
  await h.press(page, await h.control(page, 'time-200'));
  await h.press(page, await h.control(page, 'speed-fast'));
  await h.press(page, await h.control(page, 'run'));
  s = await h.waitState(page, (x) => !x.game.running && x.game.results.length === 1 && x.game.results[0].rounds === 2, { timeout: 60000, what: 'two forfeited rounds' });
  const r = s.game.results[0];
  assert.equal(r.losses, 2);
  assert.deepEqual(r.forfeits.map((f) => f.reason), ['onTurnStart exceeded the time limit of 200 ms', 'onTurnStart exceeded the time limit of 200 ms']);
  // the app still answers: back home and into a game
  await h.press(page, await h.control(page, 'back'));
  // The Bot Lab has a game-tictactoe control too: take the card's rectangle from a frame of home
  // (the one with its Bot Lab card), not from the Bot Lab's last frame.
  await h.waitState(page, (x) => x.path === 'pages/index/index', { what: 'home' });
  await h.control(page, 'botlab');
  await h.press(page, await h.control(page, 'game-tictactoe'));
  await h.waitState(page, (x) => x.path === 'pages/tictactoe/tictactoe', { what: 'tic-tac-toe after the Bot Lab' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// Open the paste box of the current game's bot, read what it holds, and cancel it.
async function pasteBoxText(page, control = 'load-bot') {
  await h.press(page, await h.control(page, control));
  await page.waitForSelector('#prompt-text');
  const text = await page.inputValue('#prompt-text');
  const placeholder = await page.getAttribute('#prompt-text', 'placeholder');
  await page.click('#prompt-cancel');
  await page.waitForSelector('#prompt-text', { state: 'detached' });
  return { text, placeholder };
}

// Pick a game's example as the bot and wait until it is checked.
async function useExample(page, game, id, title) {
  await h.press(page, await h.control(page, `game-${game}`));
  await h.press(page, await h.control(page, 'examples'));
  await h.press(page, await h.control(page, `example-${id}`));
  return h.waitState(page, (x) => x.game.game === game && x.game.bot.name === title && x.game.bot.status === 'ok', { what: `${title} loaded` });
}

test('each game keeps its own bot: switching game never runs another game\'s bot; kept per game', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await openBotLab(page);
  await useExample(page, 'tictactoe', 'tictactoe-rules', 'Win, block, centre');
  // Gomoku has no bot yet: Run asks for one instead of playing the tic-tac-toe bot
  await h.press(page, await h.control(page, 'game-gomoku'));
  let s = await h.waitState(page, (x) => x.game.game === 'gomoku', { what: 'Gomoku' });
  assert.equal(s.game.bot.hasSource, false);
  assert.equal(s.game.bot.status, 'none');
  assert.equal((await pasteBoxText(page)).text, '', 'Gomoku\'s paste box is empty');
  await h.press(page, await h.control(page, 'run'));
  s = await h.waitState(page, (x) => x.toast !== null, { what: 'a toast saying to load a bot' });
  assert.equal(s.game.running, false);
  // Othello gets its own; tic-tac-toe still has its own, and its paste box holds its source
  await useExample(page, 'othello', 'othello-corners', 'Corners first');
  await h.press(page, await h.control(page, 'game-tictactoe'));
  s = await h.waitState(page, (x) => x.game.game === 'tictactoe', { what: 'tic-tac-toe' });
  assert.equal(s.game.bot.name, 'Win, block, centre');
  assert.equal(s.game.bot.status, 'ok');
  const ttt = await pasteBoxText(page);
  assert.match(ttt.text, /var LINES = /, 'the tic-tac-toe bot\'s source');
  // kept in storage per game
  await page.reload();
  await page.evaluate(() => window.miniapp.ready);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/botlab/botlab'));
  s = await h.waitState(page, (x) => x.path === 'pages/botlab/botlab' && x.game.bot.status === 'ok', { what: 'the Bot Lab again' });
  assert.equal(s.game.game, 'tictactoe');
  assert.equal(s.game.bot.name, 'Win, block, centre');
  await h.press(page, await h.control(page, 'game-othello'));
  s = await h.waitState(page, (x) => x.game.game === 'othello' && x.game.bot.status === 'ok', { what: 'Othello\'s bot again' });
  assert.equal(s.game.bot.name, 'Corners first');
  await h.press(page, await h.control(page, 'game-gomoku'));
  s = await h.waitState(page, (x) => x.game.game === 'gomoku', { what: 'Gomoku again' });
  assert.equal(s.game.bot.hasSource, false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a record saved before per-game bots loads into its game', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await h.openApp(page, site.server.url);
  await page.evaluate(() => localStorage.setItem('miniarena:botlab', JSON.stringify({ miniarena: 1, data: {
    game: 'othello', source: 'function onTurnStart(d) { return d.legal[0]; }', name: 'old bot',
    opponentSource: '', opponentName: 'opponent bot', opponents: ['random'], useOpponentBot: false,
    rounds: 3, timeMs: 1000, speedMs: 0,
    results: [{ game: 'othello', bot: 'old bot', opponent: 'RANDOM', opponentId: 'random', rounds: 3, wins: 3, draws: 0,
      losses: 0, forfeits: [], opponentForfeits: [], moves: 180, results: [], summary: 'RANDOM: 3–0' }] } })));
  await page.reload();
  await page.evaluate(() => window.miniapp.ready);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/botlab/botlab'));
  let s = await h.waitState(page, (x) => x.path === 'pages/botlab/botlab' && x.game.bot.status === 'ok', { what: 'the old bot checked' });
  assert.equal(s.game.game, 'othello');
  assert.equal(s.game.bot.name, 'old bot');
  assert.equal(s.game.rounds, 3);
  assert.equal(s.game.results[0].summary, 'RANDOM: 3–0');
  for (const g of ['gomoku', 'tictactoe']) {
    await h.press(page, await h.control(page, `game-${g}`));
    s = await h.waitState(page, (x) => x.game.game === g, { what: g });
    assert.equal(s.game.bot.hasSource, false, `${g} has no bot`);
    assert.deepEqual(s.game.results, [], `${g} has no results`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// Set RANDOM as the only opponent and `rounds` rounds (from the default 10).
async function randomOnly(page, rounds) {
  const s = await h.state(page);
  for (const l of s.game.opponents) if (l !== 'random') await h.press(page, await h.control(page, `opp-${l}`));
  if (!s.game.opponents.includes('random')) await h.press(page, await h.control(page, 'opp-random'));
  await h.waitState(page, (x) => x.game.opponents.join() === 'random', { what: 'RANDOM only' });
  while ((await h.state(page)).game.rounds > rounds) {
    const before = (await h.state(page)).game.rounds;
    await h.press(page, await h.control(page, 'rounds-minus'));
    await h.waitState(page, (x) => x.game.rounds < before, { what: 'fewer rounds' });
  }
}

// A tic-tac-toe example against RANDOM over 10 rounds at slow speed, two rounds in: the state.
async function slowMatchUnderWay(page) {
  await openBotLab(page);
  await useExample(page, 'tictactoe', 'tictactoe-rules', 'Win, block, centre');
  await randomOnly(page, 10);
  await h.press(page, await h.control(page, 'speed-slow'));
  await h.press(page, await h.control(page, 'run'));
  return h.waitState(page, (x) => x.game.running && x.game.results[0] && x.game.results[0].rounds >= 2,
    { timeout: 60000, what: 'two rounds played' });
}

test('leaving during a match keeps it as stopped, with the rounds played so far and the log', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  let s = await slowMatchUnderWay(page);
  const played = s.game.results[0].rounds;
  await h.press(page, await h.control(page, 'back'));
  await h.waitState(page, (x) => x.path === 'pages/index/index', { what: 'home' });
  await h.press(page, await h.control(page, 'botlab'));
  s = await h.waitState(page, (x) => x.path === 'pages/botlab/botlab' && x.game.bot.status === 'ok', { what: 'the Bot Lab again' });
  assert.equal(s.game.game, 'tictactoe');
  assert.equal(s.game.running, false);
  assert.equal(s.game.stopped, true);
  assert.equal(s.game.progress, 'The match was stopped');
  assert.equal(s.game.results.length, 1);
  const r = s.game.results[0];
  assert.ok(r.rounds >= played && r.rounds < 10, `the rounds played (${r.rounds}), not all 10`);
  assert.equal(r.wins + r.draws + r.losses, r.rounds);
  assert.equal(r.opponentId, 'random');
  assert.match(r.summary, /^RANDOM: \d+–\d+/);
  assert.ok(s.game.log.filter((l) => /^round \d+: /.test(l.text)).length >= played, 'the rounds are in the log');
  assert.equal(s.game.log.at(-1).text, 'The match was stopped');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a match running when the tab is hidden and then closed is kept as stopped, with its rounds', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  const s = await slowMatchUnderWay(page);
  // The browser hides the tab (as before it closes it, or a phone switches apps) …
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await h.waitState(page, (x) => x.lifecycle.includes('pages/botlab/botlab.onHide'), { what: 'the page hidden' });
  // … and the tab is closed with the match still running.
  await page.close();
  const again = await page.context().newPage();
  await h.openApp(again, site.server.url + '#/pages/botlab/botlab');
  const t = await h.waitState(again, (x) => x.path === 'pages/botlab/botlab' && x.game.game === 'tictactoe', { what: 'the Bot Lab in a new tab' });
  assert.equal(t.game.running, false);
  assert.equal(t.game.stopped, true);
  const r = t.game.results[0];
  assert.ok(r && r.rounds >= s.game.results[0].rounds && r.rounds < 10, `the rounds played before the tab closed: ${JSON.stringify(r)}`);
  assert.match(r.summary, /^RANDOM: \d+–\d+/);
  await again.context().close();
});

test('the examples are listed in the app\'s language', async () => {
  const page = await h.newPage(site.browser, { width: 390, height: 844, locale: 'ko-KR' });
  await openBotLab(page);
  await h.press(page, await h.control(page, 'game-othello'));
  await h.press(page, await h.control(page, 'examples'));
  await h.control(page, 'example-othello-corners');
  const s = await h.state(page);
  assert.equal(s.lang, 'ko');
  await h.press(page, await h.control(page, 'example-othello-corners'));
  const t = await h.waitState(page, (x) => x.game.bot.status === 'ok', { what: 'the example loaded' });
  assert.equal(t.game.bot.name, '귀부터');
  await page.context().close();
});

test('tic-tac-toe\'s levels have the names of its own page (Easy, Hard); the ids stay random and master', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800, locale: 'en-US' });
  await openBotLab(page);
  await h.press(page, await h.control(page, 'game-tictactoe'));
  const s = await h.waitState(page, (x) => x.game.game === 'tictactoe', { what: 'tic-tac-toe' });
  assert.deepEqual(s.game.levels, [{ id: 'random', label: 'Easy' }, { id: 'master', label: 'Hard' }]);
  await h.control(page, 'opp-random');
  await h.control(page, 'opp-master');
  await page.context().close();
});

test('the Korean page words the log, the opponents and the results in Korean; the records keep the referee\'s ids', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800, locale: 'ko-KR' });
  let s = await openBotLab(page);
  assert.equal(s.lang, 'ko');
  await h.press(page, await h.control(page, 'game-gomoku'));
  s = await h.waitState(page, (x) => x.game.game === 'gomoku', { what: 'Gomoku' });
  assert.deepEqual(s.game.levels.map((l) => l.label), ['랜덤', '1단계', '2단계', '3단계', '마스터']);
  s = await useExample(page, 'tictactoe', 'tictactoe-rules', '이기기, 막기, 가운데'); // the example's Korean name
  assert.deepEqual(s.game.levels.map((l) => l.label), ['쉬움', '어려움']);
  await randomOnly(page, 2);
  await h.press(page, await h.control(page, 'speed-fast'));
  await h.press(page, await h.control(page, 'run'));
  s = await h.waitState(page, (x) => !x.game.running && x.game.results.length === 1 && x.game.results[0].summary,
    { timeout: 60000, what: 'the match end' });
  const r = s.game.results[0];
  assert.equal(r.opponent, 'RANDOM', 'the record keeps the referee\'s name');
  assert.equal(r.opponentId, 'random');
  assert.match(r.summary, /^RANDOM: \d+–\d+/);
  for (const l of s.game.log.filter((x) => x.source === 'referee')) assert.doesNotMatch(l.text, /\bround \d|\bvs\b|RANDOM/, l.text);
  assert.equal(s.game.table[0].opponent, '쉬움');
  assert.match(s.game.table[0].summary, /^쉬움: \d+–\d+/);
  const lines = s.game.log.map((l) => l.line);
  // the bot's own console lines are its own words; the page's lines are Korean
  for (const line of s.game.log.filter((l) => l.source === 'referee').map((l) => l.line)) assert.doesNotMatch(line, /\[referee\]|\bround \d|\bvs\b|RANDOM|\bforfeit\b/, line);
  assert.ok(lines.includes('[심판] 이기기, 막기, 가운데 대 쉬움 · 상대마다 2판'), lines.join('\n'));
  assert.ok(lines.some((l) => /^\[심판\] 1판: (세 줄 완성|판이 가득 참)$/.test(l)), lines.join('\n'));
  assert.ok(lines.includes('[심판] ' + s.game.table[0].summary), lines.join('\n'));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('forfeit reasons can be read: the latest under its row of the results, and whole in the log, wrapped', async () => {
  const page = await h.newPage(site.browser, { width: 360, height: 640, dpr: 2 });
  await openBotLab(page);
  await h.press(page, await h.control(page, 'game-tictactoe'));
  const long = 'the end of a long line: ' + Array.from({ length: 40 }, (_, i) => 'word' + i).join(' ');
  await h.press(page, await h.control(page, 'load-bot'));
  await page.waitForSelector('#prompt-text');
  await page.fill('#prompt-text', 'function onGameStart() { for (var i = 1; i <= 30; i++) console.log("line " + i); }\n' +
    `function onTurnStart(d) { console.log(${JSON.stringify(long)}); return undefined; }`);
  await page.click('#prompt-ok');
  let s = await h.waitState(page, (x) => x.game.bot.status === 'ok', { what: 'the bot loads' });
  await randomOnly(page, 2);
  await h.press(page, await h.control(page, 'speed-fast'));
  await h.press(page, await h.control(page, 'run'));
  s = await h.waitState(page, (x) => !x.game.running && x.game.results.length === 1 && x.game.results[0].summary,
    { timeout: 60000, what: 'the match end' });
  const why = 'onTurnStart returned undefined, not a move [row, col]';
  assert.deepEqual(s.game.results[0].forfeits.map((f) => f.reason), [why, why]);
  assert.equal(s.game.table[0].forfeit, `Round 2 forfeit: ${why}`);
  const row = await h.control(page, 'result-0');
  const line = await h.control(page, 'result-0-forfeit');
  assert.ok(line.y >= row.y && line.y + line.height <= row.y + row.height + 0.5, 'the forfeit line is inside its row');
  assert.ok(line.x + line.width <= row.x + row.width, 'and no wider');
  await h.screenshot(page, 'botlab-forfeit-360x640');
  // the log: the long line is wrapped into several screen lines, nothing cut off
  await h.press(page, await h.control(page, 'view-log'));
  s = await h.waitState(page, (x) => x.game.view === 'log' && x.game.logView.lines.length > 0, { what: 'the log view' });
  const shown = s.game.logView.lines;
  const i = shown.findIndex((l) => l.startsWith('[my bot] the end of a long line'));
  assert.ok(i >= 0, shown.join('\n'));
  let k = 1;
  while (shown.slice(i, i + k).join(' ').length < ('[my bot] ' + long).length && i + k < shown.length) k++;
  assert.ok(k > 1, 'wrapped into more than one line');
  assert.equal(shown.slice(i, i + k).join(' '), '[my bot] ' + long);
  assert.ok(shown.some((l) => l.startsWith('[referee] round 2: forfeit: onTurnStart returned undefined')), shown.join('\n'));
  await h.screenshot(page, 'botlab-log-360x640');
  // Older and Newer still move through the screen lines
  assert.ok(s.game.logView.total > shown.length);
  await h.press(page, await h.control(page, 'log-older'));
  const same = (x) => JSON.stringify(x.game.logView.lines) === JSON.stringify(shown);
  s = await h.waitState(page, (x) => x.game.logView.scroll > 0 && !same(x), { what: 'older lines' });
  assert.equal(s.game.logView.lines.length, shown.length);
  await h.press(page, await h.control(page, 'log-newer'));
  await h.waitState(page, (x) => x.game.logView.scroll === 0 && same(x), { what: 'the newest lines again' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the bot\'s status counts its hooks in good English: 1 hook, 5 hooks', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800, locale: 'en-US' });
  await openBotLab(page);
  let s = await useExample(page, 'tictactoe', 'tictactoe-rules', 'Win, block, centre');
  assert.equal(s.game.bot.statusText, 'Ready · 5 hooks');
  await h.press(page, await h.control(page, 'load-bot'));
  await page.waitForSelector('#prompt-text');
  await page.fill('#prompt-text', 'function onTurnStart(d) { return [1, 1]; }');
  await page.click('#prompt-ok');
  s = await h.waitState(page, (x) => x.game.bot.status === 'ok' && x.game.bot.name === 'my bot', { what: 'the one-hook bot' });
  assert.equal(s.game.bot.statusText, 'Ready · 1 hook');
  await page.context().close();
});

test('the paste box\'s example move fits the game', async () => {
  const page = await h.newPage(site.browser, { width: 1280, height: 800 });
  await openBotLab(page);
  const want = { tictactoe: '[1, 1]', othello: '[2, 3]', gomoku: '[7, 7]' };
  for (const [game, move] of Object.entries(want)) {
    await h.press(page, await h.control(page, `game-${game}`));
    await h.waitState(page, (x) => x.game.game === game, { what: game });
    for (const control of ['load-bot', 'load-opponent'])
      assert.equal((await pasteBoxText(page, control)).placeholder, `function onTurnStart(data) {\n  return ${move};\n}`, `${game} ${control}`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the examples list is padded like the card above it: no text near a row\'s edges', async () => {
  const dpr = 2;
  const page = await h.newPage(site.browser, { width: 360, height: 640, dpr });
  await openBotLab(page);
  await h.press(page, await h.control(page, 'game-gomoku'));
  await h.press(page, await h.control(page, 'examples'));
  const rows = [];
  for (const id of ['gomoku-random-neighbour', 'gomoku-run-length', 'gomoku-open-ends']) rows.push(await h.control(page, `example-${id}`));
  await page.mouse.move(1, 1); // no hover on a row
  await new Promise((r) => setTimeout(r, 200));
  await h.drawn(page);
  const img = decodePng(await page.screenshot());
  // CSS px: the padding is 20 rpx = 9.6 px at 360 px wide; a glyph's ink starts below its line's top,
  // and a line may start up to 1 px left of the padding (whole pixels)
  const minPad = { top: 9.5, left: 8, right: 8, bottom: 8 };
  for (const row of rows) {
    const bg = img.pixel(Math.round((row.x + 3) * dpr), Math.round((row.y + row.height / 2) * dpr));
    let top = Infinity, left = Infinity, right = Infinity, bottom = Infinity;
    // ink: pixels unlike the row's fill, inside its border
    for (let y = Math.ceil((row.y + 2) * dpr); y < Math.floor((row.y + row.height - 2) * dpr); y++) {
      for (let x = Math.ceil((row.x + 2) * dpr); x < Math.floor((row.x + row.width - 2) * dpr); x++) {
        const nearX = x / dpr - row.x < 7 || row.x + row.width - x / dpr < 7, nearY = y / dpr - row.y < 7 || row.y + row.height - y / dpr < 7;
        if (nearX && nearY) continue; // the rounded corners
        const c = img.pixel(x, y);
        if (Math.abs(c[0] - bg[0]) + Math.abs(c[1] - bg[1]) + Math.abs(c[2] - bg[2]) < 90) continue;
        top = Math.min(top, y / dpr - row.y);
        bottom = Math.min(bottom, row.y + row.height - (y + 1) / dpr);
        left = Math.min(left, x / dpr - row.x);
        right = Math.min(right, row.x + row.width - (x + 1) / dpr);
      }
    }
    assert.ok(top < Infinity, 'the row has text');
    for (const [side, d] of Object.entries({ top, left, right, bottom }))
      assert.ok(d >= minPad[side], `${side} padding ${d.toFixed(1)} px < ${minPad[side]} px (row ${JSON.stringify(row)})`);
  }
  await h.screenshot(page, 'botlab-examples-360x640');
  await page.context().close();
});
