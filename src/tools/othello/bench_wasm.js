// bench_wasm.js — the Othello engine's benchmarks in its wasm module under Node, run by
// scripts/lib/bench_wasm.js (which loads the module and times each request):
//   node scripts/lib/bench_wasm.js othello [--ffo-50]
//   node scripts/lib/bench_wasm.js othello-paired NAME=NATIVE_OTHELLO_TOOL... [--rounds N (3)]
// paired solves FFO #40-#49 position by position, each native tool and then the module in turn,
// so every ratio compares runs a few seconds apart: this shared machine's speed drifts by up to
// 2x over minutes, which makes ratios of runs made one after the other unreliable.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const log = (...a) => console.error(...a);

const FFO = path.join(ROOT, 'tests/data/othello/fforum-40-59.obf');
// FFO #40-#59 as {board, side, best}: the 64-char board, X or O to move, the published score.
function ffoPositions() {
  return fs.readFileSync(FFO, 'utf8').split('\n').filter((l) => l.trim()).map((l) => {
    const m = l.match(/^(\S{64}) ([XO]);(.*)$/);
    const scores = [...m[3].matchAll(/([A-H][1-8]):([+-]\d+)/g)].map((x) => Number(x[2]));
    return { board: m[1], side: m[2], best: Math.max(...scores) };
  });
}

// perft 11 and 12, the bench, FFO #40-#49 (and #50-#59 with --ffo-50) in the module.
async function main(serve, argv) {
  const ffo50 = argv.includes('--ffo-50');
  const out = {};
  for (const d of [11, 12]) {
    const { reply, s } = serve(`othello perft ${d}`);
    out[`perft${d}`] = { depth: d, leaves: reply.leaves, seconds: +s.toFixed(3), leaves_per_s: Math.round(reply.leaves / s) };
    log(`perft ${d}: ${reply.leaves} leaves in ${s.toFixed(3)} s (${Math.round(reply.leaves / s)} leaves/s)`);
  }
  serve('othello bench'); // warm-up: V8 starts on its baseline compiler and tiers up while it runs
  const b = serve('othello bench');
  out.bench = { nodes: b.reply.nodes, seconds: +b.s.toFixed(3), nps: Math.round(b.reply.nodes / b.s) };
  log(`bench: ${b.reply.nodes} nodes in ${b.s.toFixed(3)} s (${out.bench.nps} nodes/s)`);
  const positions = ffoPositions();
  const ranges = [['ffo40_49', 0, 10]];
  if (ffo50) ranges.push(['ffo50_59', 10, 20]);
  for (const [name, a, z] of ranges) {
    let seconds = 0, nodes = 0, disagree = 0;
    for (let i = a; i < z && i < positions.length; ++i) {
      const { board, side, best } = positions[i];
      const { reply, s } = serve(`othello solve ${board} ${side}`);
      seconds += s;
      nodes += reply.nodes;
      if (reply.score !== best) ++disagree;
      log(`#${40 + i}: ${reply.move} ${reply.score >= 0 ? '+' : ''}${reply.score} ${reply.nodes} nodes ${s.toFixed(2)} s${reply.score !== best ? '  DISAGREES (' + best + ')' : ''}`);
    }
    out[name] = { positions: z - a, seconds: +seconds.toFixed(3), nodes, disagree };
    log(`${name}: ${seconds.toFixed(2)} s, ${nodes} nodes, ${disagree} disagree`);
  }
  return out;
}

