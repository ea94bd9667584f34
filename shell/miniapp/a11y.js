// a11y.js — an off-screen board of buttons. A part of miniapp.js (the index is in page.js).
// Built from state().game for each game; plays through window.miniapp.command({type: 'play', cell}).
// One button of the grid is in the tab order (roving tabindex); arrow keys, Home/End move.
var COLS = 'abcdefghijklmnopqrstuvwxyz';
// The grid reads the shape every game's state shares (src/ui/snapshot.h: cells, turn, you,
// legalMoves, forbiddenPoints); the catalogue gives the size, the sides and how a cell is named.
function sideName(name, v, t) { var side = GAMES[name].sides[v - 1]; return t[side] || side; }
// {legal: {'r,c': 1}, forbidden: {…}}: the state's point lists, to look cells up in.
function pointSets(g) {
  var out = { legal: {}, forbidden: {} };
  (g.legalMoves || []).forEach(function (p) { out.legal[p] = 1; });
  (g.forbiddenPoints || []).forEach(function (p) { out.forbidden[p] = 1; });
  return out;
}
function cellInfo(name, g, r, c, t, sets) {
  sets = sets || pointSets(g);
  var v = g.cells[r][c], at = r + ',' + c;
  return { coord: GAMES[name].coords === 'rowCol' ? fmt(t.rowCol, [r + 1, c + 1]) : COLS[c] + (r + 1),
    content: v ? sideName(name, v, t) : t.empty, forbidden: v === 0 && !!sets.forbidden[at],
    legal: !g.thinking && g.turn === g.you && !!sets.legal[at] };
}
// A page that does not read `position` from its launch query (positionByCommand): the embed
// layer sends it as a setPosition command when the board does not show it.
function shows(name, g, position) {
  var want = String(position).toUpperCase().replace(/\./g, '-');
  return g.cells.map(function (row) {
    return row.map(function (v) { return v ? GAMES[name].sides[v - 1] : '-'; }).join('');
  }).join('') === want;
}

function gameOf(s) {
  var m = /^pages\/(\w+)\/(\w+)$/.exec((s && s.path) || '');
  var name = m && m[1] === m[2] ? m[1] : '';
  return GAMES[name] && s.game && Array.isArray(s.game.cells) ? name : '';
}

