// engine-worker.js — the AI off the UI thread: a Web Worker hosting engine.js/engine.wasm
// (the engine-only module). Messages: {ticket, request} in, {ticket, reply, ms} out, where
// reply is the engine's JSON text. A module that fails to load or traps answers with an
// {"error": …} reply and {fatal: true}, and the page starts a fresh worker.
//
// engine.wasm uses WebAssembly SIMD (faster Othello search); a browser without it (Safari
// before 16.4, say) gets engine-scalar.wasm, the same engine built without SIMD, which the
// same engine.js loads. Game review is in engine-scalar.wasm alone (below).
'use strict';
// A one-function module returning a v128 (i32.const 0, i8x16.splat, i8x16.popcnt): valid only
// where WebAssembly SIMD is supported.
var SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0,
  10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
function simdSupported() {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch (err) {
    return false;
  }
}
// Game review is in engine-scalar.wasm only (page weight: engine.wasm is part of the first load):
// a review request goes to that module, started the first time one comes.
var REVIEW_VERBS = ['review', 'review-game'];
var mainFile = 'engine.wasm';
var modules = {};
// The module of `wasmFile` (engine.js's glue is the same for both), started once.
function engine(wasmFile) {
  if (!modules[wasmFile]) {
    try {
      modules[wasmFile] = createEngine({
        locateFile: function (name, prefix) { return prefix + (name === 'engine.wasm' ? wasmFile : name); },
        print: function (t) { console.log('[engine] ' + t); },
        printErr: function (t) { console.warn('[engine] ' + t); }
      });
    } catch (err) {
      modules[wasmFile] = Promise.reject(err);
    }
  }
  return modules[wasmFile];
}
try {
  importScripts('engine.js');
  mainFile = simdSupported() ? 'engine.wasm' : 'engine-scalar.wasm';
  if (mainFile !== 'engine.wasm') console.log('[engine] no WebAssembly SIMD here: ' + mainFile);
  engine(mainFile);
} catch (err) {
  modules[mainFile] = Promise.reject(err);
}
// The module that serves `request`.
function moduleFile(request) {
  return REVIEW_VERBS.indexOf(request.split(/\s+/)[1]) >= 0 ? 'engine-scalar.wasm' : mainFile;
}

// Files a request may need beside engine.wasm, from the game catalogue
// (src/games/common/catalogue.json, written in at assembly): Othello MASTER's pattern weights
// live in othello-weights.bin, not in engine.wasm (page weight: they are not part of the first
// load). [{game, file, verbs, others}]: a request "<game> <verb> …" needs the file unless its
// level= is one of `others`. Fetched once, the first time a request needs it; until it arrives,
// or if it cannot be had, MASTER uses the classic evaluation. A failed fetch is retried by the
// next such request.
var ASSETS = '@ASSETS@';
var fetched = {}; // by module and file
// The same steps as node-engine.js's loadAssetBytes: the bytes into the module's heap, handed to
// the game that takes this file; 1 if it took them, 0 if not.
function loadAssetBytes(M, file, bytes) {
  var p = M._malloc(Math.max(1, bytes.length));
  M.HEAPU8.set(bytes, p);
  var ok = M.ccall('engine_load_asset', 'number', ['string', 'number', 'number'], [file, p, bytes.length]);
  M._free(p);
  return ok;
}
// Every asset `request` needs, fetched (once) and loaded into M: resolves when they are in, or
// have failed this time (a failure is logged and the next such request tries again).
function loadAssetsFor(M, wasmFile, request) {
  var words = request.split(/\s+/), level = /\slevel=(\S*)/.exec(request);
  return Promise.all(ASSETS.filter(function (a) {
    return words[0] === a.game && a.verbs.indexOf(words[1]) >= 0 && !(level && a.others.indexOf(level[1]) >= 0);
  }).map(function (a) {
    var key = wasmFile + ' ' + a.file;
    if (!fetched[key]) {
      fetched[key] = fetch(a.file).then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        return r.arrayBuffer();
      }).then(function (buf) {
        if (!loadAssetBytes(M, a.file, new Uint8Array(buf))) throw new Error('malformed');
      }).catch(function (err) {
        console.warn('[engine] ' + a.file + ': ' + err + ' (the classic evaluation until it loads)');
        fetched[key] = null;
      });
    }
    return fetched[key];
  }));
}

onmessage = function (e) {
  var msg = e.data || {};
  var t0 = performance.now();
  var request = String(msg.request), wasmFile = moduleFile(request);
  engine(wasmFile).then(function (M) {
    return loadAssetsFor(M, wasmFile, request).then(function () { return M; });
  }).then(function (M) {
    var reply, fatal = false;
    try {
      reply = M.ccall('engine_serve', 'string', ['string'], [request]);
    } catch (err) {
      reply = JSON.stringify({ error: 'the engine stopped: ' + err });
      fatal = true;
    }
    postMessage({ ticket: msg.ticket, reply: reply, ms: performance.now() - t0, fatal: fatal });
  }, function (err) {
    postMessage({ ticket: msg.ticket, reply: JSON.stringify({ error: 'the engine failed to load: ' + err }),
                  ms: 0, fatal: true });
  });
};
