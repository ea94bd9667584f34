// bench_web.js — the web budgets, measured in headless Chromium against a local
// server, a fresh browser profile each run, RUNS runs, medians reported:
//   first load: bytes per file (raw and gzip) and in total; time to the first rendered frame;
//               time until window.miniapp.ready resolves; the start-up marks (miniapp:*)
//   each game:  UI frame times (p50, p95, max) while the strongest level thinks for 3 s, and
//               how long the AI took; the same split into the frames the app drew (4 per second
//               while the AI thinks: the thinking dots) and the rest, which only the AI's Worker
//               could have delayed. Gomoku's master answers the first move from its opening list
//               at once, so the measured think is its answer to the second move.
//   idle:       frames drawn during 2 s without input or animation
// Budgets: first load ≤ 400 KB gzip, first frame ≤ 1 s, p95 ≤ 20 ms while the AI thinks, 0 idle frames.
//
//   node scripts/lib/bench_web.js [--runs 5] [--json]
//   MINIARENA_SITE=dir (another assembled site), MINIARENA_BENCH_QUERY='redraw=full' (a query
//   for the page, e.g. to measure with partial redraw off)
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const ROOT = path.resolve(__dirname, '..', '..');
const SITE = process.env.MINIARENA_SITE || path.join(ROOT, 'build', 'web');
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'];
const { BUDGET_GZIP_BYTES, recordFiles, firstLoad } = require('./first_load');
const { serveSite, median } = require('./bench_site');
const BUDGET = { gzipBytes: BUDGET_GZIP_BYTES, firstFrameMs: 1000, p95Ms: 20, idleFrames: 0 };
const QUERY = process.env.MINIARENA_BENCH_QUERY ? '?' + process.env.MINIARENA_BENCH_QUERY.replace(/^\?/, '') : '';
const runs = Number((process.argv.find((a, i) => process.argv[i - 1] === '--runs')) || 5);

const serve = () => serveSite(SITE);
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN; };

