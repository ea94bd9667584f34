// examples.js — where the tests find the example bots: each game keeps its own in
// web/pages/<game>/bots/ (the site serves them from botlab/examples/).
'use strict';
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..', '..');

// The path of the example bot file `name` of `game`.
const examplePath = (game, name) => path.join(ROOT, 'web', 'pages', game, 'bots', name);

module.exports = { examplePath };
