// catalogue.js — the game catalogue for the Bot Lab. Under Node (tests, scripts/arena) this file
// reads src/games/common/catalogue.json; the site's copy (botlab/catalogue.js) is written by
// scripts/lib/assemble_site.py with the data inside and sets window.BotLab.catalogue.
'use strict';
module.exports = require('../../src/games/common/catalogue.json');
