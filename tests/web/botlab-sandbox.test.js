// The Bot Lab's sandbox and referee in real Chromium: a small host page (tests/web/fixtures/
// botlab/) served from a folder laid out like the site (botlab/ from web/botlab, the engine
// worker and the engine module) loads window.MiniArenaBotLab, runs the broken-bot catalogue
// (tests/botlab/lib/catalogue.js) and must get the same outcomes as under Node — and the page
// must keep working: its counter, its frames, its storage and cookie untouched, no page errors.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const h = require('./lib/harness');
const { CATALOGUE, LIMITS } = require('../botlab/lib/catalogue');

const ENGINE_DIR = process.env.MINIARENA_ENGINE_DIR ? path.resolve(process.env.MINIARENA_ENGINE_DIR) : h.SITE;
const engineFiles = fs.existsSync(ENGINE_DIR) ? fs.readdirSync(ENGINE_DIR).filter((f) => /^engine-.*\.(js|wasm)$/.test(f)) : [];
const haveEngine = engineFiles.includes('engine-othello.js') && engineFiles.includes('engine-othello.wasm');
const skip = haveEngine ? false : `the engine module is not built in ${ENGINE_DIR} (engine-<game>.js + engine-<game>.wasm; set MINIARENA_ENGINE_DIR)`;

let server, browser, page, siteDir;

// The served folder: the fixture page, botlab/ and engine-worker.js as the site build assembled
// them (the sandbox frame carries its script's hash, the worker the catalogue's assets),
// and every game's engine module (engine-<game>.js + .wasm).
function assembleSite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'botlab-site-'));
  fs.cpSync(path.join(__dirname, 'fixtures', 'botlab'), dir, { recursive: true });
  fs.cpSync(path.join(h.SITE, 'botlab'), path.join(dir, 'botlab'), { recursive: true });
  // The site's worker: assembly writes the game catalogue's assets into it.
  fs.copyFileSync(path.join(h.SITE, 'engine-worker.js'), path.join(dir, 'engine-worker.js'));
  for (const f of engineFiles) fs.copyFileSync(path.join(ENGINE_DIR, f), path.join(dir, f));
  for (const asset of ['othello-weights.bin', 'othello-book.bin']) { // fetched by the worker for Othello MASTER
    const file = path.join(ENGINE_DIR, asset);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(dir, asset));
  }
  return dir;
}

before(async () => {
  if (skip) return;
  siteDir = assembleSite();
  server = await h.startServer(siteDir);
  browser = await h.launch();
  page = await h.newPage(browser);
  page.requests = [];
  page.on('request', (r) => page.requests.push(r.url()));
  await page.goto(server.url + 'index.html');
  await page.waitForFunction(() => window.MiniArenaBotLab !== undefined && window.fixture !== undefined);
  await page.evaluate(() => window.MiniArenaBotLab.ready.then(() => true));
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.stop();
  if (siteDir) fs.rmSync(siteDir, { recursive: true, force: true });
});

// Run a match in the page; resolves {outcome, events} (events without the per-move boards).
function runInPage(options) {
  return page.evaluate((o) => new Promise((resolve) => {
    const events = [];
    const handle = window.MiniArenaBotLab.run(o, (e) => {
      if (e.type !== 'move') events.push(e.type === 'log' ? { type: 'log', source: e.source, text: e.text, round: e.round } : { type: e.type });
    });
    handle.done.then((outcome) => resolve({ outcome, events }));
  }), options);
}

test('the API is there, with the examples and the levels of each game', { skip }, async () => {
  const info = await page.evaluate(() => ({
    games: window.MiniArenaBotLab.games,
    examples: window.MiniArenaBotLab.examples.map((e) => e.id),
    ttt: window.MiniArenaBotLab.levels('tictactoe').map((l) => l.title),
    gomoku: window.MiniArenaBotLab.levels('gomoku').map((l) => l.id)
  }));
  assert.deepEqual(info.games, ['gomoku', 'othello', 'tictactoe']);
  assert.deepEqual(info.examples, ['gomoku-random-neighbour', 'gomoku-run-length', 'gomoku-open-ends', 'othello-corners', 'tictactoe-rules']);
  assert.deepEqual(info.ttt, ['RANDOM', 'MASTER']);
  assert.deepEqual(info.gomoku, ['random', 'level1', 'level2', 'level3', 'master']);
});

test('the sandbox worker has no network, storage or DOM globals', { skip }, async () => {
  const probe = 'var seen = {};\n' +
    '["fetch", "XMLHttpRequest", "WebSocket", "EventSource", "importScripts", "indexedDB", "caches", "localStorage",\n' +
    ' "sessionStorage", "BroadcastChannel", "Worker", "SharedWorker", "navigator", "postMessage", "close", "document", "window",\n' +
    ' "FontFace", "fonts", "webkitRequestFileSystem"]\n' +
    '  .forEach(function (n) { seen[n] = typeof self[n]; });\n' +
    'console.log(JSON.stringify(seen));\n' +
    'function onTurnStart(data) { for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (data.board[r][c] === 0) return [r, c]; }\n';
  const { outcome, events } = await runInPage({ game: 'tictactoe', bot: { source: probe, name: 'probe' }, opponents: ['random'], rounds: 1 });
  assert.equal(outcome.ok, true);
  const line = events.find((e) => e.type === 'log' && e.source === 'bot');
  const seen = JSON.parse(line.text);
  for (const [name, type] of Object.entries(seen)) assert.equal(type, 'undefined', `${name} is reachable from a bot`);
});

