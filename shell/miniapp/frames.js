// frames.js — the renderer: where the frames are drawn. A part of miniapp.js (the index is in page.js).
// The app's frames (src/platform/draw_stream.h) are drawn by web/renderer.js: in a Worker that
// owns the canvas (an OffscreenCanvas) where a worker can draw WebGL 2 here, so the page's main
// thread never waits for the GPU; otherwise on the page (and always for ?redraw=verify, whose
// checks read pixels back as each frame is drawn). The choice is made in the task after this
// script's, from what the page has (OffscreenCanvas, WebGL 2), without making a context (that
// takes long with software GL); the worker makes its context while index.wasm downloads. A browser whose worker cannot
// make it after all (Safari before 17) is remembered (localStorage) and the page reloads once,
// drawing on the page.
var RENDER_ON_PAGE_KEY = 'miniarena-render-on-page';
var renderer = (function () {
  var r = { mode: '', worker: null, inner: null, shown: false, sent: 0, drawn: 0, waiting: [], held: [] };
  var preserve = redrawMode !== 'full'; // partial redraw keeps the pixels between frames
  var rememberedOnPage = false;
  try { rememberedOnPage = localStorage.getItem(RENDER_ON_PAGE_KEY) === '1'; } catch (e) { /* no storage */ }
  // What the app handed over before the choice, in order.
  function flush() {
    var held = r.held;
    r.held = [];
    held.forEach(function (m) { if (m.type === 'fonts') r.fonts(m.width, m.height, m.pixels); else r.frame(m.buffer); });
  }
  function onPage() {
    if (r.mode) return;
    r.mode = 'loading';
    if (r.worker) { r.worker.terminate(); r.worker = null; }
    var script = document.createElement('script');
    script.src = 'renderer.js';
    script.onload = function () {
      try {
        r.inner = new window.MiniArenaRenderer(canvas, preserve);
        r.mode = 'page';
        flush();
      } catch (e) {
        fatal(e.message);
      }
    };
    script.onerror = function () { fatal('renderer.js could not be loaded', 'network'); };
    document.head.appendChild(script);
  }
  function inWorker() {
    try {
      handOver();
    } catch (e) {
      fatal('The canvas could not be handed to the renderer: ' + e.message);
    }
  }
  function handOver() {
    var off = canvas.transferControlToOffscreen();
    r.mode = 'worker';
    // SDL sizes the canvas element (CSS px x device pixel ratio); the drawing buffer is the
    // worker's now, and follows the size each frame carries.
    var size = { width: canvas.width, height: canvas.height };
    ['width', 'height'].forEach(function (k) {
      Object.defineProperty(canvas, k, { configurable: true,
        get: function () { return size[k]; }, set: function (v) { size[k] = v >>> 0; } });
    });
    r.worker.postMessage({ type: 'start', canvas: off, preserve: preserve }, [off]);
    flush();
  }
  // The worker could not make its WebGL 2 context: once, remember it and load again.
  function workerHasNoWebGL(message) {
    var stored = false;
    try {
      localStorage.setItem(RENDER_ON_PAGE_KEY, '1');
      stored = localStorage.getItem(RENDER_ON_PAGE_KEY) === '1';
    } catch (e) { /* no storage: say so instead */ }
    if (stored && !r.shown) location.reload();
    else fatal(message);
  }
  // Chosen in a task of its own, after the script's: starting a worker and handing it the canvas
  // take a few ms each, and a phone's main thread should not run them in one long task with the
  // script (Lighthouse counts long tasks). Fonts and frames wait in r.held meanwhile.
  function choose() {
    if (redrawMode === 'verify' || rememberedOnPage || !canvas.transferControlToOffscreen || typeof Worker !== 'function' ||
        typeof OffscreenCanvas !== 'function' || typeof WebGL2RenderingContext !== 'function') {
      onPage();
    } else {
      try {
        r.worker = new Worker('renderer.js');
        r.worker.onmessage = function (e) {
          var m = e.data;
          if (m.type === 'drawn') {
            r.drawn = m.frames;
            r.waiting = r.waiting.filter(function (w) { if (w.frames > r.drawn) return true; w.resolve(); return false; });
          } else if (m.type === 'shown') {
            r.shown = true;
          } else if (m.type === 'no-webgl2') {
            workerHasNoWebGL(m.message);
          } else if (m.type === 'error') {
            fatal(m.message);
          }
        };
        r.worker.onerror = function (e) {
          e.preventDefault();
          fatal('The renderer stopped: ' + (e.message || 'renderer.js could not be loaded'), e.message ? 'app' : 'network');
        };
      } catch (e) {
        r.worker = null; // e.g. an opaque origin that may not start workers
      }
      if (r.worker) inWorker(); else onPage();
    }
  }
  setTimeout(choose, 0);
  // The app's first frame waits until this is true (src/platform/web_main.cpp).
  r.ready = function () { return r.mode === 'worker' || (r.mode === 'page' && r.inner.ready()); };
  r.fonts = function (width, height, pixels) {
    if (r.mode === 'worker') r.worker.postMessage({ type: 'fonts', width: width, height: height, pixels: pixels }, [pixels.buffer]);
    else if (r.inner) r.inner.fonts(width, height, pixels);
    else r.held.push({ type: 'fonts', width: width, height: height, pixels: pixels });
  };
  r.frame = function (buffer) {
    if (r.mode !== 'worker' && !r.inner) return void r.held.push({ type: 'frame', buffer: buffer });
    ++r.sent;
    if (r.mode === 'worker') r.worker.postMessage({ type: 'frame', buffer: buffer }, [buffer]);
    else r.inner.frame(buffer), r.drawn = r.sent;
  };
  // Resolves once every frame handed over so far is drawn.
  r.whenDrawn = function () {
    var frames = r.sent;
    return new Promise(function (resolve) {
      if (r.drawn >= frames) resolve(); else r.waiting.push({ frames: frames, resolve: resolve });
    });
  };
  r.firstFrameDone = function () {
    if (r.mode === 'worker') return r.shown;
    if (!r.inner) return false;
    try {
      return r.inner.firstFrameDone();
    } catch (e) {
      fatal(e.message);
      return true;
    }
  };
  // For redrawStats(): where frames are drawn ('worker' or 'page'), and the ?redraw=verify
  // checks (drawn on the page).
  r.checks = function () { return Object.assign({ renderer: r.mode }, r.inner ? r.inner.check : {}); };
  return r;
})();
