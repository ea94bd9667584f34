// The Bot Lab sandbox under Node (worker thread + vm context): the broken-bot catalogue gets its
// documented load error or forfeit and the match goes on; what a bot can and cannot reach; the
// lifecycle, logs and a bot's fresh restart after a forfeit.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const referee = require('../../web/botlab/referee.js');
const sandbox = require('../../web/botlab/sandbox.js');
const { need } = require('./lib/engine');
const { CATALOGUE, LIMITS } = require('./lib/catalogue');

// Play tic-tac-toe against `opponents`; resolves {outcome, events} (move events dropped).
async function play(eng, source, { opponents = ['random'], rounds = 2, ...rest } = {}) {
  const events = [];
  const match = referee.createMatch({ serve: eng.serve, game: 'tictactoe', bot: { source, name: 'bot.js' }, opponents, rounds,
    onEvent: (e) => { if (e.type !== 'move') events.push(e); }, ...rest });
  return { outcome: await match.done, events };
}

const logs = (events, source = 'bot') => events.filter((e) => e.type === 'log' && e.source === source).map((e) => e.text);

for (const entry of CATALOGUE) {
  test(`broken bot under Node: ${entry.name}`, async (t) => {
    const eng = await need(t, 'tictactoe play', 'tictactoe search');
    if (!eng) return;
    if (entry.load) {
      const check = await referee.checkBot(entry.source, LIMITS);
      assert.deepEqual(check, { ok: false, ...entry.load });
      const { outcome, events } = await play(eng, entry.source, LIMITS);
      assert.equal(outcome.ok, false);
      assert.deepEqual(outcome.loadError, { player: 'bot.js', role: 'bot', ...entry.load });
      assert.equal(outcome.error, 'bot.js: ' + entry.load.error);
      assert.deepEqual(events.map((e) => e.type), ['matchStart', 'error', 'matchEnd']);
    } else {
      const { outcome, events } = await play(eng, entry.source, LIMITS);
      assert.equal(outcome.ok, true, outcome.error);
      const r = outcome.results[0];
      assert.deepEqual({ rounds: r.rounds, wins: r.wins, draws: r.draws, losses: r.losses }, { rounds: 2, wins: 0, draws: 0, losses: 2 });
      assert.deepEqual(r.forfeits, [{ round: 1, reason: entry.forfeit }, { round: 2, reason: entry.forfeit }]);
      const ends = events.filter((e) => e.type === 'roundEnd');
      assert.deepEqual(ends.map((e) => [e.round, e.win, e.forfeit, e.reason]),
        [[1, -1, 'bot', 'forfeit: ' + entry.forfeit], [2, -1, 'bot', 'forfeit: ' + entry.forfeit]]);
    }
  });
}

test('a bot under Node reaches no require, process, module or host objects', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const probe = [
    'var names = ["require", "process", "module", "exports", "global", "Buffer", "fetch", "setTimeout", "setInterval",',
    '  "queueMicrotask", "structuredClone", "WebSocket", "XMLHttpRequest", "document", "window", "localStorage"];',
    'var seen = {};',
    'names.forEach(function (n) { seen[n] = typeof globalThis[n]; });',
    'function attempt(f) { try { return f(); } catch (e) { return e.name + ": " + e.message; } }',
    'console.log(JSON.stringify(seen));',
    'console.log(attempt(function () { return Function("return typeof process")(); }));',
    'console.log(attempt(function () { return console.log.constructor("return typeof process")(); }));',
    'function onTurnStart(data) {',
    '  console.log(attempt(function () { return data.constructor.constructor("return typeof require")(); }));',
    '  for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (data.board[r][c] === 0) return [r, c];',
    '}'
  ].join('\n');
  const { outcome, events } = await play(eng, probe, { rounds: 1 });
  assert.equal(outcome.ok, true);
  const seen = JSON.parse(logs(events)[0]);
  for (const [name, type] of Object.entries(seen)) assert.equal(type, 'undefined', `${name} is reachable from a bot`);
  assert.deepEqual(logs(events).slice(1, 4), ['EvalError: Function is not available to bots', 'EvalError: Function is not available to bots',
    'EvalError: Function is not available to bots']);
});