// Records rAF timestamps and the moments of the first frame and of ready.
const INIT = () => {
  window.__bench = { raf: [], appFrames: [], firstFrame: null, ready: null, recording: false };
  const tick = (t) => {
    const b = window.__bench;
    if (b.recording) { // the app's frame count with each tick tells which ticks include an app frame
      let f = -1;
      try { f = window.miniapp.frames(); } catch (e) { /* not started */ }
      b.raf.push(t);
      b.appFrames.push(f);
    }
    try { // miniapp.frames() is 0 until the app has started
      if (b.firstFrame === null && window.miniapp && window.miniapp.frames() >= 1) b.firstFrame = performance.now();
    } catch (e) { /* not started yet */ }
    if (b.ready === null && window.miniapp && window.miniapp.ready && !b.readyHooked) {
      b.readyHooked = true;
      window.miniapp.ready.then(() => { b.ready = performance.now(); });
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

async function oneRun(server, game) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'miniarena-bench-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', headless: true, args: ARGS,
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = ctx.pages()[0] || await ctx.newPage();
  const files = recordFiles(page);
  await page.addInitScript(INIT);
  await page.goto(server.url + QUERY);
  await page.waitForFunction(() => window.__bench.ready !== null && window.__bench.firstFrame !== null, null, { timeout: 60000 });
  const load = await page.evaluate(() => ({ firstFrame: window.__bench.firstFrame, ready: window.__bench.ready,
    // The start-up timeline (performance.mark "miniapp:…", README "What stands in the way").
    marks: Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('miniapp:'))
      .map((m) => [m.name.slice('miniapp:'.length), m.startTime])) }));
  // idle: 2 s after settling
  await page.waitForTimeout(800);
  const f0 = await page.evaluate(() => window.miniapp.frames());
  await page.waitForTimeout(2000);
  const idle = (await page.evaluate(() => window.miniapp.frames())) - f0;

  let frames = null;
  if (game) {
    // The game's page at its strongest level (the catalogue's last), thinking up to 3 s; the
    // player's move is the legal move nearest the centre (state().game.legalMoves).
    await page.evaluate((u) => window.miniapp.navigateTo(u), `/${game.page}?level=${game.levels[game.levels.length - 1].id}&think=3000`);
    await page.waitForFunction((p) => window.miniapp.state().path === p, game.page);
    await page.evaluate(() => window.miniapp.command({ type: 'newGame' }));
    await page.waitForTimeout(300);
    const central = () => page.evaluate(({ rows, cols }) => {
      const d = ([r, c]) => (r - (rows - 1) / 2) ** 2 + (c - (cols - 1) / 2) ** 2;
      const [r, c] = window.miniapp.state().game.legalMoves.reduce((a, b) => (d(b) < d(a) ? b : a));
      return { type: 'play', cell: r * cols + c };
    }, { rows: game.rows, cols: game.cols });
    const reply = async (m) => {
      await page.evaluate((x) => window.miniapp.command(x), m);
      await page.waitForFunction(() => window.miniapp.state().game.thinking === true, null, { timeout: 10000 }).catch(() => {});
      await page.waitForFunction(() => window.miniapp.state().game.thinking === false, null, { timeout: 30000 });
    };
    // Frame times while the AI answers `move`.
    const measure = async (move) => {
      await page.evaluate(() => { window.__bench.raf = []; window.__bench.appFrames = []; window.__bench.recording = true; });
      const t0 = performance.now();
      await reply(move);
      const aiMs = Math.round(performance.now() - t0);
      const { raf, app } = await page.evaluate(() => { window.__bench.recording = false; return { raf: window.__bench.raf, app: window.__bench.appFrames }; });
      const deltas = raf.slice(1).map((t, i) => t - raf[i]);
      // The app draws inside a rAF callback of its own, before or after ours in the same tick, and
      // its cost lands in the following interval: an interval next to a change of the app's frame
      // count is the app's; the others are the ones only something else (the Worker) could delay.
      const moved = (i) => i >= 0 && i + 1 < app.length && app[i + 1] !== app[i];
      const drew = [], rest = [];
      deltas.forEach((d, i) => {
        if (moved(i)) drew.push(Math.max(d, i + 1 < deltas.length ? deltas[i + 1] : 0));
        if (!moved(i - 1) && !moved(i) && !moved(i + 1)) rest.push(d);
      });
      return { p50: pct(deltas, 0.5), p95: pct(deltas, 0.95), max: Math.max(...deltas), n: deltas.length, aiMs,
        appDrawn: drew.length, appP50: pct(drew, 0.5), restP95: pct(rest, 0.95), restMax: rest.length ? Math.max(...rest) : NaN };
    };
    // An opening answer can be instant (Gomoku's first reply): then measure the answer to a second move.
    frames = await measure(await central());
    if (frames.aiMs < 1000) {
      await page.waitForTimeout(300);
      frames = await measure(await central());
    }
  }
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
  // The first load as the budget counts it (first_load.js).
  const { counted, later } = firstLoad(files);
  return { files: counted, later, load, idle, frames };
}

