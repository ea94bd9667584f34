// api.js — window.miniapp. A part of miniapp.js (the index is in page.js).
function call(name, types, args) {
  if (!started) throw new Error('miniapp: the app has not started');
  return Module.ccall(name, 'string', types || [], args || []);
}

function toPage(rect) {
  if (!rect) return null;
  var c = canvas.getBoundingClientRect();
  return { x: c.left + rect.x, y: c.top + rect.y, width: rect.width, height: rect.height };
}

// wx-style route call: takes a url string or {url, success, fail, complete}; returns a Promise
// that resolves with {errMsg} or rejects with an Error carrying errMsg.
function route(op) {
  return function (arg) {
    var opts = (arg && typeof arg === 'object') ? arg : { url: arg, delta: arg };
    var target = op === 'navigateBack' ? String(opts.delta == null ? 1 : opts.delta) : String(opts.url == null ? '' : opts.url);
    return ready.then(function () {
      var r = JSON.parse(call('miniapp_route', ['string', 'string'], [op, target]));
      var res = { errMsg: r.errMsg };
      if (r.ok) { if (opts.success) opts.success(res); } else if (opts.fail) opts.fail(res);
      if (opts.complete) opts.complete(res);
      if (!r.ok) { var err = new Error(r.errMsg); err.errMsg = r.errMsg; throw err; }
      return res;
    });
  };
}

// A share from the app: `pageUrl` ("pages/x/x?position=…") as a link to the top-level app (this
// document's address without its query: an embed's link opens the app, not the embed). The
// system's share sheet where the browser has one and the page is not embedded (true), else the
// clipboard (false: the app says so). A sheet that fails (not dismissed) copies instead.
function shareLink(pageUrl, title) {
  var url = location.origin + location.pathname + '#/' + String(pageUrl).replace(/^\//, '');
  lastShared = url;
  var copy = function () {
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).catch(function () {});
  };
  if (!embed.on && navigator.share && (!navigator.canShare || navigator.canShare({ url: url }))) {
    navigator.share({ title: title, url: url }).catch(function (e) { if (!e || e.name !== 'AbortError') copy(); });
    return true;
  }
  copy();
  return false;
}
var lastShared = null;

var api = {
  ready: ready,
  version: '0.1.0',
  state: function () { return JSON.parse(call('miniapp_state')); },
  navigateTo: route('navigateTo'),
  navigateBack: route('navigateBack'),
  redirectTo: route('redirectTo'),
  switchTab: route('switchTab'),
  reLaunch: route('reLaunch'),
  boardCellRect: function (index) {
    return toPage(JSON.parse(call('miniapp_board_cell_rect', ['number'], [index | 0])));
  },
  controlRect: function (id) {
    return toPage(JSON.parse(call('miniapp_control_rect', ['string'], [String(id)])));
  },
  frames: function () { return started ? Module._miniapp_frames() : 0; },
  // Resolves once the screen shows the app as it is now: the frame for any change made so far
  // is built (the next animation frame, or 200 ms where the page gets none, e.g. hidden), and
  // every built frame is drawn (the renderer may draw in a worker, a little later).
  drawn: function () {
    return new Promise(function (resolve) {
      var done = false;
      var go = function () { if (!done) { done = true; renderer.whenDrawn().then(resolve); } };
      requestAnimationFrame(function () { setTimeout(go, 0); });
      setTimeout(go, 200);
    });
  },
  fontAtlas: function () { return JSON.parse(call('miniapp_font_atlas')); },
  // {mode, renderer, full, partial, skipped, verified, mismatchedFrames, mismatchedPixels, lastMismatch,
  // translucentPixels, lastRegion}: frames drawn whole, in part, not at all (nothing changed);
  // under ?redraw=verify, how many of the partial and skipped frames differed from a whole
  // redraw, and how many of their pixels were not opaque; what the last drawn frame redrew
  // ("everything" or [[x0, y0, x1, y1], …] in CSS px)
  redrawStats: function () { return Object.assign(JSON.parse(call('miniapp_redraw_stats')), renderer.checks()); },
  // A command as the embedding parent would send it: {type: 'newGame'} …; resolves or rejects.
  command: function (message) {
    return ready.then(function () {
      var err = call('miniapp_command', ['string'], [JSON.stringify(message)]);
      if (err) throw new Error(err);
    });
  },
  // The last link the app shared (shareLink above), or null.
  lastShared: function () { return lastShared; },
  on: function (type, fn) { (listeners[type] = listeners[type] || []).push(fn); },
  off: function (type, fn) { listeners[type] = (listeners[type] || []).filter(function (f) { return f !== fn; }); }
};
window.miniapp = api;