test('the lifecycle: onGameStart, onRoundStart, onTurnStart…, onRoundEnd per round, onGameEnd with totals', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const source = [
    'var turns = 0;',
    'function onGameStart(info) { console.log("onGameStart " + JSON.stringify(info)); }',
    'function onRoundStart(info) { turns = 0; console.log("onRoundStart " + JSON.stringify(info)); }',
    'function onTurnStart(data) {',
    '  turns++;',
    '  if (turns === 1) console.log("first turn " + JSON.stringify(data));',
    '  for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (data.board[r][c] === 0) return [r, c];',
    '}',
    'function onRoundEnd(result) { console.log("onRoundEnd " + JSON.stringify(result)); }',
    'function onGameEnd(result) { console.log("onGameEnd " + JSON.stringify(result)); }'
  ].join('\n');
  const { outcome, events } = await play(eng, source, { opponents: ['master'], rounds: 2, seed: 3 });
  assert.equal(outcome.ok, true);
  const lines = logs(events);
  const kinds = lines.map((l) => l.split(' ')[0] + (l.startsWith('first') ? ' turn' : ''));
  assert.deepEqual(kinds, ['onGameStart', 'onRoundStart', 'first turn', 'onRoundEnd', 'onRoundStart', 'first turn', 'onRoundEnd', 'onGameEnd']);
  assert.deepEqual(JSON.parse(lines[0].slice('onGameStart '.length)), { game: 'tictactoe', rounds: 2, opponent: 'MASTER', timeLimitMs: 1000 });
  assert.deepEqual(JSON.parse(lines[1].slice('onRoundStart '.length)), { round: 1, color: 'X', first: true, game: 'tictactoe' });
  // Round 1: the bot is X and moves first: no opponentchoice, an empty board.
  assert.deepEqual(JSON.parse(lines[2].slice('first turn '.length)),
    { game: 'tictactoe', round: 1, color: 'X', first: true, board: [[0, 0, 0], [0, 0, 0], [0, 0, 0]], moves: 0, timeLimitMs: 1000 });
  // Round 2: the bot is O: opponentchoice is MASTER's first move, which is a 2 on its board.
  const second = JSON.parse(lines[5].slice('first turn '.length));
  assert.equal(second.color, 'O');
  assert.equal(second.first, false);
  assert.equal(second.moves, 1);
  const [r, c] = second.opponentchoice;
  const expected = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  expected[r][c] = 2;
  assert.deepEqual(second.board, expected);
  // onRoundEnd gets {win, reason, moves, round, color}; onGameEnd the totals.
  const end1 = JSON.parse(lines[3].slice('onRoundEnd '.length));
  const res = outcome.results[0];
  assert.deepEqual(end1, { win: res.results[0].win, reason: res.results[0].reason, moves: res.results[0].moves, round: 1, color: 'X' });
  assert.deepEqual(JSON.parse(lines[7].slice('onGameEnd '.length)), {
    win: Math.sign(res.wins - res.losses), reason: `${res.wins}–${res.losses}` + (res.draws ? `, ${res.draws} drawn` : ''),
    moves: res.moves, rounds: 2, wins: res.wins, draws: res.draws, losses: res.losses, forfeits: 0 });
  assert.equal(res.losses + res.draws, 2, 'MASTER never loses');
});

test('after a forfeit the bot restarts fresh: new globals, onGameStart again', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const source = [
    'var starts = 0, turns = 0;',
    'function onGameStart() { starts++; }',
    'function onTurnStart(data) {',
    '  turns++;',
    '  if (data.round === 1) throw new Error("round one");',
    '  console.log("starts " + starts + " turns " + turns);',
    '  for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (data.board[r][c] === 0) return [r, c];',
    '}'
  ].join('\n');
  const { outcome, events } = await play(eng, source, { rounds: 2 });
  assert.equal(outcome.ok, true);
  assert.deepEqual(outcome.results[0].forfeits, [{ round: 1, reason: 'onTurnStart threw Error: round one (line 5)' }]);
  assert.equal(logs(events)[0], 'starts 1 turns 1');
});

test('a bot that throws in onRoundEnd keeps its round result and is restarted for the next round', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const source = [
    'var rounds = 0;',
    'function onRoundStart() { rounds++; console.log("rounds seen " + rounds); }',
    'function onTurnStart(data) { for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (data.board[r][c] === 0) return [r, c]; }',
    'function onRoundEnd() { throw new Error("bad end"); }'
  ].join('\n');
  const { outcome, events } = await play(eng, source, { opponents: ['master'], rounds: 2 });
  assert.equal(outcome.ok, true);
  assert.deepEqual(outcome.results[0].forfeits, []);
  assert.deepEqual(logs(events), ['rounds seen 1', 'rounds seen 1']);
  assert.deepEqual(logs(events, 'referee'), [
    'onRoundEnd threw Error: bad end (line 4) (the bot is restarted for the next round)',
    'onRoundEnd threw Error: bad end (line 4) (the bot is restarted for the next round)']);
});

