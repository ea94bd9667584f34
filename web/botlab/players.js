// players.js — the two kinds of Bot Lab player and what a match needs to make them: a bot in a
// sandbox (BotPlayer) or a built-in level that asks the engine's `search` (LevelPlayer), both
// driven by the match in referee.js through the same calls (precheck, startGame, prepareRound,
// choose or turn, endRound, endGame, kill); the seeds every load and search gets, derived from the
// match seed so a match is reproducible.
//
// Index
//   seeds ............ mixSeed
//   errors ........... MatchError (the match cannot go on: the engine failed or refused)
//   players .......... parsePlayer, LevelPlayer (engine search), BotPlayer (sandboxed)
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./games.js'), require('./judge.js'));
  else (root.BotLab = root.BotLab || {}).players = factory(root.BotLab.games, root.BotLab.judge);
})(typeof self !== 'undefined' ? self : this, function (games, judge) {
  'use strict';

  var judgeMove = judge.judgeMove;

  // --- seeds ----------------------------------------------------------------------------------------
  // A 32-bit unsigned seed from a list of non-negative integers (murmur3-style mixing): the same
  // inputs give the same seed in every browser and in Node.
  function mixSeed() {
    var h = 0x9e3779b9;
    for (var i = 0; i < arguments.length; i += 1) {
      var n = Number(arguments[i]) || 0;
      var parts = [n >>> 0, Math.floor(n / 4294967296) >>> 0];
      for (var j = 0; j < 2; j += 1) {
        var k = Math.imul(parts[j], 0xcc9e2d51);
        k = (k << 15) | (k >>> 17);
        h ^= Math.imul(k, 0x1b873593);
        h = (h << 13) | (h >>> 19);
        h = (Math.imul(h, 5) + 0xe6546b64) | 0;
      }
    }
    h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  }

  // --- errors -------------------------------------------------------------------------------------
  // A failure that ends the match (not a forfeit): the engine failed, or refused a level's move.
  function MatchError(message) { this.message = message; this.name = 'MatchError'; }
  MatchError.prototype = Object.create(Error.prototype);

  // --- players ------------------------------------------------------------------------------------
  // A player spec: a level name ('random', 'level1', 'LEVEL 2', …), {level}, or a bot
  // {source, name}. Returns {kind: 'level', level, name} | {kind: 'bot', source, name}; throws
  // an Error naming what is wrong.
  function parsePlayer(spec, game) {
    var g = games.GAMES[game];
    if (typeof spec === 'string' || (spec && typeof spec.level === 'string')) {
      var raw = typeof spec === 'string' ? spec : spec.level;
      var level = games.normalizeLevel(raw);
      if (!level) throw new Error('unknown level "' + raw + '" (' + games.LEVELS.join(', ') + ')');
      if (g && g.levels[level] === undefined) {
        throw new Error(g.title + ' has no ' + games.LEVEL_TITLES[level] + ' (it has ' +
          games.levelsOf(game).map(function (l) { return l.title; }).join(', ') + ')');
      }
      return { kind: 'level', level: level, name: games.LEVEL_TITLES[level], id: level };
    }
    if (spec && typeof spec.source === 'string') {
      return { kind: 'bot', source: spec.source, name: String(spec.name || 'bot'), id: 'bot:' + String(spec.name || 'bot') };
    }
    throw new Error('a player is a level name or {source, name}');
  }

  // A built-in level: asks the engine's `search`.
  function LevelPlayer(spec, match, slot) {
    this.spec = spec;
    this.name = spec.name;
    this.isBot = false;
    this.match = match;
    this.slot = slot;
  }
  LevelPlayer.prototype.precheck = function () { return Promise.resolve({ ok: true }); };
  LevelPlayer.prototype.startGame = function () {};
  LevelPlayer.prototype.prepareRound = function () { return Promise.resolve({ ok: true }); };
  LevelPlayer.prototype.endRound = function () { return Promise.resolve(); };
  LevelPlayer.prototype.endGame = function () { return Promise.resolve(); };
  LevelPlayer.prototype.kill = function () {};
  // The level's move in `state` (seeded by match seed, round, move number and side).
  LevelPlayer.prototype.choose = function (state, round) {
    var m = this.match, g = m.game, self = this;
    var seed = mixSeed(m.seed, round, state.moves, this.slot);
    var line = g.searchRequest(state, this.spec.level, seed, m.options);
    return m.ask(line).then(function (reply) {
      var move = reply.error ? null : g.searchMove(reply);
      if (!move) throw new MatchError('the engine could not move for ' + self.name + ': ' + (reply.error || 'no move') + ' (request: ' + line + ')');
      return move;
    });
  };

  // A player's bot in a sandbox. The first load is the pre-match check; the instance then serves
  // the first opponent. Each opponent gets a fresh instance; a bot that forfeits is killed and a
  // fresh instance (load, onGameStart) is made for its next round.
  function BotPlayer(spec, match, slot) {
    this.spec = spec;
    this.name = spec.name;
    this.isBot = true;
    this.match = match;
    this.slot = slot;          // 0 = the match's bot, 1 = the opponent
    this.box = null;
    this.gameStarted = false;
    this.gameInfo = null;
  }

  // A new sandbox with the source loaded; resolves {ok} or {ok: false, kind, error}.
  BotPlayer.prototype.load = function (seed) {
    var self = this, m = this.match;
    var box = m.createSandbox({
      timeMs: m.timeMs, loadTimeMs: m.loadTimeMs,
      onLog: function (level, text) { m.log(self, level, text); }
    });
    m.live.push(box);
    return m.wait(box.load(this.spec.source, seed)).then(function (r) {
      if (r.ok) self.box = box;
      return r;
    });
  };

  // The pre-match load; seeded like a fresh load for round 1, so the first opponent's copy
  // starts exactly like every later opponent's.
  BotPlayer.prototype.precheck = function () { return this.load(mixSeed(this.match.seed, 1, this.slot, 1)); };

  BotPlayer.prototype.startGame = function (info) {
    if (this.gameStarted) this.kill(); // a fresh instance for every opponent
    this.gameInfo = info;
  };

  // Make sure an instance is running and its game started, then onRoundStart(info). Resolves
  // {ok: true} or {ok: false, reason} (a forfeit of this round).
  BotPlayer.prototype.prepareRound = function (round, info) {
    var self = this, m = this.match;
    var seed = mixSeed(m.seed, round, this.slot, 1);
    var ready = this.box ? Promise.resolve({ ok: true }) : this.load(seed).then(function (r) {
      return r.ok ? r : { ok: false, reason: 'the bot could not be restarted: ' + r.error };
    });
    return ready.then(function (r) {
      if (!r.ok || self.gameStarted) return r;
      return self.hook('onGameStart', self.gameInfo, seed).then(function (g) {
        if (g.ok) self.gameStarted = true;
        return g;
      });
    }).then(function (r) {
      if (!r.ok) return r;
      return self.hook('onRoundStart', info, seed);
    });
  };

  // Call a hook; a failure kills the instance. Resolves {ok, value} or {ok: false, reason}.
  BotPlayer.prototype.hook = function (name, arg, seed) {
    var self = this;
    if (!this.box) return Promise.resolve({ ok: false, reason: name + ' could not run: the bot is not running' });
    return this.match.wait(this.box.call(name, arg, seed)).then(function (r) {
      if (!r.ok) { self.kill(); return { ok: false, reason: r.reason, code: r.code }; }
      return r;
    });
  };

  // onTurnStart(data) → {move} or {reason} (a forfeit).
  BotPlayer.prototype.turn = function (data, state) {
    var g = this.match.game;
    return this.hook('onTurnStart', data).then(function (r) {
      if (!r.ok) return { reason: r.reason };
      return judgeMove(r.value, g, state);
    });
  };

  // onRoundEnd(result); a failure is logged and the next round gets a fresh instance.
  BotPlayer.prototype.endRound = function (result) {
    var self = this;
    if (!this.box) return Promise.resolve();
    return this.hook('onRoundEnd', result).then(function (r) {
      if (!r.ok) self.match.log(self, 'error', r.reason + ' (the bot is restarted for the next round)', true);
    });
  };

  BotPlayer.prototype.endGame = function (totals) {
    var self = this;
    if (!this.box || !this.gameStarted) { this.kill(); return Promise.resolve(); }
    return this.hook('onGameEnd', totals).then(function (r) {
      if (!r.ok) self.match.log(self, 'error', r.reason, true);
      self.kill();
    });
  };

  BotPlayer.prototype.kill = function () {
    if (this.box) this.box.terminate();
    this.box = null;
    this.gameStarted = false;
  };

  return {
    mixSeed: mixSeed,
    MatchError: MatchError,
    parsePlayer: parsePlayer,
    LevelPlayer: LevelPlayer,
    BotPlayer: BotPlayer
  };
});
