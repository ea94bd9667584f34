// bench_wasm.js — a game's engine benchmarks run in its wasm module under Node (the module the
// browser's Web Worker loads), for comparison with the native tools in the same run. Each game
// with benchmarks has them in src/tools/<game>/bench_wasm.js: sections (main, and others such as
// paired) called with a timed serve(line) and the remaining arguments.
//
//   node scripts/lib/bench_wasm.js <game>[-<section>] [ARGS…]
// Prints a readable report on stderr and one JSON line on stdout: {"wasm": {…}}.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { loadEngine } = require('../../web/botlab/node-engine.js');

const ROOT = path.resolve(__dirname, '..', '..');
const SITE = process.env.MINIARENA_SITE || path.join(ROOT, 'build', 'web');

// serve(line) → {reply, s}: every game's module with its assets (Othello's weights), timed.
async function engine() {
  const all = await loadEngine(SITE);
  return (line) => {
    const t0 = process.hrtime.bigint();
    const reply = JSON.parse(all.serveSync(line));
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    if (reply.error) throw new Error(`${line}: ${reply.error}`);
    return { reply, s };
  };
}

(async () => {
  const [game, section = 'main'] = String(process.argv[2] || '').split(/-(.*)/s);
  const file = path.join(ROOT, 'src', 'tools', game, 'bench_wasm.js');
  const benches = /^[a-z0-9]+$/.test(game) && fs.existsSync(file) ? require(file) : {};
  if (typeof benches[section] !== 'function') {
    const games = fs.readdirSync(path.join(ROOT, 'src', 'tools')).filter((g) => fs.existsSync(path.join(ROOT, 'src', 'tools', g, 'bench_wasm.js')));
    console.error(`usage: bench_wasm.js <game>[-<section>] [ARGS…]; games with benches: ${games.join(', ')}`);
    process.exit(2);
  }
  console.log(JSON.stringify({ wasm: await benches[section](await engine(), process.argv.slice(3)) }));
})().catch((e) => { console.error('bench_wasm: ' + e.message); process.exit(1); });
