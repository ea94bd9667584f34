// Bots that try to get out, in real Chromium, through the site's own Bot Lab: every way to reach
// another origin, the site's files or its storage (tests/botlab/lib/network.js) is tried by a
// bot in a tic-tac-toe match. A second server on another port counts every request that reaches
// it; the site's server logs its own. Nothing a bot asks for may arrive at either, its storage
// and the site's stay as they were, and the bot is not forfeited for trying. Each attempt runs
// in a bot of its own with the walls alone ({sandbox: {deleteGlobals: false}}: what shows that
// the walls hold by themselves), and all of them in one bot with every layer on (the frame's
// walls and the deleted globals, as the Bot Lab runs bots).
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const h = require('./lib/harness');
const { hostileBot, NAMES } = require('../botlab/lib/network');

let site, browser, page, other;
const otherHits = [];

// A server on another port that answers anything with a script that would announce itself.
function startOther() {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      otherHits.push(req.url);
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Content-Type', 'text/javascript');
      res.end('console.log("escaped");');
    });
    server.on('upgrade', (req, socket) => { otherHits.push(req.url); socket.destroy(); });
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

before(async () => {
  other = await startOther();
  site = await h.startServer(h.SITE, 0, { log: true });
  browser = await h.launch();
  page = await h.newPage(browser);
  await h.openApp(page, site.url);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/botlab/botlab'));
  await h.waitState(page, (s) => s.path === 'pages/botlab/botlab' && s.game.examples > 0, { what: 'the Bot Lab' });
  await page.evaluate(() => window.MiniArenaBotLab.ready.then(() => true));
  // The app's own storage settles (its service worker installs, the shell notes its version).
  let last = null;
  await h.until(async () => {
    const now = JSON.stringify(await siteStorage());
    const still = now === last && (await page.evaluate(() => navigator.serviceWorker.controller !== null));
    last = now;
    return still;
  }, { timeout: 30000, every: 500 });
  // What a bot might broadcast to the site's other windows.
  await page.evaluate(() => { window.broadcasts = []; new BroadcastChannel('miniarena').onmessage = (e) => window.broadcasts.push(e.data); });
});

after(async () => {
  if (browser) await browser.close();
  if (site) site.stop();
  if (other) other.server.close();
});

// What the site's origin holds in storage: IndexedDB names, cache names, localStorage keys.
const siteStorage = () => page.evaluate(async () => ({
  databases: (await indexedDB.databases()).map((d) => d.name).sort(),
  caches: (await caches.keys()).sort(),
  local: Object.keys(localStorage).sort()
}));

// One round of tic-tac-toe against RANDOM; resolves {outcome, logs} (the bot's log lines).
function play(source, sandbox) {
  return page.evaluate(([s, sb]) => new Promise((resolve) => {
    const logs = [];
    const handle = window.MiniArenaBotLab.run({ game: 'tictactoe', bot: { source: s, name: 'hostile' }, opponents: ['random'],
      rounds: 1, seed: 3, speedMs: 40, sandbox: sb }, (e) => { if (e.type === 'log' && e.source === 'bot') logs.push(e.text); });
    handle.done.then((outcome) => resolve({ outcome, logs }));
  }), [source, sandbox]);
}

const fromBot = (list) => list.filter((u) => u.includes('from-bot'));

test('the counters count: a page with no policy reaches the other server, the app reaches its own', async () => {
  const plain = await browser.newPage();
  await plain.goto(other.url + 'control');
  await plain.close();
  await page.evaluate(() => fetch('control?from-page')); // not a file of the site: past the service worker's cache
  await h.until(() => otherHits.includes('/control') && site.requests.includes('/control?from-page'), { timeout: 5000 });
  // The app's own policy keeps the page itself off other origins too.
  const refused = await page.evaluate((o) => fetch(o + 'from-page').then(() => 'fetched', (e) => e.name), other.url);
  assert.equal(refused, 'TypeError');
  assert.ok(!otherHits.includes('/from-page'));
});

// Checks one match of `names` in `sandbox`: no server reached, nothing of the site's touched,
// the bot not forfeited, and every attempt ran without getting what it asked for.
async function tryWaysOut(names, sandbox) {
  const before = await siteStorage();
  const hitsBefore = otherHits.length;
  const { outcome, logs } = await play(hostileBot(names, { other: other.url, site: site.url }), sandbox);
  assert.equal(outcome.ok, true, outcome.error);
  const r = outcome.results[0];
  assert.deepEqual(r.forfeits, [], 'a bot is not forfeited for trying');
  assert.equal(r.rounds, 1);
  for (const name of names) {
    const attempt = logs.find((l) => l.startsWith(name + ': '));
    assert.ok(attempt, `the attempt "${name}" ran and reported (logs: ${JSON.stringify(logs)})`);
    assert.doesNotMatch(attempt, /: resolved$/, 'the attempt got what it asked for');
  }
  assert.ok(!logs.includes('escaped'), 'no script from another origin ran');
  await new Promise((res) => setTimeout(res, 300)); // a request in flight would have arrived by now
  assert.deepEqual(otherHits.slice(hitsBefore), [], 'a request reached the other origin');
  assert.deepEqual(fromBot(site.requests), [], 'a bot read a file of the site');
  assert.deepEqual(await siteStorage(), before, 'the site\'s storage changed');
  assert.deepEqual(await page.evaluate(() => window.broadcasts), [], 'a bot reached a window of the site');
}

// The walls alone, one way out per bot (so no attempt can spoil another's).
for (const name of NAMES) {
  test(`a bot tries ${name} (the walls alone): nothing reaches a server, the bot plays on`, () =>
    tryWaysOut([name], { deleteGlobals: false }));
}

test('a bot tries every way out at once with every layer on: nothing reaches a server, the bot plays on', () =>
  tryWaysOut(NAMES, undefined));

test('a blocked request is reported in the bot\'s log, once the walls are all that is left', async () => {
  const { logs } = await play(hostileBot(['fetch'], { other: other.url, site: site.url }), { deleteGlobals: false });
  assert.ok(logs.includes(`the sandbox blocked ${other.url}fetch?from-bot (connect-src): bots have no network`), JSON.stringify(logs));
  assert.ok(logs.includes('fetch: rejected TypeError'), JSON.stringify(logs));
});

test('the app itself still works after the hostile bots: a bot loads and plays, no error of its own', async () => {
  const seen = page.errors.length; // the hostile bots' own uncaught errors (a nested worker's, say) are theirs
  const { outcome } = await play('function onTurnStart(d) { for (var r = 0; r < 3; r++) for (var c = 0; c < 3; c++) if (d.board[r][c] === 0) return [r, c]; }');
  assert.equal(outcome.ok, true);
  assert.deepEqual(outcome.results[0].forfeits, []);
  assert.deepEqual(page.errors.slice(seen), []);
  assert.equal((await h.state(page)).path, 'pages/botlab/botlab');
});
