// embed.js — embed params. A part of miniapp.js (the index is in page.js).
// index.html?embed=1&game=<a game id of the catalogue; default the first>&level=…&side=…&rule=…&position=…&lang=ko|en
// &theme=light|dark|auto&parentOrigin=https://host.example: the game page alone, launched with
// its query (each page reads level/side/rule/position in onLoad), sized by the iframe.
// The games of the catalogue (src/games/common/catalogue.json, written in at assembly):
// {id: {rows, cols, levels, name: {ko, en}}}, in the catalogue's order.
var GAMES = '@GAMES@';
var EMBED_GAMES = Object.keys(GAMES);
var EMBED_PARAMS = ['embed', 'game', 'level', 'side', 'rule', 'position', 'lang', 'theme', 'parentOrigin', 'sw', 'redraw'];
// ?redraw= (a diagnostic switch, "Web budgets" in the README): partial (the default), full, verify.
var REDRAW_MODES = ['partial', 'full', 'verify'];
var redrawMode = params.get('redraw') || 'partial';
if (REDRAW_MODES.indexOf(redrawMode) < 0) {
  console.warn('[miniapp] redraw must be ' + REDRAW_MODES.join(', ') + ', not "' + redrawMode + '": drawing in part');
  redrawMode = 'partial';
}
var embed = (function () {
  var e = { on: /^(1|true)$/.test(params.get('embed') || ''), problems: [], fatal: '' };
  if (!e.on) return e;
  document.body.classList.add('embed');
  params.forEach(function (v, k) {
    if (EMBED_PARAMS.indexOf(k) < 0) e.problems.push('embed: unknown parameter "' + k + '" (known: ' + EMBED_PARAMS.join(', ') + ')');
  });
  if (params.has('lang') && !/^(ko|en|auto)$/.test(params.get('lang'))) e.problems.push('embed: lang must be ko, en or auto, not "' + params.get('lang') + '"');
  if (params.has('theme') && !/^(light|dark|auto)$/.test(params.get('theme'))) e.problems.push('embed: theme must be light, dark or auto, not "' + params.get('theme') + '"');
  // Where events go, and the only origin commands are taken from: parentOrigin if given, else the
  // embedding page's origin as the browser tells it (location.ancestorOrigins, else the
  // referrer); with neither, events go to any parent origin ("*": they carry nothing but the
  // public moves) and commands are taken from window.parent.
  e.parentOrigin = null;
  var po = params.get('parentOrigin');
  if (po !== null) {
    var origin = null;
    try { origin = new URL(po).origin; } catch (err) { origin = null; }
    if (!origin || origin === 'null' || origin !== po) {
      e.fatal = 'embed: parentOrigin must be an origin like https://example.com, not "' + po + '"';
    } else {
      e.parentOrigin = po;
    }
  } else if (location.ancestorOrigins && location.ancestorOrigins.length) {
    e.parentOrigin = location.ancestorOrigins[0];
  } else if (document.referrer) {
    try { e.parentOrigin = new URL(document.referrer).origin; } catch (err) { e.parentOrigin = null; }
  }
  if (e.parentOrigin === 'null') e.parentOrigin = null;
  e.game = params.has('game') ? params.get('game') : EMBED_GAMES[0];
  if (EMBED_GAMES.indexOf(e.game) < 0) {
    e.fatal = e.fatal || 'embed: game must be ' + EMBED_GAMES.join(', ') + ', not "' + e.game + '"';
    return e;
  }
  e.page = 'pages/' + e.game + '/' + e.game;
  var query = ['level', 'side', 'rule', 'position'].filter(function (k) { return params.has(k); })
    .map(function (k) { return k + '=' + encodeURIComponent(params.get(k)); });
  e.launch = '/' + e.page + (query.length ? '?' + query.join('&') : '');
  return e;
})();
