// miniapp.js — the page side of Mini Arena: loads app.json and the page configs, starts the
// WebAssembly app (index.js) on the canvas, runs the AI Web Worker, and exposes
// window.miniapp (automation and embedding API). Everything here is plain browser JavaScript.
//
// Index
//   embed params .. index.html?embed=1&game=…: the game alone in an iframe
//   config ........ app.json + page json + launch url, handed to the app before main()
//   engine ........ the AI worker: one request at a time, cancel = restart
//   renderer ...... web/renderer.js draws the frames: in a Worker owning the canvas, else here
//   Module ........ Emscripten hooks (canvas, print, fatal, announce, events)
//   window.miniapp  ready, state(), route calls, boardCellRect(), controlRect(), on()
//   TEXT .......... the few strings drawn by the page itself (Korean, English)
//   sync .......... after each drawn frame: <html lang>, the canvas label, the accessible board
//   a11y .......... off-screen buttons mirroring the board: keyboard and screen-reader play
//   embed bridge .. postMessage events to the embedding parent, validated commands from it
//   offline ....... the service worker (sw.js, generated at build time) and the "updated" notice
(function () {
  'use strict';

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

  // --- embed params -------------------------------------------------------------------------------
  // index.html?embed=1&game=othello|tictactoe|gomoku&level=…&side=…&rule=…&position=…&lang=ko|en
  // &theme=light|dark|auto&parentOrigin=https://host.example: the game page alone, launched with
  // its query (each page reads level/side/rule/position in onLoad), sized by the iframe.
  // The games of the catalogue (src/games/common/catalogue.json, written in at assembly):
  // {id: {rows, cols, name: {ko, en}}}, in the catalogue's order.
  var GAMES = '@GAMES@';
  var EMBED_GAMES = Object.keys(GAMES);
  var EMBED_PARAMS = ['embed', 'game', 'level', 'side', 'rule', 'position', 'lang', 'theme', 'parentOrigin', 'sw', 'redraw'];
  // ?redraw= (a diagnostic switch, "Web budgets" in the README): partial (the default), full, verify.
  var REDRAW_MODES = ['partial', 'full', 'verify'];
  var redrawMode = params.get('redraw') || 'partial';
  if (REDRAW_MODES.indexOf(redrawMode) < 0) {
    console.warn('[miniapp] redraw must be ' + REDRAW_MODES.join(', ') + ', not "' + redrawMode + '": drawing in part');
    redrawMode = 'partial';
  }
  var embed = (function () {
    var e = { on: /^(1|true)$/.test(params.get('embed') || ''), problems: [], fatal: '' };
    if (!e.on) return e;
    document.body.classList.add('embed');
    params.forEach(function (v, k) {
      if (EMBED_PARAMS.indexOf(k) < 0) e.problems.push('embed: unknown parameter "' + k + '" (known: ' + EMBED_PARAMS.join(', ') + ')');
    });
    if (params.has('lang') && !/^(ko|en|auto)$/.test(params.get('lang'))) e.problems.push('embed: lang must be ko, en or auto, not "' + params.get('lang') + '"');
    if (params.has('theme') && !/^(light|dark|auto)$/.test(params.get('theme'))) e.problems.push('embed: theme must be light, dark or auto, not "' + params.get('theme') + '"');
    // Where events go, and the only origin commands are taken from: parentOrigin if given, else the
    // embedding page's origin as the browser tells it (location.ancestorOrigins, else the
    // referrer); with neither, events go to any parent origin ("*": they carry nothing but the
    // public moves) and commands are taken from window.parent.
    e.parentOrigin = null;
    var po = params.get('parentOrigin');
    if (po !== null) {
      var origin = null;
      try { origin = new URL(po).origin; } catch (err) { origin = null; }
      if (!origin || origin === 'null' || origin !== po) {
        e.fatal = 'embed: parentOrigin must be an origin like https://example.com, not "' + po + '"';
      } else {
        e.parentOrigin = po;
      }
    } else if (location.ancestorOrigins && location.ancestorOrigins.length) {
      e.parentOrigin = location.ancestorOrigins[0];
    } else if (document.referrer) {
      try { e.parentOrigin = new URL(document.referrer).origin; } catch (err) { e.parentOrigin = null; }
    }
    if (e.parentOrigin === 'null') e.parentOrigin = null;
    e.game = params.get('game') || '';
    if (EMBED_GAMES.indexOf(e.game) < 0) {
      e.fatal = e.fatal || 'embed: game must be ' + EMBED_GAMES.join(', ') + ', not "' + e.game + '"';
      return e;
    }
    e.page = 'pages/' + e.game + '/' + e.game;
    var query = ['level', 'side', 'rule', 'position'].filter(function (k) { return params.has(k); })
      .map(function (k) { return k + '=' + encodeURIComponent(params.get(k)); });
    e.launch = '/' + e.page + (query.length ? '?' + query.join('&') : '');
    return e;
  })();

  // --- config ---------------------------------------------------------------------------------
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
  // by Module.instantiateWasm) and the configuration (awaited by Module.preRun).
  function mark(name) { if (window.performance && performance.mark) performance.mark('miniapp:' + name); }
  mark('script');
  var wasmResponse = fetch('index.wasm', { credentials: 'same-origin' });
  wasmResponse.then(function () { mark('wasm-response'); }, function () {});
  wasmResponse.catch(function () {}); // reported by instantiateWasm
  var configLoad = embed.fatal ? null : loadConfig();
  if (configLoad) configLoad.catch(function () {}); // reported by preRun

  // --- fatal errors ------------------------------------------------------------------------------
  // The app cannot start: the page says so in the visitor's language (the first paint's words,
  // from the string table) with what to do for this kind of failure — 'network' (a file did not
  // arrive), 'browser' (no WebAssembly) or 'app' (anything else) — and the message itself below.
  function fatal(message, kind) {
    if (embed.on) postToParent({ type: 'error', message: message });
    var lang = document.documentElement.getAttribute('data-lang') === 'en' ? 'en' : 'ko';
    var said = function (selector) {
      var el = splashEl && splashEl.querySelector(selector + ' [lang="' + lang + '"]');
      return el ? el.textContent : '';
    };
    statusEl.textContent = '';
    [['why', said('.why')], ['advice', said('.advice[data-kind="' + (kind || 'app') + '"]')], ['detail', message]]
      .forEach(function (part) {
        if (!part[1]) return;
        var p = document.createElement('p');
        p.className = part[0];
        p.textContent = part[1];
        statusEl.appendChild(p);
      });
    if (splashEl) splashEl.hidden = true;
    statusEl.hidden = false;
    statusEl.className = 'fatal';
    statusEl.setAttribute('role', 'alert');
    console.error('[miniapp] ' + message);
    readyReject(new Error(message));
  }
  if (typeof WebAssembly !== 'object') {
    fatal('WebAssembly is not available in this browser', 'browser');
  }
  // index.js comes after this script: its load error is caught on the way down (it does not bubble).
  window.addEventListener('error', function (e) {
    if (e.target && e.target.id === 'app-script') fatal('index.js could not be loaded', 'network');
  }, true);

  // --- engine worker -------------------------------------------------------------------------------
  var engine = {
    worker: null,
    queue: [],
    inflight: null,
    start: function () {
      var self = this;
      this.worker = new Worker('engine-worker.js');
      this.worker.onmessage = function (e) {
        var d = e.data || {};
        if (!self.inflight || d.ticket !== self.inflight.ticket) return;
        self.inflight = null;
        deliver(d.ticket, d.reply);
        if (d.fatal) self.restart();
        self.pump();
      };
      this.worker.onerror = function (e) {
        e.preventDefault();
        var lost = self.inflight;
        self.inflight = null;
        if (lost) deliver(lost.ticket, JSON.stringify({ error: 'the engine worker failed: ' + (e.message || 'unknown error') }));
        self.restart();
        self.pump();
      };
    },
    restart: function () {
      if (this.worker) this.worker.terminate();
      this.start();
    },
    pump: function () {
      if (this.inflight || !this.queue.length) return;
      this.inflight = this.queue.shift();
      this.worker.postMessage(this.inflight);
    },
    // A game page opened: start the worker once the page has settled (not inside the frame that
    // draws the new page), so the first move neither waits for the module nor janks a frame.
    warm: function () {
      var self = this;
      if (this.worker) return;
      var go = function () { if (!self.worker) self.start(); }; // a request may have started it
      if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 500 }); else setTimeout(go, 200);
    },
    post: function (ticket, request) {
      if (!this.worker) this.start();
      this.queue.push({ ticket: ticket, request: request });
      this.pump();
    },
    // A search cannot be interrupted inside the worker: a cancelled running request restarts it.
    cancel: function (ticket) {
      if (this.inflight && this.inflight.ticket === ticket) {
        this.inflight = null;
        this.restart();
        this.pump();
      } else {
        this.queue = this.queue.filter(function (q) { return q.ticket !== ticket; });
      }
    }
  };

  function deliver(ticket, reply) {
    if (started) Module.ccall('miniapp_engine_reply', null, ['number', 'string'], [ticket, reply]);
  }

  // --- renderer -------------------------------------------------------------------------------------
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

  // --- events (to page listeners; the embed layer forwards them to the parent) -----------------------
  function emit(event) {
    (listeners[event.type] || []).concat(listeners['*'] || []).forEach(function (fn) {
      try { fn(event); } catch (e) { console.warn('[miniapp] listener failed: ' + e); }
    });
  }

  // --- Module -----------------------------------------------------------------------------------------
  var Module = window.Module = {
    canvas: canvas,
    print: function (t) { console.log(t); },
    printErr: function (t) { console.warn(t); },
    preRun: [function () {
      Module.addRunDependency('miniapp-config');
      if (embed.fatal) { fatal(embed.fatal); return; } // the app never starts
      configLoad.then(function (cfg) {
        mark('config');
        Module.miniappConfig = cfg;
        Module.removeRunDependency('miniapp-config');
      }, function (err) {
        if (/^embed:/.test(err.message)) fatal(err.message, 'app');
        else fatal('app.json could not be loaded: ' + err.message, err instanceof TypeError || /HTTP/.test(err.message) ? 'network' : 'app');
      });
    }],
    instantiateWasm: function (imports, receive) {
      wasmResponse.then(function (r) {
        if (!r.ok) throw new Error('index.wasm: HTTP ' + r.status);
        if (!WebAssembly.instantiateStreaming) return r.arrayBuffer().then(function (b) { return WebAssembly.instantiate(b, imports); });
        return WebAssembly.instantiateStreaming(r, imports).catch(function () { // e.g. a host without application/wasm
          return fetch('index.wasm', { credentials: 'same-origin' }).then(function (again) { return again.arrayBuffer(); })
            .then(function (b) { return WebAssembly.instantiate(b, imports); });
        });
      }).then(function (out) {
        mark('wasm-instantiated');
        canvas.style.visibility = 'hidden'; // until the app's first frame has been drawn (miniappStarted)
        receive(out.instance, out.module);
      }, function (err) {
        fatal('index.wasm could not be loaded: ' + (err && err.message || err), 'network');
      });
      return {};
    },
    onAbort: function (what) { fatal('The app stopped: ' + what); },
    miniappConfig: null,
    // ?redraw=full: every frame drawn whole (no partial redraw), to compare the two;
    // ?redraw=verify: each partly drawn frame checked against a whole redraw (redrawStats())
    miniappRedraw: redrawMode,
    miniappEngine: engine,
    miniappRenderer: renderer,
    miniappFatal: fatal,
    miniappStarted: function () {
      started = true;
      // Resolve once the first frame is on the canvas. The canvas stays hidden until the GPU has
      // run that frame (a fence, polled each animation frame; at most about 2 s, should the
      // fence never signal): shown earlier, the browser's next commit would wait for it.
      var polls = 0;
      (function waitFrame() {
        if (Module._miniapp_frames() >= 1 && (Module._miniapp_first_frame_done() || ++polls > 120)) {
          canvas.style.visibility = '';
          // The first animation frame after the app drew: the browser has shown its frame (the
          // timeline's last mark; "first-frame-drawn" comes before the compositor's read back).
          mark('first-frame-shown');
          statusEl.hidden = true;
          if (splashEl) splashEl.hidden = true;
          watchFrames();
          readyResolve(api);
        } else {
          requestAnimationFrame(waitFrame);
        }
      })();
    },
    miniappAnnounce: function (text) {
      // Clear first so the same sentence twice is announced twice. Sentences arriving together
      // (a winning move and the result) are read together, not the last one alone.
      if (!announcePending.length) {
        announceEl.textContent = '';
        setTimeout(function () {
          announceEl.textContent = sentences(announcePending);
          announcePending = [];
        }, 30);
      }
      announcePending.push(String(text));
    },
    miniappPrompt: function (id, spec) { prompt(id, spec); },
    // The page that asked went away (e.g. the browser's Back): the prompt goes too, unanswered.
    miniappPromptClose: function (id) {
      var box = document.getElementById('prompt');
      if (!box || box.dataset.promptId !== String(id)) return;
      box.remove();
      canvas.focus({ preventScroll: true });
    },
    miniappEmit: function (json) {
      var event;
      try { event = JSON.parse(json); } catch (e) { return; }
      emit(event);
    }
  };

  // --- text prompts: a DOM dialog over the canvas (native keyboard, paste, file picker) ------------
  function prompt(id, spec) {
    var old = document.getElementById('prompt');
    if (old) old.remove();
    var box = document.createElement('div');
    box.id = 'prompt';
    box.dataset.promptId = String(id);
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'prompt-title');
    var panel = document.createElement('div');
    panel.className = 'panel';
    var title = document.createElement('h2');
    title.id = 'prompt-title';
    title.textContent = spec.title || '';
    panel.appendChild(title);
    if (spec.message) {
      var msg = document.createElement('p');
      msg.textContent = spec.message;
      panel.appendChild(msg);
    }
    var text = document.createElement(spec.multiline ? 'textarea' : 'input');
    text.id = 'prompt-text';
    text.value = spec.initial || '';
    text.placeholder = spec.placeholder || '';
    text.spellcheck = false;
    text.setAttribute('autocapitalize', 'off');
    text.setAttribute('aria-labelledby', 'prompt-title');
    panel.appendChild(text);
    var row = document.createElement('div');
    row.className = 'buttons';
    if (spec.accept) {
      var file = document.createElement('input');
      file.type = 'file';
      file.id = 'prompt-file';
      file.accept = spec.accept;
      file.hidden = true;
      file.addEventListener('change', function () {
        var f = file.files && file.files[0];
        if (!f) return;
        f.text().then(function (t) { text.value = t; }, function (e) { text.value = ''; console.warn('[miniapp] ' + e); });
      });
      var pick = document.createElement('button');
      pick.type = 'button';
      pick.id = 'prompt-pick';
      pick.textContent = spec.fileLabel || 'File…';
      pick.addEventListener('click', function () { file.click(); });
      row.appendChild(file);
      row.appendChild(pick);
    }
    var cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.id = 'prompt-cancel';
    cancel.textContent = spec.cancel || 'Cancel';
    var ok = document.createElement('button');
    ok.type = 'button';
    ok.id = 'prompt-ok';
    ok.className = 'primary';
    ok.textContent = spec.ok || 'OK';
    row.appendChild(cancel);
    row.appendChild(ok);
    panel.appendChild(row);
    box.appendChild(panel);
    document.getElementById('app').appendChild(box);
    function close(accepted) {
      box.remove();
      canvas.focus({ preventScroll: true });
      Module.ccall('miniapp_prompt_done', null, ['number', 'number', 'string'], [id, accepted ? 1 : 0, accepted ? text.value : '']);
    }
    ok.addEventListener('click', function () { close(true); });
    cancel.addEventListener('click', function () { close(false); });
    box.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') { e.preventDefault(); close(false); }
      if (e.key === 'Enter' && (!spec.multiline || e.ctrlKey || e.metaKey)) { e.preventDefault(); close(true); }
    });
    text.focus();
  }

  // --- browser → app ------------------------------------------------------------------------------
  document.addEventListener('visibilitychange', function () {
    if (started) Module._miniapp_set_visible(document.visibilityState === 'visible' ? 1 : 0);
  });
  if (window.matchMedia) {
    var mq = window.matchMedia('(prefers-color-scheme: dark)');
    var onScheme = function () { if (started) Module._miniapp_set_system_dark(mq.matches ? 1 : 0); };
    if (mq.addEventListener) mq.addEventListener('change', onScheme); else if (mq.addListener) mq.addListener(onScheme);
  }
  // Keys reach the app only while the canvas has focus; a tap or click gives it focus.
  canvas.addEventListener('pointerdown', function () { canvas.focus({ preventScroll: true }); });
  canvas.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  // Tab leaves the canvas (to the keyboard controls after it): SDL would swallow it, and a
  // keyboard user would be trapped. Stopped on the way down, before SDL's listener on the canvas.
  ['keydown', 'keyup'].forEach(function (type) {
    document.addEventListener(type, function (e) {
      if (e.target === canvas && e.key === 'Tab' && !e.ctrlKey && !e.altKey && !e.metaKey) e.stopPropagation();
    }, true);
  });

  // --- window.miniapp --------------------------------------------------------------------------------
  function call(name, types, args) {
    if (!started) throw new Error('miniapp: the app has not started');
    return Module.ccall(name, 'string', types || [], args || []);
  }

  function toPage(rect) {
    if (!rect) return null;
    var c = canvas.getBoundingClientRect();
    return { x: c.left + rect.x, y: c.top + rect.y, width: rect.width, height: rect.height };
  }

  // wx-style route call: takes a url string or {url, success, fail, complete}; returns a Promise
  // that resolves with {errMsg} or rejects with an Error carrying errMsg.
  function route(op) {
    return function (arg) {
      var opts = (arg && typeof arg === 'object') ? arg : { url: arg, delta: arg };
      var target = op === 'navigateBack' ? String(opts.delta == null ? 1 : opts.delta) : String(opts.url == null ? '' : opts.url);
      return ready.then(function () {
        var r = JSON.parse(call('miniapp_route', ['string', 'string'], [op, target]));
        var res = { errMsg: r.errMsg };
        if (r.ok) { if (opts.success) opts.success(res); } else if (opts.fail) opts.fail(res);
        if (opts.complete) opts.complete(res);
        if (!r.ok) { var err = new Error(r.errMsg); err.errMsg = r.errMsg; throw err; }
        return res;
      });
    };
  }

  var api = {
    ready: ready,
    version: '0.1.0',
    state: function () { return JSON.parse(call('miniapp_state')); },
    navigateTo: route('navigateTo'),
    navigateBack: route('navigateBack'),
    redirectTo: route('redirectTo'),
    switchTab: route('switchTab'),
    reLaunch: route('reLaunch'),
    boardCellRect: function (index) {
      return toPage(JSON.parse(call('miniapp_board_cell_rect', ['number'], [index | 0])));
    },
    controlRect: function (id) {
      return toPage(JSON.parse(call('miniapp_control_rect', ['string'], [String(id)])));
    },
    frames: function () { return started ? Module._miniapp_frames() : 0; },
    // Resolves once the screen shows the app as it is now: the frame for any change made so far
    // is built (the next animation frame, or 200 ms where the page gets none, e.g. hidden), and
    // every built frame is drawn (the renderer may draw in a worker, a little later).
    drawn: function () {
      return new Promise(function (resolve) {
        var done = false;
        var go = function () { if (!done) { done = true; renderer.whenDrawn().then(resolve); } };
        requestAnimationFrame(function () { setTimeout(go, 0); });
        setTimeout(go, 200);
      });
    },
    fontAtlas: function () { return JSON.parse(call('miniapp_font_atlas')); },
    // {mode, renderer, full, partial, skipped, verified, mismatchedFrames, mismatchedPixels, lastMismatch,
    // translucentPixels, lastRegion}: frames drawn whole, in part, not at all (nothing changed);
    // under ?redraw=verify, how many of the partial and skipped frames differed from a whole
    // redraw, and how many of their pixels were not opaque; what the last drawn frame redrew
    // ("everything" or [[x0, y0, x1, y1], …] in CSS px)
    redrawStats: function () { return Object.assign(JSON.parse(call('miniapp_redraw_stats')), renderer.checks()); },
    // A command as the embedding parent would send it: {type: 'newGame'} …; resolves or rejects.
    command: function (message) {
      return ready.then(function () {
        var err = call('miniapp_command', ['string'], [JSON.stringify(message)]);
        if (err) throw new Error(err);
      });
    },
    on: function (type, fn) { (listeners[type] = listeners[type] || []).push(fn); },
    off: function (type, fn) { listeners[type] = (listeners[type] || []).filter(function (f) { return f !== fn; }); }
  };
  window.miniapp = api;

  // --- TEXT: the page's own strings ----------------------------------------------------------------
  // Everything the app draws comes from src/miniapp/strings_table.inc. These few live in the DOM
  // (the canvas label, the accessible board, the "updated" notice), in the same two languages.
  var TEXT = {
    en: {
      appName: 'Mini Arena',
      canvas: '{0} · {1}',
      updated: 'Mini Arena was updated to a new version.',
      controls: 'Keyboard controls',
      boardAs: '{0} board, you play {1}. Arrow keys move between cells, Enter plays.',
      empty: 'empty', black: 'black', white: 'white', legal: 'legal move', forbidden: 'forbidden point',
      rowCol: 'row {0}, column {1}',
      pass: 'Pass', newGame: 'New game', back: 'Back', home: 'Home', open: 'Play {0}',
      refused: '{0}: you cannot play there now'
    },
    ko: {
      appName: '미니 아레나',
      canvas: '{0} · {1}',
      updated: '미니 아레나가 새 버전으로 업데이트되었습니다.',
      controls: '키보드 조작',
      boardAs: '{0} 판, 당신은 {1}입니다. 화살표 키로 칸을 옮기고 Enter로 둡니다.',
      empty: '빈 칸', black: '흑', white: '백', legal: '둘 수 있음', forbidden: '금수',
      rowCol: '{0}행 {1}열',
      pass: '패스', newGame: '새 게임', back: '뒤로', home: '처음으로', open: '{0} 하기',
      refused: '{0}: 지금은 그곳에 둘 수 없습니다'
    }
  };

  function fmt(pattern, args) {
    return pattern.replace(/\{(\d)\}/g, function (_, i) { return String(args[+i]); });
  }

  // The app's language once it runs; before that, the lang parameter or the browser's.
  function language() {
    if (current && (current.lang === 'ko' || current.lang === 'en')) return current.lang;
    var p = params.get('lang');
    if (p === 'ko' || p === 'en') return p;
    return /^ko\b/i.test((navigator.languages && navigator.languages[0]) || navigator.language || '') ? 'ko' : 'en';
  }
  function T() { return TEXT[language()]; }
  function gameName(id) { return GAMES[id] ? GAMES[id].name[language()] : id; }

  function say(text) { Module.miniappAnnounce(text); }

  // --- sync: the DOM follows the app after each drawn frame ------------------------------------------
  var current = null;  // the last state() read
  // Times below are performance.now(): monotonic, so a change of the device clock never stalls a sync.
  var seenFrames = -1, lastSync = 0, syncTimer = 0;
  function sync() {
    clearTimeout(syncTimer);
    syncTimer = 0;
    lastSync = performance.now();
    if (!started) return;
    try { current = api.state(); } catch (e) { return; }
    var t = T();
    document.documentElement.lang = language();
    if (current.theme === 'dark' || current.theme === 'light') document.documentElement.dataset.theme = current.theme;
    var title = current.title || t.appName;
    canvas.setAttribute('aria-label', title === t.appName ? t.appName : fmt(t.canvas, [title, t.appName]));
    a11y.update(current);
    browserHistory.follow(current.stack);
  }
  // Frames are drawn only when something changed, so a new frame is the signal; during an
  // animation (60 frames a second) the DOM is brought up to date at most every 100 ms.
  function watchFrames() {
    var f = Module._miniapp_frames();
    if (f !== seenFrames) {
      seenFrames = f;
      var wait = 100 - (performance.now() - lastSync);
      if (wait <= 0) sync();
      else if (!syncTimer) syncTimer = setTimeout(sync, wait);
    }
    requestAnimationFrame(watchFrames);
  }
  // Moves and route changes also sync at once (after the app's call returns).
  function syncSoon() { if (!syncTimer) syncTimer = setTimeout(sync, 0); }

  // --- browser history: the page stack in the address bar ------------------------------------------
  // Each page the app navigates to gets a history entry (#/pages/x/x; the first page of app.json
  // has no hash), so the browser's Back and Forward (a phone's back gesture) move through the app's
  // stack, and a reload opens the page that was shown. Entries carry their stack depth. Not in an
  // embed: the iframe must not add entries to its host page's history.
  var browserHistory = (function () {
    var stack = null;     // the stack the history entries stand for
    var ownPops = 0;      // history.go() calls of ours whose popstate is still to come
    function norm(p) { return String(p || '').replace(/^\//, ''); }
    function same(a, b) { return a.length === b.length && a.every(function (p, i) { return p === b[i]; }); }
    // The address for a page: this document without ?page= (a launch switch), with the page's hash.
    function urlFor(path) {
      var q = new URLSearchParams(location.search);
      q.delete('page');
      var search = q.toString();
      return location.pathname + (search ? '?' + search : '') + (norm(path) === appPages[0] ? '' : '#/' + norm(path));
    }
    function entry(s) { return { miniapp: s.length }; }
    function pageInAddress() {
      var h = location.hash.length > 1 ? norm(decodeURIComponent(location.hash.slice(1))) : '';
      return h.split('?')[0] || appPages[0];
    }
    // After a state(): mirror what changed in the stack as history entries.
    function follow(now) {
      if (embed.on || !Array.isArray(now) || !now.length) return;
      if (!stack) { // launch: this entry is the launch page
        history.replaceState(entry(now), '', urlFor(now[now.length - 1]));
        stack = now.slice();
        return;
      }
      if (same(stack, now)) return;
      var keep = 0; // pages both stacks share from the bottom
      while (keep < Math.min(stack.length, now.length) && stack[keep] === now[keep]) ++keep;
      var before = stack;
      stack = now.slice();
      if (now.length < before.length) { // back (or a relaunch): drop the entries above, then fix the top
        ownPops++;
        history.go(now.length - before.length);
      } else if (keep === before.length) { // pages pushed on top
        for (var i = before.length; i < now.length; ++i) history.pushState({ miniapp: i + 1 }, '', urlFor(now[i]));
      } else { // the same depth, another page (redirectTo, switchTab)
        history.replaceState(entry(now), '', urlFor(now[now.length - 1]));
      }
    }
    // The browser moved through the history: bring the app to the entry's page.
    function onPop(e) {
      if (embed.on || !started || !stack) return;
      if (ownPops > 0) { // our own go(): the entry now shown stands for the current stack
        ownPops--;
        history.replaceState(entry(stack), '', urlFor(stack[stack.length - 1]));
        return;
      }
      var want = pageInAddress();
      var depth = (e.state && e.state.miniapp) | 0 || 1;
      var now = api.state().stack;
      var op = 'reLaunch', target = '/' + want;
      if (depth < now.length && now[depth - 1] === want) { op = 'navigateBack'; target = String(now.length - depth); }
      else if (depth === now.length + 1) op = 'navigateTo';
      var r = JSON.parse(call('miniapp_route', ['string', 'string'], [op, target]));
      if (!r.ok && op === 'navigateTo') r = JSON.parse(call('miniapp_route', ['string', 'string'], ['reLaunch', target]));
      stack = api.state().stack;
      // The entry now says what the app shows (a page that is gone, a relaunch's depth).
      history.replaceState(entry(stack), '', urlFor(stack[stack.length - 1]));
      syncSoon();
    }
    window.addEventListener('popstate', onPop);
    return { follow: follow };
  })();

  // --- a11y: an off-screen board of buttons ------------------------------------------------------------
  // Built from state().game for each game; plays through window.miniapp.command({type: 'play', cell}).
  // One button of the grid is in the tab order (roving tabindex); arrow keys, Home/End move.
  var COLS = 'abcdefghijklmnopqrstuvwxyz';
  // The grid reads the shape every game's state shares (src/ui/snapshot.h: cells, turn, you,
  // legalMoves, forbiddenPoints); the catalogue gives the size, the sides and how a cell is named.
  function sideName(name, v, t) { var side = GAMES[name].sides[v - 1]; return t[side] || side; }
  // {legal: {'r,c': 1}, forbidden: {…}}: the state's point lists, to look cells up in.
  function pointSets(g) {
    var out = { legal: {}, forbidden: {} };
    (g.legalMoves || []).forEach(function (p) { out.legal[p] = 1; });
    (g.forbiddenPoints || []).forEach(function (p) { out.forbidden[p] = 1; });
    return out;
  }
  function cellInfo(name, g, r, c, t, sets) {
    sets = sets || pointSets(g);
    var v = g.cells[r][c], at = r + ',' + c;
    return { coord: GAMES[name].coords === 'rowCol' ? fmt(t.rowCol, [r + 1, c + 1]) : COLS[c] + (r + 1),
      content: v ? sideName(name, v, t) : t.empty, forbidden: v === 0 && !!sets.forbidden[at],
      legal: !g.thinking && g.turn === g.you && !!sets.legal[at] };
  }
  // A page that does not read `position` from its launch query (positionByCommand): the embed
  // layer sends it as a setPosition command when the board does not show it.
  function shows(name, g, position) {
    var want = String(position).toUpperCase().replace(/\./g, '-');
    return g.cells.map(function (row) {
      return row.map(function (v) { return v ? GAMES[name].sides[v - 1] : '-'; }).join('');
    }).join('') === want;
  }

  function gameOf(s) {
    var m = /^pages\/(\w+)\/(\w+)$/.exec((s && s.path) || '');
    var name = m && m[1] === m[2] ? m[1] : '';
    return GAMES[name] && s.game && Array.isArray(s.game.cells) ? name : '';
  }

  var a11y = {
    root: document.getElementById('a11y'),
    nav: document.getElementById('a11y-nav'),
    grid: document.getElementById('a11y-board'),
    actions: document.getElementById('a11y-actions'),
    ring: document.getElementById('a11y-ring'),
    built: '',      // game name + language the grid was built for
    buttons: [],
    focus: 0,       // the grid button in the tab order
    navKey: '',
    actionsKey: '',
    game: '',
    state: null,

    update: function (s) {
      var t = T(), name = gameOf(s);
      var hadFocus = this.root.contains(document.activeElement);
      this.state = s;
      this.game = name;
      this.root.setAttribute('aria-label', t.controls);
      this.updateNav(s, t);
      this.updateBoard(s, t, name);
      this.updateActions(s, t, name);
      // A modal opened: its first button takes the focus. The focused button went away (a route
      // change, a pass made, the modal answered): the board takes the focus, or the first button left.
      if (hadFocus && s.modal && !this.actions.contains(document.activeElement)) {
        var first = this.actions.querySelector('button');
        if (first) first.focus({ preventScroll: true });
      } else if (hadFocus && !this.root.contains(document.activeElement)) {
        var next = this.buttons[this.focus] || this.root.querySelector('button');
        if (next) next.focus({ preventScroll: true });
      }
      this.placeRing();
    },

    // Buttons replaced only when their list changes, so the focused one stays focused.
    setButtons: function (box, keyName, list) {
      var key = JSON.stringify(list.map(function (b) { return [b.id, b.label]; }));
      if (key === this[keyName]) return;
      this[keyName] = key;
      var had = box.contains(document.activeElement) ? document.activeElement.dataset.id : null;
      box.textContent = '';
      list.forEach(function (b) {
        var el = document.createElement('button');
        el.type = 'button';
        el.textContent = b.label;
        el.dataset.id = b.id;
        el.dataset.control = b.control || '';
        el.addEventListener('click', b.run);
        box.appendChild(el);
        if (had === b.id) el.focus({ preventScroll: true });
      });
    },

    updateNav: function (s, t) {
      var list = [];
      if (s.modal) { // the question first: nothing behind it answers until it is answered
        this.setButtons(this.nav, 'navKey', list);
        return;
      }
      // The nav bar's own button, as the app draws it (state().navButton).
      if (s.navButton === 'back') {
        list.push({ id: 'back', control: 'back', label: t.back, run: function () { api.navigateBack().catch(function () {}); } });
      } else if (s.navButton === 'home') { // opened by a link or a reload
        list.push({ id: 'home', control: 'home', label: t.home, run: function () { api.reLaunch('/' + s.home).catch(function () {}); } });
      }
      if (s.path && s.path === s.home) { // home: the games of this site
        appPages.forEach(function (p) {
          var m = /^pages\/(\w+)\/(\w+)$/.exec(p);
          if (!m || m[1] !== m[2] || !GAMES[m[1]]) return;
          list.push({ id: 'open-' + m[1], control: 'game-' + m[1], label: fmt(t.open, [gameName(m[1])]),
            run: function () { api.navigateTo('/' + p).catch(function () {}); } });
        });
      }
      this.setButtons(this.nav, 'navKey', list);
    },

    updateActions: function (s, t, name) {
      var list = [];
      if (s.modal) { // the app's modal: its buttons, Cancel first (the safe one takes the focus)
        if (s.modal.cancel) list.push({ id: 'modal-cancel', control: 'modal-cancel', label: s.modal.cancel, run: function () { a11y.answer(false); } });
        list.push({ id: 'modal-confirm', control: 'modal-confirm', label: s.modal.confirm, run: function () { a11y.answer(true); } });
      } else if (name) {
        if (s.game.mustPass && !s.game.thinking) list.push({ id: 'pass', control: 'pass', label: t.pass, run: function () { a11y.send({ type: 'pass' }, t.pass); } });
        // ask: a game in progress is not thrown away without the question the canvas button asks.
        list.push({ id: 'new-game', control: 'new-game', label: t.newGame, run: function () { a11y.send({ type: 'newGame', ask: true }, t.newGame); } });
      }
      var label = s.modal ? sentences([s.modal.title, s.modal.content].filter(Boolean)) : '';
      if (label) { this.actions.setAttribute('role', 'group'); this.actions.setAttribute('aria-label', label); }
      else { this.actions.removeAttribute('role'); this.actions.removeAttribute('aria-label'); }
      this.setButtons(this.actions, 'actionsKey', list);
    },

    // Confirm or Cancel of the app's modal, as its buttons on the canvas.
    answer: function (confirmed) {
      if (started) Module._miniapp_modal_answer(confirmed ? 1 : 0);
      syncSoon();
    },

    updateBoard: function (s, t, name) {
      var self = this;
      if (!name) {
        if (this.built) { this.grid.textContent = ''; this.buttons = []; this.built = ''; }
        this.grid.hidden = true;
        return;
      }
      var rows = GAMES[name].rows, n = GAMES[name].cols, g = s.game;
      this.grid.hidden = !!s.modal; // behind the modal: out of reach until it is answered
      this.grid.setAttribute('aria-label', fmt(t.boardAs, [gameName(name), sideName(name, g.you, t)]));
      if (this.built !== name) { // build the rows once per game
        this.built = name;
        this.grid.textContent = '';
        this.buttons = [];
        this.focus = -1;
        for (var r = 0; r < rows; ++r) {
          var row = document.createElement('div');
          row.setAttribute('role', 'row');
          for (var c = 0; c < n; ++c) {
            var cellEl = document.createElement('div');
            cellEl.setAttribute('role', 'gridcell');
            var btn = document.createElement('button');
            btn.type = 'button';
            btn.tabIndex = -1;
            btn.dataset.cell = String(r * n + c);
            btn.addEventListener('click', (function (i) { return function () { self.play(i); }; })(r * n + c));
            cellEl.appendChild(btn);
            row.appendChild(cellEl);
            this.buttons.push(btn);
          }
          this.grid.appendChild(row);
        }
      }
      var firstLegal = -1, legalAt = [], sets = pointSets(g);
      for (var i = 0; i < rows * n; ++i) {
        var info = cellInfo(name, g, Math.floor(i / n), i % n, t, sets);
        var label = [info.coord, info.content, info.legal ? t.legal : '', info.forbidden ? t.forbidden : '']
          .filter(Boolean).join(', ');
        var el = this.buttons[i];
        if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
        el.setAttribute('aria-disabled', info.legal ? 'false' : 'true');
        legalAt[i] = info.legal;
        if (info.legal && firstLegal < 0) firstLegal = i;
      }
      // Tabbing into the board lands on a playable cell: while the focus is elsewhere, the tab
      // stop moves off a cell that can no longer be played.
      var away = !this.grid.contains(document.activeElement);
      if (this.focus < 0 || (away && !legalAt[this.focus] && firstLegal >= 0)) {
        this.setFocus(firstLegal >= 0 ? firstLegal : Math.floor(rows * n / 2), false);
      }
    },

    setFocus: function (i, move) {
      if (this.focus >= 0 && this.buttons[this.focus]) this.buttons[this.focus].tabIndex = -1;
      this.focus = i;
      this.buttons[i].tabIndex = 0;
      if (move) this.buttons[i].focus({ preventScroll: true });
    },

    play: function (i) {
      if (!GAMES[this.game] || !this.state) return;
      var n = GAMES[this.game].cols;
      this.setFocus(i, false);
      var info = cellInfo(this.game, this.state.game, Math.floor(i / n), i % n, T());
      api.command({ type: 'play', cell: i }).then(syncSoon, function () {
        say(fmt(T().refused, [info.coord]));
      });
    },

    send: function (cmd, what) {
      api.command(cmd).then(syncSoon, function (e) { say(what + ': ' + e.message); });
    },

    key: function (e) {
      if (!GAMES[this.game] || !e.target.dataset || e.target.dataset.cell === undefined) return;
      var n = GAMES[this.game].cols, last = GAMES[this.game].rows - 1, i = +e.target.dataset.cell, r = Math.floor(i / n), c = i % n;
      switch (e.key) {
        case 'ArrowUp': r = Math.max(0, r - 1); break;
        case 'ArrowDown': r = Math.min(last, r + 1); break;
        case 'ArrowLeft': c = Math.max(0, c - 1); break;
        case 'ArrowRight': c = Math.min(n - 1, c + 1); break;
        case 'Home': c = 0; if (e.ctrlKey) r = 0; break;
        case 'End': c = n - 1; if (e.ctrlKey) r = last; break;
        default: return;
      }
      e.preventDefault();
      this.setFocus(r * n + c, true);
    },

    // A focus ring over the canvas where the focused button acts: the board cell or the control.
    placeRing: function () {
      var el = document.activeElement, rect = null;
      if (started && el && this.root.contains(el)) {
        try {
          if (el.dataset.cell !== undefined) rect = api.boardCellRect(+el.dataset.cell);
          else if (el.dataset.control) rect = api.controlRect(el.dataset.control);
        } catch (e) { rect = null; }
      }
      if (!rect) { this.ring.hidden = true; return; }
      var box = appEl.getBoundingClientRect();
      this.ring.style.left = (rect.x - box.left) + 'px';
      this.ring.style.top = (rect.y - box.top) + 'px';
      this.ring.style.width = rect.width + 'px';
      this.ring.style.height = rect.height + 'px';
      this.ring.hidden = false;
    }
  };
  a11y.grid.addEventListener('keydown', function (e) { a11y.key(e); });
  // Escape answers the modal with Cancel, as it does on the canvas.
  a11y.root.addEventListener('keydown', function (e) {
    if (e.key !== 'Escape' || !current || !current.modal) return;
    e.preventDefault();
    a11y.answer(false);
  });
  a11y.root.addEventListener('focusin', function (e) {
    if (e.target.dataset && e.target.dataset.cell !== undefined) a11y.setFocus(+e.target.dataset.cell, false);
    a11y.placeRing();
  });
  a11y.root.addEventListener('focusout', function () { setTimeout(function () { a11y.placeRing(); }, 0); });
  window.addEventListener('resize', function () { setTimeout(function () { a11y.placeRing(); }, 50); });
  api.on('*', function () { syncSoon(); });

  // --- embed bridge: postMessage to and from the embedding parent ------------------------------------------
  // Events out: {source: 'miniarena', type: 'ready' | 'move' | 'gameOver' | 'ack' | 'state' | 'error', …}.
  // Commands in: {type, id?, …} checked against COMMANDS; anything else is answered by an error event.
  var COMMANDS = {
    newGame: { ask: 'boolean?' },
    pass: {},
    getState: {},
    setLevel: { level: 'string' },
    setPosition: { position: 'string' },
    setSide: { side: 'string' },
    setRule: { rule: 'string' },
    play: { cell: 'integer?', move: 'string?', row: 'integer?', col: 'integer?' }
  };

  function postToParent(msg) {
    if (!embed.on || window.parent === window) return;
    var out = { source: 'miniarena' };
    Object.keys(msg).forEach(function (k) { if (msg[k] !== undefined) out[k] = msg[k]; });
    try { window.parent.postMessage(out, embed.parentOrigin || '*'); } catch (e) { console.warn('[miniapp] postMessage: ' + e.message); }
  }

  function kindOf(v) {
    if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
    return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
  }

  // '' for a well-formed command, else what is wrong with it.
  function checkCommand(m) {
    if (kindOf(m) !== 'object') return 'a command must be an object like {"type": "newGame"}, not ' + kindOf(m);
    var known = Object.keys(COMMANDS);
    if (typeof m.type !== 'string') return 'a command needs a "type": one of ' + known.join(', ');
    if (!Object.prototype.hasOwnProperty.call(COMMANDS, m.type)) return 'unknown command type "' + m.type + '" (known: ' + known.join(', ') + ')';
    var spec = COMMANDS[m.type];
    var keys = Object.keys(m);
    for (var i = 0; i < keys.length; ++i) {
      var k = keys[i];
      if (k === 'type') continue;
      if (k === 'id') {
        if (typeof m.id !== 'string' && kindOf(m.id) !== 'integer') return m.type + ': "id" must be a string or an integer';
        continue;
      }
      if (!Object.prototype.hasOwnProperty.call(spec, k)) {
        var allowed = Object.keys(spec).concat('id');
        return m.type + ': unknown field "' + k + '" (allowed: ' + allowed.join(', ') + ')';
      }
      var want = spec[k].replace('?', '');
      if (kindOf(m[k]) !== want) return m.type + ': "' + k + '" must be a' + (want === 'integer' ? 'n ' : ' ') + want + ', not ' + kindOf(m[k]);
    }
    for (var f in spec) {
      if (spec[f].indexOf('?') < 0 && !(f in m)) return m.type + ': "' + f + '" is required';
    }
    if (m.type === 'play') {
      var forms = ('cell' in m ? 1 : 0) + ('move' in m ? 1 : 0) + ('row' in m || 'col' in m ? 1 : 0);
      if (forms !== 1 || (('row' in m) !== ('col' in m))) return 'play: give exactly one of "cell", "move", or "row" with "col"';
    }
    return '';
  }

  function publicState(s) {
    return { path: s.path, lang: s.lang, theme: s.theme, title: s.title, game: s.game };
  }

  // Launch parameters the page did not take (a level it does not know, a side or rule it has
  // not got, a position it could not read) are reported, once the app runs.
  function launchProblems(s) {
    var out = [], g = s.game || {};
    var level = g.level !== undefined ? g.level : g.difficulty;
    if (params.has('level') && level !== params.get('level')) {
      out.push('embed: level "' + params.get('level') + '" was not taken by ' + embed.game + (level !== undefined ? ' (it plays "' + level + '")' : ''));
    }
    [['side', 'human'], ['rule', 'rule']].forEach(function (p) {
      if (!params.has(p[0])) return;
      if (g[p[1]] === undefined) out.push('embed: ' + embed.game + ' has no ' + p[0] + ' parameter');
      else if (g[p[1]] !== params.get(p[0])) out.push('embed: ' + p[0] + ' "' + params.get(p[0]) + '" was not taken by ' + embed.game);
    });
    // A position the page could not read is told by its toast.
    if (params.has('position') && !GAMES[embed.game].positionByCommand && s.toast) out.push('embed: position: ' + s.toast);
    return out;
  }

  // A launch position the page did not take from its query, sent as a command instead.
  function applyLaunchPosition(s) {
    if (!params.has('position') || !GAMES[embed.game].positionByCommand || !s.game ||
        shows(embed.game, s.game, params.get('position'))) return Promise.resolve([]);
    return api.command({ type: 'setPosition', position: params.get('position') }).then(function () { return []; },
      function (err) { return ['embed: position: ' + err.message]; });
  }

  if (embed.on) {
    api.on('*', function (event) { postToParent(event); });
    window.addEventListener('message', function (e) {
      if (window.parent === window || e.source !== window.parent) return; // only the embedding parent
      if (embed.parentOrigin && e.origin !== embed.parentOrigin) {
        console.warn('[miniapp] a command from ' + e.origin + ' was ignored: commands are taken only from ' + embed.parentOrigin);
        postToParent({ type: 'error', message: 'commands are taken only from ' + embed.parentOrigin + ', not from ' + e.origin });
        return;
      }
      var m = e.data;
      var id = kindOf(m) === 'object' ? m.id : undefined;
      var command = kindOf(m) === 'object' && typeof m.type === 'string' ? m.type : undefined;
      var problem = checkCommand(m);
      if (problem) { postToParent({ type: 'error', id: id, command: command, message: problem }); return; }
      if (m.type === 'getState') {
        ready.then(function () { postToParent({ type: 'state', id: id, state: publicState(api.state()) }); });
        return;
      }
      var cmd = {};
      Object.keys(m).forEach(function (k) { if (k !== 'id') cmd[k] = m[k]; });
      api.command(cmd).then(function () {
        syncSoon();
        postToParent({ type: 'ack', id: id, command: command });
      }, function (err) {
        postToParent({ type: 'error', id: id, command: command, message: err.message });
      });
    });
    embed.problems.forEach(function (p) { console.warn('[miniapp] ' + p); });
    ready.then(function () {
      return applyLaunchPosition(api.state());
    }).then(function (positionProblems) {
      var s = api.state();
      embed.problems.concat(launchProblems(s), positionProblems).forEach(function (p) { postToParent({ type: 'error', message: p }); });
      postToParent({ type: 'ready', game: embed.game, version: api.version, lang: s.lang, theme: s.theme, state: s.game });
      syncSoon();
    }, function () {});
  }

  // --- offline: the service worker and the "updated" notice ------------------------------------------------
  var noticeEl = document.getElementById('notice');
  var noticeTimer = 0;
  function notice(text) {
    noticeEl.textContent = text;
    noticeEl.hidden = false;
    say(text);
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(function () { noticeEl.hidden = true; }, 6000);
  }

  var VERSION_KEY = 'miniarena-shell:version'; // outside the app's "miniarena:" keys
  // The version of the worker now serving this page (its cache name), or null.
  function swVersion() {
    var sw = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!sw) return Promise.resolve(null);
    return new Promise(function (resolve) {
      var ch = new MessageChannel();
      var timer = setTimeout(function () { resolve(null); }, 3000);
      ch.port1.onmessage = function (e) { clearTimeout(timer); resolve((e.data && e.data.version) || null); };
      sw.postMessage({ type: 'version' }, [ch.port2]);
    });
  }
  api.serviceWorkerVersion = swVersion;

  // A page served by a new version (the last one this browser saw differs) says so, in its language.
  function checkVersion() {
    swVersion().then(function (v) {
      if (!v) return;
      var before = null;
      try { before = localStorage.getItem(VERSION_KEY); localStorage.setItem(VERSION_KEY, v); } catch (e) { return; }
      if (before && before !== v) ready.then(function () { sync(); notice(T().updated); });
    });
  }

  // A page that starts on the old version while a new one is ready (the worker's hand-over on
  // navigation did not happen: the browser held the activation up, say) asks for the hand-over
  // itself and loads again at once when it is done, before anyone has played on it.
  var takeoverAsked = 0;
  function askTakeover(reg) {
    var sw = navigator.serviceWorker.controller;
    if (!reg || !reg.waiting || !sw) return;
    // Set before the answer: the new worker may take control before the answer arrives.
    takeoverAsked = performance.now();
    var ch = new MessageChannel();
    ch.port1.onmessage = function (e) { if (!(e.data && e.data.started)) takeoverAsked = 0; };
    sw.postMessage({ type: 'takeover' }, [ch.port2]);
  }

  if ('serviceWorker' in navigator && window.isSecureContext && params.get('sw') !== '0') {
    navigator.serviceWorker.addEventListener('controllerchange', function () {
      if (takeoverAsked && performance.now() - takeoverAsked < 10000) location.reload();
      else checkVersion();
    });
    checkVersion();
    // Registered once the app runs, so precaching never competes with start-up. The scope is
    // the folder of this page: the site works from any sub-path.
    ready.then(function () {
      navigator.serviceWorker.register('sw.js', { scope: './', updateViaCache: 'none' }).then(askTakeover, function (e) {
        console.warn('[miniapp] the service worker was not registered: ' + e.message);
      });
    }, function () {});
  }
})();
