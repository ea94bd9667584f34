// config.js — config. A part of miniapp.js (the index is in page.js).
function fetchText(url) {
  return fetch(url, { cache: 'no-cache' }).then(function (r) {
    if (!r.ok) throw new Error(url + ': HTTP ' + r.status);
    return r.text();
  });
}

function launchUrl() {
  if (embed.on) return embed.launch;
  var page = params.get('page') || (location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : '');
  return page || '';
}

function loadConfig() {
  var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var cfg = { app: '', pages: {}, launch: launchUrl(), dark: !!dark };
  if (embed.on) cfg.embed = true;
  if (/^(ko|en|auto)$/.test(params.get('lang') || '')) cfg.lang = params.get('lang');
  if (/^(light|dark|auto)$/.test(params.get('theme') || '')) cfg.theme = params.get('theme');
  // The pages that have a json file, as the build found them (index.html's miniapp-pages):
  // fetched together with app.json rather than after it, one round trip less. app.json stays
  // the authority: a page it does not list is not used, one it lists but the hint lacks is
  // fetched once app.json is read.
  var early = {};
  var hint = document.querySelector('meta[name="miniapp-pages"]');
  (hint ? hint.content.split(',') : []).forEach(function (p) {
    if (/^[\w\/-]+$/.test(p)) early[p] = pageJson(p);
  });
  return fetchText('app.json').then(function (text) {
    cfg.app = text;
    var manifest;
    try { manifest = JSON.parse(text); } catch (e) { return cfg; } // the app names the problem
    var pages = (manifest && Array.isArray(manifest.pages)) ? manifest.pages : [];
    appPages = pages.slice();
    if (embed.on && pages.indexOf(embed.page) < 0) {
      throw new Error('embed: game "' + embed.game + '" is not part of this site (' + embed.page + ' is not in app.json "pages")');
    }
    return Promise.all(pages.filter(function (p) { return typeof p === 'string'; }).map(function (p) {
      return (early[p] || pageJson(p)).then(function (t) { if (t !== null) cfg.pages[p] = t; });
    })).then(function () { return cfg; });
  });
}

// A page's json text, or null when it has none (no file: no overrides).
function pageJson(p) {
  return fetch(p + '.json', { cache: 'no-cache' }).then(function (r) {
    return r.ok ? r.text() : null;
  }, function () { return null; });
}

// Start-up requests go out at once, in parallel with index.js, instead of one after another
// once index.js has run (README "Web budgets", first frame): index.wasm (handed to Emscripten
// by Module.instantiateWasm, compiled meanwhile) and the configuration (awaited by Module.preRun).
function mark(name) { if (window.performance && performance.mark) performance.mark('miniapp:' + name); }
mark('script');
var wasmResponse = fetch('index.wasm', { credentials: 'same-origin' });
wasmResponse.then(function () { mark('wasm-response'); }, function () {});
wasmResponse.catch(function () {}); // reported by instantiateWasm
// Compiled as it arrives, before index.js has run: the browser takes the bytes in as they come
// (in short tasks) instead of all at once in the task that instantiates the module.
var wasmModule = wasmResponse.then(function (r) {
  if (!r.ok) throw new Error('index.wasm: HTTP ' + r.status);
  if (!WebAssembly.compileStreaming) return r.arrayBuffer().then(function (b) { return WebAssembly.compile(b); });
  return WebAssembly.compileStreaming(r).catch(function () { // e.g. a host without application/wasm
    return fetch('index.wasm', { credentials: 'same-origin' }).then(function (again) { return again.arrayBuffer(); })
      .then(function (b) { return WebAssembly.compile(b); });
  });
});
wasmModule.catch(function () {}); // reported by instantiateWasm
var configLoad = embed.fatal ? null : loadConfig();
if (configLoad) configLoad.catch(function () {}); // reported by preRun