(async () => {
  const server = await serve();
  // Every game of the catalogue whose page the app has.
  const app = JSON.parse(fs.readFileSync(path.join(SITE, 'app.json'), 'utf8'));
  const games = JSON.parse(fs.readFileSync(path.join(ROOT, 'src', 'games', 'common', 'catalogue.json'), 'utf8')).games
    .filter((g) => app.pages.includes(g.page));
  const loads = [], per = Object.fromEntries(games.map((g) => [g.id, []]));
  let files = {};
  const later = {};
  for (let i = 0; i < runs; ++i) {
    for (const game of games) {
      const r = await oneRun(server, game);
      loads.push(r);
      per[game.id].push(r.frames);
      if (!Object.keys(files).length) files = r.files;
      Object.assign(later, r.later);
      process.stderr.write('.');
    }
  }
  process.stderr.write('\n');
  server.stop();
  const total = Object.values(files).reduce((a, f) => ({ raw: a.raw + f.raw, gzip: a.gzip + f.gzip }), { raw: 0, gzip: 0 });
  const out = {
    runs,
    files,
    later,
    total,
    firstFrameMs: Math.round(median(loads.map((r) => r.load.firstFrame))),
    readyMs: Math.round(median(loads.map((r) => r.load.ready))),
    // Each mark's median over the loads, in the order of the first load.
    timeline: Object.fromEntries(Object.keys(loads[0].load.marks).map((m) =>
      [m, Math.round(median(loads.map((r) => r.load.marks[m]).filter((t) => t !== undefined)))])),
    idleFrames: median(loads.map((r) => r.idle)),
    games: Object.fromEntries(Object.entries(per).map(([g, xs]) => [g, {
      p50: +median(xs.map((x) => x.p50)).toFixed(1), p95: +median(xs.map((x) => x.p95)).toFixed(1),
      max: +median(xs.map((x) => x.max)).toFixed(1), aiMs: median(xs.map((x) => x.aiMs)),
      appDrawn: median(xs.map((x) => x.appDrawn)), appP50: +median(xs.map((x) => x.appP50)).toFixed(1),
      restP95: +median(xs.map((x) => x.restP95)).toFixed(1), restMax: +median(xs.map((x) => x.restMax)).toFixed(1) }])),
    budget: BUDGET,
  };
  out.met = {
    gzip: total.gzip <= BUDGET.gzipBytes,
    firstFrame: out.firstFrameMs <= BUDGET.firstFrameMs,
    p95: Object.values(out.games).every((g) => g.p95 <= BUDGET.p95Ms),
    idle: out.idleFrames <= BUDGET.idleFrames,
  };
  const kb = (n) => (n / 1024).toFixed(1).padStart(8);
  console.error('\nfile                              raw KB   gzip KB');
  for (const [f, s] of Object.entries(files).sort((a, b) => b[1].gzip - a[1].gzip)) console.error(`${f.padEnd(30)} ${kb(s.raw)}  ${kb(s.gzip)}`);
  console.error(`${'TOTAL'.padEnd(30)} ${kb(total.raw)}  ${kb(total.gzip)}   budget ${BUDGET.gzipBytes / 1024} KB gzip: ${out.met.gzip ? 'met' : 'MISSED'}`);
  for (const [f, s] of Object.entries(later)) console.error(`not counted, fetched when Othello MASTER first thinks: ${f} ${kb(s.raw)} raw, ${kb(s.gzip)} gzip`);
  console.error(`first frame ${out.firstFrameMs} ms (budget ${BUDGET.firstFrameMs}: ${out.met.firstFrame ? 'met' : 'MISSED'}); ready ${out.readyMs} ms; idle frames in 2 s: ${out.idleFrames} (${out.met.idle ? 'met' : 'MISSED'})`);
  console.error('start-up timeline, ms (medians): ' + Object.entries(out.timeline).map(([m, t]) => `${m} ${t}`).join(' · '));
  console.error('game        frame p50   p95    max   (ms, while the strongest level thinks)   AI ms   app frames drawn, their p50 | other frames p95, max');
  for (const [g, s] of Object.entries(out.games)) console.error(`${g.padEnd(10)} ${String(s.p50).padStart(8)} ${String(s.p95).padStart(6)} ${String(s.max).padStart(6)}   ${s.p95 <= BUDGET.p95Ms ? 'met   ' : 'MISSED'}                              ${String(s.aiMs).padStart(5)}   ${String(s.appDrawn).padStart(4)}, ${String(s.appP50).padStart(6)}          | ${String(s.restP95).padStart(6)}, ${String(s.restMax).padStart(6)}`);
  console.log(JSON.stringify({ web: out }));
})().catch((e) => { console.error('bench_web: ' + e.message); process.exit(1); });
