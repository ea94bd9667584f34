// judge.js — a bot's side of a Bot Lab round: the board as the bot sees it, and what its
// onTurnStart returned, judged before the engine's `play` has the last word. Used by the
// players (players.js) and the match (referee.js).
//
// Index
//   the bot's view ....... relativeBoard (1 = the bot's stones, 2 = the other side's)
//   judging .............. judgeMove (what onTurnStart returned → a move or a forfeit reason)
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else (root.BotLab = root.BotLab || {}).judge = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // --- the bot's view -----------------------------------------------------------------------------
  // A board from one side's view: 1 = `colour`'s stones, 2 = the other side's.
  function relativeBoard(board, colour) {
    return board.map(function (row) {
      return row.map(function (x) { return x === 0 ? 0 : x === colour ? 1 : 2; });
    });
  }

  // --- judging ------------------------------------------------------------------------------------
  // Text for a value the sandbox exported (see sandbox.js exportValue).
  function describeItem(x) {
    if (typeof x === 'number') return String(x);
    if (x.type === 'string') return JSON.stringify(x.text);
    return x.text;
  }
  function describeArray(v) {
    return '[' + v.items.map(describeItem).join(', ') + (v.length > v.items.length ? ', …' : '') + ']';
  }
  function describeValue(v) {
    switch (v.type) {
      case 'promise': return 'a Promise';
      case 'array': return describeArray(v);
      case 'null': return 'null';
      case 'undefined': return 'undefined';
      case 'string': return 'a string (' + JSON.stringify(v.text) + ')';
      case 'object': return 'an object (' + v.text + ')';
      case 'function': return 'a function';
      default: return 'a ' + v.type + ' (' + v.text + ')';
    }
  }

  // What onTurnStart returned (exported) → {move: [r, c]} or {reason}. Checks the shape, the
  // range and that the cell is free; Othello also checks the legal list. The engine's `play`
  // has the last word.
  function judgeMove(v, g, state) {
    var said = 'onTurnStart returned ';
    if (!v) return { reason: said + 'nothing readable' };
    if (v.type === 'promise') return { reason: said + 'a Promise, not a move [row, col] (a bot must return its move directly)' };
    if (v.type !== 'array') return { reason: said + describeValue(v) + ', not a move [row, col]' };
    var text = describeArray(v);
    if (v.length !== 2) return { reason: said + text + ': a move is two numbers [row, col]' };
    var r = v.items[0], c = v.items[1];
    if (typeof r !== 'number' || typeof c !== 'number' || Math.floor(r) !== r || Math.floor(c) !== c) {
      return { reason: said + text + ': row and column must be whole numbers' };
    }
    var n = g.size;
    if (r < 0 || r >= n || c < 0 || c >= n) {
      return { reason: said + text + ': outside the board (rows and columns are 0..' + (n - 1) + ')' };
    }
    if (state.board[r][c] !== 0) return { reason: said + text + ': that cell is already taken' };
    if (state.legal && !state.legal.some(function (m) { return m[0] === r && m[1] === c; })) {
      return { reason: said + text + ': not a legal move (legal: ' + state.legal.map(function (m) { return '[' + m[0] + ', ' + m[1] + ']'; }).join(' ') + ')' };
    }
    return { move: [r, c] };
  }

  return {
    relativeBoard: relativeBoard,
    judgeMove: judgeMove
  };
});
