// input.js — browser → app. A part of miniapp.js (the index is in page.js).
document.addEventListener('visibilitychange', function () {
  if (started) Module._miniapp_set_visible(document.visibilityState === 'visible' ? 1 : 0);
});
if (window.matchMedia) {
  var mq = window.matchMedia('(prefers-color-scheme: dark)');
  var onScheme = function () { if (started) Module._miniapp_set_system_dark(mq.matches ? 1 : 0); };
  if (mq.addEventListener) mq.addEventListener('change', onScheme); else if (mq.addListener) mq.addListener(onScheme);
}
// Keys reach the app only while the canvas has focus; a tap or click gives it focus.
canvas.addEventListener('pointerdown', function () { canvas.focus({ preventScroll: true }); });
canvas.addEventListener('contextmenu', function (e) { e.preventDefault(); });
// Tab leaves the canvas (to the keyboard controls after it): SDL would swallow it, and a
// keyboard user would be trapped. Stopped on the way down, before SDL's listener on the canvas.
['keydown', 'keyup'].forEach(function (type) {
  document.addEventListener(type, function (e) {
    if (e.target === canvas && e.key === 'Tab' && !e.ctrlKey && !e.altKey && !e.metaKey) e.stopPropagation();
  }, true);
});
