// games.js — what the referee needs to know about each game, and nothing about the rules: the
// rules live in the C++ engine, what each game is (id, board, sides, levels, start position) in
// the game catalogue (src/games/common/catalogue.json, as catalogue.js). One adapter serves every
// game: requests are `<game> play <position> <move>` (the move as the catalogue's coords name a
// cell: d3, or `<row> <col>`) and `<game> search <position> level=…`
// (src/games/README.md), and every play reply carries the same shared fields (cells, turn,
// legalMoves, forbiddenPoints, last, outcome, position), read here into a state.
//
// A state is {position (the engine's, sent back in the next request), board: rows×cols of 0 empty /
// 1 first player / 2 second player, toMove: 1|2, over, winner: 1|2|0 (draw)|null, reason
// (English), reasonCode (the catalogue's code of the ending: line, full, forbidden, discs),
// score: [stones of 1, of 2], legal: [[r, c], …] (a game whose moves are listed: Othello),
// passed, flipped, line, moves, snapshot: {turn, legalMoves, forbiddenPoints, outcome} (for a
// view of the board: the Bot Lab page's state)}.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./catalogue.js'));
  else (root.BotLab = root.BotLab || {}).games = factory(root.BotLab.catalogue);
})(typeof self !== 'undefined' ? self : this, function (catalogue) {
  'use strict';

  var LEVELS = catalogue.ladder.map(function (l) { return l.id; });
  var LEVEL_TITLES = {};
  catalogue.ladder.forEach(function (l) { LEVEL_TITLES[l.id] = l.title; });
  // A game's own name for a level where it has one (tic-tac-toe's easy and hard): the ladder id
  // it stands for, from the catalogue's levels ({id, engine}).
  var LEVEL_ALIASES = {};
  catalogue.games.forEach(function (g) {
    g.levels.forEach(function (l) { if (l.engine && l.engine !== l.id) LEVEL_ALIASES[l.engine] = l.id; });
  });
  // A board of zeros: n×n, or n×cols.
  function emptyBoard(n, cols) {
    var rows = [];
    for (var r = 0; r < n; r += 1) {
      var row = [];
      for (var c = 0; c < (cols === undefined ? n : cols); c += 1) row.push(0);
      rows.push(row);
    }
    return rows;
  }

  function copyBoard(b) { return b.map(function (row) { return row.slice(); }); }

  // Parse an engine reply; a reply that is not JSON becomes an error reply.
  function parseReply(text) {
    try {
      var v = JSON.parse(text);
      return v && typeof v === 'object' ? v : { error: 'the engine answered ' + String(text).slice(0, 80) };
    } catch (e) {
      return { error: 'the engine answered ' + String(text).slice(0, 80) };
    }
  }

  // The stones of each side on a board: [of 1, of 2].
  function score(board) {
    var n = [0, 0];
    board.forEach(function (row) { row.forEach(function (v) { if (v) n[v - 1] += 1; }); });
    return n;
  }

  function copyPoints(list) { return (list || []).map(function (p) { return [p[0], p[1]]; }); }

  // One game's adapter, from its catalogue entry c: id, title, size (rows; the boards are
  // square), rows, cols, colors (the two sides), levels {ladder id: the engine's name for it},
  // rules (the ids of its rule sets; [] for a game with one), coords (how a move is written),
  // legalList, reasonWords (its endings' English) and start (its start position).
  function Game(c) {
    var levels = {};
    c.levels.forEach(function (l) { levels[l.id] = l.engine; });
    this.id = c.id;
    this.title = c.title;
    this.size = c.rows;
    this.rows = c.rows;
    this.cols = c.cols;
    this.colors = c.sides.slice();
    this.levels = levels;
    this.rules = c.rules.map(function (r) { return r.id; });
    this.coords = c.coords;
    this.legalList = !!c.legalList;
    this.reasonWords = c.reasonWords || {};
    this.start = c.start;
  }

  // A state from a snapshot (the shared fields of an engine reply, or the catalogue's start).
  Game.prototype.fromSnapshot = function (snap, moves) {
    var outcome = snap.outcome || null;
    var state = { position: snap.position, board: copyBoard(snap.cells), toMove: snap.turn === 2 ? 2 : 1,
      over: !!outcome, winner: null, reason: '', moves: moves, passed: false };
    state.score = score(state.board);
    // The shared fields a view of the board reports besides the board (games::Snapshot's,
    // src/games/common/snapshot.h).
    state.snapshot = { turn: outcome ? 0 : state.toMove, legalMoves: copyPoints(snap.legalMoves),
      forbiddenPoints: copyPoints(snap.forbiddenPoints), outcome: outcome ? { winner: outcome.winner, reason: outcome.reason } : null };
    if (this.legalList) state.legal = copyPoints(snap.legalMoves);
    if (outcome) {
      state.winner = outcome.winner;
      state.reasonCode = outcome.reason;
      state.reason = this.reasonWords[outcome.reason] || outcome.reason;
      state.line = copyPoints(outcome.line);
    }
    return state;
  };

  // The start position, from the catalogue (the engine's `start` reply, written down).
  Game.prototype.initial = function () {
    var s = this.start, cells = emptyBoard(this.rows, this.cols);
    (s.stones || []).forEach(function (x) { cells[x[0]][x[1]] = x[2]; });
    var legal = s.legalMoves;
    if (!legal) {
      legal = [];
      cells.forEach(function (row, r) { row.forEach(function (v, c) { if (!v) legal.push([r, c]); }); });
    }
    return this.fromSnapshot({ position: s.position, cells: cells, turn: s.turn || 1, legalMoves: legal,
      forbiddenPoints: [], last: null, outcome: null }, 0);
  };

  // The options every request of a match carries: the rule set, for a game with several.
  Game.prototype.options = function (opts) {
    return this.rules.length && opts && opts.rule ? ' rule=' + opts.rule : '';
  };

  // A move as a request writes it: in the catalogue's naming of cells when it is letters (d3:
  // column letter, row number from 1), else as the `<row> <col>` every game's play accepts.
  Game.prototype.moveText = function (move) {
    return this.coords === 'letters' ? String.fromCharCode(97 + move[1]) + (move[0] + 1) : move[0] + ' ' + move[1];
  };

  Game.prototype.playRequest = function (state, move, opts) {
    return this.id + ' play ' + state.position + ' ' + this.moveText(move) + this.options(opts);
  };

  // The state after `move` by state.toMove, from the engine's play reply.
  Game.prototype.apply = function (state, move, reply) {
    var mover = state.toMove, next = this.fromSnapshot(reply, state.moves + 1);
    // The other side had no move, so the turn came back to the mover (Othello's pass).
    next.passed = !next.over && next.toMove === mover;
    var flipped = [];
    next.board.forEach(function (row, r) {
      row.forEach(function (v, c) { if (v === mover && state.board[r][c] === 3 - mover) flipped.push([r, c]); });
    });
    if (flipped.length) next.flipped = flipped;
    return next;
  };

  Game.prototype.searchRequest = function (state, level, seed, opts) {
    var time = opts && opts.levelTimeMs ? ' time=' + opts.levelTimeMs : '';
    return this.id + ' search ' + state.position + ' level=' + this.levels[level] + ' seed=' + seed + time + this.options(opts);
  };

  // The move of a search reply, or null for a pass.
  Game.prototype.searchMove = function (reply) {
    return reply.move === 'pass' || typeof reply.row !== 'number' ? null : [reply.row, reply.col];
  };

  // The Bot Lab's games, in its order (the catalogue's botlab list).
  var GAMES = {};
  catalogue.botlab.forEach(function (id) {
    var c = catalogue.games.filter(function (g) { return g.id === id; })[0];
    if (c) GAMES[id] = new Game(c);
  });

  // 'level1', 'LEVEL 1', 'Level1', '1', 'l1' → 'level1'; 'RANDOM' → 'random'; a game's own name
  // for a level (tic-tac-toe's 'easy') → its ladder id; else null.
  function normalizeLevel(name) {
    if (typeof name !== 'string') return null;
    var s = name.toLowerCase().replace(/[\s_-]+/g, '');
    if (/^[123]$/.test(s)) s = 'level' + s;
    if (/^l[123]$/.test(s)) s = 'level' + s.charAt(1);
    if (Object.prototype.hasOwnProperty.call(LEVEL_ALIASES, s)) s = LEVEL_ALIASES[s];
    return LEVELS.indexOf(s) >= 0 ? s : null;
  }

  // The levels a game offers, in ladder order: [{id, title}].
  function levelsOf(game) {
    var g = GAMES[game];
    if (!g) return [];
    return LEVELS.filter(function (l) { return g.levels[l] !== undefined; })
      .map(function (l) { return { id: l, title: LEVEL_TITLES[l] }; });
  }

  return {
    GAMES: GAMES,
    LEVELS: LEVELS,
    LEVEL_TITLES: LEVEL_TITLES,
    normalizeLevel: normalizeLevel,
    levelsOf: levelsOf,
    parseReply: parseReply,
    emptyBoard: emptyBoard,
    copyBoard: copyBoard
  };
});
