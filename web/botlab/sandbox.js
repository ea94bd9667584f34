// sandbox.js — runs a player's bot source away from the page (or the Node process), behind the
// platform's own walls. Browser: a Web Worker started from a blob: URL inside a sandboxed,
// opaque-origin frame (frame.html) whose Content-Security-Policy the worker inherits: no origin
// at all can be reached. Node: a child process under Node's permission model (no files, no
// processes, no workers) inside new network and process namespaces (no sockets), with a fresh vm
// context around the bot. The host side talks to it one call at a time, with a time limit
// enforced by killing the worker.
//
// Index
//   botRuntime ........... the code that runs inside the sandbox (both environments)
//   BLOCKED_GLOBALS ...... what the browser worker also deletes before the bot's code runs
//   browserSpawner ....... the sandbox frame and the bot workers it starts
//   nodeSpawner .......... the walled child process (osWall: the operating system's part)
//   SandboxedBot ......... host side: load, call a hook, time limits, terminate
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

  // Browser only, a second layer with clear messages ("fetch is not defined"): removed from the
  // worker's global scope (and its prototypes) before the bot runs. The wall is the frame's
  // policy and opaque origin, which hold whether or not these names are there.
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
  // A bot's code runs as a script of its own, never through eval: in the browser it is the bot
  // worker's script (after the runtime's prelude), under Node the child compiles it into the vm
  // context. FOOTER follows the source in that script: it hands the runtime the bot's hooks,
  // declared as functions or with const/let/var, and names the script bot.js in stack traces.
  var REGISTER = 'botlab:loaded';
  var FOOTER = '\n;this[' + JSON.stringify(REGISTER) + ']({ get: function (n) { switch (n) {' +
    "case 'onGameStart': return typeof onGameStart === 'function' ? onGameStart : undefined;" +
    "case 'onRoundStart': return typeof onRoundStart === 'function' ? onRoundStart : undefined;" +
    "case 'onTurnStart': return typeof onTurnStart === 'function' ? onTurnStart : undefined;" +
    "case 'onRoundEnd': return typeof onRoundEnd === 'function' ? onRoundEnd : undefined;" +
    "case 'onGameEnd': return typeof onGameEnd === 'function' ? onGameEnd : undefined;" +
    '} } });\n//# sourceURL=bot.js\n';

  // botRuntime(host) runs in the bot's realm (the worker global in the browser, a vm context
  // under Node) before the bot's code and returns {begin, syntax, threw, dispatch}: begin(seed)
  // just before the bot's script runs, syntax(message) when it does not compile, threw(error)
  // when its top level throws; dispatch(text) → text answers one JSON request with one JSON
  // reply ('load' reports how the loading went). host = {log(level, text), now(), register (the
  // global name FOOTER calls: REGISTER), lineOffset (the lines of bot.js before the bot's
  // source)} — the only ways out, kept in this closure (never on the global), so the bot cannot
  // reach them. Plain ES5: it is stringified.
  function botRuntime(host) {
    'use strict';
    var G = globalThis;
    var hooks = null;
    var loaded = null;
    var loadStart = 0;
    var logBudget = 0;
    var MAX_LOG_LINES = 200, MAX_LOG_CHARS = 2000;
    var REGISTER = host.register;

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

    // "Name: message (line N)" for a thrown value; the line is the bot source's (the first frame
    // in it, past the runtime's own lines), when known.
    function errorText(e) {
      if (e !== null && typeof e === 'object' && typeof e.message === 'string') {
        var text = String(e.name || 'Error') + ': ' + e.message;
        var frames = /bot\.js:(\d+)/g, m;
        while ((m = frames.exec(String(e.stack))) !== null) {
          var line = Number(m[1]) - (host.lineOffset || 0);
          if (line > 0) { text += ' (line ' + line + ')'; break; }
        }
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

    // No code from strings: eval, the four Function constructors and string timers refuse
    // (a bot's code is the source it was loaded with). The platform refuses them too (the
    // frame's policy has no 'unsafe-eval'; the Node context allows no code generation from
    // strings); these give the same clear message in both.
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

    var consoleObject = {};
    ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
      consoleObject[level] = function () { logLine(level, arguments); };
    });
    G.console = consoleObject;

    // Loading. begin() seeds Math.random and opens the footer's door (REGISTER, once); the
    // footer's call records the hooks; what happened is kept for the 'load' request.
    function begin(seed) {
      Math.random = seeded(seed);
      logBudget = MAX_LOG_LINES;
      loaded = null;
      loadStart = host.now();
      Object.defineProperty(G, REGISTER, { value: register, configurable: true, writable: false, enumerable: false });
    }

    function register(found) {
      if (loaded) return;
      delete G[REGISTER];
      hooks = found;
      var ms = host.now() - loadStart;
      var present = [];
      ['onGameStart', 'onRoundStart', 'onTurnStart', 'onRoundEnd', 'onGameEnd'].forEach(function (name) {
        if (hooks.get(name)) present.push(name);
      });
      if (present.indexOf('onTurnStart') < 0) loaded = { ok: false, kind: 'missing', ms: ms };
      else loaded = { ok: true, ms: ms, hooks: present };
    }

    function syntax(message) {
      if (!loaded) loaded = { ok: false, kind: 'syntax', error: message };
    }

    function threw(e) {
      if (!loaded) loaded = { ok: false, kind: 'threw', error: errorText(e), ms: host.now() - loadStart };
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

    function dispatch(text) {
      var msg = JSON.parse(text), reply;
      logBudget = MAX_LOG_LINES;
      if (msg.kind === 'load') reply = loaded || { ok: false, kind: 'missing', ms: host.now() - loadStart };
      else if (msg.kind === 'call') {
        if (typeof msg.seed === 'number') Math.random = seeded(msg.seed);
        reply = call(msg);
      }
      else reply = { ok: false, error: 'unknown request ' + msg.kind };
      reply.id = msg.id;
      reply.type = 'reply';
      try {
        return JSON.stringify(reply);
      } catch (e) {
        return JSON.stringify({ id: msg.id, type: 'reply', ok: false, error: 'the reply could not be sent' });
      }
    }

    return { begin: begin, syntax: syntax, threw: threw, dispatch: dispatch, loading: function () { return !loaded; } };
  }

  var RUNTIME_SOURCE = '(' + botRuntime.toString() + ')';

  // --- the browser: the sandbox frame and the bot workers -------------------------------------------
  // A bot worker's script for options {source, seed, deleteGlobals}: the runtime's prelude (private references to postMessage and the
  // clock, BLOCKED_GLOBALS removed, the runtime installed and begun with the seed), then the bot's
  // source, then FOOTER. Errors the bot causes outside a call (e.g. in a timer) become log lines
  // instead of page errors, and so does each request the frame's policy blocks (the first
  // MAX_BLOCKED_LINES), so a bot writer sees why a fetch or an import failed. A source that does
  // not compile stops the whole script: the worker's error event is its SyntaxError.
  var MAX_BLOCKED_LINES = 20;
  function browserWorkerSource(options) {
    var blocked = options.deleteGlobals === false ? [] : BLOCKED_GLOBALS;
    var prelude = '(function () {\n' +
      "'use strict';\n" +
      'var post = self.postMessage.bind(self);\n' +
      'var perf = self.performance;\n' +
      'var now = function () { return perf.now(); };\n' +
      'var listen = self.addEventListener.bind(self);\n' +
      'var BLOCKED = ' + JSON.stringify(blocked) + ';\n' +
      'function block(name) {\n' +
      '  for (var o = self; o; o = Object.getPrototypeOf(o)) {\n' +
      '    try { if (Object.prototype.hasOwnProperty.call(o, name)) delete o[name]; } catch (e) {}\n' +
      '  }\n' +
      '  if (name in self) { try { Object.defineProperty(self, name, { value: undefined, configurable: false, writable: false }); } catch (e) {} }\n' +
      '}\n' +
      'var log = function (level, text) { post(JSON.stringify({ type: "log", level: level, text: text })); };\n' +
      'var runtime = ' + RUNTIME_SOURCE + '({ log: log, now: now, register: ' + JSON.stringify(REGISTER) + ', lineOffset: LINE_OFFSET });\n' +
      'var blockedLines = 0;\n' +
      'listen("securitypolicyviolation", function (e) {\n' +
      '  blockedLines += 1;\n' +
      '  if (blockedLines > ' + MAX_BLOCKED_LINES + ') return;\n' +
      '  var what = String(e.blockedURI || "a request") + " (" + String(e.effectiveDirective) + ")";\n' +
      '  log("warn", "the sandbox blocked " + what + ": bots have no network" +\n' +
      '    (blockedLines === ' + MAX_BLOCKED_LINES + ' ? " (further blocked requests are not reported)" : ""));\n' +
      '});\n' +
      'listen("error", function (e) {\n' +
      '  if (runtime.loading()) runtime.threw(e.error !== undefined ? e.error : new Error(e.message));\n' +
      '  else log("error", "uncaught " + (e.message || "error"));\n' +
      '  e.preventDefault();\n' +
      '});\n' +
      'listen("unhandledrejection", function (e) { log("error", "unhandled promise rejection: " + String(e.reason)); e.preventDefault(); });\n' +
      'listen("message", function (e) { post(runtime.dispatch(e.data)); });\n' +
      'BLOCKED.forEach(block);\n' +
      'runtime.begin(' + (options.seed >>> 0) + ');\n' +
      '})();\n';
    var offset = prelude.split('\n').length - 1;
    return prelude.replace('LINE_OFFSET', String(offset)) + String(options.source) + FOOTER;
  }

  // The sandbox frame: botlab/frame.html next to this script, fetched (so the service worker can
  // answer it offline) and shown as the srcdoc of a sandboxed iframe: an opaque origin under the
  // page's policy and its own. One per page, made on first use; it starts and ends the bot
  // workers.
  var FRAME_START_MS = 10000;
  var frameUrl = typeof document === 'object' && document && document.currentScript && document.currentScript.src
    ? new URL('frame.html', document.currentScript.src).href : 'botlab/frame.html';
  var frame = null;

  // The page's sandbox frame: {ready: Promise of its MessagePort, handlers by worker id, nextId}.
  // A frame that does not start within FRAME_START_MS fails the workers waiting for it and is
  // made again for the next bot.
  function sandboxFrame() {
    if (frame) return frame;
    var handlers = Object.create(null);
    var iframe = null;
    var channel = new MessageChannel();
    var ready = new Promise(function (resolve, reject) {
      var timer = setTimeout(function () {
        reject(new Error('the sandbox frame (' + frameUrl + ') did not start within ' + FRAME_START_MS + ' ms'));
      }, FRAME_START_MS);
      channel.port1.onmessage = function (e) {
        var m = e.data || {};
        if (m.type === 'ready') { clearTimeout(timer); resolve(channel.port1); return; }
        var h = handlers[m.id];
        if (!h) return;
        if (m.type === 'message') h.onMessage(m.data);
        else if (m.type === 'error') h.onFailure(String(m.data));
        else if (m.type === 'messageerror') h.onFailure('a message from the bot could not be read');
      };
      fetch(frameUrl).then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        return r.text();
      }).then(function (html) {
        iframe = document.createElement('iframe');
        iframe.setAttribute('sandbox', 'allow-scripts');
        iframe.setAttribute('aria-hidden', 'true');
        iframe.tabIndex = -1;
        iframe.title = 'Bot Lab sandbox';
        iframe.style.display = 'none';
        iframe.addEventListener('load', function () {
          iframe.contentWindow.postMessage('botlab-frame', '*', [channel.port2]);
        }, { once: true });
        iframe.srcdoc = html;
        (document.body || document.documentElement).appendChild(iframe);
      }).catch(function (e) {
        clearTimeout(timer);
        reject(new Error('the sandbox frame (' + frameUrl + ') could not be loaded: ' + e.message));
      });
    });
    var made = { ready: ready, handlers: handlers, nextId: 1 };
    ready.catch(function () {
      if (frame === made) frame = null;
      if (iframe) iframe.remove();
    });
    frame = made;
    return made;
  }

  // Starts a bot worker in the browser (through the sandbox frame) running options.source with
  // options.seed; the callbacks get reply texts and error texts. `ready` settles once the worker
  // is asked to start. options.deleteGlobals: false leaves BLOCKED_GLOBALS in place (the tests
  // show that the frame's walls hold without them).
  function browserSpawner(onMessage, onFailure, options) {
    var f = sandboxFrame();
    var id = f.nextId++;
    var port = null;
    var ended = false;
    f.handlers[id] = { onMessage: onMessage, onFailure: onFailure };
    var script = browserWorkerSource(options);
    return {
      ready: f.ready.then(function (p) {
        if (ended) return;
        port = p;
        port.postMessage({ op: 'spawn', id: id, source: script });
      }),
      post: function (text) { if (port && !ended) port.postMessage({ op: 'post', id: id, data: text }); },
      terminate: function () {
        ended = true;
        delete f.handlers[id];
        if (port) port.postMessage({ op: 'kill', id: id });
      }
    };
  }


  // --- Node: a walled child process -------------------------------------------------------------------
  // The child: a fresh vm context (only the language's built-ins, plus console from the runtime:
  // no require, no process, no timers; no code from strings) reading one request per stdin line
  // and writing one reply per stdout line; a 'load' request compiles the bot's source with FOOTER
  // into the context first. MINIARENA_BOT_ESCAPE=1 (set only by the tests, through nodeSpawner's
  // options) puts process and require into the context: code that got out of it, to show that
  // the walls around the process hold.
  var NODE_CHILD_SOURCE = [
    "'use strict';",
    "const vm = require('node:vm');",
    "const { performance } = require('node:perf_hooks');",
    "const write = (text) => process.stdout.write(text + '\\n');",
    'const context = vm.createContext({}, { codeGeneration: { strings: false, wasm: true } });',
    "if (process.env.MINIARENA_BOT_ESCAPE === '1') { context.process = process; context.require = require; }",
    "const log = (level, text) => write(JSON.stringify({ type: 'log', level: String(level), text: String(text) }));",
    'const runtime = vm.runInContext(' + JSON.stringify(RUNTIME_SOURCE) + ', context)({ log, now: () => performance.now(), register: ' + JSON.stringify(REGISTER) + ', lineOffset: 0 });',
    'function load(source, seed) {',
    '  runtime.begin(seed >>> 0);',
    '  let script;',
    "  try { script = new vm.Script(String(source) + " + JSON.stringify(FOOTER) + ", { filename: 'bot.js' }); }",
    "  catch (e) { runtime.syntax(String(e.name) + ': ' + e.message); return; }",
    '  try { script.runInContext(context); } catch (e) { runtime.threw(e); }',
    '}',
    'function dispatch(line) {',
    '  const msg = JSON.parse(line);',
    "  if (msg.kind === 'load') load(msg.source, msg.seed);",
    '  return runtime.dispatch(line);',
    '}',
    "process.on('unhandledRejection', (r) => log('error', 'unhandled promise rejection: ' + String(r)));",
    "process.on('uncaughtException', (e) => log('error', 'uncaught ' + String(e && e.message || e)));",
    "let pending = '';",
    "process.stdin.setEncoding('utf8');",
    "process.stdin.on('data', (chunk) => {",
    '  pending += chunk;',
    '  for (let end = pending.indexOf("\\n"); end >= 0; end = pending.indexOf("\\n")) {',
    '    const line = pending.slice(0, end);',
    '    pending = pending.slice(end + 1);',
    '    write(dispatch(line));',
    '  }',
    '});',
    "process.stdin.on('end', () => process.exit(0));",
    "write(JSON.stringify({ type: 'ready' }));"
  ].join('\n');

  // The path of a program on $PATH, or null.
  function which(name) {
    var fs = require('node:fs');
    var path = require('node:path');
    var dirs = String(process.env.PATH || '/usr/bin:/bin').split(path.delimiter);
    for (var i = 0; i < dirs.length; i += 1) {
      var p = path.join(dirs[i] || '.', name);
      try { fs.accessSync(p, fs.constants.X_OK); return p; } catch (e) { /* next */ }
    }
    return null;
  }

  var wall = null;

  // The operating system's part of the wall, probed once: {prefix: [command, args…]} or {error}.
  // Linux namespaces (unshare): a network namespace with no interface up (no socket reaches
  // anything, not even this machine's loopback), a process namespace (the bot sees no other
  // process) and an IPC namespace; as root, setpriv first drops to nobody with no new privileges,
  // so the namespaces are made by an unprivileged user. Where namespaces are not available,
  // MINIARENA_BOT_SANDBOX=no-namespaces runs bots under the permission model alone (no network
  // wall) — a choice the user makes, never a silent fallback.
  function osWall() {
    if (wall) return wall;
    var cp = require('node:child_process');
    if (process.env.MINIARENA_BOT_SANDBOX === 'no-namespaces') return (wall = { prefix: [], namespaces: false });
    var unshare = which('unshare');
    var setpriv = which('setpriv');
    var root = typeof process.getuid === 'function' && process.getuid() === 0;
    var missing = !unshare ? 'unshare' : root && !setpriv ? 'setpriv' : null;
    var prefix = [];
    if (root) prefix = [setpriv, '--reuid=65534', '--regid=65534', '--clear-groups', '--no-new-privs', '--'];
    prefix = prefix.concat([unshare, '--user', '--map-root-user', '--net', '--pid', '--ipc', '--fork', '--kill-child', '--']);
    var probe = missing ? null : cp.spawnSync(prefix[0], prefix.slice(1).concat([process.execPath, '-e', '0']),
      { env: {}, stdio: ['ignore', 'ignore', 'pipe'], timeout: 20000, encoding: 'utf8' });
    if (missing || probe.status !== 0) {
      var why = missing ? missing + ' is not installed' : String(probe.stderr || probe.error || 'status ' + probe.status).trim().split('\n')[0];
      return (wall = { error: 'the bot sandbox needs Linux namespaces (unshare --user --net --pid) to keep bots off the ' +
        'network, and this system refused them (' + why + '); MINIARENA_BOT_SANDBOX=no-namespaces runs bots without ' +
        'that wall (a bot could then open sockets)' });
    }
    return (wall = { prefix: prefix, namespaces: true });
  }

  // Node's own part: the permission model with nothing allowed (no file read or written, no
  // child process, no worker, no native addon), a capped heap, no environment.
  function nodeArgs() {
    var permission = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
    return [process.execPath, permission, '--max-old-space-size=256', '--max-semi-space-size=16', '--no-warnings',
      '-e', NODE_CHILD_SOURCE];
  }

  // Starts a bot in a walled child process; same callbacks as browserSpawner. options.escapeForTest
  // hands the bot process and require (tests only: the walls must hold even then).
  function nodeSpawner(onMessage, onFailure, options) {
    var w = osWall();
    if (w.error) throw new Error(w.error);
    var argv = w.prefix.concat(nodeArgs());
    var env = options && options.escapeForTest ? { MINIARENA_BOT_ESCAPE: '1' } : {};
    var child = require('node:child_process').spawn(argv[0], argv.slice(1), { env: env, stdio: ['pipe', 'pipe', 'pipe'] });
    var ended = false;
    var started = false;
    var stdout = '';
    var stderr = '';
    var settle = {};
    var ready = new Promise(function (resolve, reject) { settle = { resolve: resolve, reject: reject }; });
    function fail(why) {
      if (ended) return;
      ended = true;
      if (started) onFailure(why);
      else settle.reject(new Error(why + (stderr ? ': ' + stderr.trim().split('\n')[0] : '')));
    }
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', function (chunk) {
      stdout += chunk;
      for (var end = stdout.indexOf('\n'); end >= 0; end = stdout.indexOf('\n')) {
        var line = stdout.slice(0, end);
        stdout = stdout.slice(end + 1);
        if (ended) continue;
        if (started) onMessage(line);
        else if (line === '{"type":"ready"}') { started = true; settle.resolve(); }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', function (chunk) { if (stderr.length < 4096) stderr += chunk; });
    child.stdin.on('error', function () { /* the child is gone; 'close' reports it */ });
    child.on('error', function (err) { fail('the bot process could not start: ' + err.message); });
    child.on('close', function () {
      fail(/heap out of memory|Fatal process out of memory|Allocation failed/i.test(stderr) ? 'out of memory' : 'the bot worker exited');
    });
    return {
      ready: ready,
      post: function (text) { if (!ended) child.stdin.write(text + '\n'); },
      terminate: function () { ended = true; child.kill('SIGKILL'); }
    };
  }

  var isNode = typeof process === 'object' && process && process.versions && !!process.versions.node &&
    typeof window === 'undefined';

  // --- host side ---------------------------------------------------------------------------------------
  // One bot instance in its own worker. opts: {timeMs, loadTimeMs, onLog(level, text), spawner,
  // spawnOptions (the spawner's third argument)}. Every method resolves (never rejects): failures
  // come back as {ok: false, code, reason}.
  function SandboxedBot(opts) {
    opts = opts || {};
    this.timeMs = opts.timeMs > 0 ? opts.timeMs : DEFAULT_TIME_MS;
    this.loadTimeMs = opts.loadTimeMs > 0 ? opts.loadTimeMs : DEFAULT_LOAD_TIME_MS;
    this.onLog = opts.onLog || function () {};
    this.spawner = opts.spawner || (isNode ? nodeSpawner : browserSpawner);
    this.spawnOptions = opts.spawnOptions;
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
    this.dead = false;
    this.hooks = [];
  }

  // Start the worker and evaluate the source. Resolves {ok: true, hooks} or
  // {ok: false, kind: 'syntax'|'threw'|'missing'|'timeout'|'crashed', error}. The load's time
  // limit starts once the sandbox is up (a child process or frame takes a moment to start).
  SandboxedBot.prototype.load = function (source, seed) {
    var self = this;
    if (typeof source !== 'string') return Promise.resolve({ ok: false, kind: 'syntax', error: 'the bot source is not text' });
    var cannotStart = function (e) { return { ok: false, kind: 'crashed', error: 'the sandbox could not start: ' + e.message }; };
    try {
      var options = Object.assign({}, this.spawnOptions, { source: source, seed: seed >>> 0 });
      this.worker = this.spawner(function (text) { self.receive(text); }, function (why) { self.failed(why); }, options);
    } catch (e) {
      return Promise.resolve(cannotStart(e));
    }
    // The load's reply, as the result load() promises.
    function judge(r) {
      if (r.ok) { self.hooks = r.hooks; return { ok: true, hooks: r.hooks }; }
      self.terminate();
      // A browser worker whose script does not compile reports the parser's error, and nothing ran.
      var parse = r.kind === 'crashed' && /^(?:Uncaught )?(SyntaxError: .*)$/.exec(String(r.error));
      if (parse) r = { ok: false, kind: 'syntax', error: parse[1] };
      var error;
      if (r.kind === 'syntax') error = r.error;
      else if (r.kind === 'threw') error = 'the bot threw while loading: ' + r.error;
      else if (r.kind === 'missing') error = 'the bot defines no onTurnStart(data) function';
      else if (r.kind === 'timeout') error = 'the bot did not finish loading within ' + self.loadTimeMs + ' ms';
      else error = 'the bot crashed while loading: ' + r.error;
      return { ok: false, kind: r.kind, error: error };
    }
    return Promise.resolve(this.worker.ready).then(function () {
      if (self.dead) return judge({ ok: false, kind: 'crashed', error: 'the bot was stopped' });
      return self.request({ kind: 'load', source: source, seed: seed >>> 0 }, self.loadTimeMs).then(judge);
    }, function (e) {
      self.terminate();
      return cannotStart(e);
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
    if (this.dead) return Promise.resolve({ ok: false, kind: 'crashed', error: this.failure || 'the bot was stopped' });
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
      // Between requests: the bot is gone; the next request answers at once with why.
      this.onLog('error', why);
      this.failure = why;
      this.terminate();
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
