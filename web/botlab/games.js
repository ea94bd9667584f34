// games.js — what the referee needs to know about each game, and nothing about the rules: the
// rules live in the C++ engine, what each game is (id, board, sides, levels) in the game
// catalogue (src/games/common/catalogue.json, as catalogue.js). Each game turns its position into the engine protocol's `play`
// and `search` requests (src/games/README.md) and the replies back into a board of numbers.
//
// A state is {board: size×size of 0 empty / 1 first player / 2 second player, toMove: 1|2,
// over, winner: 1|2|0 (draw)|null, reason (English), reasonCode (the catalogue's code of the
// ending: line, full, forbidden, discs), legal: [[r, c], …] (Othello), passed, ...engine key}.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./catalogue.js'));
  else (root.BotLab = root.BotLab || {}).games = factory(root.BotLab.catalogue);
})(typeof self !== 'undefined' ? self : this, function (catalogue) {
  'use strict';

  var LEVELS = catalogue.ladder.map(function (l) { return l.id; });
  var LEVEL_TITLES = {};
  catalogue.ladder.forEach(function (l) { LEVEL_TITLES[l.id] = l.title; });
  // A game's catalogue entry as the adapters below use it: id, title, size (rows; the boards are
  // square), rows, cols, colors (the two sides), levels {ladder id: the engine's name for it},
  // rules (the ids of its rule sets; [] for a game with one).
  function describe(id, adapter) {
    var c = catalogue.games.filter(function (g) { return g.id === id; })[0];
    var levels = {};
    c.levels.forEach(function (l) { levels[l.id] = l.engine; });
    adapter.id = c.id;
    adapter.title = c.title;
    adapter.size = c.rows;
    adapter.rows = c.rows;
    adapter.cols = c.cols;
    adapter.colors = c.sides.slice();
    adapter.levels = levels;
    adapter.rules = c.rules.map(function (r) { return r.id; });
    return adapter;
  }

  // An n×n board of zeros.
  function emptyBoard(n) {
    var rows = [];
    for (var r = 0; r < n; r += 1) {
      var row = [];
      for (var c = 0; c < n; c += 1) row.push(0);
      rows.push(row);
    }
    return rows;
  }

  function copyBoard(b) { return b.map(function (row) { return row.slice(); }); }

  // A board from a row-by-row string: `first`/`second` characters are 1/2, anything else 0.
  function boardFromString(text, n, first, second) {
    var b = emptyBoard(n);
    for (var i = 0; i < n * n; i += 1) {
      var ch = text.charAt(i);
      b[Math.floor(i / n)][i % n] = ch === first ? 1 : ch === second ? 2 : 0;
    }
    return b;
  }

  // Parse an engine reply; a reply that is not JSON becomes an error reply.
  function parseReply(text) {
    try {
      var v = JSON.parse(text);
      return v && typeof v === 'object' ? v : { error: 'the engine answered ' + String(text).slice(0, 80) };
    } catch (e) {
      return { error: 'the engine answered ' + String(text).slice(0, 80) };
    }
  }

  // --- Gomoku (15×15, freestyle unless `rule` says otherwise) -------------------------------------
  var gomoku = describe('gomoku', {
    initial: function () {
      return { pos: '-', board: emptyBoard(15), toMove: 1, over: false, winner: null, reason: '', moves: 0 };
    },
    ruleOption: function (opts) { return opts && opts.rule ? ' rule=' + opts.rule : ''; },
    playRequest: function (state, move, opts) {
      return 'gomoku play ' + state.pos + ' ' + move[0] + ' ' + move[1] + this.ruleOption(opts);
    },
    // The state after `move` by state.toMove, from the engine's play reply.
    apply: function (state, move, reply) {
      var board = copyBoard(state.board);
      board[move[0]][move[1]] = state.toMove;
      var next = { pos: reply.pos, board: board, toMove: reply.toMove === 2 ? 2 : 1, over: false,
        winner: null, reason: '', moves: state.moves + 1, line: reply.line || [] };
      if (reply.result && reply.result !== 'none') {
        next.over = true;
        next.winner = reply.result === 'black' ? 1 : reply.result === 'white' ? 2 : 0;
        next.reasonCode = next.winner === 0 ? 'full' : reply.forbidden ? 'forbidden' : 'line';
        next.reason = next.winner === 0 ? 'the board is full' : reply.forbidden ? 'a forbidden move' : 'five in a row';
      }
      return next;
    },
    searchRequest: function (state, level, seed, opts) {
      var time = opts && opts.levelTimeMs ? ' time=' + opts.levelTimeMs : '';
      return 'gomoku search ' + state.pos + ' level=' + this.levels[level] + ' seed=' + seed + time + this.ruleOption(opts);
    },
    searchMove: function (reply) { return [reply.row, reply.col]; }
  });

  // --- Othello (8×8; the engine passes for a side with no move, so the side to move can move) --
  var OTHELLO_START = '---------------------------OX------XO---------------------------';
  function squareToMove(sq) { return [Number(sq.slice(1)) - 1, sq.charCodeAt(0) - 97]; }
  function moveToSquare(m) { return String.fromCharCode(97 + m[1]) + (m[0] + 1); }

  var othello = describe('othello', {
    initial: function () {
      return { text: OTHELLO_START, side: 'X', board: boardFromString(OTHELLO_START, 8, 'X', 'O'), toMove: 1,
        legal: [[2, 3], [3, 2], [4, 5], [5, 4]], over: false, winner: null, reason: '', moves: 0,
        passed: false, discs: [2, 2] };
    },
    playRequest: function (state, move) {
      return 'othello play ' + state.text + ' ' + state.side + ' ' + moveToSquare(move);
    },
    apply: function (state, move, reply) {
      var next = { text: reply.board, side: reply.side, board: boardFromString(reply.board, 8, 'X', 'O'),
        toMove: reply.side === 'O' ? 2 : 1, legal: (reply.legal || []).map(squareToMove), over: !!reply.over,
        winner: null, reason: '', moves: state.moves + 1, passed: !!reply.passed, flipped: (reply.flipped || []).map(squareToMove),
        discs: [reply.black, reply.white] };
      if (next.over) {
        next.winner = reply.winner === 'black' ? 1 : reply.winner === 'white' ? 2 : 0;
        next.reasonCode = 'discs';
        next.reason = 'discs ' + reply.black + '–' + reply.white + ' (black–white)';
      }
      return next;
    },
    searchRequest: function (state, level, seed, opts) {
      var time = opts && opts.levelTimeMs ? ' time=' + opts.levelTimeMs : '';
      return 'othello search ' + state.text + ' ' + state.side + ' level=' + this.levels[level] + ' seed=' + seed + time;
    },
    searchMove: function (reply) { return reply.move === 'pass' ? null : [reply.row, reply.col]; },
    squareToMove: squareToMove,
    moveToSquare: moveToSquare
  });

  // --- Tic-tac-toe (3×3; the engine has two levels: easy = RANDOM, hard = MASTER) ------------------
  var tictactoe = describe('tictactoe', {
    initial: function () {
      return { text: '---------', board: emptyBoard(3), toMove: 1, over: false, winner: null, reason: '', moves: 0 };
    },
    playRequest: function (state, move) {
      return 'tictactoe play ' + state.text + ' ' + (move[0] * 3 + move[1]);
    },
    apply: function (state, move, reply) {
      var next = { text: reply.board, board: boardFromString(reply.board, 3, 'X', 'O'), toMove: reply.toMove === 'O' ? 2 : 1,
        over: false, winner: null, reason: '', moves: state.moves + 1,
        line: (reply.line || []).map(function (i) { return [Math.floor(i / 3), i % 3]; }) };
      if (reply.winner) {
        next.over = true;
        next.winner = reply.winner === 'X' ? 1 : reply.winner === 'O' ? 2 : 0;
        next.reasonCode = next.winner === 0 ? 'full' : 'line';
        next.reason = next.winner === 0 ? 'the board is full' : 'three in a row';
      }
      return next;
    },
    searchRequest: function (state, level, seed) {
      return 'tictactoe search ' + state.text + ' level=' + this.levels[level] + ' seed=' + seed;
    },
    searchMove: function (reply) { return [reply.row, reply.col]; }
  });

  var GAMES = { gomoku: gomoku, othello: othello, tictactoe: tictactoe };

  // 'level1', 'LEVEL 1', 'Level1', '1', 'l1' → 'level1'; 'RANDOM' → 'random'; else null.
  function normalizeLevel(name) {
    if (typeof name !== 'string') return null;
    var s = name.toLowerCase().replace(/[\s_-]+/g, '');
    if (/^[123]$/.test(s)) s = 'level' + s;
    if (/^l[123]$/.test(s)) s = 'level' + s.charAt(1);
    if (s === 'easy') s = 'random';
    if (s === 'hard') s = 'master';
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
