// miniapp.js — the page side of Mini Arena: loads app.json and the page configs, starts the
// WebAssembly app (index.js) on the canvas, runs the AI Web Worker, and exposes
// window.miniapp (automation and embedding API). Everything here is plain browser JavaScript.
//
// The build (scripts/lib/assemble_site.py) joins the files of shell/miniapp/ in this order into
// one function scope, the site's miniapp.js: they share its variables as one file would.
//   page.js ....... the page's elements, shared state, events to page listeners
//   embed.js ...... index.html?embed=1&game=…: the game alone in an iframe
//   config.js ..... app.json + page json + launch url, handed to the app before main()
//   fatal.js ...... a start that failed: what the page says, in the visitor's language
//   engine.js ..... the AI worker: one request at a time, cancel = restart, a page's game warmed
//   frames.js ..... web/renderer.js draws the frames: in a Worker owning the canvas, else here
//   module.js ..... Emscripten hooks (canvas, print, fatal, announce, events)
//   prompts.js .... text prompts: a DOM dialog over the canvas (native keyboard, paste, files)
//   input.js ...... browser → app: what the page forwards to the app
//   api.js ........ window.miniapp: ready, state(), route calls, boardCellRect(), controlRect(), on()
//   text.js ....... the few strings drawn by the page itself (Korean, English)
//   sync.js ....... after each drawn frame: <html lang>, the canvas label, the accessible board
//   history.js .... the page stack in the address bar (Back and Forward)
//   a11y.js ....... off-screen buttons mirroring the board: keyboard and screen-reader play
//   bridge.js ..... postMessage events to the embedding parent, validated commands from it
//   offline.js .... the service worker (sw.js, generated at build time) and the "updated" notice

var canvas = document.getElementById('canvas');
var statusEl = document.getElementById('status');
var splashEl = document.getElementById('splash');
var announceEl = document.getElementById('announce');
var params = new URLSearchParams(location.search);
var appEl = document.getElementById('app');
var listeners = {};
var announcePending = [];
// Sentences read as one text: each but the last gets a full stop unless it ends in one.
function sentences(list) {
  return list.map(function (t, i) {
    return i < list.length - 1 && !/[.!?。？…]$/.test(t) ? t + '.' : t;
  }).join(' ');
}
var started = false;
var readyResolve, readyReject;
var ready = new Promise(function (resolve, reject) { readyResolve = resolve; readyReject = reject; });
ready.catch(function () {}); // a failed start is reported on the page; don't also throw
var appPages = []; // app.json "pages", once loaded

// --- events (to page listeners; the embed layer forwards them to the parent) -----------------------
function emit(event) {
  (listeners[event.type] || []).concat(listeners['*'] || []).forEach(function (fn) {
    try { fn(event); } catch (e) { console.warn('[miniapp] listener failed: ' + e); }
  });
}
