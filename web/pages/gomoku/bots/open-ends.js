// Gomoku — open ends (the tutorial's step 3).
// Like run length, but every line is valued by its length AND how many of its two ends are
// still free, and our own lines are worth more than the opponent's of the same shape (winning
// comes before blocking). A cell's value for one side is its best line plus the sum of all
// four directions, so a cell that builds two lines at once stands out.
// Beats RANDOM and LEVEL 1 every round; LEVEL 2 and LEVEL 3 still beat it.
var N = 15;
var FREE = 0, MINE = 1, THEIRS = 2;
var NEIGHBOURS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
var AXES = [[0, 1], [1, 0], [1, 1], [1, -1]];
// VALUE[length][open ends] for [ours, theirs]; length 5 or more wins whatever the ends.
var VALUE = {
  1: { 0: [1, 1], 1: [1, 1], 2: [5, 5] },
  2: { 0: [10, 8], 1: [10, 8], 2: [100, 80] },
  3: { 0: [200, 150], 1: [200, 150], 2: [3000, 2500] },
  4: { 0: [8000, 4000], 1: [8000, 4000], 2: [50000, 9000] }
};
var FIVE = [1000000, 100000];
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

// From (r, c) in direction (dr, dc): how many of `who`'s stones follow, and whether the cell
// after them is free (an open end).
function ray(r, c, dr, dc, who) {
  var n = 0;
  for (r += dr, c += dc; onBoard(r, c) && cells[r][c] === who; r += dr, c += dc) n++;
  return { stones: n, open: onBoard(r, c) && cells[r][c] === FREE ? 1 : 0 };
}

// The value of a stone of `who` at (r, c): best line + the sum of the four lines.
function worth(r, c, who) {
  var side = who === MINE ? 0 : 1;
  var best = 0, sum = 0;
  AXES.forEach(function (a) {
    var fwd = ray(r, c, a[0], a[1], who), back = ray(r, c, -a[0], -a[1], who);
    var len = 1 + fwd.stones + back.stones, open = fwd.open + back.open;
    var v = len >= 5 ? FIVE[side] : VALUE[len][open][side];
    sum += v;
    if (v > best) best = v;
  });
  return best + sum;
}

function onTurnStart(data) {
  if (data.opponentchoice) put(data.opponentchoice[0], data.opponentchoice[1], THEIRS);
  var pick = [7, 7];
  if (frontier.length > 0) {
    var bestScore = -1;
    frontier.forEach(function (key) {
      var r = Math.floor(key / N), c = key % N;
      var score = worth(r, c, MINE) + worth(r, c, THEIRS);
      if (score > bestScore) { bestScore = score; pick = [r, c]; }
    });
  }
  put(pick[0], pick[1], MINE);
  return pick;
}

function onRoundEnd(result) {}
function onGameEnd(result) {}
