// bench_review.js — game review in the browser: the Review page in headless Chromium opened on a
// fixed 61-move Othello game (the one tests/engine/parity.test.js reviews natively and in wasm),
// timed from the navigation until the engine worker has analysed every move (the page's
// state().game.analysed), medians of N runs, a fresh profile each. The aim: within 20 s.
//
//   node scripts/lib/bench_review.js [--runs N (3)]
// Prints a readable report on stderr and one JSON line on stdout.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { ROOT, serveSite, median } = require('./bench_site');

const SITE = process.env.MINIARENA_SITE ? path.resolve(process.env.MINIARENA_SITE) : path.join(ROOT, 'build', 'web');
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--enable-unsafe-swiftshader', '--use-angle=swiftshader'];
const GAME = 'd3c3f5e3c4d6c6b6d2c5f4e6e7e2a6e1b4f6c1e8c2f3g5a3c7h4h6g4f7c8f1g1f8f2a5g8d8b5h8' +
  'a4a2g6g3d7b3h2d1b1b8g2h1a7a1b7h7g7a8b2h3h5';
const runs = Number((process.argv.find((a, i) => process.argv[i - 1] === '--runs')) || 3);
const AIM_MS = 20000;

// One run: ms from the navigation to the last move's verdict, and the moves reviewed.
async function once(url) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-review-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', headless: true,
    args: ARGS, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, serviceWorkers: 'block' });
  try {
    const page = ctx.pages()[0] || await ctx.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.miniapp && window.miniapp.state && window.miniapp.state().path, null, { timeout: 60000 });
    const t0 = Date.now();
    await page.evaluate((g) => window.miniapp.navigateTo('/pages/review/review?game=othello&moves=' + g), GAME);
    const total = await page.waitForFunction(() => {
      const s = window.miniapp.state();
      return s.path === 'pages/review/review' && s.game && s.game.total > 0 && s.game.analysed === s.game.total && s.game.total;
    }, null, { timeout: 120000, polling: 50 });
    return { ms: Date.now() - t0, moves: await total.jsonValue() };
  } finally {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

(async () => {
  const server = await serveSite(SITE);
  try {
    const times = [];
    let moves = 0;
    for (let i = 0; i < runs; i++) {
      const r = await once(server.url);
      times.push(r.ms);
      moves = r.moves;
      console.error(`  run ${i + 1}: ${r.moves} moves reviewed in ${r.ms} ms`);
    }
    const ms = median(times);
    console.error(`  Othello review of ${moves} moves in Chromium: median ${ms} ms (aim ≤ ${AIM_MS} ms: ${ms <= AIM_MS ? 'met' : 'missed'})`);
    console.log(JSON.stringify({ review: { othello_moves: moves, ms_median: ms, runs: times, aim_ms: AIM_MS } }));
  } finally {
    server.stop();
  }
})().catch((e) => { console.error(e); process.exit(1); });
