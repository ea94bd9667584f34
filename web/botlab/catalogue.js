// catalogue.js — the game catalogue for the Bot Lab. Under Node (tests, scripts/arena) this file
// reads src/games/common/catalogue.json and, for the endings' English (reasonWords), the string
// table, as scripts/lib/catalogue.py's botlab_games does for the site; the site's copy
// (botlab/catalogue.js) is written by scripts/lib/assemble_site.py with the data inside and sets
// window.BotLab.catalogue.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const SRC = path.join(__dirname, '..', '..', 'src');
const cat = JSON.parse(fs.readFileSync(path.join(SRC, 'games', 'common', 'catalogue.json'), 'utf8'));
// MINIAPP_STRING(Id, "Korean", "English") → {Id: English}
const english = {};
const line = /^MINIAPP(?:_PAGE)?_STRING\((\w+), "(?:[^"\\]|\\.)*", "((?:[^"\\]|\\.)*)"\)$/;
for (const l of fs.readFileSync(path.join(SRC, 'miniapp', 'strings_table.inc'), 'utf8').split('\n')) {
  const m = line.exec(l.trim());
  if (m) english[m[1]] = m[2].replace(/\\(.)/g, (x, c) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}
const KEYS = ['id', 'title', 'rows', 'cols', 'sides', 'levels', 'defaultLevel', 'rules', 'start'];
module.exports = {
  ladder: cat.ladder,
  botlab: cat.botlab || [],
  games: cat.games.map((g) => Object.assign(Object.fromEntries(KEYS.map((k) => [k, g[k]])), {
    coords: g.coords || 'letters',
    legalList: !!g.legalList,
    reasonWords: Object.fromEntries(Object.entries(g.reasons).map(([code, key]) => [code, english[key]])),
    assets: g.assets.map((a) => ({ file: a.file }))
  }))
};
