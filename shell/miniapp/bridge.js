// bridge.js — embed bridge: postMessage to and from the embedding parent. A part of miniapp.js (the index is in page.js).
// Events out: {source: 'miniarena', type: 'ready' | 'move' | 'gameOver' | 'ack' | 'state' | 'error', …}.
// Commands in: {type, id?, …} checked against COMMANDS; anything else is answered by an error event.
var COMMANDS = {
  newGame: { ask: 'boolean?' },
  pass: {},
  getState: {},
  setLevel: { level: 'string' },
  setPosition: { position: 'string' },
  setSide: { side: 'string' },
  setRule: { rule: 'string' },
  play: { cell: 'integer?', move: 'string?', row: 'integer?', col: 'integer?' }
};

function postToParent(msg) {
  if (!embed.on || window.parent === window) return;
  var out = { source: 'miniarena' };
  Object.keys(msg).forEach(function (k) { if (msg[k] !== undefined) out[k] = msg[k]; });
  try { window.parent.postMessage(out, embed.parentOrigin || '*'); } catch (e) { console.warn('[miniapp] postMessage: ' + e.message); }
}

function kindOf(v) {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

// '' for a well-formed command, else what is wrong with it.
function checkCommand(m) {
  if (kindOf(m) !== 'object') return 'a command must be an object like {"type": "newGame"}, not ' + kindOf(m);
  var known = Object.keys(COMMANDS);
  if (typeof m.type !== 'string') return 'a command needs a "type": one of ' + known.join(', ');
  if (!Object.prototype.hasOwnProperty.call(COMMANDS, m.type)) return 'unknown command type "' + m.type + '" (known: ' + known.join(', ') + ')';
  var spec = COMMANDS[m.type];
  var keys = Object.keys(m);
  for (var i = 0; i < keys.length; ++i) {
    var k = keys[i];
    if (k === 'type') continue;
    if (k === 'id') {
      if (typeof m.id !== 'string' && kindOf(m.id) !== 'integer') return m.type + ': "id" must be a string or an integer';
      continue;
    }
    if (!Object.prototype.hasOwnProperty.call(spec, k)) {
      var allowed = Object.keys(spec).concat('id');
      return m.type + ': unknown field "' + k + '" (allowed: ' + allowed.join(', ') + ')';
    }
    var want = spec[k].replace('?', '');
    if (kindOf(m[k]) !== want) return m.type + ': "' + k + '" must be a' + (want === 'integer' ? 'n ' : ' ') + want + ', not ' + kindOf(m[k]);
  }
  for (var f in spec) {
    if (spec[f].indexOf('?') < 0 && !(f in m)) return m.type + ': "' + f + '" is required';
  }
  if (m.type === 'play') {
    var forms = ('cell' in m ? 1 : 0) + ('move' in m ? 1 : 0) + ('row' in m || 'col' in m ? 1 : 0);
    if (forms !== 1 || (('row' in m) !== ('col' in m))) return 'play: give exactly one of "cell", "move", or "row" with "col"';
  }
  return '';
}

function publicState(s) {
  return { path: s.path, lang: s.lang, theme: s.theme, title: s.title, game: s.game };
}

// Launch parameters the page did not take (a level it does not know, a side or rule it has
// not got, a position it could not read) are reported, once the app runs.
function launchProblems(s) {
  var out = [], g = s.game || {};
  var level = g.level !== undefined ? g.level : g.difficulty;
  if (params.has('level') && level !== params.get('level')) {
    out.push('embed: level "' + params.get('level') + '" was not taken by ' + embed.game + (level !== undefined ? ' (it plays "' + level + '")' : ''));
  }
  [['side', 'human'], ['rule', 'rule']].forEach(function (p) {
    if (!params.has(p[0])) return;
    if (g[p[1]] === undefined) out.push('embed: ' + embed.game + ' has no ' + p[0] + ' parameter');
    else if (g[p[1]] !== params.get(p[0])) out.push('embed: ' + p[0] + ' "' + params.get(p[0]) + '" was not taken by ' + embed.game);
  });
  // A position the page could not read is told by its toast.
  if (params.has('position') && !GAMES[embed.game].positionByCommand && s.toast) out.push('embed: position: ' + s.toast);
  return out;
}

// A launch position the page did not take from its query, sent as a command instead.
function applyLaunchPosition(s) {
  if (!params.has('position') || !GAMES[embed.game].positionByCommand || !s.game ||
      shows(embed.game, s.game, params.get('position'))) return Promise.resolve([]);
  return api.command({ type: 'setPosition', position: params.get('position') }).then(function () { return []; },
    function (err) { return ['embed: position: ' + err.message]; });
}

if (embed.on) {
  api.on('*', function (event) { postToParent(event); });
  window.addEventListener('message', function (e) {
    if (window.parent === window || e.source !== window.parent) return; // only the embedding parent
    if (embed.parentOrigin && e.origin !== embed.parentOrigin) {
      console.warn('[miniapp] a command from ' + e.origin + ' was ignored: commands are taken only from ' + embed.parentOrigin);
      postToParent({ type: 'error', message: 'commands are taken only from ' + embed.parentOrigin + ', not from ' + e.origin });
      return;
    }
    var m = e.data;
    var id = kindOf(m) === 'object' ? m.id : undefined;
    var command = kindOf(m) === 'object' && typeof m.type === 'string' ? m.type : undefined;
    var problem = checkCommand(m);
    if (problem) { postToParent({ type: 'error', id: id, command: command, message: problem }); return; }
    if (m.type === 'getState') {
      ready.then(function () { postToParent({ type: 'state', id: id, state: publicState(api.state()) }); });
      return;
    }
    var cmd = {};
    Object.keys(m).forEach(function (k) { if (k !== 'id') cmd[k] = m[k]; });
    api.command(cmd).then(function () {
      syncSoon();
      postToParent({ type: 'ack', id: id, command: command });
    }, function (err) {
      postToParent({ type: 'error', id: id, command: command, message: err.message });
    });
  });
  embed.problems.forEach(function (p) { console.warn('[miniapp] ' + p); });
  ready.then(function () {
    return applyLaunchPosition(api.state());
  }).then(function (positionProblems) {
    var s = api.state();
    embed.problems.concat(launchProblems(s), positionProblems).forEach(function (p) { postToParent({ type: 'error', message: p }); });
    postToParent({ type: 'ready', game: embed.game, levels: GAMES[embed.game].levels, version: api.version, lang: s.lang,
                   theme: s.theme, state: s.game });
    syncSoon();
  }, function () {});
}
