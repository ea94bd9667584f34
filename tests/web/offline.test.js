// Offline and install in real Chromium: the generated service worker (sw.js) precaches the whole
// site as one content-hashed set; with the server stopped the app starts and the AI answers in
// every game; a new build takes over on the next load, deletes the old cache and says "updated";
// the site works from a sub-path; manifest.webmanifest meets the install criteria.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const h = require('./lib/harness');

let browser, app;
before(async () => {
  browser = await h.launch();
  app = JSON.parse(fs.readFileSync(path.join(h.SITE, 'app.json'), 'utf8'));
});
after(async () => { await browser.close(); });

// Every file of a site folder, '/'-separated, sorted (as assemble_site.py lists them).
function siteFiles(dir) {
  const out = [];
  (function walk(d) {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(dir, p).split(path.sep).join('/'));
    }
  })(dir);
  return out.sort();
}

function readSw(dir) {
  const text = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const version = /var VERSION = '([0-9a-f]+)';/.exec(text)[1];
  const files = JSON.parse(/var FILES = (\[[\s\S]*?\]);/.exec(text)[1]);
  return { version, files };
}

const waitControlled = (page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });

// The AI answers one move of `game` (started fresh, the human to move), played by a canvas click.
async function aiAnswers(page, game) {
  await page.evaluate((g) => window.miniapp.navigateTo(`/pages/${g}/${g}`), game);
  await h.waitState(page, (s) => s.path === `pages/${game}/${game}`, { what: game });
  if (game === 'tictactoe') {
    await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
    await h.press(page, await h.cell(page, 4));
    const s = await h.waitState(page, (x) => x.game.board.filter((v) => v === 'O').length === 1 && !x.game.thinking,
      { timeout: 20000, what: 'the tic-tac-toe AI' });
    assert.equal(s.game.board[4], 'X');
    assert.ok(!page.logs.some((l) => l.includes('engine error')), 'the engine worker answered (not the main-thread fallback)');
  } else if (game === 'othello') {
    await page.evaluate(() => window.miniapp.command({ type: 'setSide', side: 'black' }));
    await page.evaluate(() => window.miniapp.command({ type: 'setLevel', level: 'level1' }));
    await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
    await h.press(page, await h.cell(page, 19)); // d3
    const s = await h.waitState(page, (x) => x.game.transcript.replace(/\s/g, '').length === 4 && !x.game.thinking,
      { timeout: 30000, what: 'the Othello AI' });
    assert.equal(s.game.error, null);
    assert.ok(s.game.transcript.replace(/\s/g, '').startsWith('d3'));
  } else if (game === 'gomoku') {
    await page.evaluate(() => window.miniapp.command({ type: 'setSide', side: 'black' }));
    await page.evaluate(() => window.miniapp.command({ type: 'setLevel', level: 'level1' }));
    await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
    await h.press(page, await h.cell(page, 7 * 15 + 7));
    const s = await h.waitState(page, (x) => x.game.moves.length === 2 && !x.game.thinking, { timeout: 30000, what: 'the Gomoku AI' });
    assert.equal(s.game.error, null);
    assert.deepEqual(s.game.moves[0], [7, 7]);
  }
}

const GAMES = ['tictactoe', 'othello', 'gomoku'];