test('console output is captured line by line, values shown as JSON; a flood is capped per call', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const source = [
    'console.log("loaded", 1, [2, 3], {a: null});',
    'function onGameStart() { for (var i = 0; i < 500; i++) console.warn("line " + i); }',
    'function onTurnStart(data) { for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (data.board[r][c] === 0) return [r, c]; }'
  ].join('\n');
  const { events } = await play(eng, source, { rounds: 1 });
  const lines = events.filter((e) => e.type === 'log' && e.source === 'bot');
  assert.equal(lines[0].text, 'loaded 1 [2,3] {"a":null}');
  assert.equal(lines[1].level, 'warn');
  assert.equal(lines.length, 1 + 200);
  assert.equal(lines[200].text, 'line 199 (further log lines of this call are dropped)');
});

test('const/let hooks and arrow functions are found too', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const check = await referee.checkBot('const onTurnStart = (d) => [0, 0];\nlet onRoundEnd = () => {};\n');
  assert.deepEqual(check, { ok: true, hooks: ['onTurnStart', 'onRoundEnd'] });
});

test('Math.random inside a bot is seeded by the match: the same seed gives the same numbers', async () => {
  const source = 'var xs = []; for (var i = 0; i < 3; i++) xs.push(Math.random()); console.log(JSON.stringify(xs));\nfunction onTurnStart() { return [0, 0]; }';
  const seen = [];
  for (const seed of [5, 5, 6]) {
    const box = sandbox.createSandbox({ onLog: (level, text) => seen.push(text) });
    assert.equal((await box.load(source, seed)).ok, true);
    box.terminate();
  }
  assert.equal(seen[0], seen[1]);
  assert.notEqual(seen[0], seen[2]);
});

test('a call that returns late, but returns, is over the limit too (measured inside the sandbox)', async () => {
  const box = sandbox.createSandbox({ timeMs: 50 });
  const loaded = await box.load('function onTurnStart() { var t = Date.now(); while (Date.now() - t < 120) {} return [0, 0]; }', 1);
  assert.equal(loaded.ok, true);
  const r = await box.call('onTurnStart', {});
  assert.deepEqual(r, { ok: false, code: 'timeout', reason: 'onTurnStart exceeded the time limit of 50 ms' });
  box.terminate();
});

test('a bot that eats all its memory (256 MB under Node) forfeits, and the process lives on', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const source = 'function onTurnStart(d) { var a = []; for (;;) a.push(new Array(1e6).fill(1)); }';
  const { outcome } = await play(eng, source, { rounds: 1, timeMs: 20000 });
  assert.equal(outcome.ok, true);
  assert.deepEqual(outcome.results[0].forfeits, [{ round: 1, reason: 'onTurnStart crashed the bot: out of memory' }]);
});

// --- the walls around the Node sandbox ------------------------------------------------------------

// A local server that counts every connection and request made to it; resolves {url, hits, close}.
function countingServer() {
  const http = require('node:http');
  return new Promise((resolve) => {
    const hits = [];
    const server = http.createServer((req, res) => { hits.push(req.url); res.end('console.log("escaped")'); });
    server.on('connection', () => hits.push('connection'));
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, hits, close: () => server.close() }));
  });
}

const { hostileBot, NAMES } = require('./lib/network');

test('a bot under Node tries every way out: nothing reaches a server, the bot plays on', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const server = await countingServer();
  try {
    const { outcome, events } = await play(eng, hostileBot(NAMES, { other: server.url, site: server.url }), { rounds: 1 });
    assert.equal(outcome.ok, true, outcome.error);
    assert.deepEqual(outcome.results[0].forfeits, [], 'a bot is not forfeited for trying');
    for (const name of NAMES) {
      const attempt = logs(events).find((l) => l.startsWith(name + ': '));
      assert.ok(attempt, `the attempt "${name}" ran and reported (logs: ${JSON.stringify(logs(events))})`);
      assert.doesNotMatch(attempt, /: resolved$/);
    }
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(server.hits, []);
  } finally {
    server.close();
  }
});

