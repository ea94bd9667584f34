// harness.js — shared pieces of the browser tests: a static server for build/web (or $MINIARENA_SITE), Debian's
// Chromium through playwright-core (headless, WebGL via SwiftShader), and helpers that read
// window.miniapp and click the real canvas.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');
const { before, after } = require('node:test');
const { setTimeout: sleep } = require('node:timers/promises');
const { chromium } = require('playwright-core');

const ROOT = path.resolve(__dirname, '..', '..', '..');
// The site under test: build/web, or MINIARENA_SITE (absolute, or relative to the repository),
// so a second build (e.g. build/web6) can be tested without touching the shared one.
const SITE = process.env.MINIARENA_SITE ? path.resolve(ROOT, process.env.MINIARENA_SITE) : path.join(ROOT, 'build', 'web');
const ARTIFACTS = path.join(ROOT, 'build', 'test-artifacts');
fs.mkdirSync(ARTIFACTS, { recursive: true });

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--enable-unsafe-swiftshader', '--use-angle=swiftshader'];

// Serve `dir` on 127.0.0.1 at a free port; resolves {url, port, stop, requests}. With `log`,
// `requests` collects the path of every request the server answers (otherwise it stays empty).
function startServer(dir = SITE, port = 0, { log = false } = {}) {
  return new Promise((resolve, reject) => {
    const args = [path.join(ROOT, 'scripts/lib/serve.py'), dir, '--port', String(port)].concat(log ? [] : ['--quiet']);
    const proc = spawn('/usr/bin/python3', args, { stdio: ['ignore', 'pipe', log ? 'pipe' : 'inherit'] });
    const requests = [];
    if (log) {
      let lines = '';
      proc.stderr.on('data', (d) => {
        lines += d;
        for (let end = lines.indexOf('\n'); end >= 0; end = lines.indexOf('\n')) {
          const m = /"[A-Z]+ (\S+) HTTP/.exec(lines.slice(0, end));
          if (m) requests.push(m[1]);
          lines = lines.slice(end + 1);
        }
      });
    }
    let buf = '';
    proc.stdout.on('data', (d) => {
      buf += d;
      const m = buf.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ url: m[0], port: Number(m[1]), stop: () => proc.kill('SIGTERM'), proc, requests });
    });
    proc.on('exit', (code) => reject(new Error('server exited with ' + code)));
  });
}

function launch() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

// One static server and one Chromium for the test file that calls this (at its top level):
// registers the before/after hooks and returns {server, browser}, filled in once they ran.
function serverAndBrowser() {
  const site = { server: null, browser: null };
  before(async () => {
    site.server = await startServer();
    site.browser = await launch();
  });
  after(async () => {
    if (site.browser) await site.browser.close();
    if (site.server) site.server.stop();
  });
  return site;
}

// A page that records console errors and page errors into page.errors.
async function newPage(browser, { width = 1280, height = 800, touch = false, dpr = 1, ...rest } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch,
    deviceScaleFactor: dpr, ...rest });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.errors = [];
  page.logs = [];
  page.on('console', (m) => {
    page.logs.push(`[${m.type()}] ${m.text()}`);
    if (m.type() === 'error') page.errors.push(m.text());
  });
  page.on('pageerror', (e) => page.errors.push('pageerror: ' + e.message));
  return page;
}

// Open the app and wait for window.miniapp.ready.
async function openApp(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.miniapp !== undefined);
  await page.evaluate(() => window.miniapp.ready);
}

const state = (page) => page.evaluate(() => window.miniapp.state());
// Until the screen shows the app as it is now: frames are drawn in a worker, a little after the
// state changed. Every test that reads pixels waits for this first. The app may be in an iframe
// of the page (an embed): every frame that runs it is waited for.
async function drawn(page) {
  let apps = 0;
  for (const frame of page.frames()) apps += await frame.evaluate(async () => {
    if (!window.miniapp) return 0;
    await window.miniapp.drawn();
    return 1;
  });
  if (!apps) throw new Error('drawn: no frame of the page runs the app');
}

// Calls `probe` every `every` ms until it returns a truthy value, and returns that value; after
// `timeout` ms returns `expire()` instead (throw there to fail). Every wait of the browser tests
// goes through here, on the monotonic clock (the wall clock of a CI machine can jump).
async function until(probe, { timeout, every = 50, expire = () => { throw new Error(`timed out after ${timeout} ms`); } }) {
  const t0 = performance.now();
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (performance.now() - t0 > timeout) return expire();
    await sleep(every);
  }
}

// Wait until `fn(state)` is true (evaluated in node on fresh state), or fail with the last state.
async function waitState(page, fn, { timeout = 10000, what = 'state condition' } = {}) {
  let s;
  return until(async () => { s = await state(page); return fn(s) && s; }, { timeout,
    expire: () => { throw new Error(`timed out waiting for ${what}; last state: ${JSON.stringify(s)}`); } });
}

function centre(r) { return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; }

// Click (mouse) or tap (touch) the centre of a control or board cell.
async function press(page, rect, { touch = false } = {}) {
  if (!rect) throw new Error('press: no such rectangle');
  const c = centre(rect);
  if (touch) await page.touchscreen.tap(c.x, c.y);
  else await page.mouse.click(c.x, c.y);
}

// A control's rectangle. Controls are listed by the frame that draws them, so a control that
// appears after a state change is waited for (one or two frames), up to `timeout`.
async function control(page, id, { timeout = 5000 } = {}) {
  return until(() => page.evaluate((i) => window.miniapp.controlRect(i), id), { timeout, every: 30,
    expire: async () => { throw new Error(`controlRect(${id}) is null on ${(await state(page)).path}`); } });
}

// A board cell's rectangle, or null if it does not appear within `timeout`.
async function cell(page, i, { timeout = 5000 } = {}) {
  return until(() => page.evaluate((k) => window.miniapp.boardCellRect(k), i), { timeout, every: 30, expire: () => null });
}

async function screenshot(page, name) {
  const file = path.join(ARTIFACTS, name + '.png');
  await drawn(page);
  await page.screenshot({ path: file });
  return file;
}

module.exports = { ROOT, SITE, ARTIFACTS, startServer, launch, serverAndBrowser, newPage, openApp, state, drawn, until, waitState,
  press, control, cell, screenshot, centre };
