// node-engine.js — the engine module (engine.js + engine.wasm, the same files the browser's
// engine worker hosts) loaded directly under Node, as the referee's serve(line) function.
// Node only. The wasm bytes are read with fs and handed over as wasmBinary: Emscripten 3.1.6
// would otherwise try fetch() on a file path under Node 20 and fail.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

// Where the engine module is: MINIARENA_ENGINE_DIR, else <repo>/build/web.
function defaultEngineDir() {
  if (process.env.MINIARENA_ENGINE_DIR) return path.resolve(process.env.MINIARENA_ENGINE_DIR);
  return path.resolve(__dirname, '..', '..', 'build', 'web');
}

// Hands a file of the game catalogue's assets (Othello MASTER's pattern weights,
// othello-weights.bin: a separate file of the site) to an engine Module by its name, as the
// worker does once it has fetched it; throws when no game takes it or its bytes are refused.
function loadAsset(Module, file) {
  if (!loadAssetBytes(Module, path.basename(file), fs.readFileSync(file))) {
    throw new Error(`${file}: refused by the engine (no game takes this file, or its bytes are malformed)`);
  }
}

// The same from bytes under a file name: 1 if a game took them, 0 if not.
function loadAssetBytes(Module, name, bytes) {
  const p = Module._malloc(Math.max(1, bytes.length));
  Module.HEAPU8.set(bytes, p);
  const ok = Module.ccall('engine_load_asset', 'number', ['string', 'number', 'number'], [name, p, bytes.length]);
  Module._free(p);
  return ok;
}

// The asset files of the catalogue's games, as the site lists them (botlab/catalogue.js), or []
// for a folder without it.
function assetFiles(dir) {
  const file = path.join(dir, 'botlab', 'catalogue.js');
  if (!fs.existsSync(file)) return [];
  return [].concat(...require(file).games.map((g) => (g.assets || []).map((a) => a.file)));
}

// loadEngine(dir?) → Promise<{serve(line) → Promise<string>, serveSync(line) → string, dir}>.
// Rejects with a readable Error when the files are missing or the module fails to start.
async function loadEngine(dir) {
  dir = dir || defaultEngineDir();
  const js = path.join(dir, 'engine.js');
  const wasm = path.join(dir, 'engine.wasm');
  if (!fs.existsSync(js) || !fs.existsSync(wasm)) {
    throw new Error(`the engine module is not in ${dir} (engine.js + engine.wasm): build it, or set MINIARENA_ENGINE_DIR`);
  }
  const createEngine = require(js);
  const Module = await createEngine({
    wasmBinary: fs.readFileSync(wasm),
    print: (t) => process.stderr.write('[engine] ' + t + '\n'),
    printErr: (t) => process.stderr.write('[engine] ' + t + '\n')
  });
  // The files a level needs beside engine.wasm (see engine-worker.js): without Othello's
  // weights MASTER evaluates classically.
  for (const name of assetFiles(dir)) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) loadAsset(Module, file);
  }
  const serveSync = (line) => Module.ccall('engine_serve', 'string', ['string'], [String(line)]);
  return { dir, serveSync, serve: async (line) => serveSync(line) };
}

// Does the engine know `<game> <verb>`? An "unknown game/verb/request" error means it does not.
function hasVerb(engine, game, verb, args) {
  const reply = engine.serveSync(`${game} ${verb} ${args || ''}`.trim());
  let v;
  try { v = JSON.parse(reply); } catch (e) { return false; }
  return !(v && typeof v.error === 'string' && /unknown/i.test(v.error));
}

module.exports = { loadEngine, loadAsset, loadAssetBytes, defaultEngineDir, hasVerb };