// FFO #40-#49, native tools and the module in turn, position by position, over `rounds` rounds;
// the ratios are native seconds / wasm seconds over the ten positions: per round, and their
// median. The native tools solve with the module's table size (hash=19) and, like the module,
// from empty tables: every position takes the same nodes on every side (checked), so the ratio
// compares the speed of the same work. Odd rounds put the module first, so a drift of the
// machine's speed within a position's turn does not always favour the same side.
// The machine's slow spells only ever add time, so `ratio_best` also compares each side's best
// time per position over the rounds (summed over the ten positions): the least disturbed run.
const MODULE_HASH_LOG2 = 19; // SERVICE_HASH_LOG2, src/games/othello/service.h
async function paired(serve, argv) {
  const { execFileSync } = require('node:child_process');
  const tools = argv.map((a) => a.split('=')).filter((t) => t.length === 2 && t[0] && t[1]);
  const roundsAt = argv.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Number(argv[roundsAt + 1]) : 3;
  if (!(Number.isInteger(rounds) && rounds > 0)) throw new Error('--rounds wants a positive whole number');
  if (!tools.length) throw new Error('paired wants NAME=NATIVE_TOOL arguments');
  const positions = ffoPositions();
  // Warm-up: V8 tiers the module up while the bench runs, and the first solve builds the
  // service's searcher (its tables: memory growth, first touch); the tools build theirs untimed.
  serve('othello bench');
  serve(`othello solve ${positions[0].board} ${positions[0].side}`);
  const names = ['wasm', ...tools.map(([name]) => name)];
  const total = Object.fromEntries(names.map((n) => [n, { seconds: 0, nodes: 0 }]));
  const perRound = [];
  const best = Object.fromEntries(names.map((n) => [n, Array(10).fill(Infinity)]));
  for (let r = 0; r < rounds; ++r) {
    const round = Object.fromEntries(names.map((n) => [n, 0]));
    for (let i = 0; i < 10; ++i) {
      const { board, side } = positions[i];
      const times = {}, nodes = {};
      const runWasm = () => {
        const { reply, s } = serve(`othello solve ${board} ${side}`);
        times.wasm = s;
        nodes.wasm = reply.nodes;
      };
      if (r % 2) runWasm();
      for (const [name, bin] of tools) {
        const out = execFileSync(bin, ['solve', FFO, String(i + 1), String(i + 1), `hash=${MODULE_HASH_LOG2}`], { encoding: 'utf8' });
        const m = /^line \d+: \S+ +\S+ +(\d+) nodes +([0-9.]+) s +ok$/m.exec(out);
        if (!m) throw new Error(`${name}: unexpected output for #${40 + i}: ${out}`);
        times[name] = Number(m[2]);
        nodes[name] = Number(m[1]);
      }
      if (!(r % 2)) runWasm();
      for (const [name] of tools)
        if (nodes[name] !== nodes.wasm) throw new Error(`#${40 + i}: ${name} took ${nodes[name]} nodes, the module ${nodes.wasm}: not the same work`);
      for (const n of names) {
        round[n] += times[n];
        best[n][i] = Math.min(best[n][i], times[n]);
        total[n].seconds += times[n];
        total[n].nodes += nodes[n];
      }
      log(`round ${r + 1} #${40 + i}: ${nodes.wasm} nodes; ${names.map((n) => `${n} ${times[n].toFixed(2)} s`).join(', ')}`);
    }
    perRound.push(Object.fromEntries(tools.map(([name]) => [name, +(round[name] / round.wasm).toFixed(3)])));
    log(`round ${r + 1}: ${names.map((n) => `${n} ${round[n].toFixed(1)} s`).join(', ')} → wasm / native: ` +
      tools.map(([name]) => `${perRound[r][name].toFixed(2)} vs ${name}`).join(', '));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const out = { rounds, ffo40_49: {}, ratio: {}, ratio_total: {}, ratio_best: {}, ratio_rounds: perRound, best_seconds: {} };
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  for (const n of names) out.best_seconds[n] = +sum(best[n]).toFixed(3);
  for (const [name, t] of Object.entries(total)) {
    out.ffo40_49[name] = { seconds: +t.seconds.toFixed(3), nodes: t.nodes / rounds };
    if (name === 'wasm') continue;
    out.ratio[name] = median(perRound.map((p) => p[name]));
    out.ratio_total[name] = +(t.seconds / total.wasm.seconds).toFixed(3);
    out.ratio_best[name] = +(sum(best[name]) / sum(best.wasm)).toFixed(3);
  }
  log(`FFO #40-#49 in turn, ${rounds} round(s): ${Object.entries(out.ffo40_49).map(([k, v]) => `${k} ${v.seconds.toFixed(1)} s`).join(', ')}` +
    ` → wasm / native, median of the rounds: ${Object.entries(out.ratio).map(([k, v]) => `${v.toFixed(2)} vs ${k}`).join(', ')}` +
    `; best time per position (${Object.entries(out.best_seconds).map(([k, v]) => `${k} ${v.toFixed(1)} s`).join(', ')}): ` +
    Object.entries(out.ratio_best).map(([k, v]) => `${v.toFixed(2)} vs ${k}`).join(', '));
  return out;
}

module.exports = { main, paired };
