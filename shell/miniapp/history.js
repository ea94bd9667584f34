// history.js — browser history: the page stack in the address bar. A part of miniapp.js (the index is in page.js).
// Each page the app navigates to gets a history entry (#/pages/x/x; the first page of app.json
// has no hash), so the browser's Back and Forward (a phone's back gesture) move through the app's
// stack, and a reload opens the page that was shown. Entries carry their stack depth. Not in an
// embed: the iframe must not add entries to its host page's history.
var browserHistory = (function () {
  var stack = null;     // the stack the history entries stand for
  var ownPops = 0;      // history.go() calls of ours whose popstate is still to come
  // history.go() is asynchronous: an entry pushed before its popstate arrives would be the one
  // it leaves, and the next Back could leave the document. Stack changes meanwhile wait here
  // (the latest stack) and are followed once the popstate has come, or after a second.
  var waiting = null, waitTimer = 0;
  function followWaiting() {
    clearTimeout(waitTimer);
    waitTimer = 0;
    var now = waiting;
    waiting = null;
    if (now) follow(now);
  }
  function norm(p) { return String(p || '').replace(/^\//, ''); }
  function same(a, b) { return a.length === b.length && a.every(function (p, i) { return p === b[i]; }); }
  // The address for a page: this document without ?page= (a launch switch), with the page's hash.
  function urlFor(path) {
    var q = new URLSearchParams(location.search);
    q.delete('page');
    var search = q.toString();
    return location.pathname + (search ? '?' + search : '') + (norm(path) === appPages[0] ? '' : '#/' + norm(path));
  }
  function entry(s) { return { miniapp: s.length }; }
  function pageInAddress() {
    var h = location.hash.length > 1 ? norm(decodeURIComponent(location.hash.slice(1))) : '';
    return h.split('?')[0] || appPages[0];
  }
  // After a state(): mirror what changed in the stack as history entries.
  function follow(now) {
    if (embed.on || !Array.isArray(now) || !now.length) return;
    if (ownPops > 0) {
      waiting = now.slice();
      if (!waitTimer) waitTimer = setTimeout(function () { ownPops = 0; followWaiting(); }, 1000);
      return;
    }
    if (!stack) { // launch: this entry is the launch page
      history.replaceState(entry(now), '', urlFor(now[now.length - 1]));
      stack = now.slice();
      return;
    }
    if (same(stack, now)) return;
    var keep = 0; // pages both stacks share from the bottom
    while (keep < Math.min(stack.length, now.length) && stack[keep] === now[keep]) ++keep;
    var before = stack;
    stack = now.slice();
    if (now.length < before.length) { // back (or a relaunch): drop the entries above, then fix the top
      ownPops++;
      history.go(now.length - before.length);
    } else if (keep === before.length) { // pages pushed on top
      for (var i = before.length; i < now.length; ++i) history.pushState({ miniapp: i + 1 }, '', urlFor(now[i]));
    } else { // the same depth, another page (redirectTo, switchTab)
      history.replaceState(entry(now), '', urlFor(now[now.length - 1]));
    }
  }
  // The browser moved through the history: bring the app to the entry's page.
  function onPop(e) {
    if (embed.on || !started || !stack) return;
    if (ownPops > 0) { // our own go(): the entry now shown stands for the current stack
      ownPops--;
      history.replaceState(entry(stack), '', urlFor(stack[stack.length - 1]));
      if (!ownPops) followWaiting();
      return;
    }
    var want = pageInAddress();
    var depth = (e.state && e.state.miniapp) | 0 || 1;
    var now = api.state().stack;
    var op = 'reLaunch', target = '/' + want;
    if (depth < now.length && now[depth - 1] === want) { op = 'navigateBack'; target = String(now.length - depth); }
    else if (depth === now.length + 1) op = 'navigateTo';
    var r = JSON.parse(call('miniapp_route', ['string', 'string'], [op, target]));
    if (!r.ok && op === 'navigateTo') r = JSON.parse(call('miniapp_route', ['string', 'string'], ['reLaunch', target]));
    stack = api.state().stack;
    // The entry now says what the app shows (a page that is gone, a relaunch's depth).
    history.replaceState(entry(stack), '', urlFor(stack[stack.length - 1]));
    syncSoon();
  }
  window.addEventListener('popstate', onPop);
  return { follow: follow };
})();
