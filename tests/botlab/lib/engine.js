// engine.js — the engine module for the Bot Lab tests, loaded once per test file from
// MINIARENA_ENGINE_DIR (else build/web), and the skip rules: a test that needs `<game> <verb>`
// is skipped, naming the missing verb, while the engine answers it with an "unknown" error.
'use strict';
const path = require('node:path');
const { loadEngine, defaultEngineDir, hasVerb } = require('../../../web/botlab/node-engine.js');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const ENGINE_DIR = defaultEngineDir();
let loading = null;

// The loaded engine, or {error} when it is not built.
function engine() {
  if (!loading) loading = loadEngine(ENGINE_DIR).catch((e) => ({ error: e.message }));
  return loading;
}

// Probe requests for each verb the Bot Lab uses.
const PROBES = {
  'tictactoe play': ['tictactoe', 'play', '--------- 4'],
  'tictactoe search': ['tictactoe', 'search', '--------- level=easy seed=1'],
  'othello play': ['othello', 'play', '---------------------------OX------XO--------------------------- X d3'],
  'othello search': ['othello', 'search', '---------------------------OX------XO--------------------------- X level=random seed=1'],
  'gomoku play': ['gomoku', 'play', '- 7 7'],
  'gomoku search': ['gomoku', 'search', '- level=random seed=1']
};

// Resolve the engine if it has every `needs` verb; otherwise t.skip(reason) and resolve null.
async function need(t, ...needs) {
  const e = await engine();
  if (e.error) { t.skip(`engine module not available: ${e.error}`); return null; }
  for (const n of needs) {
    const [game, verb, args] = PROBES[n];
    if (!hasVerb(e, game, verb, args)) {
      t.skip(`the engine has no \`${n}\` yet (engine_serve("${game} ${verb} …") answers "unknown")`);
      return null;
    }
  }
  return e;
}

module.exports = { ROOT, ENGINE_DIR, engine, need };
