// The NBoard engine as the GUI runs it: a process on pipes. A `ping` that arrives while the
// engine thinks must stop the search and be answered ("Required: stop thinking and respond with
// pong n", the NBoard protocol); CRLF lines work. The session logic itself is tested in doctest
// (tests/games/othello/test_nboard.cpp).
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = process.env.MINIARENA_NATIVE_BIN || path.join(ROOT, 'build', 'native', 'bin');
const START = '(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)';

// The engine process and a way to wait for an output line matching re.
function engine() {
  const child = spawn(path.join(BIN, 'othello'), ['nboard'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const waiters = [];
  child.stdout.on('data', (d) => {
    out += d;
    for (const w of waiters.splice(0)) if (!w()) waiters.push(w);
  });
  const line = (re, what) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what} in 30 s; the engine wrote:\n${out}`)), 30000);
    const check = () => {
      const m = out.split('\n').find((l) => re.test(l));
      if (m) { clearTimeout(timer); resolve(m); return true; }
      return false;
    };
    if (!check()) waiters.push(check);
  });
  return { child, send: (text) => child.stdin.write(text), line, output: () => out };
}

test('a ping while the engine thinks at depth 60 stops the search: a legal move, then pong', async () => {
  const e = engine();
  try {
    e.send(`nboard 2\r\nset depth 60\r\nset game ${START}\r\nping 1\r\n`);
    await e.line(/^pong 1$/, 'pong 1');
    e.send('go\r\n');
    await e.line(/^status thinking$/, 'the search starting');
    e.send('ping 2\r\n');
    const pong = await e.line(/^pong 2$/, 'pong 2 (the search was not stopped)');
    assert.equal(pong, 'pong 2');
    const lines = e.output().split('\n');
    const move = lines.find((l) => l.startsWith('=== '));
    assert.ok(move, 'the stopped search still answers its go');
    assert.ok(lines.indexOf(move) < lines.indexOf('pong 2'), 'the answer comes before the pong');
    assert.match(move, /^=== (F4|D6|F6)\//, 'a legal reply to f5');
    e.send('quit\r\n');
    const code = await new Promise((resolve) => e.child.on('exit', resolve));
    assert.equal(code, 0);
  } finally {
    e.child.kill();
  }
});
