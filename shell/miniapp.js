// miniapp.js — the page side of Mini Arena: loads app.json and the page configs, starts the
// WebAssembly app (index.js) on the canvas, runs the AI Web Worker, and exposes
// window.miniapp (automation and embedding API). Everything here is plain browser JavaScript.
//
// Index
//   config ........ app.json + page json + launch url, handed to the app before main()
//   engine ........ the AI worker: one request at a time, cancel = restart
//   Module ........ Emscripten hooks (canvas, print, fatal, announce, events)
//   window.miniapp  ready, state(), route calls, boardCellRect(), controlRect(), on()
(function () {
  'use strict';

  var canvas = document.getElementById('canvas');
  var statusEl = document.getElementById('status');
  var announceEl = document.getElementById('announce');
  var params = new URLSearchParams(location.search);
  var listeners = {};
  var started = false;
  var readyResolve, readyReject;
  var ready = new Promise(function (resolve, reject) { readyResolve = resolve; readyReject = reject; });
  ready.catch(function () {}); // a failed start is reported on the page; don't also throw

  // --- config ---------------------------------------------------------------------------------
  function fetchText(url) {
    return fetch(url, { cache: 'no-cache' }).then(function (r) {
      if (!r.ok) throw new Error(url + ': HTTP ' + r.status);
      return r.text();
    });
  }

  function launchUrl() {
    var page = params.get('page') || (location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : '');
    return page || '';
  }

  function loadConfig() {
    var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    var cfg = { app: '', pages: {}, launch: launchUrl(), dark: !!dark };
    if (params.get('lang')) cfg.lang = params.get('lang');
    if (params.get('theme')) cfg.theme = params.get('theme');
    return fetchText('app.json').then(function (text) {
      cfg.app = text;
      var manifest;
      try { manifest = JSON.parse(text); } catch (e) { return cfg; } // the app names the problem
      var pages = (manifest && Array.isArray(manifest.pages)) ? manifest.pages : [];
      return Promise.all(pages.filter(function (p) { return typeof p === 'string'; }).map(function (p) {
        return fetch(p + '.json', { cache: 'no-cache' }).then(function (r) {
          return r.ok ? r.text().then(function (t) { cfg.pages[p] = t; }) : null; // no file: no overrides
        }, function () { return null; });
      })).then(function () { return cfg; });
    });
  }

  // --- fatal errors ------------------------------------------------------------------------------
  function fatal(message) {
    statusEl.hidden = false;
    statusEl.className = 'fatal';
    statusEl.setAttribute('role', 'alert');
    statusEl.textContent = message;
    console.error('[miniapp] ' + message);
    readyReject(new Error(message));
  }

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
      loadConfig().then(function (cfg) {
        Module.miniappConfig = cfg;
        Module.removeRunDependency('miniapp-config');
      }, function (err) {
        fatal('app.json could not be loaded: ' + err.message);
      });
    }],
    onAbort: function (what) { fatal('The app stopped: ' + what); },
    miniappConfig: null,
    miniappEngine: engine,
    miniappFatal: fatal,
    miniappStarted: function () {
      started = true;
      // Resolve once the first frame is on the canvas.
      (function waitFrame() {
        if (Module._miniapp_frames() >= 1) {
          statusEl.hidden = true;
          readyResolve(api);
        } else {
          requestAnimationFrame(waitFrame);
        }
      })();
    },
    miniappAnnounce: function (text) {
      // Clear first so the same sentence twice is announced twice.
      announceEl.textContent = '';
      setTimeout(function () { announceEl.textContent = text; }, 30);
    },
    miniappPrompt: function (id, spec) { prompt(id, spec); },
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
    fontAtlas: function () { return JSON.parse(call('miniapp_font_atlas')); },
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
})();
