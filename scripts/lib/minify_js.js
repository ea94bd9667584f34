// minify_js.js — shrinks the site's start-up scripts in place with Debian's terser (node-terser;
// NODE_PATH=/usr/share/nodejs): index.js and the engine-<game>.js from Emscripten, the shell's miniapp.js
// and the engine worker (assemble_site.py's MINIFIED). Page weight (README "Web budgets"): 11 KB gzip less at first load.
// Only local names are mangled (no top-level, no properties): the scripts talk to each other
// through globals (Module, createEngine, window.miniapp) and string-named properties.
//
//   node scripts/lib/minify_js.js FILE.js...
// Exits non-zero, naming the file, when one cannot be parsed; files are only replaced when all
// of them minified.
'use strict';
const fs = require('node:fs');

let terser;
try {
  terser = require('terser');
} catch (e) {
  console.error('minify_js: terser is missing (Debian package node-terser; NODE_PATH=/usr/share/nodejs): run scripts/setup');
  process.exit(1);
}

(async () => {
  const out = [];
  for (const file of process.argv.slice(2)) {
    const code = fs.readFileSync(file, 'utf8');
    let r;
    try {
      r = await terser.minify(code, { ecma: 2017, compress: { passes: 2 }, mangle: true, format: { comments: false } });
    } catch (e) {
      console.error(`minify_js: ${file}: ${e.message} (line ${e.line}, column ${e.col})`);
      process.exit(1);
    }
    out.push([file, code.length, r.code]);
  }
  for (const [file, before, code] of out) {
    fs.writeFileSync(file, code);
    console.log(`minify_js: ${file.split('/').pop()} ${before} -> ${code.length} bytes`);
  }
})();
