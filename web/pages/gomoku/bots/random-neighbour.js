// Gomoku — random neighbour (the tutorial's starting bot, step 1).
// The first stone goes in the centre; after that, a random empty cell next to any stone.
// No judgement at all: about even against RANDOM, beaten by every real level.
//
// It keeps its own board from data.opponentchoice and its own moves, and a list of candidate
// cells (empty cells touching a stone) in the order they appeared.
var N = 15;
var FREE = 0, MINE = 1, THEIRS = 2;
var NEIGHBOURS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
var cells;      // cells[r][c]: FREE, MINE or THEIRS
var frontier;   // candidate cell indexes (r * N + c), oldest first

function onGameStart() {}

// A new round: an empty board and no candidates.
function onRoundStart() {
  cells = [];
  for (var r = 0; r < N; r++) {
    cells.push(new Array(N).fill(FREE));
  }
  frontier = [];
}

function onBoard(r, c) { return r >= 0 && r < N && c >= 0 && c < N; }

// Put a stone down and add its free neighbours to the candidates.
function put(r, c, who) {
  cells[r][c] = who;
  var k = frontier.indexOf(r * N + c);
  if (k !== -1) frontier.splice(k, 1);
  NEIGHBOURS.forEach(function (d) {
    var rr = r + d[0], cc = c + d[1];
    if (onBoard(rr, cc) && cells[rr][cc] === FREE && frontier.indexOf(rr * N + cc) === -1) {
      frontier.push(rr * N + cc);
    }
  });
}

// Our move: the centre on an empty board, else any candidate at random.
function onTurnStart(data) {
  if (data.opponentchoice) put(data.opponentchoice[0], data.opponentchoice[1], THEIRS);
  var pick;
  if (frontier.length === 0) {
    pick = [7, 7];
  } else {
    var key = frontier[Math.floor(Math.random() * frontier.length)];
    pick = [Math.floor(key / N), key % N];
  }
  put(pick[0], pick[1], MINE);
  return pick;
}

function onRoundEnd(result) {}
function onGameEnd(result) {}