var a11y = {
  root: document.getElementById('a11y'),
  nav: document.getElementById('a11y-nav'),
  grid: document.getElementById('a11y-board'),
  actions: document.getElementById('a11y-actions'),
  ring: document.getElementById('a11y-ring'),
  built: '',      // game name + language the grid was built for
  buttons: [],
  focus: 0,       // the grid button in the tab order
  navKey: '',
  actionsKey: '',
  game: '',
  state: null,

  update: function (s) {
    var t = T(), name = gameOf(s);
    var hadFocus = this.root.contains(document.activeElement);
    this.state = s;
    this.game = name;
    this.root.setAttribute('aria-label', t.controls);
    this.updateNav(s, t);
    this.updateBoard(s, t, name);
    this.updateActions(s, t, name);
    // A modal opened: its first button takes the focus. The focused button went away (a route
    // change, a pass made, the modal answered): the board takes the focus, or the first button left.
    if (hadFocus && s.modal && !this.actions.contains(document.activeElement)) {
      var first = this.actions.querySelector('button');
      if (first) first.focus({ preventScroll: true });
    } else if (hadFocus && !this.root.contains(document.activeElement)) {
      var next = this.buttons[this.focus] || this.root.querySelector('button');
      if (next) next.focus({ preventScroll: true });
    }
    this.placeRing();
  },

  // Buttons replaced only when their list changes, so the focused one stays focused.
  setButtons: function (box, keyName, list) {
    var key = JSON.stringify(list.map(function (b) { return [b.id, b.label]; }));
    if (key === this[keyName]) return;
    this[keyName] = key;
    var had = box.contains(document.activeElement) ? document.activeElement.dataset.id : null;
    box.textContent = '';
    list.forEach(function (b) {
      var el = document.createElement('button');
      el.type = 'button';
      el.textContent = b.label;
      el.dataset.id = b.id;
      el.dataset.control = b.control || '';
      el.addEventListener('click', b.run);
      box.appendChild(el);
      if (had === b.id) el.focus({ preventScroll: true });
    });
  },

  updateNav: function (s, t) {
    var list = [];
    if (s.modal) { // the question first: nothing behind it answers until it is answered
      this.setButtons(this.nav, 'navKey', list);
      return;
    }
    // The nav bar's own button, as the app draws it (state().navButton).
    if (s.navButton === 'back') {
      list.push({ id: 'back', control: 'back', label: t.back, run: function () { api.navigateBack().catch(function () {}); } });
    } else if (s.navButton === 'home') { // opened by a link or a reload
      list.push({ id: 'home', control: 'home', label: t.home, run: function () { api.reLaunch('/' + s.home).catch(function () {}); } });
    }
    if (s.path && s.path === s.home) { // home: the games of this site
      appPages.forEach(function (p) {
        var m = /^pages\/(\w+)\/(\w+)$/.exec(p);
        if (!m || m[1] !== m[2] || !GAMES[m[1]]) return;
        list.push({ id: 'open-' + m[1], control: 'game-' + m[1], label: fmt(t.open, [gameName(m[1])]),
          run: function () { api.navigateTo('/' + p).catch(function () {}); } });
      });
    }
    this.setButtons(this.nav, 'navKey', list);
  },

  updateActions: function (s, t, name) {
    var list = [];
    if (s.modal) { // the app's modal: its buttons, Cancel first (the safe one takes the focus)
      if (s.modal.cancel) list.push({ id: 'modal-cancel', control: 'modal-cancel', label: s.modal.cancel, run: function () { a11y.answer(false); } });
      list.push({ id: 'modal-confirm', control: 'modal-confirm', label: s.modal.confirm, run: function () { a11y.answer(true); } });
    } else if (name) {
      if (s.game.mustPass && !s.game.thinking) list.push({ id: 'pass', control: 'pass', label: t.pass, run: function () { a11y.send({ type: 'pass' }, t.pass); } });
      // ask: a game in progress is not thrown away without the question the canvas button asks.
      list.push({ id: 'new-game', control: 'new-game', label: t.newGame, run: function () { a11y.send({ type: 'newGame', ask: true }, t.newGame); } });
    }
    var label = s.modal ? sentences([s.modal.title, s.modal.content].filter(Boolean)) : '';
    if (label) { this.actions.setAttribute('role', 'group'); this.actions.setAttribute('aria-label', label); }
    else { this.actions.removeAttribute('role'); this.actions.removeAttribute('aria-label'); }
    this.setButtons(this.actions, 'actionsKey', list);
  },

  // Confirm or Cancel of the app's modal, as its buttons on the canvas.
  answer: function (confirmed) {
    if (started) Module._miniapp_modal_answer(confirmed ? 1 : 0);
    syncSoon();
  },

  updateBoard: function (s, t, name) {
    var self = this;
    if (!name) {
      if (this.built) { this.grid.textContent = ''; this.buttons = []; this.built = ''; }
      this.grid.hidden = true;
      return;
    }
    var rows = GAMES[name].rows, n = GAMES[name].cols, g = s.game;
    this.grid.hidden = !!s.modal; // behind the modal: out of reach until it is answered
    this.grid.setAttribute('aria-label', fmt(t.boardAs, [gameName(name), sideName(name, g.you, t)]));
    if (this.built !== name) { // build the rows once per game
      this.built = name;
      this.grid.textContent = '';
      this.buttons = [];
      this.focus = -1;
      for (var r = 0; r < rows; ++r) {
        var row = document.createElement('div');
        row.setAttribute('role', 'row');
        for (var c = 0; c < n; ++c) {
          var cellEl = document.createElement('div');
          cellEl.setAttribute('role', 'gridcell');
          var btn = document.createElement('button');
          btn.type = 'button';
          btn.tabIndex = -1;
          btn.dataset.cell = String(r * n + c);
          btn.addEventListener('click', (function (i) { return function () { self.play(i); }; })(r * n + c));
          cellEl.appendChild(btn);
          row.appendChild(cellEl);
          this.buttons.push(btn);
        }
        this.grid.appendChild(row);
      }
    }
    var firstLegal = -1, legalAt = [], sets = pointSets(g);
    for (var i = 0; i < rows * n; ++i) {
      var info = cellInfo(name, g, Math.floor(i / n), i % n, t, sets);
      var label = [info.coord, info.content, info.legal ? t.legal : '', info.forbidden ? t.forbidden : '']
        .filter(Boolean).join(', ');
      var el = this.buttons[i];
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      el.setAttribute('aria-disabled', info.legal ? 'false' : 'true');
      legalAt[i] = info.legal;
      if (info.legal && firstLegal < 0) firstLegal = i;
    }
    // Tabbing into the board lands on a playable cell: while the focus is elsewhere, the tab
    // stop moves off a cell that can no longer be played.
    var away = !this.grid.contains(document.activeElement);
    if (this.focus < 0 || (away && !legalAt[this.focus] && firstLegal >= 0)) {
      this.setFocus(firstLegal >= 0 ? firstLegal : Math.floor(rows * n / 2), false);
    }
  },

  setFocus: function (i, move) {
    if (this.focus >= 0 && this.buttons[this.focus]) this.buttons[this.focus].tabIndex = -1;
    this.focus = i;
    this.buttons[i].tabIndex = 0;
    if (move) this.buttons[i].focus({ preventScroll: true });
  },

  play: function (i) {
    if (!GAMES[this.game] || !this.state) return;
    var n = GAMES[this.game].cols;
    this.setFocus(i, false);
    var info = cellInfo(this.game, this.state.game, Math.floor(i / n), i % n, T());
    api.command({ type: 'play', cell: i }).then(syncSoon, function () {
      say(fmt(T().refused, [info.coord]));
    });
  },

  send: function (cmd, what) {
    api.command(cmd).then(syncSoon, function (e) { say(what + ': ' + e.message); });
  },

  key: function (e) {
    if (!GAMES[this.game] || !e.target.dataset || e.target.dataset.cell === undefined) return;
    var n = GAMES[this.game].cols, last = GAMES[this.game].rows - 1, i = +e.target.dataset.cell, r = Math.floor(i / n), c = i % n;
    switch (e.key) {
      case 'ArrowUp': r = Math.max(0, r - 1); break;
      case 'ArrowDown': r = Math.min(last, r + 1); break;
      case 'ArrowLeft': c = Math.max(0, c - 1); break;
      case 'ArrowRight': c = Math.min(n - 1, c + 1); break;
      case 'Home': c = 0; if (e.ctrlKey) r = 0; break;
      case 'End': c = n - 1; if (e.ctrlKey) r = last; break;
      default: return;
    }
    e.preventDefault();
    this.setFocus(r * n + c, true);
  },

  // A focus ring over the canvas where the focused button acts: the board cell or the control.
  placeRing: function () {
    var el = document.activeElement, rect = null;
    if (started && el && this.root.contains(el)) {
      try {
        if (el.dataset.cell !== undefined) rect = api.boardCellRect(+el.dataset.cell);
        else if (el.dataset.control) rect = api.controlRect(el.dataset.control);
      } catch (e) { rect = null; }
    }
    if (!rect) { this.ring.hidden = true; return; }
    var box = appEl.getBoundingClientRect();
    this.ring.style.left = (rect.x - box.left) + 'px';
    this.ring.style.top = (rect.y - box.top) + 'px';
    this.ring.style.width = rect.width + 'px';
    this.ring.style.height = rect.height + 'px';
    this.ring.hidden = false;
  }
};
a11y.grid.addEventListener('keydown', function (e) { a11y.key(e); });
// Escape answers the modal with Cancel, as it does on the canvas.
a11y.root.addEventListener('keydown', function (e) {
  if (e.key !== 'Escape' || !current || !current.modal) return;
  e.preventDefault();
  a11y.answer(false);
});
a11y.root.addEventListener('focusin', function (e) {
  if (e.target.dataset && e.target.dataset.cell !== undefined) a11y.setFocus(+e.target.dataset.cell, false);
  a11y.placeRing();
});
a11y.root.addEventListener('focusout', function () { setTimeout(function () { a11y.placeRing(); }, 0); });
window.addEventListener('resize', function () { setTimeout(function () { a11y.placeRing(); }, 50); });
api.on('*', function () { syncSoon(); });
