// engine-host.js — what every host of the games' engine modules does alike: the browser's engine
// worker (engine-worker.js, which the build joins after this file) and Node's loader
// (botlab/node-engine.js, which requires it). A module is an Emscripten engine-<game>.js/.wasm
// exporting engine_serve and engine_load_asset.
'use strict';
var EngineHost = {
  // Hands the bytes of a catalogue asset (a file a level needs, e.g. Othello MASTER's pattern
  // weights) to module M under the file's name: 1 if its game took them, 0 if not.
  loadAssetBytes: function (M, file, bytes) {
    var p = M._malloc(Math.max(1, bytes.length));
    M.HEAPU8.set(bytes, p);
    var ok = M.ccall('engine_load_asset', 'number', ['string', 'number', 'number'], [file, p, bytes.length]);
    M._free(p);
    return ok;
  },
  // The game whose module answers `request`: its first word when that is one of `games` (the
  // catalogue's ids, in order); any other request ("ping", an unknown game) goes to the first
  // game's module, whose dispatch answers it.
  gameOf: function (request, games) {
    var game = String(request).split(/\s+/)[0];
    return games.indexOf(game) >= 0 ? game : games[0];
  }
};
if (typeof module === 'object' && module.exports) module.exports = EngineHost;
