// The Bot Lab referee: whole tic-tac-toe matches through the real engine (its engine side is
// complete), reproducibility from the seed, bot vs bot and level vs level, stop(), the judging
// of returned moves, and Othello's pass rule (opponentchoice null) against a scripted engine.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const referee = require('../../web/botlab/referee.js');
const games = require('../../web/botlab/games.js');
const { need, ROOT } = require('./lib/engine');

const { examplePath } = require('./lib/examples');
const example = (game, name) => fs.readFileSync(examplePath(game, name), 'utf8');
const FIRST_EMPTY = 'function onTurnStart(d) { for (var r = 0; r < d.board.length; r++) for (var c = 0; c < d.board.length; c++) if (d.board[r][c] === 0) return [r, c]; }';
const RANDOM_EMPTY = 'function onTurnStart(d) { var free = []; d.board.forEach(function (row, r) { row.forEach(function (v, c) { if (v === 0) free.push([r, c]); }); }); return free[Math.floor(Math.random() * free.length)]; }';

// Run a match; resolves {outcome, events}.
async function run(options) {
  const events = [];
  const match = referee.createMatch({ ...options, onEvent: (e) => events.push(e) });
  return { outcome: await match.done, events };
}

const histories = (events) => events.filter((e) => e.type === 'roundEnd').map((e) => e.history);

test('tic-tac-toe end to end: every event in order, boards follow the moves, results add up', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const { outcome, events } = await run({ serve: eng.serve, game: 'tictactoe', bot: { source: example('tictactoe', 'tictactoe-rules.js'), name: 'rules' },
    opponents: ['random', 'master'], rounds: 3, seed: 11 });
  assert.equal(outcome.ok, true);
  assert.equal(outcome.stopped, false);
  assert.equal(events[0].type, 'matchStart');
  assert.deepEqual(events[0], { type: 'matchStart', game: 'tictactoe', bot: 'rules', opponents: ['RANDOM', 'MASTER'], rounds: 3, seed: 11, timeMs: 1000 });
  assert.equal(events.at(-1).type, 'matchEnd');
  const skeleton = events.filter((e) => e.type !== 'move' && e.type !== 'log').map((e) => e.type + (e.round ? e.round : ''));
  assert.deepEqual(skeleton, ['matchStart', 'opponentStart', 'roundStart1', 'roundEnd1', 'roundStart2', 'roundEnd2', 'roundStart3', 'roundEnd3',
    'opponentEnd', 'opponentStart', 'roundStart1', 'roundEnd1', 'roundStart2', 'roundEnd2', 'roundStart3', 'roundEnd3', 'opponentEnd', 'matchEnd']);
  // Every move event's board is the previous board plus that move; colours alternate, X first.
  let board = null;
  for (const e of events) {
    if (e.type === 'roundStart') {
      board = games.emptyBoard(3);
      assert.deepEqual(e.board, board);
      assert.equal(e.botColor, e.round % 2 ? 'X' : 'O');
    }
    if (e.type === 'move') {
      board[e.move[0]][e.move[1]] = e.color === 'X' ? 1 : 2;
      assert.deepEqual(e.board, board);
      assert.equal(e.color, e.moveNumber % 2 ? 'X' : 'O');
      assert.equal(e.player, (e.color === 'X') === (e.round % 2 === 1) ? 'bot' : 'opponent');
      if (e.over && e.line.length) {
        assert.equal(e.line.length, 3);
        for (const [r, c] of e.line) assert.equal(board[r][c], e.color === 'X' ? 1 : 2);
      }
    }
  }
  for (const r of outcome.results) {
    assert.equal(r.rounds, 3);
    assert.equal(r.wins + r.draws + r.losses, 3);
    assert.deepEqual(r.forfeits, []);
    assert.equal(r.summary, `${r.opponent}: ${r.wins}–${r.losses}` + (r.draws ? ` (${r.draws} draw${r.draws > 1 ? 's' : ''})` : ''));
  }
  assert.equal(outcome.results[1].wins, 0, 'MASTER never loses');
});

test('the same seed replays the same match; another seed plays another one', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const opts = { serve: eng.serve, game: 'tictactoe', bot: { source: RANDOM_EMPTY, name: 'r' }, opponents: ['random'], rounds: 4 };
  const a = await run({ ...opts, seed: 42 });
  const b = await run({ ...opts, seed: 42 });
  const c = await run({ ...opts, seed: 43 });
  assert.deepEqual(histories(a.events), histories(b.events));
  assert.deepEqual(a.outcome.results, b.outcome.results);
  assert.notDeepEqual(histories(a.events), histories(c.events));
});

test('results against one opponent do not depend on the other opponents in the list', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const source = 'var bias = Math.random();\n' + RANDOM_EMPTY.replace('Math.random()', '((Math.random() + bias) % 1)');
  const opts = { serve: eng.serve, game: 'tictactoe', bot: { source, name: 'r' }, rounds: 3, seed: 9 };
  const alone = await run({ ...opts, opponents: ['random'] });
  const second = await run({ ...opts, opponents: ['master', 'random'] });
  assert.deepEqual(second.outcome.results[1].results, alone.outcome.results[0].results);
});

