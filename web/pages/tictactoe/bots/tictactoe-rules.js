// Tic-tac-toe — the rules a careful child follows: win if you can, block if you must, else take
// the centre, then a corner, then a side. It beats RANDOM most of the time (a fork can still
// catch it) and the perfect MASTER holds it to draws.
var LINES = [
  [[0, 0], [0, 1], [0, 2]], [[1, 0], [1, 1], [1, 2]], [[2, 0], [2, 1], [2, 2]],
  [[0, 0], [1, 0], [2, 0]], [[0, 1], [1, 1], [2, 1]], [[0, 2], [1, 2], [2, 2]],
  [[0, 0], [1, 1], [2, 2]], [[0, 2], [1, 1], [2, 0]]
];
var PREFERENCE = [[1, 1], [0, 0], [0, 2], [2, 0], [2, 2], [0, 1], [1, 0], [1, 2], [2, 1]];

function onGameStart() {}
function onRoundStart() {}

// The empty cell that completes a line of two `who` stones, or null.
function completing(board, who) {
  for (var i = 0; i < LINES.length; i++) {
    var mine = 0, empty = null;
    LINES[i].forEach(function (p) {
      var v = board[p[0]][p[1]];
      if (v === who) mine++;
      else if (v === 0) empty = p;
    });
    if (mine === 2 && empty) return empty;
  }
  return null;
}

function onTurnStart(data) {
  var b = data.board;
  var move = completing(b, 1) || completing(b, 2);
  if (move) return move;
  for (var i = 0; i < PREFERENCE.length; i++) {
    if (b[PREFERENCE[i][0]][PREFERENCE[i][1]] === 0) return PREFERENCE[i];
  }
}

function onRoundEnd(result) { console.log('round ' + result.round + ': ' + (result.win > 0 ? 'won' : result.win < 0 ? 'lost' : 'drawn') + ' (' + result.reason + ')'); }
function onGameEnd(result) {}
