// botlab.js — the Bot Lab's browser API, window.MiniArenaBotLab, for tests and other pages, and
// the Bot Lab page's script module (window.miniappScripts.botlab: the calls the C++ page makes).
// Include this one file (<script src="botlab/botlab.js">); it loads its siblings catalogue.js
// (the game catalogue), games.js, sandbox.js, judge.js, players.js and referee.js from its
// folder, and runs the engine in its own dedicated Web Worker (engine-worker.js of the site, the
// same one the game pages use), so stop() can end a long search at once. Bots run in their own
// Blob-URL workers (sandbox.js). The API is documented in web/botlab/README.md.
(function () {
  'use strict';
  if (window.MiniArenaBotLab) return;

  var script = document.currentScript;
  var BASE = script && script.src ? script.src.replace(/[^/]*$/, '') : 'botlab/';
  var config = { engineWorkerUrl: new URL('../engine-worker.js', BASE).href };

  // The example bots, each for one game: the game catalogue's botExamples, written in at assembly
  // ([{id, game, title, file, description}], each game's in the catalogue's order).
  var EXAMPLES = '@BOTLAB_EXAMPLES@';

  // Load one sibling script unless its part of window.BotLab is already there.
  function loadScript(name, part) {
    if (window.BotLab && window.BotLab[part]) return Promise.resolve();
    return new Promise(function (resolve, reject) {
      var s = document.createElement('script');
      s.src = BASE + name;
      s.async = false;
      s.onload = function () { resolve(); };
      s.onerror = function () { reject(new Error('Bot Lab: ' + s.src + ' could not be loaded')); };
      document.head.appendChild(s);
    });
  }

  var ready = loadScript('catalogue.js', 'catalogue')
    .then(function () { return loadScript('games.js', 'games'); })
    .then(function () { return loadScript('sandbox.js', 'sandbox'); })
    .then(function () { return loadScript('judge.js', 'judge'); })
    .then(function () { return loadScript('players.js', 'players'); })
    .then(function () { return loadScript('referee.js', 'referee'); })
    .then(function () { return api; });
  ready.catch(function (e) { console.error(e.message); });

  // --- the engine worker ---------------------------------------------------------------------------
  // A match's engine: EngineClient (web/engine-client.js, joined in front of this file by the
  // build) with promises; cancel() terminates the worker (a search cannot be interrupted) and
  // fails what is waiting.
  function matchEngine(url) {
    var client = new EngineClient(url);
    return {
      serve: function (line) {
        return new Promise(function (resolve, reject) {
          client.post(line, resolve, function (message) { reject(new Error(message)); });
        });
      },
      cancel: function () { client.cancelAll('cancelled'); },
      close: function () { client.cancelAll('cancelled'); }
    };
  }

  // --- the API -------------------------------------------------------------------------------------
  var runs = 0;

  // A `bot`/`opponents` entry: a level name ('random', 'level1', …, 'LEVEL 2'), {level}, a bot
  // {source, name}, or a bot source string. A short word ('level9') is taken as a level name,
  // so a typo gets "unknown level" rather than a bot that fails to load.
  function playerOf(x, fallbackName) {
    if (typeof x === 'string') return /^[\w -]{1,20}$/.test(x.trim()) ? x : { source: x, name: fallbackName };
    if (x && typeof x.source === 'string' && !x.name) return { source: x.source, name: fallbackName };
    return x;
  }

  var api = {
    version: '1.0.0',
    ready: ready,
    // The games of the Bot Lab, in its order: the game catalogue's "botlab" list, written in at assembly.
    games: '@BOTLAB_GAMES@',
    examples: EXAMPLES,

    // Settings: {engineWorkerUrl} (default: engine-worker.js next to the botlab/ folder).
    configure: function (options) {
      if (options && options.engineWorkerUrl) config.engineWorkerUrl = new URL(options.engineWorkerUrl, document.baseURI).href;
      return { engineWorkerUrl: config.engineWorkerUrl };
    },

    // The levels a game offers, ladder order: [{id: 'random', title: 'RANDOM'}, …].
    levels: function (game) {
      return window.BotLab && window.BotLab.games ? window.BotLab.games.levelsOf(game) : [];
    },

    // The names the sandbox removes from a bot's worker before its code runs.
    blockedGlobals: function () { return window.BotLab.sandbox.BLOCKED_GLOBALS.slice(); },

    // An example's source text (fetched from botlab/examples/).
    exampleSource: function (id) {
      var ex = EXAMPLES.filter(function (e) { return e.id === id; })[0];
      if (!ex) return Promise.reject(new Error('no example "' + id + '"'));
      return fetch(BASE + ex.file, { cache: 'no-cache' }).then(function (r) {
        if (!r.ok) throw new Error(ex.file + ': HTTP ' + r.status);
        return r.text();
      });
    },

    // Check a bot: load it in a sandbox once. Resolves {ok: true, hooks: [...]} or
    // {ok: false, kind: 'syntax'|'threw'|'missing'|'timeout'|'crashed', error}.
    loadBot: function (source, options) {
      options = options || {};
      return ready.then(function () {
        return window.BotLab.referee.checkBot(source, { loadTimeMs: options.loadTimeMs });
      });
    },

    // Start a match. options (an object or its JSON text): {game, bot, opponents: [...], rounds,
    // timeMs, loadTimeMs, seed, speedMs, levelTimeMs, rule, botName, sandbox}. onEvent(event) gets every
    // event; without it events queue up for handle.drain(). Returns a handle at once.
    run: function (options, onEvent) {
      var o = typeof options === 'string' ? JSON.parse(options) : Object.assign({}, options || {});
      var queue = [];
      var status = { running: true, stopped: false, ok: null, error: null, opponentIndex: 0, round: 0, results: [] };
      var engine = matchEngine(config.engineWorkerUrl);
      var match = null;
      var stopRequested = false;
      var id = ++runs;

      function deliver(event) {
        if (event.type === 'opponentStart') status.opponentIndex = event.opponentIndex;
        if (event.type === 'roundStart') status.round = event.round;
        if (event.type === 'opponentEnd') status.results.push(event.result);
        if (typeof onEvent === 'function') {
          try { onEvent(event); } catch (e) { console.warn('[botlab] event listener failed: ' + e); }
        } else {
          queue.push(event);
        }
      }

      var done = ready.then(function () {
        var BotLab = window.BotLab;
        match = BotLab.referee.createMatch({
          serve: function (line) { return engine.serve(line); },
          cancelEngine: function () { engine.cancel(); },
          game: o.game,
          bot: playerOf(o.bot, o.botName || 'my bot'),
          opponents: (Array.isArray(o.opponents) ? o.opponents : [o.opponents]).map(function (x, i) { return playerOf(x, 'bot ' + (i + 1)); }),
          rounds: o.rounds, seed: o.seed, timeMs: o.timeMs, loadTimeMs: o.loadTimeMs, speedMs: o.speedMs,
          levelTimeMs: o.levelTimeMs, rule: o.rule,
          createSandbox: o.sandbox ? function (opts) {
            return BotLab.sandbox.createSandbox(Object.assign({}, opts, { spawnOptions: o.sandbox }));
          } : undefined,
          onEvent: deliver
        });
        if (stopRequested) match.stop();
        return match.done;
      }).then(function (outcome) {
        engine.close();
        status.running = false;
        status.stopped = outcome.stopped;
        status.ok = outcome.ok;
        status.error = outcome.error;
        status.results = outcome.results;
        return outcome;
      }, function (e) {
        engine.close();
        status.running = false;
        status.ok = false;
        status.error = e.message;
        return { ok: false, stopped: false, error: e.message, results: [] };
      });

      return {
        id: id,
        done: done,
        // End the match now; resolves the outcome (stopped: true).
        stop: function () {
          stopRequested = true;
          if (match) match.stop();
          return done;
        },
        // The events queued since the last drain() (only when run() got no onEvent).
        drain: function () { var out = queue; queue = []; return out; },
        // {running, stopped, ok, error, opponentIndex, round, results}.
        state: function () { return JSON.parse(JSON.stringify(status)); }
      };
    }
  };

  // The Bot Lab page's calls (C++, Host::script_call("botlab", …)): op "examples", "example"
  // {id}, "load" {source}, "run" {match options} (its events stream back) and "stop" {run: the
  // run call's id}. Each reply or event goes to send(message).
  var pageRuns = {};
  function pageCall(id, op, args, send) {
    if (op === 'examples') return send({ type: 'examples', examples: EXAMPLES });
    if (op === 'example') {
      return api.exampleSource(args.id).then(function (src) {
        var ex = EXAMPLES.filter(function (e) { return e.id === args.id; })[0] || {};
        send({ type: 'example', id: args.id, title: ex.title || args.id, game: ex.game, source: src });
      });
    }
    if (op === 'load') return api.loadBot(args.source).then(function (r) { send({ type: 'loaded', result: r }); });
    if (op === 'run') {
      var handle = api.run(args, send);
      pageRuns[id] = handle;
      return handle.done.then(function () { delete pageRuns[id]; });
    }
    if (op === 'stop') {
      var h = pageRuns[args.run];
      return h ? h.stop() : null;
    }
    send({ type: 'error', message: 'unknown Bot Lab call ' + op });
  }

  window.MiniArenaBotLab = api;
  // The page's script module (src/platform's loader finds it here).
  (window.miniappScripts = window.miniappScripts || {}).botlab = {
    ready: ready,
    call: function (id, op, args, send) {
      return Promise.resolve().then(function () { return pageCall(id, op, args || {}, send); });
    }
  };
})();