for (const entry of CATALOGUE) {
  test(`broken bot in Chromium: ${entry.name}`, { skip }, async () => {
    const source = entry.source;
    if (entry.load) {
      const check = await page.evaluate(([s, l]) => window.MiniArenaBotLab.loadBot(s, l), [source, LIMITS]);
      assert.deepEqual({ ok: check.ok, kind: check.kind, error: check.error }, { ok: false, ...entry.load });
      const { outcome, events } = await runInPage({ game: 'tictactoe', bot: { source, name: 'broken' }, opponents: ['random'], rounds: 2, ...LIMITS });
      assert.equal(outcome.ok, false);
      assert.deepEqual(outcome.loadError, { player: 'broken', role: 'bot', ...entry.load });
      assert.deepEqual(outcome.results, []);
      assert.deepEqual(events.map((e) => e.type), ['matchStart', 'error', 'matchEnd']);
    } else {
      const { outcome } = await runInPage({ game: 'tictactoe', bot: { source, name: 'broken' }, opponents: ['random'], rounds: 2, ...LIMITS });
      assert.equal(outcome.ok, true, outcome.error);
      const r = outcome.results[0];
      assert.deepEqual({ rounds: r.rounds, wins: r.wins, draws: r.draws, losses: r.losses }, { rounds: 2, wins: 0, draws: 0, losses: 2 });
      assert.deepEqual(r.forfeits, [{ round: 1, reason: entry.forfeit }, { round: 2, reason: entry.forfeit }]);
    }
  });
}

test('stop() ends a match promptly, even inside an endless onTurnStart', { skip }, async () => {
  const outcome = await page.evaluate(() => new Promise((resolve) => {
    const handle = window.MiniArenaBotLab.run({ game: 'tictactoe', bot: { source: 'function onTurnStart() { for (;;) {} }' },
      opponents: ['random'], rounds: 5, timeMs: 60000 }, (e) => {
      if (e.type === 'roundStart') setTimeout(() => handle.stop(), 100);
    });
    handle.done.then((o) => resolve({ o, state: handle.state() }));
  }));
  assert.equal(outcome.o.stopped, true);
  assert.equal(outcome.state.running, false);
});

test('an example bot plays a whole tic-tac-toe match; events arrive in order', { skip }, async () => {
  const result = await page.evaluate(async () => {
    const lab = window.MiniArenaBotLab;
    const source = await lab.exampleSource('tictactoe-rules');
    const handle = lab.run({ game: 'tictactoe', bot: { source, name: 'rules' }, opponents: ['random', 'master'], rounds: 2, seed: 7 });
    const outcome = await handle.done;
    return { outcome, types: handle.drain().map((e) => e.type) };
  });
  assert.equal(result.outcome.ok, true);
  assert.deepEqual(result.outcome.results.map((r) => [r.opponent, r.rounds, r.forfeits.length]), [['RANDOM', 2, 0], ['MASTER', 2, 0]]);
  assert.equal(result.types[0], 'matchStart');
  assert.equal(result.types[1], 'opponentStart');
  assert.equal(result.types[2], 'roundStart');
  assert.equal(result.types.at(-1), 'matchEnd');
  assert.equal(result.types.filter((t) => t === 'roundEnd').length, 4);
});

test('levels by name: level against level in the page, a typo is an unknown level', { skip }, async () => {
  const { outcome } = await runInPage({ game: 'tictactoe', bot: 'master', opponents: ['MASTER'], rounds: 2 });
  assert.deepEqual(outcome.results.map((r) => [r.bot, r.opponent, r.draws]), [['MASTER', 'MASTER', 2]]);
  const typo = await runInPage({ game: 'tictactoe', bot: 'level9', opponents: ['random'] });
  assert.equal(typo.outcome.error, 'unknown level "level9" (random, level1, level2, level3, master)');
});

test('the page keeps working: counter, frames, storage and cookie untouched, no page errors', { skip }, async () => {
  const ticks0 = await page.evaluate(() => window.fixture.ticks());
  await page.click('#count');
  await page.click('#count');
  assert.equal(await page.textContent('#count'), '2');
  await page.waitForFunction((t) => window.fixture.ticks() > t + 3, ticks0);
  assert.deepEqual(await page.evaluate(() => window.fixture.storage()), { fixture: 'page value' });
  assert.equal(await page.evaluate(() => window.fixture.cookie()), 'fixture=page');
  assert.equal(await page.evaluate(() => window.fixture.title()), 'Bot Lab sandbox fixture');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(page.requests.filter((u) => u.includes('from-bot')), [], 'a bot made a network request');
});
