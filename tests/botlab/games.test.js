// Gomoku and Othello through the real engine: the example bots play without forfeits, the
// data a bot gets, and the game-specific forfeits ([15, 3] off a 15×15 board, an Othello move
// that flips nothing). Skipped, naming the missing verb, until that game's engine answers
// `play` and `search`.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const referee = require('../../web/botlab/referee.js');
const { need, ROOT } = require('./lib/engine');

const { examplePath } = require('./lib/examples');
const example = (game, name) => fs.readFileSync(examplePath(game, name), 'utf8');

// Run a match; resolves {outcome, events}.
async function run(options) {
  const events = [];
  const match = referee.createMatch({ ...options, onEvent: (e) => events.push(e) });
  return { outcome: await match.done, events };
}

for (const file of ['random-neighbour.js', 'run-length.js', 'open-ends.js']) {
  test(`gomoku: the example ${file} plays RANDOM without a forfeit`, async (t) => {
    const eng = await need(t, 'gomoku play', 'gomoku search');
    if (!eng) return;
    const { outcome, events } = await run({ serve: eng.serve, game: 'gomoku', bot: { source: example('gomoku', file), name: file }, opponents: ['random'], rounds: 2, seed: 5 });
    assert.equal(outcome.ok, true, outcome.error);
    const r = outcome.results[0];
    assert.deepEqual([r.rounds, r.forfeits, r.opponentForfeits], [2, [], []]);
    for (const e of events.filter((x) => x.type === 'roundEnd')) {
      assert.ok(['five in a row', 'the board is full'].includes(e.reason), e.reason);
      assert.equal(e.history.length, e.moves);
    }
  });
}

test('gomoku: what a bot sees: no opponentchoice when it opens, RANDOM\'s centre stone when it answers', async (t) => {
  const eng = await need(t, 'gomoku play', 'gomoku search');
  if (!eng) return;
  const bot = 'var n = 0;\nfunction onRoundStart() { n = 0; }\n' +
    'function onTurnStart(d) { if (n++ === 0) console.log(JSON.stringify({ oc: d.opponentchoice === undefined ? "absent" : d.opponentchoice, color: d.color, first: d.first, size: d.board.length, stones: d.board.flat().filter(Boolean).length, centre: d.board[7][7] }));\n' +
    '  for (var r = 0; r < 15; r++) for (var c = 0; c < 15; c++) if (d.board[r][c] === 0) return [r, c]; }';
  const { outcome, events } = await run({ serve: eng.serve, game: 'gomoku', bot: { source: bot, name: 'b' }, opponents: ['random'], rounds: 2 });
  assert.equal(outcome.ok, true, outcome.error);
  const seen = events.filter((e) => e.type === 'log').map((e) => JSON.parse(e.text));
  assert.deepEqual(seen, [
    { oc: 'absent', color: 'black', first: true, size: 15, stones: 0, centre: 0 },
    { oc: [7, 7], color: 'white', first: false, size: 15, stones: 1, centre: 2 }]);
});

test('gomoku: [15, 3] and an occupied cell are forfeits', async (t) => {
  const eng = await need(t, 'gomoku play', 'gomoku search');
  if (!eng) return;
  const cases = [
    ['function onTurnStart() { return [15, 3]; }', 'onTurnStart returned [15, 3]: outside the board (rows and columns are 0..14)'],
    ['function onTurnStart() { return [7, 7]; }', 'onTurnStart returned [7, 7]: that cell is already taken']
  ];
  for (const [source, reason] of cases) {
    const { outcome } = await run({ serve: eng.serve, game: 'gomoku', bot: { source, name: 'b' }, opponents: ['random'], rounds: 2 });
    assert.deepEqual(outcome.results[0].forfeits, [{ round: 1, reason }, { round: 2, reason }]);
  }
});

test('othello: the example bot plays RANDOM; it is only asked with legal moves; discs decide', async (t) => {
  const eng = await need(t, 'othello play', 'othello search');
  if (!eng) return;
  const { outcome, events } = await run({ serve: eng.serve, game: 'othello', bot: { source: example('othello', 'othello-corners.js'), name: 'corners' },
    opponents: ['random'], rounds: 2, seed: 3 });
  assert.equal(outcome.ok, true, outcome.error);
  assert.deepEqual(outcome.results[0].forfeits, []);
  for (const e of events.filter((x) => x.type === 'roundEnd')) {
    const m = /^discs (\d+)–(\d+)$/.exec(e.reason);
    assert.ok(m, e.reason);
    const [mine, theirs] = [Number(m[1]), Number(m[2])];
    assert.ok(mine + theirs <= 64);
    assert.equal(e.win, Math.sign(mine - theirs));
  }
});

test('othello: a move that flips nothing is a forfeit naming the legal moves', async (t) => {
  const eng = await need(t, 'othello play', 'othello search');
  if (!eng) return;
  const { outcome } = await run({ serve: eng.serve, game: 'othello', bot: { source: 'function onTurnStart() { return [0, 0]; }', name: 'b' },
    opponents: ['random'], rounds: 1 });
  assert.deepEqual(outcome.results[0].forfeits, [{ round: 1, reason: 'onTurnStart returned [0, 0]: not a legal move (legal: [2, 3] [3, 2] [4, 5] [5, 4])' }]);
});

test('othello: level against level runs to the end', async (t) => {
  const eng = await need(t, 'othello play', 'othello search');
  if (!eng) return;
  const { outcome } = await run({ serve: eng.serve, game: 'othello', bot: 'level1', opponents: ['random'], rounds: 2 });
  assert.equal(outcome.ok, true, outcome.error);
  assert.equal(outcome.results[0].rounds, 2);
});
