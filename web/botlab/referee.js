// referee.js — plays a Bot Lab match: a bot (or a level) against one or more opponents, N rounds
// each, colours alternating (the bot is first in odd rounds). The C++ engine is the referee: every
// move goes through the protocol's `play` verb, the levels' moves come from `search` with a seed
// derived from the match seed, the round and the move number, so a match is reproducible. The
// players are in players.js, the judging of a bot's answer in judge.js; this file's exports are
// the Bot Lab's match API (they include mixSeed, parsePlayer and judgeMove from those files).
//
// Index
//   results .......... summaryLine
//   createMatch ...... the match loop, events, stop()
//   checkBot ......... one load of a bot, to check it
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) {
    module.exports = factory(require('./games.js'), require('./sandbox.js'), require('./judge.js'), require('./players.js'));
  } else {
    var B = root.BotLab = root.BotLab || {};
    B.referee = factory(B.games, B.sandbox, B.judge, B.players);
  }
})(typeof self !== 'undefined' ? self : this, function (games, sandbox, judge, players) {
  'use strict';

  var DEFAULT_ROUNDS = 10;
  var mixSeed = players.mixSeed, MatchError = players.MatchError, parsePlayer = players.parsePlayer;
  var BotPlayer = players.BotPlayer, LevelPlayer = players.LevelPlayer;
  var judgeMove = judge.judgeMove, relativeBoard = judge.relativeBoard;

  // What every wait of a match rejects with once stop() is called: the match then ends quietly.
  function StopSignal() { this.message = 'stopped'; this.name = 'StopSignal'; }
  StopSignal.prototype = Object.create(Error.prototype);

  // --- results ------------------------------------------------------------------------------------
  // "LEVEL 1: 10–0", with draws when there were any.
  function summaryLine(r) {
    var s = r.opponent + ': ' + r.wins + '–' + r.losses;
    if (r.draws) s += ' (' + r.draws + (r.draws === 1 ? ' draw' : ' draws') + ')';
    return s;
  }

  // --- the match ----------------------------------------------------------------------------------
  // createMatch(options) → {done: Promise<outcome>, stop()}.
  // options: {serve(line) → Promise<JSON text>, game, bot, opponents: [spec…], rounds, seed,
  //   timeMs, loadTimeMs, speedMs, levelTimeMs, rule, onEvent(event), createSandbox(opts),
  //   cancelEngine()}.
  // outcome: {ok, stopped, error, loadError: {player, kind, error}, results: [per opponent]}.
  function createMatch(options) {
    var o = options || {};
    var onEvent = typeof o.onEvent === 'function' ? o.onEvent : function () {};
    var stopReject;
    var stopPromise = new Promise(function (resolve, reject) { stopReject = reject; });
    stopPromise.catch(function () {});
    var m = {
      game: null,
      seed: 0,
      timeMs: o.timeMs > 0 ? Math.floor(o.timeMs) : sandbox.DEFAULT_TIME_MS,
      loadTimeMs: o.loadTimeMs > 0 ? Math.floor(o.loadTimeMs) : sandbox.DEFAULT_LOAD_TIME_MS,
      options: { levelTimeMs: o.levelTimeMs, rule: o.rule },
      createSandbox: o.createSandbox || sandbox.createSandbox,
      live: [],
      stopped: false,
      round: 0,
      opponentName: null
    };

    function emit(event) {
      try { onEvent(event); } catch (e) { /* a UI listener's problem is not the match's */ }
    }

    // Race a promise against stop(): after stop() every wait rejects with StopSignal.
    m.wait = function (p) { return Promise.race([p, stopPromise]); };

    // One engine request → the parsed reply ({error} when the engine refused it).
    m.ask = function (line) {
      return m.wait(Promise.resolve().then(function () { return o.serve(line); })).then(games.parseReply, function (e) {
        if (e instanceof StopSignal) throw e;
        throw new MatchError('the engine failed: ' + (e && e.message || e));
      });
    };

    m.log = function (player, level, text, fromReferee) {
      emit({ type: 'log', source: fromReferee ? 'referee' : (player.slot === 0 ? 'bot' : 'opponent'), name: player.name,
        level: level, text: text, round: m.round, opponent: m.opponentName });
    };

    function sleep(ms) {
      if (!(ms > 0)) return Promise.resolve();
      return m.wait(new Promise(function (resolve) { setTimeout(resolve, ms); }));
    }

    function check() { if (m.stopped) throw new StopSignal(); }

    function makePlayer(spec, slot) {
      return spec.kind === 'bot' ? new BotPlayer(spec, m, slot) : new LevelPlayer(spec, m, slot);
    }

    // One round; resolves the bot's round result.
    function playRound(A, B, round, index) {
      var g = m.game;
      var colourA = round % 2 === 1 ? 1 : 2;
      var byColour = {}; byColour[colourA] = A; byColour[3 - colourA] = B;
      var state = g.initial();
      var last = { 1: undefined, 2: undefined };
      var history = [];
      var forfeit = null;
      m.round = round;
      emit({ type: 'roundStart', opponent: B.name, opponentIndex: index, round: round,
        botColor: g.colors[colourA - 1], board: games.copyBoard(state.board), snapshot: state.snapshot });

      function prepare(P, colour) {
        if (forfeit) return Promise.resolve();
        return P.prepareRound(round, { round: round, color: g.colors[colour - 1], first: colour === 1, game: g.id }).then(function (r) {
          if (!r.ok) forfeit = { by: P, reason: r.reason };
        });
      }

      // One move by the side to move; resolves when it is on the board (or a forfeit is set).
      function step() {
        check();
        var colour = state.toMove, P = byColour[colour];
        var chosen;
        if (P.isBot) {
          var data = { game: g.id, round: round, color: g.colors[colour - 1], first: colour === 1,
            board: relativeBoard(state.board, colour), moves: state.moves, timeLimitMs: m.timeMs };
          if (last[3 - colour] !== undefined) data.opponentchoice = last[3 - colour] && last[3 - colour].slice();
          if (state.legal) data.legal = state.legal.map(function (x) { return x.slice(); });
          chosen = P.turn(data, state);
        } else {
          chosen = P.choose(state, round).then(function (move) { return { move: move }; });
        }
        return chosen.then(function (t) {
          check();
          if (t.reason) { forfeit = { by: P, reason: t.reason }; return; }
          var move = t.move;
          return m.ask(g.playRequest(state, move, m.options)).then(function (reply) {
            check();
            if (reply.error) {
              if (P.isBot) { forfeit = { by: P, reason: 'onTurnStart returned [' + move[0] + ', ' + move[1] + ']: illegal move (' + reply.error + ')' }; return; }
              throw new MatchError('the engine refused ' + P.name + "'s move [" + move + ']: ' + reply.error);
            }
            var next = g.apply(state, move, reply);
            last[colour] = move;
            if (next.passed) last[3 - colour] = null;
            history.push(move);
            if (next.passed) history.push(null);
            state = next;
            var ev = { type: 'move', opponent: B.name, opponentIndex: index, round: round, player: P === A ? 'bot' : 'opponent',
              color: g.colors[colour - 1], move: move.slice(), moveNumber: state.moves, board: games.copyBoard(state.board),
              snapshot: state.snapshot };
            if (next.passed) ev.passed = g.colors[2 - colour];
            if (state.flipped) ev.flipped = state.flipped;
            if (state.over) { ev.over = true; ev.line = state.line || []; }
            emit(ev);
            return sleep(m.speedMs);
          });
        });
      }

      function loop() {
        if (forfeit || state.over) return Promise.resolve();
        return step().then(loop);
      }

      return prepare(A, colourA).then(function () { return prepare(B, 3 - colourA); }).then(loop).then(function () {
        // The score from `colour`'s side ("40–24": its stones first), the detail of an ending
        // whose words have a {0} (Othello's discs).
        var scored = state.reason.indexOf('{0}') >= 0;
        function scoreFor(colour) { return state.score[colour - 1] + '–' + state.score[2 - colour]; }
        // The round's reason as one side sees it.
        function reasonFor(P, colour) {
          if (forfeit) return (forfeit.by === P ? 'forfeit: ' : 'opponent forfeit: ') + forfeit.reason;
          return scored ? state.reason.replace('{0}', scoreFor(colour)) : state.reason;
        }
        var win, forfeitBy = forfeit ? (forfeit.by === A ? 'bot' : 'opponent') : null;
        if (forfeit) win = forfeit.by === A ? -1 : 1;
        else win = state.winner === 0 ? 0 : state.winner === colourA ? 1 : -1;
        // And as a code with its detail, for a page to word in its language: forfeit and
        // opponentForfeit (detail: what the bot did), or the game's ending (the catalogue's
        // reasons: line, full, forbidden; discs with the score from A's side).
        var reasonCode = forfeit ? (forfeit.by === A ? 'forfeit' : 'opponentForfeit') : state.reasonCode || '';
        var reasonDetail = forfeit ? forfeit.reason : scored ? scoreFor(colourA) : '';
        var reason = reasonFor(A, colourA);
        var result = { round: round, color: g.colors[colourA - 1], win: win, reason: reason, moves: state.moves };
        var mirrored = { round: round, color: g.colors[2 - colourA], win: -win, reason: reasonFor(B, 3 - colourA), moves: state.moves };
        if (forfeit) forfeit.by.kill();
        var hooks = Promise.resolve();
        if (!forfeit || forfeit.by !== A) hooks = hooks.then(function () { return A.endRound(publicResult(result)); });
        if (!forfeit || forfeit.by !== B) hooks = hooks.then(function () { return B.endRound(publicResult(mirrored)); });
        return hooks.then(function () {
          emit({ type: 'roundEnd', opponent: B.name, opponentIndex: index, round: round, botColor: result.color,
            win: win, reason: reason, reasonCode: reasonCode, reasonDetail: reasonDetail, moves: state.moves,
            forfeit: forfeitBy, board: games.copyBoard(state.board),
            history: history });
          return { result: result, forfeit: forfeit ? { by: forfeitBy, reason: forfeit.reason } : null };
        });
      });
    }

    function publicResult(r) {
      return { win: r.win, reason: r.reason, moves: r.moves, round: r.round, color: r.color };
    }

    // Totals for onGameEnd and the results table.
    function totalsOf(rec) {
      var win = rec.wins > rec.losses ? 1 : rec.wins < rec.losses ? -1 : 0;
      return { win: win, reason: rec.wins + '–' + rec.losses + (rec.draws ? ', ' + rec.draws + ' drawn' : ''),
        moves: rec.moves, rounds: rec.rounds, wins: rec.wins, draws: rec.draws, losses: rec.losses,
        forfeits: rec.forfeits.length };
    }

    // All rounds against one opponent; resolves that opponent's record.
    function playOpponent(A, B, index, rounds, record) {
      m.opponentName = B.name;
      A.startGame({ game: m.game.id, rounds: rounds, opponent: B.name, timeLimitMs: m.timeMs });
      B.startGame({ game: m.game.id, rounds: rounds, opponent: A.name, timeLimitMs: m.timeMs });
      emit({ type: 'opponentStart', opponent: B.name, opponentIndex: index, rounds: rounds });
      var round = 0;
      function next() {
        check();
        if (round >= rounds) return Promise.resolve();
        round += 1;
        return playRound(A, B, round, index).then(function (out) {
          var r = out.result;
          record.rounds += 1;
          record.moves += r.moves;
          if (r.win > 0) record.wins += 1; else if (r.win < 0) record.losses += 1; else record.draws += 1;
          if (out.forfeit && out.forfeit.by === 'bot') record.forfeits.push({ round: r.round, reason: out.forfeit.reason });
          if (out.forfeit && out.forfeit.by === 'opponent') record.opponentForfeits.push({ round: r.round, reason: out.forfeit.reason });
          record.results.push(r);
          return next();
        });
      }
      return next().then(function () {
        var t = totalsOf(record);
        var mirror = { win: -t.win, reason: record.losses + '–' + record.wins + (record.draws ? ', ' + record.draws + ' drawn' : ''),
          moves: t.moves, rounds: t.rounds, wins: record.losses, draws: record.draws, losses: record.wins,
          forfeits: record.opponentForfeits.length };
        return A.endGame(t).then(function () { return B.endGame(mirror); });
      }).then(function () {
        record.summary = summaryLine(record);
        emit({ type: 'opponentEnd', opponent: B.name, opponentIndex: index, result: record });
        return record;
      });
    }

    function run() {
      var g = games.GAMES[o.game];
      if (!g) return Promise.reject(new MatchError('unknown game "' + o.game + '" (' + Object.keys(games.GAMES).join(', ') + ')'));
      if (typeof o.serve !== 'function') return Promise.reject(new MatchError('no engine: options.serve is missing'));
      m.game = g;
      var seed = o.seed === undefined || o.seed === null || o.seed === '' ? 1 : Number(o.seed);
      if (!(seed >= 0) || Math.floor(seed) !== seed || seed > Number.MAX_SAFE_INTEGER) {
        return Promise.reject(new MatchError('the seed must be a whole number 0..' + Number.MAX_SAFE_INTEGER));
      }
      m.seed = seed;
      var rounds = o.rounds === undefined ? DEFAULT_ROUNDS : Number(o.rounds);
      if (!(rounds >= 1) || Math.floor(rounds) !== rounds) return Promise.reject(new MatchError('rounds must be a whole number ≥ 1'));
      m.speedMs = o.speedMs > 0 ? o.speedMs : 0;
      var botSpec, oppSpecs;
      try {
        botSpec = parsePlayer(o.bot, g.id);
        var list = Array.isArray(o.opponents) ? o.opponents : (o.opponents ? [o.opponents] : []);
        if (!list.length) throw new Error('no opponents');
        oppSpecs = list.map(function (s) { return parsePlayer(s, g.id); });
      } catch (e) {
        return Promise.reject(new MatchError(e.message));
      }
      var A = makePlayer(botSpec, 0);
      var opponents = oppSpecs.map(function (s) { return makePlayer(s, 1); });
      emit({ type: 'matchStart', game: g.id, bot: A.name, opponents: opponents.map(function (p) { return p.name; }),
        rounds: rounds, seed: seed, timeMs: m.timeMs });
      var results = [];
      // The pre-match check: every bot must load before anything is played.
      var checks = [A].concat(opponents).reduce(function (p, P) {
        return p.then(function (bad) {
          if (bad) return bad;
          return P.precheck().then(function (r) {
            return r.ok ? null : { player: P.name, role: P === A ? 'bot' : 'opponent', kind: r.kind, error: r.error };
          });
        });
      }, Promise.resolve(null));
      return checks.then(function (bad) {
        if (bad) return { ok: false, stopped: false, error: bad.player + ': ' + bad.error, loadError: bad, results: [] };
        var chain = Promise.resolve();
        opponents.forEach(function (B, i) {
          chain = chain.then(function () {
            var record = { game: g.id, bot: A.name, opponent: B.name, opponentId: B.spec.id, rounds: 0, wins: 0, draws: 0, losses: 0,
              forfeits: [], opponentForfeits: [], moves: 0, results: [], summary: '' };
            results.push(record);
            return playOpponent(A, B, i, rounds, record).then(function () { B.kill(); });
          });
        });
        return chain.then(function () { return { ok: true, stopped: false, error: null, results: results }; });
      }).then(null, function (e) {
        if (e instanceof StopSignal) return { ok: false, stopped: true, error: null, results: results };
        return { ok: false, stopped: false, error: e && e.message || String(e), results: results };
      }).then(function (outcome) {
        A.kill();
        opponents.forEach(function (B) { B.kill(); });
        m.live.forEach(function (box) { box.terminate(); });
        results.forEach(function (r) { if (!r.summary) r.summary = summaryLine(r); });
        return outcome;
      });
    }

    var done = Promise.resolve().then(run).then(null, function (e) {
      return { ok: false, stopped: false, error: e && e.message || String(e), results: [] };
    }).then(function (outcome) {
      if (outcome.loadError) emit({ type: 'error', message: outcome.error, loadError: outcome.loadError });
      else if (outcome.error) emit({ type: 'error', message: outcome.error });
      emit({ type: 'matchEnd', ok: outcome.ok, stopped: outcome.stopped, error: outcome.error, results: outcome.results });
      return outcome;
    });

    return {
      done: done,
      // End the match promptly: kill every bot, stop waiting for the engine.
      stop: function () {
        if (m.stopped) return done;
        m.stopped = true;
        stopReject(new StopSignal());
        m.live.forEach(function (box) { box.terminate(); });
        if (typeof o.cancelEngine === 'function') { try { o.cancelEngine(); } catch (e) { /* ignore */ } }
        return done;
      }
    };
  }

  // --- checkBot ----------------------------------------------------------------------------------
  // Load a bot once to check it: resolves {ok: true, hooks} or {ok: false, kind, error}.
  function checkBot(source, opts) {
    opts = opts || {};
    var box = (opts.createSandbox || sandbox.createSandbox)({ loadTimeMs: opts.loadTimeMs, timeMs: opts.timeMs, onLog: opts.onLog });
    return box.load(source, 0).then(function (r) {
      box.terminate();
      return r;
    });
  }

  return {
    createMatch: createMatch,
    checkBot: checkBot,
    parsePlayer: parsePlayer,
    judgeMove: judgeMove,
    mixSeed: mixSeed,
    summaryLine: summaryLine,
    DEFAULT_ROUNDS: DEFAULT_ROUNDS
  };
});
