// node-engine.js — the games' engine modules (engine-<game>.js + engine-<game>.wasm, the same
// files the browser's engine worker hosts) loaded directly under Node, as the referee's
// serve(line) function. Node only. The wasm bytes are read with fs and handed over as
// wasmBinary: Emscripten 3.1.6 would otherwise try fetch() on a file path under Node 20 and fail.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
// What the browser's engine worker does alike (asset bytes into a module, a request's game).
const EngineHost = require('../engine-host.js');

// Where the engine module is: MINIARENA_ENGINE_DIR, else <repo>/build/web.
function defaultEngineDir() {
  if (process.env.MINIARENA_ENGINE_DIR) return path.resolve(process.env.MINIARENA_ENGINE_DIR);
  return path.resolve(__dirname, '..', '..', 'build', 'web');
}

// Hands a file of the game catalogue's assets (Othello MASTER's pattern weights,
// othello-weights.bin: a separate file of the site) to an engine Module by its name, as the
// worker does once it has fetched it; throws when no game takes it or its bytes are refused.
function loadAsset(Module, file) {
  if (!EngineHost.loadAssetBytes(Module, path.basename(file), fs.readFileSync(file))) {
    throw new Error(`${file}: refused by the engine (no game takes this file, or its bytes are malformed)`);
  }
}

// The catalogue's games as the site lists them (botlab/catalogue.js: id, assets…), or [] for a
// folder without it.
function catalogueGames(dir) {
  const file = path.join(dir, 'botlab', 'catalogue.js');
  return fs.existsSync(file) ? require(file).games : [];
}

// loadModule(dir, game, wasm?) → Promise<Module>: engine-<game>.js started with its wasm file
// (engine-<game>.wasm, or another build of it such as engine-<game>-scalar.wasm), no assets.
async function loadModule(dir, game, wasm) {
  const createEngine = require(path.join(dir, `engine-${game}.js`));
  return createEngine({
    wasmBinary: fs.readFileSync(path.join(dir, wasm || `engine-${game}.wasm`)),
    print: (t) => process.stderr.write('[engine] ' + t + '\n'),
    printErr: (t) => process.stderr.write('[engine] ' + t + '\n')
  });
}

// loadEngine(dir?) → Promise<{serve(line) → Promise<string>, serveSync(line) → string, dir}>:
// every game's module with its assets, a request going to the module of the game it names (any
// other, such as "ping", to the first game's, whose dispatch answers it). Rejects with a
// readable Error when the files are missing or a module fails to start.
async function loadEngine(dir) {
  dir = dir || defaultEngineDir();
  const games = catalogueGames(dir);
  const missing = games.length ? games.map((g) => `engine-${g.id}`).filter((n) =>
    !fs.existsSync(path.join(dir, n + '.js')) || !fs.existsSync(path.join(dir, n + '.wasm'))) : ['botlab/catalogue.js'];
  if (missing.length) {
    throw new Error(`the engine modules are not in ${dir} (${missing.join(', ')}): build them, or set MINIARENA_ENGINE_DIR`);
  }
  const modules = {};
  for (const g of games) {
    modules[g.id] = await loadModule(dir, g.id);
    // The files a level needs beside the module (see engine-worker.js): without Othello's
    // weights MASTER evaluates classically.
    for (const a of g.assets || []) {
      const file = path.join(dir, a.file);
      if (fs.existsSync(file)) loadAsset(modules[g.id], file);
    }
  }
  const ids = games.map((g) => g.id);
  const serveSync = (line) => {
    const M = modules[EngineHost.gameOf(line, ids)];
    return M.ccall('engine_serve', 'string', ['string'], [String(line)]);
  };
  return { dir, serveSync, serve: async (line) => serveSync(line) };
}

// Does the engine know `<game> <verb>`? An "unknown game/verb/request" error means it does not.
function hasVerb(engine, game, verb, args) {
  const reply = engine.serveSync(`${game} ${verb} ${args || ''}`.trim());
  let v;
  try { v = JSON.parse(reply); } catch (e) { return false; }
  return !(v && typeof v.error === 'string' && /unknown/i.test(v.error));
}

module.exports = { loadEngine, loadModule, catalogueGames, loadAsset, loadAssetBytes: EngineHost.loadAssetBytes, defaultEngineDir, hasVerb };
