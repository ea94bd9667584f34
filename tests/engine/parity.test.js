// The engines are one code base: the wasm modules (the ones the Web Worker and scripts/arena
// load, one per game) must count exactly the nodes the native tools count, and answer the same
// requests.
'use strict';
const { test, before } = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { loadEngine, loadModule, catalogueGames, loadAsset, loadAssetBytes } = require('../../web/botlab/node-engine.js');

const ROOT = path.resolve(__dirname, '..', '..');
const SITE = process.env.MINIARENA_SITE || path.join(ROOT, 'build', 'web');
const BIN = process.env.MINIARENA_NATIVE_BIN || path.join(ROOT, 'build', 'native', 'bin');



// The site's engine-<game>.js with one of its modules (engine-<game>.wasm, or
// engine-<game>-scalar.wasm for browsers without SIMD): the module and a serve(line) → reply.
async function load(game, wasmFile) {
  const M = await loadModule(SITE, game, wasmFile);
  return { M, serve: (line) => JSON.parse(M.ccall('engine_serve', 'string', ['string'], [line])) };
}

// serve(line) → reply: every game's module with its assets, as scripts/arena loads them.
let serve;
before(async () => {
  const engine = await load('othello');
  // Without the weights MASTER evaluates classically (the worker's state before the fetch).
  assert.equal(engine.serve('othello bench').nodes > 0, true);
  const loadBytes = (file, bytes) => loadAssetBytes(engine.M, file, bytes);
  const weights = fs.readFileSync(path.join(SITE, 'othello-weights.bin'));
  assert.equal(loadBytes('othello-weights.bin', new Uint8Array(0)), 0, 'no bytes are refused');
  assert.equal(loadBytes('othello-weights.bin', weights.subarray(0, 1000)), 0, 'cut-off weights are refused');
  assert.equal(loadBytes('no-such-asset.bin', weights), 0, 'a file no game takes is refused');
  loadAsset(engine.M, path.join(SITE, 'othello-weights.bin'));
  const all = await loadEngine(SITE);
  serve = (line) => JSON.parse(all.serveSync(line));
});

// A game page fetches its own game's engine alone: each module serves its game and no other.
test('each game has its own engine module, which knows no other game', async () => {
  const games = catalogueGames(SITE).map((g) => g.id);
  assert.deepEqual(games.slice().sort(), ['gomoku', 'othello', 'tictactoe']);
  for (const game of games) {
    const { serve: own } = await load(game);
    assert.equal(typeof own(`${game} start`).error, 'undefined', `${game}'s module starts a ${game} game`);
    for (const other of games.filter((g) => g !== game)) {
      assert.equal(own(`${other} start`).error, `unknown game "${other}"`, `${game}'s module and ${other}`);
    }
    assert.deepEqual(own('ping'), { pong: true });
  }
});

// The first integer after `label` in a tool's output.
function number(out, re) {
  const m = out.match(re);
  assert.ok(m, `no match for ${re} in:\n${out}`);
  return Number(m[1]);
}

test('othello bench: the same node count natively and in wasm', () => {
  const out = execFileSync(path.join(BIN, 'othello'), ['bench'], { encoding: 'utf8' });
  const native = number(out, /bench: (\d+) nodes/);
  const wasm = serve('othello bench');
  assert.equal(wasm.nodes, native);
});

// The exact solver does the same work natively and in wasm: FFO #40 (20 empties) with the
// module's table size gives one node count everywhere, and the module's `solve` starts from empty
// tables, so asking twice costs the same. scripts/bench's in-turn ratio rests on this.
test('othello solve: FFO #40 takes the same nodes natively (hash=19) and in wasm, every time', () => {
  const ffo = path.join(ROOT, 'tests', 'data', 'othello', 'fforum-40-59.obf');
  const out = execFileSync(path.join(BIN, 'othello'), ['solve', ffo, '1', '1', 'hash=19'], { encoding: 'utf8' });
  const m = /^line 1: a2 +\+38 +(\d+) nodes .* ok$/m.exec(out);
  assert.ok(m, out);
  const [board, side] = fs.readFileSync(ffo, 'utf8').split('\n')[0].split(/[ ;]/);
  const first = serve(`othello solve ${board} ${side}`);
  assert.deepEqual([first.move, first.score, first.nodes], ['a2', 38, Number(m[1])]);
  assert.equal(serve(`othello solve ${board} ${side}`).nodes, first.nodes);
});