test('sw.js precaches every file of the site but itself, under a cache named by the content hash', () => {
  const { version, files } = readSw(h.SITE);
  const all = siteFiles(h.SITE);
  assert.ok(all.includes('sw.js'));
  assert.deepEqual(files, all.filter((f) => f !== 'sw.js'), 'the whole site, sw.js excepted');
  for (const f of ['index.html', 'miniapp.js', 'app.json', 'index.js', 'index.wasm', 'engine-othello.js', 'engine-othello.wasm', 'engine-othello-scalar.wasm',
    'engine-gomoku.js', 'engine-gomoku.wasm', 'engine-tictactoe.js', 'engine-tictactoe.wasm',
    'othello-weights.bin', 'othello-book.bin', 'engine-worker.js', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/icon-maskable-512.png']) {
    assert.ok(files.includes(f), f);
  }
  for (const p of app.pages) {
    if (fs.existsSync(path.join(h.SITE, p + '.json'))) assert.ok(files.includes(p + '.json'), p + '.json');
  }
  assert.ok(files.some((f) => f.startsWith('botlab/')), 'the Bot Lab scripts');
  const hash = crypto.createHash('sha256');
  for (const f of files) {
    const data = fs.readFileSync(path.join(h.SITE, f));
    hash.update(Buffer.concat([Buffer.from(f + '\0'), Buffer.from(String(data.length) + '\0'), data]));
  }
  assert.equal(version, hash.digest('hex').slice(0, 16), 'the cache version is the hash of the precached contents');
});

test('manifest.webmanifest: name, colours from app.json, icons 192/512 and maskable, relative start_url and scope', async () => {
  const m = JSON.parse(fs.readFileSync(path.join(h.SITE, 'manifest.webmanifest'), 'utf8'));
  assert.equal(m.name, app.window.navigationBarTitleText);
  assert.equal(m.theme_color, app.window.navigationBarBackgroundColor);
  assert.equal(m.background_color, app.window.backgroundColor);
  assert.equal(m.start_url, './');
  assert.equal(m.scope, './');
  assert.equal(m.display, 'standalone');
  const size = (f) => { const b = fs.readFileSync(path.join(h.SITE, f)); return `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`; };
  const icon = (s, purpose) => m.icons.find((i) => i.sizes === s && (i.purpose || 'any').split(' ').includes(purpose));
  for (const [s, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']]) {
    const i = icon(s, purpose);
    assert.ok(i, `a ${s} ${purpose} icon`);
    assert.equal(i.type, 'image/png');
    assert.equal(size(i.src), s, `${i.src} is ${s}`);
  }
  // The page links it, and Chromium reads it without complaint.
  const server = await h.startServer();
  const page = await h.newPage(browser);
  await h.openApp(page, server.url);
  const cdp = await page.context().newCDPSession(page);
  const r = await cdp.send('Page.getAppManifest');
  assert.equal(r.url, server.url + 'manifest.webmanifest');
  assert.deepEqual(r.errors, []);
  await page.context().close();
  server.stop();
});

test('offline: after one visit the app starts with the server stopped, and the AI answers in every game', async () => {
  const server = await h.startServer();
  const page = await h.newPage(browser, { width: 500, height: 800 });
  await h.openApp(page, server.url);
  await waitControlled(page);
  const { version } = readSw(h.SITE);
  assert.equal(await page.evaluate(() => window.miniapp.serviceWorkerVersion()), version);
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const urls = await Promise.all(keys.map(async (k) => (await (await caches.open(k)).keys()).map((r) => r.url)));
    return { keys, urls };
  });
  assert.equal(cached.keys.length, 1);
  assert.ok(cached.keys[0].endsWith(' ' + version), cached.keys[0]);
  assert.deepEqual(cached.urls[0].map((u) => u.slice(server.url.length)).sort(), readSw(h.SITE).files);

  server.stop();
  await new Promise((resolve) => server.proc.once('exit', resolve));
  const down = await page.evaluate(() => fetch('sw.js', { cache: 'no-store' }).then(() => 'reached', () => 'unreachable'));
  assert.equal(down, 'unreachable', 'the server is gone');

  page.errors.length = 0;
  await page.reload();
  await page.waitForFunction(() => window.miniapp !== undefined);
  await page.evaluate(() => window.miniapp.ready);
  assert.equal((await h.state(page)).path, app.pages[0]);
  const games = GAMES.filter((g) => app.pages.includes(`pages/${g}/${g}`));
  assert.ok(games.includes('tictactoe') && games.includes('othello'));
  for (const g of games) await aiAnswers(page, g);

  // The Bot Lab: its scripts, its sandbox frame and the engine, all from the cache.
  await page.evaluate(() => window.miniapp.navigateTo('/pages/botlab/botlab'));
  await h.waitState(page, (s) => s.path === 'pages/botlab/botlab' && s.game.examples > 0, { what: 'the Bot Lab offline' });
  const match = await page.evaluate(async () => {
    const lab = window.MiniArenaBotLab;
    await lab.ready;
    const handle = lab.run({ game: 'tictactoe', bot: { source: await lab.exampleSource('tictactoe-rules'), name: 'rules' },
      opponents: ['random'], rounds: 2, seed: 5 });
    return handle.done;
  });
  assert.equal(match.ok, true, match.error);
  assert.deepEqual(match.results.map((r) => [r.rounds, r.forfeits.length]), [[2, 0]]);

  // A new tab, offline too.
  const tab = await page.context().newPage();
  await tab.goto(server.url + `index.html?page=${encodeURIComponent('/pages/othello/othello')}`);
  await tab.waitForFunction(() => window.miniapp !== undefined);
  await tab.evaluate(() => window.miniapp.ready);
  assert.equal((await tab.evaluate(() => window.miniapp.state())).path, 'pages/othello/othello');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// A new build of the site in `site`: index.html gains <meta name="build" content=n>, sw.js is
// regenerated (new content hash). Returns the new version. The files keep their old times, as a
// rebuild within the second of the copy the browser holds would: the server must still send the
// new sw.js (file times are whole seconds, so "not modified since" would keep the old version).
function newBuild(site, n) {
  const index = path.join(site, 'index.html');
  const sw = path.join(site, 'sw.js');
  const times = [index, sw].map((f) => fs.statSync(f));
  fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<head>', `<head>\n<meta name="build" content="${n}">`));
  execFileSync('/usr/bin/python3', [path.join(h.ROOT, 'scripts/lib/assemble_site.py'), '--source', h.ROOT, '--out', site, '--sw-only']);
  [index, sw].forEach((f, i) => fs.utimesSync(f, times[i].atime, times[i].mtime));
  return readSw(site).version;
}

// The workers of the page's registration, as the page sees them (none while it has no registration).
const workerStates = (page) => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => ({
  waiting: !!(r && r.waiting), installing: r && r.installing ? r.installing.state : null,
  active: r && r.active ? r.active.state : null })));

