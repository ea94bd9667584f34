// fatal.js — fatal errors. A part of miniapp.js (the index is in page.js).
// The app cannot start: the page says so in the visitor's language (the first paint's words,
// from the string table) with what to do for this kind of failure — 'network' (a file did not
// arrive), 'browser' (no WebAssembly) or 'app' (anything else) — and the message itself below.
function fatal(message, kind) {
  if (embed.on) postToParent({ type: 'error', message: message });
  var lang = document.documentElement.getAttribute('data-lang') === 'en' ? 'en' : 'ko';
  var said = function (selector) {
    var el = splashEl && splashEl.querySelector(selector + ' [lang="' + lang + '"]');
    return el ? el.textContent : '';
  };
  statusEl.textContent = '';
  [['why', said('.why')], ['advice', said('.advice[data-kind="' + (kind || 'app') + '"]')], ['detail', message]]
    .forEach(function (part) {
      if (!part[1]) return;
      var p = document.createElement('p');
      p.className = part[0];
      p.textContent = part[1];
      statusEl.appendChild(p);
    });
  if (splashEl) splashEl.hidden = true;
  statusEl.hidden = false;
  statusEl.className = 'fatal';
  statusEl.setAttribute('role', 'alert');
  console.error('[miniapp] ' + message);
  readyReject(new Error(message));
}
if (typeof WebAssembly !== 'object') {
  fatal('WebAssembly is not available in this browser', 'browser');
}
// index.js comes after this script: its load error is caught on the way down (it does not bubble).
window.addEventListener('error', function (e) {
  if (e.target && e.target.id === 'app-script') fatal('index.js could not be loaded', 'network');
}, true);
