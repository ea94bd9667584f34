// offline.js — offline: the service worker and the "updated" notice. A part of miniapp.js (the index is in page.js).
var noticeEl = document.getElementById('notice');
var noticeTimer = 0;
function notice(text) {
  noticeEl.textContent = text;
  noticeEl.hidden = false;
  say(text);
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(function () { noticeEl.hidden = true; }, 6000);
}

var VERSION_KEY = 'miniarena-shell:version'; // outside the app's "miniarena:" keys
// The version of the worker now serving this page (its cache name), or null.
function swVersion() {
  var sw = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!sw) return Promise.resolve(null);
  return new Promise(function (resolve) {
    var ch = new MessageChannel();
    var timer = setTimeout(function () { resolve(null); }, 3000);
    ch.port1.onmessage = function (e) { clearTimeout(timer); resolve((e.data && e.data.version) || null); };
    sw.postMessage({ type: 'version' }, [ch.port2]);
  });
}
api.serviceWorkerVersion = swVersion;

// A page served by a new version (the last one this browser saw differs) says so, in its language.
function checkVersion() {
  swVersion().then(function (v) {
    if (!v) return;
    var before = null;
    try { before = localStorage.getItem(VERSION_KEY); localStorage.setItem(VERSION_KEY, v); } catch (e) { return; }
    if (before && before !== v) ready.then(function () { sync(); notice(T().updated); });
  });
}

// A page that starts on the old version while a new one is ready (the worker's hand-over on
// navigation did not happen: the browser held the activation up, say) asks for the hand-over
// itself and loads again at once when it is done, before anyone has played on it.
var takeoverAsked = 0;
function askTakeover(reg) {
  var sw = navigator.serviceWorker.controller;
  if (!reg || !reg.waiting || !sw) return;
  // Set before the answer: the new worker may take control before the answer arrives.
  takeoverAsked = performance.now();
  var ch = new MessageChannel();
  ch.port1.onmessage = function (e) { if (!(e.data && e.data.started)) takeoverAsked = 0; };
  sw.postMessage({ type: 'takeover' }, [ch.port2]);
}

if ('serviceWorker' in navigator && window.isSecureContext && params.get('sw') !== '0') {
  navigator.serviceWorker.addEventListener('controllerchange', function () {
    if (takeoverAsked && performance.now() - takeoverAsked < 10000) location.reload();
    else checkVersion();
  });
  checkVersion();
  // Registered once the app runs, so precaching never competes with start-up. The scope is
  // the folder of this page: the site works from any sub-path.
  ready.then(function () {
    navigator.serviceWorker.register('sw.js', { scope: './', updateViaCache: 'none' }).then(askTakeover, function (e) {
      console.warn('[miniapp] the service worker was not registered: ' + e.message);
    });
  }, function () {});
}