// The browser finds the new sw.js (as on any navigation) and installs it beside the running version.
// An install that fails (a file that did not arrive) is tried again on the next check, as the next
// navigation would; on a timeout the error lists the registration's states seen on the way.
async function waitInstalled(page) {
  const check = () => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  const log = [];
  await check();
  let checked = performance.now();
  await h.until(async () => {
    const s = await workerStates(page);
    if (s.waiting) return true;
    const line = JSON.stringify(s);
    if (log[log.length - 1] !== line) log.push(line);
    if (!s.installing && performance.now() - checked > 5000) {
      log.push('check again');
      checked = performance.now();
      await check();
    }
    return false;
  }, { timeout: 60000, every: 100, expire: () => { throw new Error(`the new version never finished installing: ${log.join(' → ')}`); } });
  if (log.includes('check again')) console.log(`waitInstalled: installed after ${log.join(' → ')}`);
}

const buildOf = (page) => page.evaluate(() => { const m = document.querySelector('meta[name=build]'); return m ? m.content : null; });

// Waits for the app of build `n` to run in `page`; on a timeout says what the page shows instead.
async function waitBuild(page, n) {
  try {
    await page.waitForFunction((b) => window.miniapp !== undefined &&
      (document.querySelector('meta[name=build]') || {}).content === b, String(n), { timeout: 20000 });
  } catch (e) {
    const seen = await Promise.all([
      page.evaluate(() => ({ url: location.href, html: document.documentElement.outerHTML.slice(0, 300) })),
      workerStates(page),
    ]).then(([shown, workers]) => ({ ...shown, ...workers }), (err) => ({ error: err.message }));
    throw new Error(`build ${n} never ran: ${e.message}\n${JSON.stringify(seen)}`);
  }
  await page.evaluate(() => window.miniapp.ready);
}

