// bench_lighthouse.js — an outside auditor's view of the site: Lighthouse (an npm dev
// dependency) with Debian's Chromium against the assembled site on a local server, on its mobile
// preset (simulated slow 4G, 4× slower CPU) and its desktop preset, RUNS runs each, medians.
// Prints (on stderr) each category's score (performance, accessibility, best practices, SEO) and
// the largest contentful paint, first contentful paint, total blocking time and cumulative layout
// shift, then one JSON line on stdout.
//
//   node scripts/lib/bench_lighthouse.js [--runs 3] [--tasks]
//   --tasks: also print, per mobile run, the main thread's tasks of 12 ms or more as the trace
//   recorded them (before Lighthouse's 4× CPU slowdown, which makes any such task count towards
//   total blocking time), each with what took its time and the app's start-up marks
//   MINIARENA_SITE=dir (another assembled site)
//   --against DIR: mobile only, RUNS runs of each site in turn (DIR first, then the site), each
//   run printed, then the medians of each: a change measured against an earlier build on a
//   machine whose load moves (e.g. DIR = a copy of build/web made before the change)
// Budgets (README, "Web budgets"): mobile performance ≥ 90, LCP ≤ 2.5 s, CLS 0; accessibility,
// best practices and SEO 100.
'use strict';
const path = require('node:path');
const { ROOT, serveSite, median } = require('./bench_site');

const SITE = process.env.MINIARENA_SITE || path.join(ROOT, 'build', 'web');
const runs = Number((process.argv.find((a, i) => process.argv[i - 1] === '--runs')) || 3);
const showTasks = process.argv.includes('--tasks');
const against = process.argv.find((a, i) => process.argv[i - 1] === '--against');
const BUDGET = { performance: 90, lcpMs: 2500, cls: 0, accessibility: 100, bestPractices: 100, seo: 100 };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader'];

// The renderer's main-thread tasks of at least 12 ms after navigation, from a Lighthouse trace:
// "start ms, duration ms: the longest events inside", then the app's miniapp:* marks.
function mainThreadTasks(trace) {
  const ev = trace.traceEvents;
  const nav = ev.find((e) => e.name === 'navigationStart' && e.args && e.args.data && e.args.data.isLoadingMainFrame &&
    /^http/.test(e.args.data.documentLoaderURL || ''));
  if (!nav) return [];
  const lines = [];
  for (const thread of ev.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain')) {
    const own = ev.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.ts >= nav.ts);
    for (const task of own.filter((e) => e.name === 'RunTask' && e.dur >= 12000)) {
      const inside = own.filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur >= 4000 && !/RunTask/.test(e.name))
        .sort((a, b) => b.dur - a.dur).slice(0, 5)
        .map((e) => `${e.name} ${Math.round(e.dur / 1000)}` + (e.args && e.args.data && e.args.data.url ? ` (${e.args.data.url.split('/').pop()})` : ''));
      lines.push(`${String(Math.round((task.ts - nav.ts) / 1000)).padStart(6)} ms ${String(Math.round(task.dur / 1000)).padStart(4)} ms: ${inside.join(', ')}`);
    }
  }
  const marks = [...new Set(ev.filter((e) => e.cat === 'blink.user_timing' && /^miniapp:/.test(e.name) && e.ts >= nav.ts)
    .map((e) => `${e.name.slice(8)} ${Math.round((e.ts - nav.ts) / 1000)}`))];
  return lines.concat(['  marks: ' + marks.join(', ')]);
}

// One Lighthouse run of `url` with `preset` ('mobile' or 'desktop') in a fresh Chromium.
async function audit(url, preset) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const config = preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
    const lhr = result.lhr;
    const score = (id) => Math.round((lhr.categories[id].score || 0) * 100);
    const value = (id) => lhr.audits[id].numericValue;
    return {
      performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'),
      lcpMs: value('largest-contentful-paint'), fcpMs: value('first-contentful-paint'), tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      failed: Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id),
      runtimeError: lhr.runtimeError ? lhr.runtimeError.code : null,
      tasks: showTasks && result.artifacts && result.artifacts.Trace ? mainThreadTasks(result.artifacts.Trace) : []
    };
  } finally {
    await chrome.kill();
  }
}