// Code that got out of the vm context (here: handed process and require on purpose) still finds
// the process walled in: no file read or written, no process started, no socket, no worker, no
// native code, no environment.
test('a bot that escapes its context under Node can touch no file, process or socket', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'botlab-escape-'));
  const secret = path.join(dir, 'secret.txt');
  fs.writeFileSync(secret, 'the user\'s file');
  const server = await countingServer();
  const port = Number(new URL(server.url).port);
  const source = [
    'function attempt(name, fn) {',
    '  try { var v = fn(); console.log(name + ": got " + JSON.stringify(v)); }',
    '  catch (e) { console.log(name + ": " + (e.code || e.name)); }',
    '}',
    'function onGameStart() {',
    '  var fs = require("fs");',
    `  attempt("read", function () { return fs.readFileSync(${JSON.stringify(secret)}, "utf8"); });`,
    `  attempt("write", function () { fs.writeFileSync(${JSON.stringify(path.join(dir, 'written'))}, "x"); return "written"; });`,
    `  attempt("remove", function () { fs.unlinkSync(${JSON.stringify(secret)}); return "removed"; });`,
    `  attempt("list", function () { return fs.readdirSync(${JSON.stringify(dir)}); });`,
    `  attempt("exec", function () { return String(require("child_process").execSync("touch ${path.join(dir, 'spawned')}")); });`,
    '  attempt("worker", function () { new (require("worker_threads").Worker)("1", { eval: true }); return "started"; });',
    '  attempt("binding", function () { return typeof process.binding("fs"); });',
    '  attempt("addon", function () { process.dlopen({ exports: {} }, "/usr/lib/x86_64-linux-gnu/libz.so.1"); return "loaded"; });',
    '  attempt("environment", function () { return Object.keys(process.env).filter(function (k) { return k !== "MINIARENA_BOT_ESCAPE"; }); });',
    '  attempt("parent", function () { return process.ppid; });',
    `  var socket = require("net").connect(${port}, "127.0.0.1");`,
    '  socket.on("connect", function () { console.log("socket: connected"); });',
    '  socket.on("error", function (e) { console.log("socket: " + e.code); });',
    `  require("http").get(${JSON.stringify(server.url + 'escaped')}).on("error", function (e) { console.log("http: " + e.code); });`,
    '}',
    'function onTurnStart(d) { for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (d.board[r][c] === 0) return [r, c]; }'
  ].join('\n');
  try {
    const events = [];
    const match = referee.createMatch({ serve: eng.serve, game: 'tictactoe', bot: { source, name: 'escaped' }, opponents: ['random'], rounds: 1,
      speedMs: 100, onEvent: (e) => { if (e.type !== 'move') events.push(e); },
      createSandbox: (o) => sandbox.createSandbox({ ...o, spawnOptions: { escapeForTest: true } }) });
    const outcome = await match.done;
    assert.equal(outcome.ok, true, outcome.error);
    const seen = Object.fromEntries(logs(events).map((l) => l.split(': ')));
    assert.deepEqual(seen, {
      read: 'ERR_ACCESS_DENIED', write: 'ERR_ACCESS_DENIED', remove: 'ERR_ACCESS_DENIED', list: 'ERR_ACCESS_DENIED',
      exec: 'ERR_ACCESS_DENIED', worker: 'ERR_ACCESS_DENIED', binding: 'ERR_ACCESS_DENIED', addon: 'ERR_DLOPEN_DISABLED',
      environment: 'got []', parent: 'got 0', socket: 'ENETUNREACH', http: 'ENETUNREACH'
    });
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(server.hits, [], 'a connection reached this machine');
    assert.deepEqual(fs.readdirSync(dir), ['secret.txt']);
    assert.equal(fs.readFileSync(secret, 'utf8'), 'the user\'s file');
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the escape hatch of the test above is the tests\' alone: a bot cannot open it from its source', async () => {
  const box = sandbox.createSandbox({ onLog: () => {} });
  const loaded = await box.load('var seen = typeof process + " " + typeof require;\nfunction onTurnStart() { return seen; }', 1);
  assert.equal(loaded.ok, true);
  const r = await box.call('onTurnStart', {});
  assert.deepEqual(r.value, { type: 'string', text: 'undefined undefined' });
  box.terminate();
});
