// sync.js — sync: the DOM follows the app after each drawn frame. A part of miniapp.js (the index is in page.js).
var current = null;  // the last state() read
// Times below are performance.now(): monotonic, so a change of the device clock never stalls a sync.
var seenFrames = -1, lastSync = 0, syncTimer = 0;
function sync() {
  clearTimeout(syncTimer);
  syncTimer = 0;
  lastSync = performance.now();
  if (!started) return;
  try { current = api.state(); } catch (e) { return; }
  var t = T();
  document.documentElement.lang = language();
  if (current.theme === 'dark' || current.theme === 'light') document.documentElement.dataset.theme = current.theme;
  var title = current.title || t.appName;
  canvas.setAttribute('aria-label', title === t.appName ? t.appName : fmt(t.canvas, [title, t.appName]));
  a11y.update(current);
  browserHistory.follow(current.stack);
}
// Frames are drawn only when something changed, so a new frame is the signal; during an
// animation (60 frames a second) the DOM is brought up to date at most every 100 ms.
function watchFrames() {
  var f = Module._miniapp_frames();
  if (f !== seenFrames) {
    seenFrames = f;
    var wait = 100 - (performance.now() - lastSync);
    if (wait <= 0) sync();
    else if (!syncTimer) syncTimer = setTimeout(sync, wait);
  }
  requestAnimationFrame(watchFrames);
}
// Moves and route changes also sync at once (after the app's call returns).
function syncSoon() { if (!syncTimer) syncTimer = setTimeout(sync, 0); }
