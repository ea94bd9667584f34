// Gomoku — run length (the tutorial's step 2).
// For every candidate cell: the longest line our stone there would make, plus the longest line
// the opponent's stone there would make; the highest sum wins (the first one found on ties).
// Beats RANDOM every round; every real level beats it, because length alone cannot tell a
// line that can still grow from one that is already blocked.
var N = 15;
var FREE = 0, MINE = 1, THEIRS = 2;
var NEIGHBOURS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
var AXES = [[0, 1], [1, 0], [1, 1], [1, -1]];
var cells, frontier;

function onGameStart() {}

function onRoundStart() {
  cells = [];
  for (var r = 0; r < N; r++) cells.push(new Array(N).fill(FREE));
  frontier = [];
}

function onBoard(r, c) { return r >= 0 && r < N && c >= 0 && c < N; }

// Put a stone down; its free neighbours become candidates (in order of appearance).
function put(r, c, who) {
  cells[r][c] = who;
  var k = frontier.indexOf(r * N + c);
  if (k !== -1) frontier.splice(k, 1);
  NEIGHBOURS.forEach(function (d) {
    var rr = r + d[0], cc = c + d[1];
    if (onBoard(rr, cc) && cells[rr][cc] === FREE && frontier.indexOf(rr * N + cc) === -1) frontier.push(rr * N + cc);
  });
}

// How many of `who`'s stones continue from (r, c) in direction (dr, dc).
function stretch(r, c, dr, dc, who) {
  var n = 0;
  for (r += dr, c += dc; onBoard(r, c) && cells[r][c] === who; r += dr, c += dc) n++;
  return n;
}

// The longest line through (r, c) if `who` had a stone there.
function longest(r, c, who) {
  var best = 1;
  AXES.forEach(function (a) {
    best = Math.max(best, 1 + stretch(r, c, a[0], a[1], who) + stretch(r, c, -a[0], -a[1], who));
  });
  return best;
}

function onTurnStart(data) {
  if (data.opponentchoice) put(data.opponentchoice[0], data.opponentchoice[1], THEIRS);
  var pick = [7, 7];
  if (frontier.length > 0) {
    var bestScore = -1;
    frontier.forEach(function (key) {
      var r = Math.floor(key / N), c = key % N;
      var score = longest(r, c, MINE) + longest(r, c, THEIRS);
      if (score > bestScore) { bestScore = score; pick = [r, c]; }
    });
  }
  put(pick[0], pick[1], MINE);
  return pick;
}

function onRoundEnd(result) {}
function onGameEnd(result) {}