test('level against level: MASTER against MASTER draws every round', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const { outcome } = await run({ serve: eng.serve, game: 'tictactoe', bot: 'master', opponents: ['MASTER'], rounds: 2 });
  assert.equal(outcome.ok, true);
  const r = outcome.results[0];
  assert.deepEqual([r.bot, r.opponent, r.wins, r.draws, r.losses], ['MASTER', 'MASTER', 0, 2, 0]);
});

test('bot against bot: both sandboxed; a forfeit by the opponent bot is a win for the bot', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const broken = 'function onTurnStart() { return "nope"; }';
  const { outcome, events } = await run({ serve: eng.serve, game: 'tictactoe', bot: { source: FIRST_EMPTY, name: 'first' },
    opponents: [{ source: broken, name: 'broken' }, { source: FIRST_EMPTY, name: 'first again' }], rounds: 2 });
  assert.equal(outcome.ok, true);
  const [vsBroken, vsSelf] = outcome.results;
  assert.deepEqual([vsBroken.opponent, vsBroken.wins, vsBroken.losses, vsBroken.forfeits], ['broken', 2, 0, []]);
  assert.deepEqual(vsBroken.opponentForfeits, [
    { round: 1, reason: 'onTurnStart returned a string ("nope"), not a move [row, col]' },
    { round: 2, reason: 'onTurnStart returned a string ("nope"), not a move [row, col]' }]);
  assert.equal(events.find((e) => e.type === 'roundEnd').reason, 'opponent forfeit: onTurnStart returned a string ("nope"), not a move [row, col]');
  // first-empty against itself: X fills 0,0 / 0,2 / 1,1 … and wins on the diagonal each time.
  assert.deepEqual([vsSelf.wins, vsSelf.losses], [1, 1]);
});

test('stop() ends a match at once, even while a bot loops forever', async (t) => {
  const eng = await need(t, 'tictactoe play', 'tictactoe search');
  if (!eng) return;
  const events = [];
  const match = referee.createMatch({ serve: eng.serve, game: 'tictactoe', bot: { source: 'function onTurnStart() { for (;;) {} }' },
    opponents: ['random'], rounds: 10, timeMs: 60000, onEvent: (e) => {
      events.push(e.type);
      if (e.type === 'roundStart') setTimeout(() => match.stop(), 50);
    } });
  const outcome = await match.done;
  assert.equal(outcome.stopped, true);
  assert.equal(outcome.ok, false);
  assert.deepEqual(events, ['matchStart', 'opponentStart', 'roundStart', 'matchEnd']);
});

test('wrong match options are refused with a message', async () => {
  const serve = async () => '{}';
  const cases = [
    [{ game: 'chess', bot: 'random', opponents: ['random'] }, 'unknown game "chess" (gomoku, othello, tictactoe)'],
    [{ game: 'tictactoe', bot: 'level2', opponents: ['random'] }, 'Tic-tac-toe has no LEVEL 2 (it has RANDOM, MASTER)'],
    [{ game: 'gomoku', bot: 'random', opponents: ['level7'] }, 'unknown level "level7" (random, level1, level2, level3, master)'],
    [{ game: 'gomoku', bot: 'random', opponents: [] }, 'no opponents'],
    [{ game: 'gomoku', bot: 'random', opponents: ['random'], rounds: 0 }, 'rounds must be a whole number ≥ 1'],
    [{ game: 'gomoku', bot: 'random', opponents: ['random'], seed: -1 }, 'the seed must be a whole number 0..9007199254740991']
  ];
  for (const [opts, error] of cases) {
    const { outcome, events } = await run({ serve, ...opts });
    assert.deepEqual({ ok: outcome.ok, error: outcome.error }, { ok: false, error });
    assert.deepEqual(events.map((e) => e.type), ['error', 'matchEnd']);
  }
});

test('judgeMove: shapes, ranges, taken cells and Othello legality', () => {
  const g = games.GAMES.gomoku;
  const state = g.initial();
  state.board[7][7] = 1;
  const judge = (v, s = state, game = g) => referee.judgeMove(v, game, s);
  const arr = (...items) => ({ type: 'array', length: items.length, items });
  assert.deepEqual(judge(arr(7, 8)), { move: [7, 8] });
  assert.equal(judge(arr(15, 3)).reason, 'onTurnStart returned [15, 3]: outside the board (rows and columns are 0..14)');
  assert.equal(judge(arr(-1, 3)).reason, 'onTurnStart returned [-1, 3]: outside the board (rows and columns are 0..14)');
  assert.equal(judge(arr(7, 7)).reason, 'onTurnStart returned [7, 7]: that cell is already taken');
  assert.equal(judge(arr(1)).reason, 'onTurnStart returned [1]: a move is two numbers [row, col]');
  assert.equal(judge({ type: 'array', length: 9, items: [1, 2, 3, 4] }).reason, 'onTurnStart returned [1, 2, 3, 4, …]: a move is two numbers [row, col]');
  assert.equal(judge(arr(1, { type: 'string', text: '2' })).reason, 'onTurnStart returned [1, "2"]: row and column must be whole numbers');
  assert.equal(judge({ type: 'null' }).reason, 'onTurnStart returned null, not a move [row, col]');
  assert.equal(judge({ type: 'number', text: '112' }).reason, 'onTurnStart returned a number (112), not a move [row, col]');
  assert.equal(judge({ type: 'object', text: '{"row":1}' }).reason, 'onTurnStart returned an object ({"row":1}), not a move [row, col]');
  const o = games.GAMES.othello;
  assert.deepEqual(judge(arr(2, 3), o.initial(), o), { move: [2, 3] });
  assert.equal(judge(arr(0, 0), o.initial(), o).reason, 'onTurnStart returned [0, 0]: not a legal move (legal: [2, 3] [3, 2] [4, 5] [5, 4])');
});