// engine-othello-scalar.wasm: the same engine without WebAssembly SIMD, for browsers that lack it (the
// Othello move generator's scalar form instead of its SIMD128 one).
test('othello: the scalar engine module counts the same nodes as the SIMD one and the native tool', async () => {
  const { M, serve: scalar } = await load('othello', 'engine-othello-scalar.wasm');
  loadAsset(M, path.join(SITE, 'othello-weights.bin'));
  const out = execFileSync(path.join(BIN, 'othello'), ['bench'], { encoding: 'utf8' });
  assert.equal(scalar('othello bench').nodes, number(out, /bench: (\d+) nodes/));
  assert.equal(scalar('othello perft 8').leaves, 390216);
  assert.equal(serve('othello perft 8').leaves, 390216);
});

// perft through passes and finished games, where the module's perft takes its other paths (a
// pass, a game over two plies down): both modules and the native tool count the same leaves.
test('othello perft with passes: both modules and the native tool agree', async () => {
  const { serve: scalar } = await load('othello', 'engine-othello-scalar.wasm');
  const passing = 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO---OX-';
  const ffo40 = fs.readFileSync(path.join(ROOT, 'tests/data/othello/fforum-40-59.obf'), 'utf8').split(/[ ;]/, 2);
  // [board, side, depth, leaves]. Black: e8 or c8; after e8 White must pass (a pass is a ply),
  // so from depth 3 a pass falls where the perft takes its bulk count. FFO #40: 20 empties.
  const cases = [[passing, 'X', 1, 2], [passing, 'X', 2, 2], [passing, 'X', 3, 2], [passing, 'X', 4, 2],
    [...ffo40, 5, 12843]];
  for (const [board, side, d, leaves] of cases) {
    const out = execFileSync(path.join(BIN, 'othello'), ['perft', String(d), board, side], { encoding: 'utf8' });
    assert.equal(number(out, /(\d+) leaves/), leaves, `native perft ${d} of ${board} ${side}`);
    assert.equal(serve(`othello perft ${d} ${board} ${side}`).leaves, leaves, `perft ${d} of ${board} ${side}`);
    assert.equal(scalar(`othello perft ${d} ${board} ${side}`).leaves, leaves, `scalar perft ${d} of ${board} ${side}`);
  }
});

// Only engine-othello.wasm may use SIMD: index.wasm, engine-othello-scalar.wasm and the other
// games' modules must validate as plain WebAssembly 1.0 (binaryen's validator with every feature
// off), or an old browser gets nothing.
test('SIMD only in engine-othello.wasm: index.wasm, its scalar build and the other engines are plain WebAssembly', () => {
  const mvp = (file) => spawnSync('wasm-opt', ['--mvp-features', path.join(SITE, file), '-o', '/dev/null'], { encoding: 'utf8' });
  for (const file of ['index.wasm', 'engine-othello-scalar.wasm', 'engine-gomoku.wasm', 'engine-tictactoe.wasm']) {
    const r = mvp(file);
    assert.equal(r.status, 0, `${file}: ${r.stderr}`);
  }
  const simd = mvp('engine-othello.wasm');
  assert.notEqual(simd.status, 0, 'engine-othello.wasm validates without SIMD: its move generator lost SIMD128');
  assert.match(simd.stderr, /all used features should be allowed[\s\S]*i64x2/);
  assert.deepEqual(fs.readdirSync(SITE).filter((f) => /^engine.*\.wasm$/.test(f)).sort(),
    ['engine-gomoku.wasm', 'engine-othello-scalar.wasm', 'engine-othello.wasm', 'engine-tictactoe.wasm']);
});

