// bench_wasm.js — the Gomoku engine's benchmarks in its wasm module under Node, run by
// scripts/lib/bench_wasm.js (which loads the module and times each request):
//   node scripts/lib/bench_wasm.js gomoku
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const log = (...a) => console.error(...a);

// The bench's nodes/s and the VCF puzzles' rate in the module.
async function main(serve) {
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

module.exports = { main };
