// The one reply shape the Bot Lab reads (src/games/README.md, "Shared reply fields"), for every
// game of the catalogue through the real engine: the catalogue's start is the engine's `start`
// reply, a move given as <row> <col> plays the same as the game's own notation, and every play
// reply carries the shared fields the adapter (web/botlab/games.js) reads.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const games = require('../../web/botlab/games.js');
const { loadEngine, defaultEngineDir } = require('../../web/botlab/node-engine.js');

let loading = null;
async function engine(t) {
  if (!loading) loading = loadEngine(defaultEngineDir()).catch((e) => ({ error: e.message }));
  const e = await loading;
  if (e.error) { t.skip(`engine module not available: ${e.error}`); return null; }
  return e;
}
const ask = (e, line) => JSON.parse(e.serveSync(line));
const SHARED = ['cells', 'turn', 'legalMoves', 'forbiddenPoints', 'last', 'outcome', 'position'];

for (const [id, g] of Object.entries(games.GAMES)) {
  test(`${id}: the catalogue's start is the engine's start reply`, async (t) => {
    const e = await engine(t);
    if (!e) return;
    const reply = ask(e, `${id} start`);
    for (const k of SHARED) assert.ok(k in reply, `${id} start: no ${k}`);
    const fromEngine = g.fromSnapshot(reply, 0), fromCatalogue = g.initial();
    assert.deepEqual(fromCatalogue, fromEngine);
    assert.deepEqual(reply.legalMoves, fromCatalogue.snapshot.legalMoves);
    assert.deepEqual([reply.turn, reply.last, reply.outcome], [1, null, null]);
  });

  test(`${id}: play takes <row> <col>; its reply has the shared fields; search gives row and col`, async (t) => {
    const e = await engine(t);
    if (!e) return;
    const start = g.initial();
    const move = start.snapshot.legalMoves[0];
    const byRowCol = ask(e, `${id} play ${start.position} ${move[0]} ${move[1]}`);
    const byOwn = ask(e, g.playRequest(start, move));
    assert.equal(byRowCol.error, undefined, byRowCol.error);
    assert.deepEqual(byRowCol, byOwn);
    for (const k of SHARED) assert.ok(k in byRowCol, `${id} play: no ${k}`);
    assert.deepEqual(byRowCol.last, move);
    assert.equal(byRowCol.cells[move[0]][move[1]], 1);
    assert.equal(byRowCol.turn, 2);
    const next = g.apply(start, move, byRowCol);
    assert.equal(next.position, byRowCol.position);
    const found = ask(e, g.searchRequest(next, 'random', 1));
    assert.equal(typeof found.row, 'number');
    assert.equal(typeof found.col, 'number');
    assert.equal(next.board[found.row][found.col], 0);
    const outside = ask(e, `${id} play ${start.position} ${g.rows} 0`);
    assert.ok(outside.error, `${id}: a row outside the board is refused`);
  });
}
