// Othello — corners first, then the move that flips the most discs, avoiding the squares next
// to an empty corner. It reads everything it needs from `data`: data.board (1 = ours,
// 2 = theirs, 0 = empty) and data.legal (the legal moves, [row, col]); it is only asked when
// it has a legal move. It beats RANDOM most of the time and loses to the stronger levels.
var DIRECTIONS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
var CORNERS = [[0, 0], [0, 7], [7, 0], [7, 7]];

function onGameStart() {}
function onRoundStart() {}

// How many of the opponent's discs a disc of ours at (r, c) would turn over.
function flips(board, r, c) {
  var total = 0;
  DIRECTIONS.forEach(function (d) {
    var n = 0, rr = r + d[0], cc = c + d[1];
    while (rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && board[rr][cc] === 2) { n++; rr += d[0]; cc += d[1]; }
    if (n > 0 && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && board[rr][cc] === 1) total += n;
  });
  return total;
}

// Next to a corner that is still empty: giving the opponent that corner is the classic mistake.
function nearEmptyCorner(board, r, c) {
  return CORNERS.some(function (k) {
    return board[k[0]][k[1]] === 0 && Math.abs(k[0] - r) <= 1 && Math.abs(k[1] - c) <= 1 && !(k[0] === r && k[1] === c);
  });
}

function isCorner(r, c) { return (r === 0 || r === 7) && (c === 0 || c === 7); }

function onTurnStart(data) {
  var best = null, bestScore = -Infinity;
  data.legal.forEach(function (m) {
    var score = flips(data.board, m[0], m[1]);
    if (isCorner(m[0], m[1])) score += 100;
    else if (nearEmptyCorner(data.board, m[0], m[1])) score -= 50;
    if (score > bestScore) { bestScore = score; best = m; }
  });
  return best;
}

function onRoundEnd(result) {}
function onGameEnd(result) {}
