// Page weight in real Chromium: the first load — the app, then a first game, whose page starts
// the engine worker — stays within the budget of 400 KB gzip (README "Web budgets"). Sizes are
// counted by scripts/lib/first_load.js, as `scripts/bench web` counts them; the timings of that
// bench (first frame, frame p95) are not asserted here.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./lib/harness');
const { BUDGET_GZIP_BYTES, sizeOf, recordFiles, firstLoad } = require('../../scripts/lib/first_load');

const site = h.serverAndBrowser();
const kb = (n) => (n / 1024).toFixed(1);

test('the first load (the app, a game page, that game\'s engine module and their scripts) is at most 400 KB gzip', async (t) => {
  const page = await h.newPage(site.browser, { width: 390, height: 844, serviceWorkers: 'block' });
  const files = recordFiles(page);
  await h.openApp(page, site.server.url);
  await page.evaluate(() => window.miniapp.navigateTo('/pages/othello/othello'));
  await h.waitState(page, (x) => x.path === 'pages/othello/othello', { what: 'the Othello page' });
  // The page's worker fetches Othello's engine when the page opens, before any move; no other game's.
  await h.until(() => files['engine-othello.wasm'] && files['engine-othello.js'], { timeout: 20000,
    expire: () => { throw new Error('the engine was not fetched: ' + Object.keys(files).join(', ')); } });
  // A browser with a profile fetches the web manifest too (the bench's does); this test's fresh
  // context does not, so it is counted from the site.
  if (!files['manifest.webmanifest'])
    files['manifest.webmanifest'] = sizeOf(fs.readFileSync(path.join(h.SITE, 'manifest.webmanifest')));
  assert.deepEqual(Object.keys(files).filter((f) => /^engine-.*\.(js|wasm)$/.test(f) && f !== 'engine-worker.js').sort(),
    ['engine-othello.js', 'engine-othello.wasm'], 'the Othello page fetches no other game\'s engine');
  const { counted, total } = firstLoad(files);
  for (const f of ['index.html', 'miniapp.js', 'index.js', 'index.wasm', 'engine-worker.js', 'engine-othello.js', 'engine-othello.wasm', 'app.json']) {
    assert.ok(counted[f], `${f} is part of the first load (fetched: ${Object.keys(files).join(', ')})`);
  }
  const listing = Object.entries(counted).sort((a, b) => b[1].gzip - a[1].gzip)
    .map(([f, s]) => `${f} ${kb(s.gzip)}`).join(', ');
  t.diagnostic(`first load ${kb(total.gzip)} KB gzip: ${listing}`);
  assert.ok(total.gzip <= BUDGET_GZIP_BYTES,
    `first load ${kb(total.gzip)} KB gzip, over the budget of ${kb(BUDGET_GZIP_BYTES)} KB: ${listing}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
