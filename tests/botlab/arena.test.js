// scripts/arena: argument errors (exit 2 with a message), a bot that does not load (exit 2),
// a missing engine (exit 1), the exact --json shape, the table, reproducibility from --seed.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { need, ROOT, ENGINE_DIR } = require('./lib/engine');

const ARENA = path.join(ROOT, 'scripts', 'arena');
const { examplePath } = require('./lib/examples');
let dir;

// Run scripts/arena; resolves {code, stdout, stderr}.
function arena(args, env = {}) {
  const r = spawnSync(process.execPath, [ARENA, ...args], { encoding: 'utf8', env: { ...process.env, MINIARENA_ENGINE_DIR: ENGINE_DIR, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Write a bot file into the test's temporary folder; returns its path.
function botFile(name, source) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, source);
  return file;
}

before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-test-')); });
after(() => { fs.rmSync(dir, { recursive: true, force: true }); });

test('--help prints the usage and exits 0', () => {
  const r = arena(['--help']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^usage: scripts\/arena --game gomoku\|othello\|tictactoe --bot FILE\.js\|LEVEL --vs LEVEL\|FILE\.js/);
});

test('wrong arguments exit 2 with a message naming the problem', () => {
  const ttt = examplePath('tictactoe', 'tictactoe-rules.js');
  const cases = [
    [[], '--game is missing (gomoku, othello, tictactoe)'],
    [['--game', 'chess', '--bot', ttt, '--vs', 'random'], 'unknown game "chess" (gomoku, othello, tictactoe)'],
    [['--game', 'tictactoe', '--vs', 'random'], '--bot is missing (a bot file or a level)'],
    [['--game', 'tictactoe', '--bot', ttt], '--vs is missing (a level or a bot file; repeat it for more opponents)'],
    [['--game', 'tictactoe', '--bot', ttt, '--vs'], '--vs needs a value'],
    [['--game', 'tictactoe', '--bot', ttt, '--vs', 'random', '--rounds', '0'], '--rounds must be a whole number ≥ 1, not "0"'],
    [['--game', 'tictactoe', '--bot', ttt, '--vs', 'random', '--rounds', 'ten'], '--rounds must be a whole number ≥ 1, not "ten"'],
    [['--game', 'tictactoe', '--bot', ttt, '--vs', 'random', '--seed', '-3'], '--seed must be a whole number ≥ 0, not "-3"'],
    [['--game', 'tictactoe', '--bot', ttt, '--vs', 'random', '--time-ms', '0'], '--time-ms must be a whole number ≥ 1, not "0"'],
    [['--game', 'tictactoe', '--bot', ttt, '--vs', 'random', '--fast'], 'unknown argument "--fast"'],
    [['--game', 'tictactoe', '--bot', ttt, '--vs', 'level9'], '--vs level9: unknown level "level9" (random, level1, level2, level3, master) (a bot file must end in .js or contain a /)'],
    [['--game', 'tictactoe', '--bot', 'level3', '--vs', 'random'], '--bot level3: Tic-tac-toe has no LEVEL 3 (it has RANDOM, MASTER)'],
    [['--game', 'tictactoe', '--bot', 'no/such/bot.js', '--vs', 'random'], '--bot no/such/bot.js: cannot read the file (ENOENT)'],
    [['--game', 'tictactoe', '--bot', ttt, '--vs', 'random', '--rule', 'renju'], '--rule is for gomoku only']
  ];
  for (const [args, message] of cases) {
    const r = arena(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr, `arena: ${message}\n(scripts/arena --help for the usage)\n`);
    assert.equal(r.stdout, '');
  }
});

test('a bot that does not load exits 2 before any round, naming the file and the error', async (t) => {
  if (!(await need(t, 'tictactoe play', 'tictactoe search'))) return;
  const broken = botFile('broken.js', 'function onTurnStart(data) {\n');
  let r = arena(['--game', 'tictactoe', '--bot', broken, '--vs', 'random', '--rounds', '2']);
  assert.equal(r.code, 2);
  assert.equal(r.stderr, 'arena: --bot broken.js does not load: SyntaxError: Unexpected end of input\n');
  assert.equal(r.stdout, '');
  const empty = botFile('empty.js', '// nothing here\n');
  r = arena(['--game', 'tictactoe', '--bot', 'master', '--vs', 'random', '--vs', empty]);
  assert.equal(r.code, 2);
  assert.equal(r.stderr, 'arena: --vs empty.js does not load: the bot defines no onTurnStart(data) function\n');
});

test('no engine module: exit 1 with where it looked', () => {
  const r = arena(['--game', 'tictactoe', '--bot', 'master', '--vs', 'random'], { MINIARENA_ENGINE_DIR: path.join(dir, 'nowhere') });
  assert.equal(r.code, 1);
  assert.equal(r.stderr, `arena: the engine modules are not in ${path.join(dir, 'nowhere')} (botlab/catalogue.js): build them, or set MINIARENA_ENGINE_DIR\n`);
});

test('--json: one object per opponent and line, exactly {game, bot, opponent, rounds, wins, draws, losses, forfeits}', async (t) => {
  if (!(await need(t, 'tictactoe play', 'tictactoe search'))) return;
  const flaky = botFile('flaky.js', 'function onTurnStart(data) {\n  if (data.round === 2) throw new Error("round two");\n' +
    '  for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (data.board[r][c] === 0) return [r, c];\n}\n');
  const r = arena(['--game', 'tictactoe', '--bot', flaky, '--vs', 'random', '--vs', 'master', '--rounds', '3', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 2);
  const objects = lines.map((l) => JSON.parse(l));
  for (const [i, o] of objects.entries()) {
    assert.deepEqual(Object.keys(o), ['game', 'bot', 'opponent', 'rounds', 'wins', 'draws', 'losses', 'forfeits']);
    assert.deepEqual([o.game, o.bot, o.opponent, o.rounds], ['tictactoe', 'flaky.js', ['RANDOM', 'MASTER'][i], 3]);
    assert.equal(o.wins + o.draws + o.losses, 3);
    assert.deepEqual(o.forfeits, [{ round: 2, reason: 'onTurnStart threw Error: round two (line 2)' }]);
  }
  assert.equal(objects[1].wins, 0);
});

test('the readable table: header, one row per opponent, forfeits, then "OPPONENT: wins–losses"', async (t) => {
  if (!(await need(t, 'tictactoe play', 'tictactoe search'))) return;
  const r = arena(['--game', 'tictactoe', '--bot', 'master', '--vs', 'master', '--vs', botFile('str.js', 'function onTurnStart() { return "b2"; }'), '--rounds', '2']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, [
    'tictactoe · MASTER · 2 rounds per opponent · seed 1 · time limit 1000 ms',
    '',
    'opponent  rounds  wins  draws  losses  forfeits',
    'MASTER         2     0      2       0         0',
    'str.js         2     2      0       0         0',
    '',
    'MASTER: 0–0 (2 draws)',
    'str.js: 2–0',
    ''].join('\n'));
});

test('the same --seed gives the same output; level against level works', async (t) => {
  if (!(await need(t, 'tictactoe play', 'tictactoe search'))) return;
  const args = ['--game', 'tictactoe', '--bot', 'random', '--vs', 'random', '--rounds', '6', '--json'];
  const a = arena([...args, '--seed', '123']);
  const b = arena([...args, '--seed', '123']);
  assert.equal(a.code, 0, a.stderr);
  assert.equal(a.stdout, b.stdout);
  const o = JSON.parse(a.stdout);
  assert.deepEqual([o.bot, o.opponent, o.rounds, o.wins + o.draws + o.losses], ['RANDOM', 'RANDOM', 6, 6]);
});

test('--log prints the bot\'s console output on stderr', async (t) => {
  if (!(await need(t, 'tictactoe play', 'tictactoe search'))) return;
  const r = arena(['--game', 'tictactoe', '--bot', examplePath('tictactoe', 'tictactoe-rules.js'), '--vs', 'master', '--rounds', '1', '--json', '--log']);
  assert.equal(r.code, 0);
  assert.equal(r.stderr, '[bot tictactoe-rules.js r1] round 1: drawn (the board is full)\n');
});
