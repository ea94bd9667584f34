// bench_site.js — what the web benches share: the assembled site on a local server (the same
// scripts/lib/serve.py the app is served with) and the median of a set of runs.
'use strict';
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');

// Serves `site` on a free port of 127.0.0.1; resolves {url, stop}.
function serveSite(site) {
  return new Promise((resolve, reject) => {
    const p = spawn('/usr/bin/python3', [path.join(ROOT, 'scripts/lib/serve.py'), site, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    p.stdout.on('data', (d) => { buf += d; const m = buf.match(/http:\/\/127\.0\.0\.1:\d+\//); if (m) resolve({ url: m[0], stop: () => p.kill() }); });
    p.on('exit', (c) => reject(new Error('server exited ' + c)));
  });
}

// The middle value (the lower of the two middle ones for an even count); NaN for none.
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };

module.exports = { ROOT, serveSite, median };