test('gomoku bench: the same node count natively and in wasm', () => {
  const out = execFileSync(path.join(BIN, 'gomoku'), ['bench', '4'], { encoding: 'utf8' });
  const native = number(out, /"nodes":(\d+)/);
  const wasm = serve('gomoku bench depth=4');
  assert.equal(wasm.nodes, native);
  assert.equal(native, 812116);
});

test('othello perft 6 and a fixed-depth search agree', () => {
  const out = execFileSync(path.join(BIN, 'othello'), ['perft', '6'], { encoding: 'utf8' });
  assert.match(out, /8200/);
  assert.equal(serve('othello perft 6').leaves, 8200);
  const a = serve('othello search ---------------------------OX------XO--------------------------- X level=master depth=6 seed=1');
  const b = serve('othello search ---------------------------OX------XO--------------------------- X level=master depth=6 seed=1');
  assert.deepEqual(a.move, b.move);
  assert.equal(a.nodes, b.nodes);
});

test('bad requests get errors, never a crash', () => {
  for (const line of ['', 'chess search', 'othello', 'othello search xyz X', 'gomoku play h8h8 7 7',
    'gomoku search zz99', 'tictactoe play ---------- 4', 'othello play ---------------------------OX------XO--------------------------- X a1']) {
    const r = serve(line);
    assert.equal(typeof r.error, 'string', `${line} → ${JSON.stringify(r)}`);
  }
  assert.deepEqual(serve('ping'), { pong: true });
});

// Game review: deterministic (node limits, tables emptied per move), so the native tool's
// `serve` (the same dispatcher) and the module give the same replies, the clock aside. An
// Othello game's last 22 moves (midgame at a small node limit, then exact from 20 empties), a
// Gomoku unblocked four and a tic-tac-toe blunder, plus review errors. Each game's module
// reviews its own games; Othello's SIMD and scalar builds give the same replies.
test('review: the same replies natively and in the modules, Othello\'s SIMD and scalar builds alike', async () => {
  const scalar = await load('othello', 'engine-othello-scalar.wasm');
  loadAsset(scalar.M, path.join(SITE, 'othello-weights.bin'));
  const othelloGame = 'd3c3f5e3c4d6c6b6d2c5f4e6e7e2a6e1b4f6c1e8c2f3g5a3c7h4h6g4f7c8f1g1f8f2a5g8d8b5h8' +
    'a4a2g6g3d7b3h2d1b1b8g2h1a7a1b7h7g7a8b2h3h5';
  const lines = [
    `othello review-game ${othelloGame} nodes=20000 exact=20`,
    'othello review --X-OOO-X-XXOO--X-XOOO--XOOOOOOOXOOXXOO-XXOXXOOX--X-XX----OXXXXX X g3',
    'othello review ---------------------------OX------XO--------------------------- X d3 nodes=50000',
    'othello review ---------------------------OX------XO--------------------------- X a1',
    'gomoku review-game g9h9a1i9o1j9a15k9c13',
    'gomoku review g9h9a1i9o1j9a15k10o15k11 12 2',
    'gomoku review h8 7 7',
    'tictactoe review XX-OO---- 6',
  ];
  const out = execFileSync(path.join(BIN, 'othello'), ['serve'], { input: lines.join('\n') + '\nquit\n', encoding: 'utf8' });
  const native = out.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(native.length, lines.length);
  // Every wall-clock field ("ms") dropped, at any depth.
  const noMs = (v) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'ms' ? undefined : x)));
  lines.forEach((line, i) => {
    assert.deepEqual(noMs(serve(line)), noMs(native[i]), line);
    if (line.startsWith('othello')) assert.deepEqual(noMs(scalar.serve(line)), noMs(native[i]), `scalar: ${line}`);
  });
  assert.equal(native[0].moves.length, 61);
  assert.equal(native[1].mark, 'blunder');
  assert.equal(typeof native[3].error, 'string');
  assert.equal(native[5].mark, 'allowsVcf');
  assert.equal(native[6].error, 'occupied cell (7,7)');
});