test('a new build takes over on the next load from a sub-path: old cache deleted, the page says "updated" in its language', async () => {
  // The site served at /arena/ of a temporary root, so the relative scope is exercised too.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'miniarena-sw-'));
  const site = path.join(root, 'arena');
  fs.cpSync(h.SITE, site, { recursive: true });
  const server = await h.startServer(root);
  const url = server.url + 'arena/';
  try {
    const page = await h.newPage(browser, { width: 500, height: 800, locale: 'ko-KR' });
    await h.openApp(page, url);
    await waitControlled(page);
    const v1 = readSw(site).version;
    assert.equal(await page.evaluate(() => window.miniapp.serviceWorkerVersion()), v1);
    assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.scope)), url);
    assert.equal(await page.evaluate(() => document.getElementById('notice').hidden), true, 'a first visit says nothing');

    // A new build: one file changes, sw.js is regenerated (new content hash).
    const v2 = newBuild(site, 2);
    assert.notEqual(v2, v1);
    await waitInstalled(page);
    assert.equal(await page.evaluate(() => window.miniapp.serviceWorkerVersion()), v1, 'the running page keeps its version');
    assert.equal(await buildOf(page), null);

    // The next load is the new version, entirely.
    await page.reload();
    await waitBuild(page, 2);
    assert.equal(await page.evaluate(() => window.miniapp.serviceWorkerVersion()), v2);
    await page.waitForFunction(() => !document.getElementById('notice').hidden);
    assert.equal((await h.state(page)).lang, 'ko');
    assert.equal(await page.textContent('#notice'), '미니 아레나가 새 버전으로 업데이트되었습니다.');
    await page.waitForFunction(() => document.getElementById('announce').textContent === '미니 아레나가 새 버전으로 업데이트되었습니다.');
    const keys = await page.evaluate(() => caches.keys());
    assert.deepEqual(keys, [`miniarena ${url} ${v2}`], 'only the new cache is left');
    await h.screenshot(page, 'offline-updated-ko');

    // Once is enough.
    await page.reload();
    await page.evaluate(() => window.miniapp.ready);
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => document.getElementById('notice').hidden), true);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  } finally {
    server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a second window opened and a reload while it is open keep the running version; the last window takes the new one', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'miniarena-sw-'));
  fs.cpSync(h.SITE, root, { recursive: true });
  const server = await h.startServer(root);
  try {
    const first = await h.newPage(browser, { width: 500, height: 800 });
    await h.openApp(first, server.url);
    await waitControlled(first);
    const v1 = readSw(root).version;
    const v2 = newBuild(root, 2);
    await waitInstalled(first);
    const stillWaiting = async () => (await workerStates(first)).waiting;

    // A new window while the first one runs: both stay on the running version.
    const second = await first.context().newPage();
    await second.goto(server.url);
    await second.evaluate(() => window.miniapp.ready);
    await second.waitForTimeout(1500);
    assert.equal(await buildOf(second), null);
    assert.equal(await first.evaluate(() => window.miniapp.serviceWorkerVersion()), v1, 'the first window is not switched over');
    assert.equal(await second.evaluate(() => window.miniapp.serviceWorkerVersion()), v1);
    assert.equal(await stillWaiting(), true);

    // A reload of one of the two: the same.
    await first.reload();
    await first.evaluate(() => window.miniapp.ready);
    await first.waitForTimeout(1500);
    assert.equal(await buildOf(first), null);
    assert.equal(await first.evaluate(() => window.miniapp.serviceWorkerVersion()), v1);
    assert.equal(await second.evaluate(() => window.miniapp.serviceWorkerVersion()), v1);
    assert.equal(await stillWaiting(), true);

    // The other window closed: the next load is the new version.
    await second.close();
    await first.reload();
    await waitBuild(first, 2);
    assert.equal(await first.evaluate(() => window.miniapp.serviceWorkerVersion()), v2);
    await first.waitForFunction(() => !document.getElementById('notice').hidden);
    assert.equal(await first.textContent('#notice'), 'Mini Arena was updated to a new version.');
    assert.deepEqual(first.errors, []);
    await first.context().close();
  } finally {
    server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
