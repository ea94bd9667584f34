// engine-worker.js — the AI off the UI thread: a Web Worker hosting the games' engine modules
// (engine-<game>.js/.wasm, engine-only: no SDL, no GL), each loaded the first time its game is
// asked for, so a game page fetches its own game's engine alone. Messages: {ticket, request} in,
// {ticket, reply, ms} out, where reply is the engine's JSON text; {warm: game} starts loading
// that game's module before its first request. A module that fails to load or traps answers with
// an {"error": …} reply and {fatal: true}, and the page starts a fresh worker.
//
// A game's engine may use WebAssembly SIMD (Othello's search); a browser without it (Safari before
// 16.4, say) gets engine-<game>-scalar.wasm, the same engine built without SIMD, which the same
// engine-<game>.js loads.
//
// The build joins engine-host.js in front of this file (EngineHost: what Node's loader does alike).
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
var SIMD = simdSupported();
// Each game's module files, written in at assembly: {game: {js, wasm, scalar?}}.
var ENGINES = '@ENGINES@';
var modules = {};
// The module of `game` (a promise, made once): its script run, its wasm fetched and started.
function moduleFor(game) {
  if (!modules[game]) {
    var e = ENGINES[game];
    modules[game] = new Promise(function (resolve) {
      importScripts(e.js); // defines createEngine, this game's factory (synchronously)
      var wasmFile = SIMD || !e.scalar ? e.wasm : e.scalar;
      if (wasmFile !== e.wasm) console.log('[engine] no WebAssembly SIMD here: ' + wasmFile);
      resolve(createEngine({
        locateFile: function (name, prefix) { return prefix + (name === e.wasm ? wasmFile : name); },
        print: function (t) { console.log('[engine] ' + t); },
        printErr: function (t) { console.warn('[engine] ' + t); }
      }));
    });
  }
  return modules[game];
}

// Files a request may need beside its engine module, from the game catalogue
// (src/games/common/catalogue.json, written in at assembly): Othello MASTER's pattern weights
// live in othello-weights.bin and its opening book in othello-book.bin, not in engine-othello.wasm
// (page weight: they are not part of the first load). [{game, file, verbs, others, alone}]: a
// request "<game> <verb> …" needs the file unless its level= is one of `others`. Fetched once,
// the first time a request needs it; until it arrives, or if it cannot be had, MASTER uses the
// classic evaluation. A failed fetch is retried by the next such request. An `alone` file (the
// book) may answer a request before the others are in: see serveWhenReady.
var ASSETS = '@ASSETS@';
var fetched = {}, loaded = {};
// The assets `request` needs.
function assetsFor(request) {
  var words = request.split(/\s+/), level = /\slevel=(\S*)/.exec(request);
  return ASSETS.filter(function (a) {
    return words[0] === a.game && a.verbs.indexOf(words[1]) >= 0 && !(level && a.others.indexOf(level[1]) >= 0);
  });
}
// Asset a fetched (once) and loaded into M: resolves when it is in, or has failed this time (a
// failure is logged and the next request that needs it tries again).
function loadAsset(M, a) {
  if (!fetched[a.file]) {
    fetched[a.file] = fetch(a.file).then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.arrayBuffer();
    }).then(function (buf) {
      if (!EngineHost.loadAssetBytes(M, a.file, new Uint8Array(buf))) throw new Error('malformed');
      loaded[a.file] = true;
    }).catch(function (err) {
      console.warn('[engine] ' + a.file + ': ' + err + ' (the classic evaluation until it loads)');
      fetched[a.file] = null;
    });
  }
  return fetched[a.file];
}
function loadAll(M, assets) {
  return Promise.all(assets.map(function (a) { return loadAsset(M, a); }));
}

// One request served by module M: {reply, fatal}.
function serve(M, request) {
  try {
    return { reply: M.ccall('engine_serve', 'string', ['string'], [request]), fatal: false };
  } catch (err) {
    return { reply: JSON.stringify({ error: 'the engine stopped: ' + err }), fatal: true };
  }
}
function isPartial(reply) {
  try { return JSON.parse(reply).partial === true; } catch (err) { return false; }
}
// `request` served once the assets it needs are in. While some are still on their way and its
// `alone` ones are in, it is first tried with partial=1: the engine answers it if it can without
// the rest (Othello MASTER's book moves: its first moves come without waiting for the weights),
// else says {"partial": true} and the request waits for the rest.
function serveWhenReady(M, request) {
  var needed = assetsFor(request), all = loadAll(M, needed);
  var alone = needed.filter(function (a) { return a.alone; });
  var waiting = needed.filter(function (a) { return !loaded[a.file] && !a.alone; });
  if (!alone.length || !waiting.length) return all.then(function () { return serve(M, request); });
  return loadAll(M, alone).then(function () {
    if (alone.some(function (a) { return !loaded[a.file]; })) return all.then(function () { return serve(M, request); });
    var first = serve(M, request + ' partial=1');
    if (first.fatal || !isPartial(first.reply)) return first;
    return all.then(function () { return serve(M, request); });
  });
}

// The game whose module answers a request (EngineHost.gameOf: its first word, else the first game).
function gameOf(request) {
  return EngineHost.gameOf(request, Object.keys(ENGINES));
}

onmessage = function (e) {
  var msg = e.data || {};
  if (msg.warm) {
    moduleFor(gameOf(String(msg.warm))).catch(function () {}); // a failure is reported by its first request
    return;
  }
  var t0 = performance.now(), request = String(msg.request), game = gameOf(request);
  moduleFor(game).then(function (M) {
    return serveWhenReady(M, request);
  }).then(function (out) {
    postMessage({ ticket: msg.ticket, reply: out.reply, ms: performance.now() - t0, fatal: out.fatal });
  }, function (err) {
    postMessage({ ticket: msg.ticket, reply: JSON.stringify({ error: 'the engine failed to load: ' + err }),
                  ms: 0, fatal: true });
  });
};
