// engine.js — engine worker. A part of miniapp.js (the index is in page.js). The requests of the
// app (WebHost's engine_post / engine_cancel, tickets chosen by the app) go through an
// EngineClient (web/engine-client.js, joined in before this part); every reply, or an error
// reply when the worker fails, goes back to the app under its ticket.
var engineClient = new EngineClient('engine-worker.js');
var engine = {
  post: function (ticket, request) {
    engineClient.post(request, function (reply) { deliver(ticket, reply); },
                      function (message) { deliver(ticket, JSON.stringify({ error: message })); }, ticket);
  },
  cancel: function (ticket) { engineClient.cancel(ticket); },
  // A game page opened: have the worker load that game's engine once the page has settled (not
  // inside the frame that draws the new page), so the first move neither waits for the module
  // nor janks a frame.
  warm: function (game) {
    var go = function () { engineClient.warm(game); };
    if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 500 }); else setTimeout(go, 200);
  }
};

function deliver(ticket, reply) {
  if (started) Module.ccall('miniapp_engine_reply', null, ['number', 'string'], [ticket, reply]);
}
