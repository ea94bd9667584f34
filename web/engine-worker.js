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

onmessage = function (e) {
  var msg = e.data || {};
  var t0 = performance.now();
  loaded.then(function (M) {
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
