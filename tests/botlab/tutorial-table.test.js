// The Gomoku bot tutorial's table reproduced by the project's own
// tutorial-strategy bots (web/pages/gomoku/bots/) through scripts/arena, 10 rounds per level:
//
//   random-neighbour   RANDOM about even          LEVEL 1, 2, 3 lose every round
//   run-length         RANDOM wins every round    LEVEL 1, 2, 3 lose every round
//   open-ends          RANDOM, LEVEL 1 win every round    LEVEL 2, 3 lose every round
//
// Skipped until the engine answers `gomoku search` (the levels) and `gomoku play`.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { need, ROOT, ENGINE_DIR } = require('./lib/engine');
const { examplePath } = require('./lib/examples');

const ROUNDS = 10;

// scripts/arena --json for one bot against the four levels; resolves {LEVEL: result}.
function arena(file) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'arena'), '--game', 'gomoku',
    '--bot', examplePath('gomoku', file),
    '--vs', 'random', '--vs', 'level1', '--vs', 'level2', '--vs', 'level3', '--rounds', String(ROUNDS), '--seed', '1', '--json'],
  { encoding: 'utf8', env: { ...process.env, MINIARENA_ENGINE_DIR: ENGINE_DIR } });
  assert.equal(r.status, 0, r.stderr);
  const out = {};
  for (const line of r.stdout.trim().split('\n')) {
    const o = JSON.parse(line);
    assert.deepEqual(o.forfeits, [], `${file} forfeited against ${o.opponent}`);
    assert.equal(o.rounds, ROUNDS);
    out[o.opponent] = [o.wins, o.draws, o.losses];
  }
  return out;
}

const ALL_WON = [ROUNDS, 0, 0];
const ALL_LOST = [0, 0, ROUNDS];

test('random-neighbour: about even against RANDOM, loses every round to LEVEL 1, 2 and 3', async (t) => {
  if (!(await need(t, 'gomoku search', 'gomoku play'))) return;
  const r = arena('random-neighbour.js');
  // "About even": the match is reproducible from its seed, so this is one fixed result; the
  // band keeps the test about the strategy rather than about one calibration of RANDOM.
  const [wins, , losses] = r.RANDOM;
  assert.ok(wins >= 2 && losses >= 2, `RANDOM: ${wins}–${losses} is not about even`);
  assert.deepEqual([r['LEVEL 1'], r['LEVEL 2'], r['LEVEL 3']], [ALL_LOST, ALL_LOST, ALL_LOST]);
});

test('run-length: wins every round against RANDOM, loses every round to LEVEL 1, 2 and 3', async (t) => {
  if (!(await need(t, 'gomoku search', 'gomoku play'))) return;
  const r = arena('run-length.js');
  assert.deepEqual([r.RANDOM, r['LEVEL 1'], r['LEVEL 2'], r['LEVEL 3']], [ALL_WON, ALL_LOST, ALL_LOST, ALL_LOST]);
});

test('open-ends: wins every round against RANDOM and LEVEL 1, loses every round to LEVEL 2 and 3', async (t) => {
  if (!(await need(t, 'gomoku search', 'gomoku play'))) return;
  const r = arena('open-ends.js');
  assert.deepEqual([r.RANDOM, r['LEVEL 1'], r['LEVEL 2'], r['LEVEL 3']], [ALL_WON, ALL_WON, ALL_LOST, ALL_LOST]);
});