test('mixSeed is a stable 32-bit mix', () => {
  assert.equal(referee.mixSeed(1, 2, 3), referee.mixSeed(1, 2, 3));
  assert.notEqual(referee.mixSeed(1, 2, 3), referee.mixSeed(1, 3, 2));
  assert.notEqual(referee.mixSeed(2 ** 32 + 1), referee.mixSeed(1));
  const s = referee.mixSeed(Number.MAX_SAFE_INTEGER, 0);
  assert.ok(Number.isInteger(s) && s >= 0 && s < 2 ** 32);
});

// A scripted Othello engine: black's first move makes white pass, black's second ends the game.
// Its replies carry the shared fields every game's play reply has (src/games/README.md).
function scriptedOthello() {
  const requests = [];
  const reply = (board, side, turn, legalMoves, outcome) => {
    const cells = [];
    for (let r = 0; r < 8; r++) cells.push([...board.slice(8 * r, 8 * r + 8)].map((ch) => (ch === 'X' ? 1 : ch === 'O' ? 2 : 0)));
    return JSON.stringify({ cells, turn, legalMoves, forbiddenPoints: [], last: null, outcome, position: board + ' ' + side });
  };
  const serve = async (line) => {
    requests.push(line);
    const [, verb, board, side, sq] = line.split(' ');
    if (verb === 'search') return JSON.stringify({ move: 'f5', row: 4, col: 5 });
    if (verb !== 'play') return JSON.stringify({ error: 'unknown verb' });
    const b = board.split('');
    const at = (sq.charCodeAt(0) - 97) + 8 * (Number(sq[1]) - 1);
    b[at] = side;
    if (requests.filter((r) => r.includes(' play ')).length === 1) {
      b[27] = 'X'; // d4 flipped
      return reply(b.join(''), 'X', 1, [[3, 2]], null);
    }
    return reply('XXXXXXX' + '-'.repeat(57), '-', 0, [], { winner: 1, reason: 'discs', line: [] });
  };
  return { serve, requests };
}

test('Othello: after the opponent passes, the bot moves again with opponentchoice null and the legal moves', async () => {
  const { serve, requests } = scriptedOthello();
  const bot = 'function onTurnStart(d) { console.log(JSON.stringify({ oc: d.opponentchoice === undefined ? "absent" : d.opponentchoice, legal: d.legal, moves: d.moves })); return d.legal[0]; }';
  const { outcome, events } = await run({ serve, game: 'othello', bot: { source: bot, name: 'o' }, opponents: ['random'], rounds: 1 });
  assert.equal(outcome.ok, true, outcome.error);
  const seen = events.filter((e) => e.type === 'log').map((e) => JSON.parse(e.text));
  assert.deepEqual(seen, [
    { oc: 'absent', legal: [[2, 3], [3, 2], [4, 5], [5, 4]], moves: 0 },
    { oc: null, legal: [[3, 2]], moves: 1 }]);
  assert.deepEqual(requests.map((r) => r.split(' ').filter((x, i) => i !== 2).join(' ')),
    ['othello play X d3', 'othello play X c4']);
  const moves = events.filter((e) => e.type === 'move');
  assert.equal(moves[0].passed, 'white');
  assert.deepEqual(moves[0].flipped, [[3, 3]]);
  const end = events.find((e) => e.type === 'roundEnd');
  assert.deepEqual([end.win, end.reason, end.moves, end.history], [1, 'discs 7–0', 2, [[2, 3], null, [3, 2]]]);
});

test('the engine failing mid-match ends it with the engine\'s message', async () => {
  const serve = async (line) => (line.includes(' search ') ? '{"error":"search: out of cheese"}'
    : '{"board":"X--------","toMove":"O","winner":null,"line":[],"cells":[[1,0,0],[0,0,0],[0,0,0]],"turn":2,"legalMoves":[],' +
      '"forbiddenPoints":[],"last":[0,0],"outcome":null,"position":"X--------"}');
  const { outcome } = await run({ serve, game: 'tictactoe', bot: 'master', opponents: ['random'], rounds: 1 });
  assert.equal(outcome.ok, false);
  assert.equal(outcome.error, 'the engine could not move for MASTER: search: out of cheese (request: tictactoe search --------- level=hard seed=' +
    referee.mixSeed(1, 1, 0, 0) + ')');
});
