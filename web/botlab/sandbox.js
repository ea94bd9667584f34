// sandbox.js — runs a player's bot source away from the page (or the Node process): a dedicated
// Web Worker made from a Blob URL in the browser, a worker thread + a fresh vm context under Node.
// The host side talks to it one call at a time, with a time limit enforced by killing the worker.
//
// Index
//   botRuntime ........... the code that runs inside the sandbox (both environments)
//   BLOCKED_GLOBALS ...... what the browser worker deletes before the bot's code runs
//   SandboxedBot ......... host side: load, call a hook, time limits, terminate
//   nodeSpawner / browserSpawner  how each environment starts the worker
//   createSandbox ........ picks the environment's spawner
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else (root.BotLab = root.BotLab || {}).sandbox = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // Defaults (milliseconds). GRACE_MS: a call with no answer after limit + grace is killed;
  // the limit itself is judged on the time measured inside the sandbox.
  var DEFAULT_TIME_MS = 1000;
  var DEFAULT_LOAD_TIME_MS = 2000;
  var GRACE_MS = 500;
  var HOOKS = ['onGameStart', 'onRoundStart', 'onTurnStart', 'onRoundEnd', 'onGameEnd'];

  // Browser only: removed from the worker's global scope (and its prototypes) before the bot
  // runs, so a bot has no network, no storage, no way to reach other contexts of the origin.
  var BLOCKED_GLOBALS = [
    'fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'WebTransport', 'EventSource',
    'importScripts', 'indexedDB', 'IDBFactory', 'caches', 'CacheStorage', 'cookieStore',
    'localStorage', 'sessionStorage', 'BroadcastChannel', 'Worker', 'SharedWorker',
    'ServiceWorker', 'navigator', 'Notification', 'RTCPeerConnection', 'FileSystemHandle',
    'FileSystemFileHandle', 'FileSystemDirectoryHandle', 'StorageManager',
    'FontFace', 'fonts', 'webkitRequestFileSystem', 'webkitRequestFileSystemSync',
    'webkitResolveLocalFileSystemURL', 'webkitResolveLocalFileSystemSyncURL',
    'postMessage', 'close', 'onmessage', 'onmessageerror'
  ];

  // --- inside the sandbox ---------------------------------------------------------------------
  // botRuntime(host) runs in the bot's realm (the worker global in the browser, a vm context
  // under Node) and returns dispatch(text) → text: one JSON request in, one JSON reply out.
  // host = {log(level, text), now()} — the only ways out, kept in this closure (never on the
  // global), so the bot cannot reach them. Written in plain ES5 because it is stringified.
  function botRuntime(host) {
    'use strict';
    var G = (0, eval)('this');
    var hooks = null;
    var logBudget = 0;
    var MAX_LOG_LINES = 200, MAX_LOG_CHARS = 2000;
    var FOOTER = '\n;({ get: function (n) { switch (n) {' +
      "case 'onGameStart': return typeof onGameStart === 'function' ? onGameStart : undefined;" +
      "case 'onRoundStart': return typeof onRoundStart === 'function' ? onRoundStart : undefined;" +
      "case 'onTurnStart': return typeof onTurnStart === 'function' ? onTurnStart : undefined;" +
      "case 'onRoundEnd': return typeof onRoundEnd === 'function' ? onRoundEnd : undefined;" +
      "case 'onGameEnd': return typeof onGameEnd === 'function' ? onGameEnd : undefined;" +
      '} } })\n//# sourceURL=bot.js';

    // A seeded Math.random (mulberry32) so a match is reproducible from its seed.
    function seeded(seed) {
      var a = seed >>> 0;
      return function random() {
        a = (a + 0x6D2B79F5) | 0;
        var t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    }

    // A short readable text for any value (log lines, reasons).
    function show(v) {
      if (typeof v === 'string') return v;
      if (typeof v === 'function') return 'function ' + (v.name || '(anonymous)');
      if (typeof v === 'bigint' || typeof v === 'symbol') return String(v);
      if (typeof v === 'number' && !isFinite(v)) return String(v);
      try {
        var s = JSON.stringify(v);
        return s === undefined ? String(v) : s;
      } catch (e) {
        return String(v);
      }
    }

    // "Name: message (line N)" for a thrown value; the line is the bot source's, when known.
    function errorText(e) {
      if (e !== null && typeof e === 'object' && typeof e.message === 'string') {
        var text = String(e.name || 'Error') + ': ' + e.message;
        var m = /bot\.js:(\d+)/.exec(String(e.stack));
        if (m) text += ' (line ' + m[1] + ')';
        return text;
      }
      return 'a non-error value ' + show(e).slice(0, 80);
    }

    // What the bot returned, as plain JSON the host can judge (a Promise cannot be cloned).
    function exportValue(v) {
      if (v !== null && (typeof v === 'object' || typeof v === 'function') && typeof v.then === 'function') {
        return { type: 'promise' };
      }
      if (Array.isArray(v)) {
        var items = [];
        for (var i = 0; i < v.length && i < 4; i += 1) {
          var x = v[i];
          items.push(typeof x === 'number' && isFinite(x) ? x : { type: x === null ? 'null' : typeof x, text: show(x).slice(0, 40) });
        }
        return { type: 'array', length: v.length, items: items };
      }
      if (v === null) return { type: 'null' };
      return { type: typeof v, text: show(v).slice(0, 60) };
    }

    function logLine(level, args) {
      if (logBudget <= 0) return;
      logBudget -= 1;
      var parts = [];
      for (var i = 0; i < args.length; i += 1) parts.push(show(args[i]));
      var text = parts.join(' ');
      if (text.length > MAX_LOG_CHARS) text = text.slice(0, MAX_LOG_CHARS) + '…';
      host.log(level, logBudget === 0 ? text + ' (further log lines of this call are dropped)' : text);
    }

    // No code from strings: eval, the four Function constructors and string timers refuse,
    // so a bot cannot hide an import() (a network request in the browser) in a string. The
    // runtime keeps the real eval for loading the bot's source.
    var realEval = G.eval;
    function refuse(what) {
      return function () { throw new EvalError(what + ' is not available to bots'); };
    }
    G.eval = refuse('eval');
    [['Function', function () {}], ['AsyncFunction', async function () {}],
      ['GeneratorFunction', function* () {}], ['AsyncGeneratorFunction', async function* () {}]].forEach(function (pair) {
      var proto = Object.getPrototypeOf(pair[1]);
      var blocked = refuse(pair[0]);
      blocked.prototype = proto;
      Object.defineProperty(proto, 'constructor', { value: blocked, writable: false, configurable: false });
      if (pair[0] === 'Function') G.Function = blocked;
    });
    ['setTimeout', 'setInterval'].forEach(function (name) {
      var real = G[name];
      if (typeof real !== 'function') return;
      G[name] = function (fn) {
        if (typeof fn !== 'function') throw new TypeError(name + ' needs a function (code strings are not available to bots)');
        return real.apply(G, arguments);
      };
    });
    // import( outside a property access: refused at load, with its line.
    var IMPORT_CALL = /(^|[^.\w$])import\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*\(/;

    var consoleObject = {};
    ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
      consoleObject[level] = function () { logLine(level, arguments); };
    });
    G.console = consoleObject;

    // Evaluate the source as global code; a SyntaxError with no frame in bot.js is the parser's
    // (nothing ran), any other exception was thrown by the bot's top-level code.
    function load(msg) {
      var found = IMPORT_CALL.exec(msg.source);
      if (found) {
        var line = msg.source.slice(0, found.index + found[1].length).split('\n').length;
        return { ok: false, kind: 'forbidden', error: 'import() is not available to bots (line ' + line + ')' };
      }
      var t0 = host.now();
      try {
        hooks = realEval(msg.source + FOOTER);
      } catch (e) {
        var parse = e instanceof SyntaxError && !/bot\.js:\d+/.test(String(e.stack));
        if (parse) return { ok: false, kind: 'syntax', error: 'SyntaxError: ' + e.message };
        return { ok: false, kind: 'threw', error: errorText(e), ms: host.now() - t0 };
      }
      var ms = host.now() - t0;
      var present = [];
      ['onGameStart', 'onRoundStart', 'onTurnStart', 'onRoundEnd', 'onGameEnd'].forEach(function (name) {
        if (hooks.get(name)) present.push(name);
      });
      if (present.indexOf('onTurnStart') < 0) return { ok: false, kind: 'missing', ms: ms };
      return { ok: true, ms: ms, hooks: present };
    }

    function call(msg) {
      var fn = hooks && hooks.get(msg.hook);
      if (!fn) return { ok: true, missing: true, ms: 0 };
      var t0 = host.now(), value;
      try {
        value = msg.hasArg ? fn(msg.arg) : fn();
      } catch (e) {
        return { ok: false, error: errorText(e), ms: host.now() - t0 };
      }
      var ms = host.now() - t0;
      return { ok: true, ms: ms, value: exportValue(value) };
    }

    return function dispatch(text) {
      var msg = JSON.parse(text), reply;
      logBudget = MAX_LOG_LINES;
      if (typeof msg.seed === 'number') Math.random = seeded(msg.seed);
      if (msg.kind === 'load') reply = load(msg);
      else if (msg.kind === 'call') reply = call(msg);
      else reply = { ok: false, error: 'unknown request ' + msg.kind };
      reply.id = msg.id;
      reply.type = 'reply';
      try {
        return JSON.stringify(reply);
      } catch (e) {
        return JSON.stringify({ id: msg.id, type: 'reply', ok: false, error: 'the reply could not be sent' });
      }
    };
  }

  var RUNTIME_SOURCE = '(' + botRuntime.toString() + ')';

  // --- the browser worker -------------------------------------------------------------------------
  // The script of the bot's Web Worker: keeps private references to postMessage and the clock,
  // removes BLOCKED_GLOBALS, installs the runtime, then answers messages. Errors the bot causes
  // outside a call (e.g. in a timer) become log lines instead of page errors.
  function browserWorkerSource() {
    return "'use strict';\n(function () {\n" +
      'var post = self.postMessage.bind(self);\n' +
      'var perf = self.performance;\n' +
      'var now = function () { return perf.now(); };\n' +
      'var listen = self.addEventListener.bind(self);\n' +
      'var BLOCKED = ' + JSON.stringify(BLOCKED_GLOBALS) + ';\n' +
      'function block(name) {\n' +
      '  for (var o = self; o; o = Object.getPrototypeOf(o)) {\n' +
      '    try { if (Object.prototype.hasOwnProperty.call(o, name)) delete o[name]; } catch (e) {}\n' +
      '  }\n' +
      '  if (name in self) { try { Object.defineProperty(self, name, { value: undefined, configurable: false, writable: false }); } catch (e) {} }\n' +
      '}\n' +
      'var log = function (level, text) { post(JSON.stringify({ type: "log", level: level, text: text })); };\n' +
      'var dispatch = ' + RUNTIME_SOURCE + '({ log: log, now: now });\n' +
      'listen("error", function (e) { log("error", "uncaught " + (e.message || "error")); e.preventDefault(); });\n' +
      'listen("unhandledrejection", function (e) { log("error", "unhandled promise rejection: " + String(e.reason)); e.preventDefault(); });\n' +
      'listen("message", function (e) { post(dispatch(e.data)); });\n' +
      'BLOCKED.forEach(block);\n' +
      '})();\n';
  }

  var blobUrl = null;

  // Starts a bot worker in the browser; callbacks get reply texts / an error text.
  function browserSpawner(onMessage, onFailure) {
    if (!blobUrl) blobUrl = URL.createObjectURL(new Blob([browserWorkerSource()], { type: 'text/javascript' }));
    var w = new Worker(blobUrl, { name: 'botlab-bot' });
    w.onmessage = function (e) { onMessage(e.data); };
    w.onerror = function (e) { if (e.preventDefault) e.preventDefault(); onFailure(e.message || 'the bot worker failed'); };
    w.onmessageerror = function () { onFailure('a message from the bot could not be read'); };
    return {
      post: function (text) { w.postMessage(text); },
      terminate: function () { w.terminate(); }
    };
  }

  // --- the Node worker thread ------------------------------------------------------------------------
  // A worker thread with a fresh vm context (only the language's built-ins, plus console from the
  // runtime): no require, no process, no fetch, no timers. Memory is capped.
  var NODE_WORKER_SOURCE = [
    "'use strict';",
    "const { parentPort, workerData } = require('node:worker_threads');",
    "const vm = require('node:vm');",
    "const { performance } = require('node:perf_hooks');",
    'const context = vm.createContext({});',
    'const log = (level, text) => parentPort.postMessage(JSON.stringify({ type: "log", level: String(level), text: String(text) }));',
    'const now = () => performance.now();',
    'const dispatch = vm.runInContext(workerData.runtime, context)({ log, now });',
    "process.on('unhandledRejection', (r) => log('error', 'unhandled promise rejection: ' + String(r)));",
    "parentPort.on('message', (text) => parentPort.postMessage(dispatch(text)));"
  ].join('\n');

  // Starts a bot worker thread under Node; same callbacks as browserSpawner.
  function nodeSpawner(onMessage, onFailure) {
    var Worker = require('node:worker_threads').Worker;
    var w = new Worker(NODE_WORKER_SOURCE, {
      eval: true,
      workerData: { runtime: RUNTIME_SOURCE },
      stdout: true, stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }
    });
    var ended = false;
    w.on('message', onMessage);
    w.on('error', function (err) { ended = true; onFailure(err && err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out of memory' : String(err && err.message || err)); });
    w.on('exit', function () { if (!ended) { ended = true; onFailure('the bot worker exited'); } });
    return {
      post: function (text) { w.postMessage(text); },
      terminate: function () { ended = true; w.terminate(); }
    };
  }

  var isNode = typeof process === 'object' && process && process.versions && !!process.versions.node &&
    typeof window === 'undefined';

  // --- host side ---------------------------------------------------------------------------------------
  // One bot instance in its own worker. opts: {timeMs, loadTimeMs, onLog(level, text), spawner}.
  // Every method resolves (never rejects): failures come back as {ok: false, code, reason}.
  function SandboxedBot(opts) {
    opts = opts || {};
    this.timeMs = opts.timeMs > 0 ? opts.timeMs : DEFAULT_TIME_MS;
    this.loadTimeMs = opts.loadTimeMs > 0 ? opts.loadTimeMs : DEFAULT_LOAD_TIME_MS;
    this.onLog = opts.onLog || function () {};
    this.spawner = opts.spawner || (isNode ? nodeSpawner : browserSpawner);
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
    this.dead = false;
    this.hooks = [];
  }

  // Start the worker and evaluate the source. Resolves {ok: true, hooks} or
  // {ok: false, kind: 'syntax'|'forbidden'|'threw'|'missing'|'timeout'|'crashed', error}.
  SandboxedBot.prototype.load = function (source, seed) {
    var self = this;
    if (typeof source !== 'string') return Promise.resolve({ ok: false, kind: 'syntax', error: 'the bot source is not text' });
    try {
      this.worker = this.spawner(function (text) { self.receive(text); }, function (why) { self.failed(why); });
    } catch (e) {
      return Promise.resolve({ ok: false, kind: 'crashed', error: 'the sandbox could not start: ' + e.message });
    }
    return this.request({ kind: 'load', source: source, seed: seed >>> 0 }, this.loadTimeMs).then(function (r) {
      if (r.ok) { self.hooks = r.hooks; return { ok: true, hooks: r.hooks }; }
      self.terminate();
      var error;
      if (r.kind === 'syntax' || r.kind === 'forbidden') error = r.error;
      else if (r.kind === 'threw') error = 'the bot threw while loading: ' + r.error;
      else if (r.kind === 'missing') error = 'the bot defines no onTurnStart(data) function';
      else if (r.kind === 'timeout') error = 'the bot did not finish loading within ' + self.loadTimeMs + ' ms';
      else error = 'the bot crashed while loading: ' + r.error;
      return { ok: false, kind: r.kind, error: error };
    });
  };

  // Call one hook. Resolves {ok: true, value, ms, missing} or {ok: false, code:
  // 'threw'|'timeout'|'crashed', reason} (reason reads "onTurnStart threw Error: … (line 3)").
  SandboxedBot.prototype.call = function (hook, arg, seed) {
    var self = this;
    if (this.dead || !this.worker) return Promise.resolve({ ok: false, code: 'crashed', reason: hook + ' could not run: the bot is not running' });
    var msg = { kind: 'call', hook: hook, hasArg: arg !== undefined, arg: arg };
    if (typeof seed === 'number') msg.seed = seed >>> 0;
    return this.request(msg, this.timeMs).then(function (r) {
      if (r.kind === 'timeout') {
        self.terminate();
        return { ok: false, code: 'timeout', reason: hook + ' exceeded the time limit of ' + self.timeMs + ' ms' };
      }
      if (r.kind === 'crashed') return { ok: false, code: 'crashed', reason: hook + ' crashed the bot: ' + r.error };
      if (!r.ok) return { ok: false, code: 'threw', reason: hook + ' threw ' + r.error };
      return { ok: true, value: r.value, ms: r.ms, missing: !!r.missing };
    });
  };

  // Send one request; resolves the reply, {kind: 'timeout'} (measured inside the sandbox over
  // the limit, or no answer by limit + GRACE_MS: the worker is killed) or {kind: 'crashed'}.
  SandboxedBot.prototype.request = function (msg, limitMs) {
    var self = this;
    msg.id = this.nextId++;
    return new Promise(function (resolve) {
      var timer = setTimeout(function () {
        if (!self.pending || self.pending.id !== msg.id) return;
        self.pending = null;
        self.terminate();
        resolve({ ok: false, kind: 'timeout' });
      }, limitMs + GRACE_MS);
      self.pending = {
        id: msg.id,
        done: function (reply) {
          clearTimeout(timer);
          self.pending = null;
          if (reply.kind !== 'crashed' && typeof reply.ms === 'number' && reply.ms > limitMs) reply = { ok: false, kind: 'timeout' };
          resolve(reply);
        }
      };
      var text;
      try {
        text = JSON.stringify(msg);
      } catch (e) {
        self.pending.done({ ok: false, kind: 'crashed', error: 'the request could not be sent' });
        return;
      }
      self.worker.post(text);
    });
  };

  // A message from the worker: a log line, or the reply to the pending request.
  SandboxedBot.prototype.receive = function (text) {
    var msg;
    try { msg = JSON.parse(text); } catch (e) { return; }
    if (msg.type === 'log') { this.onLog(msg.level, msg.text); return; }
    if (msg.type === 'reply' && this.pending && this.pending.id === msg.id) this.pending.done(msg);
  };

  // The worker died or reported an uncaught error: fail the pending request, or log it.
  SandboxedBot.prototype.failed = function (why) {
    if (this.pending) {
      var p = this.pending;
      this.pending = null;
      this.terminate();
      p.done({ ok: false, kind: 'crashed', error: why });
    } else if (!this.dead) {
      this.onLog('error', why);
    }
  };

  // Kill the worker (idempotent); a pending request answers 'crashed', and so does any later call.
  SandboxedBot.prototype.terminate = function () {
    this.dead = true;
    if (this.worker) { try { this.worker.terminate(); } catch (e) { /* already gone */ } }
    this.worker = null;
    if (this.pending) {
      var p = this.pending;
      this.pending = null;
      p.done({ ok: false, kind: 'crashed', error: 'the bot was stopped' });
    }
  };

  // createSandbox(opts) → a new SandboxedBot for this environment.
  function createSandbox(opts) { return new SandboxedBot(opts); }

  return {
    createSandbox: createSandbox,
    SandboxedBot: SandboxedBot,
    BLOCKED_GLOBALS: BLOCKED_GLOBALS,
    HOOKS: HOOKS,
    DEFAULT_TIME_MS: DEFAULT_TIME_MS,
    DEFAULT_LOAD_TIME_MS: DEFAULT_LOAD_TIME_MS,
    GRACE_MS: GRACE_MS,
    browserWorkerSource: browserWorkerSource,
    nodeSpawner: nodeSpawner,
    browserSpawner: browserSpawner,
    isNode: isNode
  };
});
