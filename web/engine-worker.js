// engine-worker.js — the AI off the UI thread: a Web Worker hosting engine.js/engine.wasm
// (the engine-only module). Messages: {ticket, request} in, {ticket, reply, ms} out, where
// reply is the engine's JSON text. A module that fails to load or traps answers with an
// {"error": …} reply and {fatal: true}, and the page starts a fresh worker.
'use strict';
var loaded;
try {
  importScripts('engine.js');
  loaded = createEngine({
    print: function (t) { console.log('[engine] ' + t); },
    printErr: function (t) { console.warn('[engine] ' + t); }
  });
} catch (err) {
  loaded = Promise.reject(err);
}

// Othello MASTER's pattern weights live in othello-weights.bin, not in engine.wasm (page
// weight: they are not part of the first load). Fetched once, the first time a request needs
// them (an Othello search at MASTER, the default level, hints, solve, bench); until they
// arrive, or if they cannot be had, MASTER uses the classic evaluation. A failed fetch is
// retried by the next such request.
var weights = null;
function needsOthelloWeights(request) {
  return /^othello\s+(search|hints|solve|bench)\b/.test(request) &&
    !/\slevel=(random|level[123]|[123])(\s|$)/.test(request);
}
function othelloWeights(M) {
  if (!weights) {
    weights = fetch('othello-weights.bin').then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.arrayBuffer();
    }).then(function (buf) {
      var bytes = new Uint8Array(buf);
      var p = M._malloc(bytes.length);
      M.HEAPU8.set(bytes, p);
      var ok = M._engine_othello_weights(p, bytes.length);
      M._free(p);
      if (!ok) throw new Error('malformed');
    }).catch(function (err) {
      console.warn('[engine] othello-weights.bin: ' + err + ' (the classic evaluation until it loads)');
      weights = null;
    });
  }
  return weights;
}

onmessage = function (e) {
  var msg = e.data || {};
  var t0 = performance.now();
  loaded.then(function (M) {
    return needsOthelloWeights(String(msg.request)) ? othelloWeights(M).then(function () { return M; }) : M;
  }).then(function (M) {
    var reply, fatal = false;
    try {
      reply = M.ccall('engine_serve', 'string', ['string'], [String(msg.request)]);
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
