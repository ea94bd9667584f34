// bench_wasm.js — the engines' benchmarks run in the wasm module under Node (the module the
// browser's Web Worker loads), for comparison with the native tools in the same run.
//
//   node scripts/lib/bench_wasm.js othello|gomoku [--ffo-50]
// Prints a readable report on stderr and one JSON line on stdout.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { loadOthelloWeights } = require('../../web/botlab/node-engine.js');

const ROOT = path.resolve(__dirname, '..', '..');
const SITE = process.env.MINIARENA_SITE || path.join(ROOT, 'build', 'web');

async function engine() {
  const createEngine = require(path.join(SITE, 'engine.js'));
  const M = await createEngine({ wasmBinary: fs.readFileSync(path.join(SITE, 'engine.wasm')) });
  loadOthelloWeights(M, path.join(SITE, 'othello-weights.bin'));
  return (line) => {
    const t0 = process.hrtime.bigint();
    const reply = JSON.parse(M.ccall('engine_serve', 'string', ['string'], [line]));
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    if (reply.error) throw new Error(`${line}: ${reply.error}`);
    return { reply, s };
  };
}

const log = (...a) => console.error(...a);

async function othello(ffo50) {
  const serve = await engine();
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
  const lines = fs.readFileSync(path.join(ROOT, 'tests/data/othello/fforum-40-59.obf'), 'utf8').split('\n').filter((l) => l.trim());
  const ranges = [['ffo40_49', 0, 10]];
  if (ffo50) ranges.push(['ffo50_59', 10, 20]);
  for (const [name, a, z] of ranges) {
    let seconds = 0, nodes = 0, disagree = 0;
    for (let i = a; i < z && i < lines.length; ++i) {
      const m = lines[i].match(/^(\S{64}) ([XO]);(.*)$/);
      const scores = [...m[3].matchAll(/([A-H][1-8]):([+-]\d+)/g)].map((x) => Number(x[2]));
      const best = Math.max(...scores);
      const { reply, s } = serve(`othello solve ${m[1]} ${m[2]}`);
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

async function gomoku() {
  const serve = await engine();
  serve('gomoku bench depth=4'); // warm-up (V8 tiers up while it runs)
  const b = serve('gomoku bench');
  const out = { bench: { nodes: b.reply.nodes, seconds: +b.s.toFixed(3), nps: Math.round(b.reply.nodes / b.s) } };
  log(`gomoku bench: ${b.reply.nodes} nodes in ${b.s.toFixed(3)} s (${out.bench.nps} nodes/s)`);
  const puzzles = fs.readFileSync(path.join(ROOT, 'tests/data/gomoku/vcf_black_freestyle.txt'), 'utf8')
    .split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).map((l) => l.split(/\s+/)[1]);
  let solved = 0, seconds = 0;
  for (const p of puzzles) {
    const { reply, s } = serve(`gomoku vcf ${p} rule=freestyle`);
    seconds += s;
    if (reply.win) ++solved;
  }
  out.vcf = { puzzles: puzzles.length, solved, seconds: +seconds.toFixed(3), per_s: Math.round(puzzles.length / seconds) };
  log(`VCF: ${solved}/${puzzles.length} solved in ${seconds.toFixed(3)} s (${out.vcf.per_s} puzzles/s)`);
  return out;
}

(async () => {
  const what = process.argv[2];
  const result = what === 'othello' ? await othello(process.argv.includes('--ffo-50'))
    : what === 'gomoku' ? await gomoku() : null;
  if (!result) { console.error('usage: bench_wasm.js othello|gomoku [--ffo-50]'); process.exit(2); }
  console.log(JSON.stringify({ wasm: result }));
})().catch((e) => { console.error('bench_wasm: ' + e.message); process.exit(1); });
