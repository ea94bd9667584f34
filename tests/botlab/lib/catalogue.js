// catalogue.js — the broken bots every sandbox must survive, with the exact outcome each one
// gets (web/botlab/README.md, "What happens to a broken bot"). Shared by the Node tests
// (tests/botlab/) and the Chromium test (tests/web/botlab-sandbox.test.js).
//
// They play tic-tac-toe (its engine side is complete) against RANDOM, 2 rounds, with a
// 300 ms time limit per call (LIMITS): `load` entries must fail the pre-match load with that
// kind and error; `forfeit` entries must forfeit both rounds with that reason (the bot is
// restarted fresh for round 2 and forfeits again), and the match still ends normally.
'use strict';

const LIMITS = { timeMs: 300, loadTimeMs: 300 };

const CATALOGUE = [
  { name: 'a syntax error',
    source: 'function onTurnStart(data) {\n  return [1, 1];\n',
    load: { kind: 'syntax', error: 'SyntaxError: Unexpected end of input' } },
  { name: 'throws at load',
    source: 'var ready = false;\nthrow new Error("not today");\nfunction onTurnStart() { return [1, 1]; }\n',
    load: { kind: 'threw', error: 'the bot threw while loading: Error: not today (line 2)' } },
  { name: 'an infinite loop at load',
    source: 'while (true) {}\nfunction onTurnStart() { return [1, 1]; }\n',
    load: { kind: 'timeout', error: 'the bot did not finish loading within 300 ms' } },
  { name: 'no onTurnStart',
    source: 'function onGameStart() {}\nfunction onRoundStart() {}\nfunction onturnstart() { return [1, 1]; }\n',
    load: { kind: 'missing', error: 'the bot defines no onTurnStart(data) function' } },
  { name: 'throws in onTurnStart',
    source: 'function onTurnStart(data) {\n  var board = data.boards;\n  return board[0];\n}\n',
    forfeit: "onTurnStart threw TypeError: Cannot read properties of undefined (reading '0') (line 3)" },
  { name: 'an infinite loop in onTurnStart',
    source: 'function onTurnStart(data) {\n  for (;;) {}\n}\n',
    forfeit: 'onTurnStart exceeded the time limit of 300 ms' },
  { name: 'returns a string',
    source: 'function onTurnStart(data) { return "1,1"; }\n',
    forfeit: 'onTurnStart returned a string ("1,1"), not a move [row, col]' },
  { name: 'returns [15, 3]',
    source: 'function onTurnStart(data) { return [15, 3]; }\n',
    forfeit: 'onTurnStart returned [15, 3]: outside the board (rows and columns are 0..2)' },
  { name: 'returns an occupied cell',
    source: 'function onTurnStart(data) { return [1, 1]; }\n',
    forfeit: 'onTurnStart returned [1, 1]: that cell is already taken' },
  { name: 'returns [1]',
    source: 'function onTurnStart(data) { return [1]; }\n',
    forfeit: 'onTurnStart returned [1]: a move is two numbers [row, col]' },
  { name: 'returns a Promise',
    source: 'async function onTurnStart(data) { return [1, 1]; }\n',
    forfeit: 'onTurnStart returned a Promise, not a move [row, col] (a bot must return its move directly)' },
  { name: 'returns nothing',
    source: 'function onTurnStart(data) { var move = [1, 1]; }\n',
    forfeit: 'onTurnStart returned undefined, not a move [row, col]' },
  { name: 'returns [1.5, 0]',
    source: 'function onTurnStart(data) { return [1.5, 0]; }\n',
    forfeit: 'onTurnStart returned [1.5, 0]: row and column must be whole numbers' },
  { name: 'tries document',
    source: 'function onTurnStart(data) {\n  document.title = "mine";\n  return [1, 1];\n}\n',
    forfeit: 'onTurnStart threw ReferenceError: document is not defined (line 2)' },
  { name: 'tries localStorage',
    source: 'function onTurnStart(data) {\n  localStorage.setItem("stolen", "yes");\n  return [1, 1];\n}\n',
    forfeit: 'onTurnStart threw ReferenceError: localStorage is not defined (line 2)' },
  { name: 'tries fetch',
    source: 'function onTurnStart(data) {\n  fetch("/botlab/botlab.js");\n  return [1, 1];\n}\n',
    forfeit: 'onTurnStart threw ReferenceError: fetch is not defined (line 2)' },
  { name: 'tries XMLHttpRequest',
    source: 'function onTurnStart(data) {\n  new XMLHttpRequest();\n  return [1, 1];\n}\n',
    forfeit: 'onTurnStart threw ReferenceError: XMLHttpRequest is not defined (line 2)' },
  { name: 'tries indexedDB',
    source: 'function onTurnStart(data) {\n  indexedDB.open("x");\n  return [1, 1];\n}\n',
    forfeit: 'onTurnStart threw ReferenceError: indexedDB is not defined (line 2)' },
  { name: 'tries eval',
    source: 'function onTurnStart(data) {\n  return eval("[1, 1]");\n}\n',
    forfeit: 'onTurnStart threw EvalError: eval is not available to bots (line 2)' },
  { name: 'tries the Function constructor through a function',
    source: 'function onTurnStart(data) {\n  var make = onTurnStart.constructor;\n  return make("return [1, 1]")();\n}\n',
    forfeit: 'onTurnStart threw EvalError: Function is not available to bots (line 3)' },
  { name: 'tries an async function\'s constructor',
    source: 'function onTurnStart(data) {\n  var AsyncFunction = (async function () {}).constructor;\n  return AsyncFunction("return 1")();\n}\n',
    forfeit: 'onTurnStart threw EvalError: AsyncFunction is not available to bots (line 3)' },
  { name: 'throws in onRoundStart',
    source: 'function onRoundStart() {\n  throw new RangeError("no rounds for me");\n}\nfunction onTurnStart() { return [1, 1]; }\n',
    forfeit: 'onRoundStart threw RangeError: no rounds for me (line 2)' }
];

module.exports = { CATALOGUE, LIMITS };
