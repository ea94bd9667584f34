// engine.js — engine worker. A part of miniapp.js (the index is in page.js).
var engine = {
  worker: null,
  queue: [],
  inflight: null,
  game: null, // the game whose module the worker loads ahead of its first request (warm)
  start: function () {
    var self = this;
    this.worker = new Worker('engine-worker.js');
    if (this.game) this.worker.postMessage({ warm: this.game });
    this.worker.onmessage = function (e) {
      var d = e.data || {};
      if (!self.inflight || d.ticket !== self.inflight.ticket) return;
      self.inflight = null;
      deliver(d.ticket, d.reply);
      if (d.fatal) self.restart();
      self.pump();
    };
    this.worker.onerror = function (e) {
      e.preventDefault();
      var lost = self.inflight;
      self.inflight = null;
      if (lost) deliver(lost.ticket, JSON.stringify({ error: 'the engine worker failed: ' + (e.message || 'unknown error') }));
      self.restart();
      self.pump();
    };
  },
  restart: function () {
    if (this.worker) this.worker.terminate();
    this.start();
  },
  pump: function () {
    if (this.inflight || !this.queue.length) return;
    this.inflight = this.queue.shift();
    this.worker.postMessage(this.inflight);
  },
  // A game page opened: have the worker load that game's engine once the page has settled (not
  // inside the frame that draws the new page), so the first move neither waits for the module
  // nor janks a frame.
  warm: function (game) {
    var self = this;
    this.game = game;
    var go = function () {
      if (!self.worker) self.start(); // which warms this.game
      else self.worker.postMessage({ warm: self.game });
    };
    if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 500 }); else setTimeout(go, 200);
  },
  post: function (ticket, request) {
    if (!this.worker) this.start();
    this.queue.push({ ticket: ticket, request: request });
    this.pump();
  },
  // A search cannot be interrupted inside the worker: a cancelled running request restarts it.
  cancel: function (ticket) {
    if (this.inflight && this.inflight.ticket === ticket) {
      this.inflight = null;
      this.restart();
      this.pump();
    } else {
      this.queue = this.queue.filter(function (q) { return q.ticket !== ticket; });
    }
  }
};

function deliver(ticket, reply) {
  if (started) Module.ccall('miniapp_engine_reply', null, ['number', 'string'], [ticket, reply]);
}