// --against: the two sites' mobile runs in turn, each run and each site's medians.
async function compare() {
  const sites = [path.resolve(against), SITE];
  const servers = [];
  for (const s of sites) servers.push(await serveSite(s));
  const all = sites.map(() => []);
  try {
    for (let i = 0; i < runs; i++) {
      for (let k = 0; k < sites.length; k++) {
        const r = await audit(servers[k].url, 'mobile');
        all[k].push(r);
        console.error(`run ${i + 1} ${k ? 'site   ' : 'against'}: performance ${r.performance}, TBT ${Math.round(r.tbtMs)} ms, ` +
          `LCP ${(r.lcpMs / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}` + (r.runtimeError ? `, error ${r.runtimeError}` : ''));
        for (const line of r.tasks) console.error('  ' + line);
      }
    }
  } finally {
    for (const s of servers) s.stop();
  }
  const out = {};
  sites.forEach((s, k) => {
    const m = {};
    for (const key of ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'tbtMs', 'cls']) m[key] = median(all[k].map((r) => r[key]));
    m.runs = all[k].map((r) => ({ performance: r.performance, tbtMs: Math.round(r.tbtMs), lcpMs: Math.round(r.lcpMs) }));
    out[k ? 'site' : 'against'] = m;
    console.error(`${(k ? 'site' : 'against').padEnd(8)} ${s}: performance ${all[k].map((r) => r.performance).join(', ')} (median ${m.performance}), ` +
      `TBT median ${Math.round(m.tbtMs)} ms, LCP median ${(m.lcpMs / 1000).toFixed(2)} s, CLS ${m.cls.toFixed(3)}; ` +
      `accessibility ${m.accessibility}, best practices ${m.bestPractices}, SEO ${m.seo}`);
  });
  console.log(JSON.stringify({ lighthouseMobile: out }));
}

async function main() {
  if (against) return compare();
  const server = await serveSite(SITE);
  const out = {};
  try {
    for (const preset of ['mobile', 'desktop']) {
      const all = [];
      for (let i = 0; i < runs; i++) {
        const r = await audit(server.url, preset);
        all.push(r);
        if (showTasks && preset === 'mobile') {
          console.error(`${preset} run ${i + 1}: performance ${r.performance}, TBT ${Math.round(r.tbtMs)} ms; main-thread tasks (start, duration):`);
          for (const line of r.tasks) console.error('  ' + line);
        }
      }
      const m = {};
      for (const k of ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'fcpMs', 'tbtMs', 'cls']) m[k] = median(all.map((r) => r[k]));
      m.failedAudits = [...new Set(all.flatMap((r) => r.failed))];
      m.runtimeErrors = all.map((r) => r.runtimeError).filter(Boolean);
      out[preset] = m;
      console.error(`${preset.padEnd(8)} performance ${m.performance}  accessibility ${m.accessibility}  best practices ${m.bestPractices}` +
        `  SEO ${m.seo}  LCP ${(m.lcpMs / 1000).toFixed(2)} s  FCP ${(m.fcpMs / 1000).toFixed(2)} s  TBT ${Math.round(m.tbtMs)} ms` +
        `  CLS ${m.cls.toFixed(3)}  (median of ${runs})` + (m.failedAudits.length ? `  failing: ${m.failedAudits.join(', ')}` : '') +
        (m.runtimeErrors.length ? `  errors: ${m.runtimeErrors.join(', ')}` : ''));
    }
  } finally {
    server.stop();
  }
  const mob = out.mobile;
  const met = mob.performance >= BUDGET.performance && mob.lcpMs <= BUDGET.lcpMs && mob.cls <= BUDGET.cls &&
    mob.accessibility >= BUDGET.accessibility && mob.bestPractices >= BUDGET.bestPractices && mob.seo >= BUDGET.seo;
  console.error(`budgets (mobile): performance ≥ ${BUDGET.performance}, LCP ≤ ${BUDGET.lcpMs / 1000} s, CLS ${BUDGET.cls}, ` +
    `accessibility/best practices/SEO 100: ${met ? 'met' : 'NOT met'}`);
  console.log(JSON.stringify({ lighthouse: out, budget: BUDGET, met }));
}

main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
