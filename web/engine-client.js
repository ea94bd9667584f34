// engine-client.js — a page's side of the engine worker (engine-worker.js): one request at a
// time over its {ticket, request} → {ticket, reply, fatal} messages, the worker restarted when a
// module traps, when the worker itself fails and to cancel a running search (a search cannot be
// interrupted inside the worker). The build joins this file into the two pages' scripts that talk
// to the worker: miniapp.js (the game pages) and botlab/botlab.js (the Bot Lab's matches).
'use strict';
// A client of the worker at `url`; the worker starts with the first request (or warm()).
function EngineClient(url) {
  this.url = url;
  this.worker = null;
  this.queue = [];
  this.inflight = null;
  this.nextTicket = 1;
  this.game = null; // the game whose module the worker loads ahead of its first request
}
EngineClient.prototype.start = function () {
  var self = this;
  this.worker = new Worker(this.url);
  if (this.game) this.worker.postMessage({ warm: this.game });
  this.worker.onmessage = function (e) {
    var d = e.data || {};
    var job = self.inflight;
    if (!job || d.ticket !== job.ticket) return;
    self.inflight = null;
    if (d.fatal) self.restart(); // before the reply, so a request made on it goes to the new worker
    job.done(String(d.reply));
    self.pump();
  };
  this.worker.onerror = function (e) {
    e.preventDefault();
    var job = self.inflight;
    self.inflight = null;
    self.restart();
    if (job) job.fail('the engine worker failed: ' + (e.message || 'unknown error'));
    self.pump();
  };
};
// A fresh worker: at once when a game is warmed (its module loads again before it is asked for),
// else with the next request.
EngineClient.prototype.restart = function () {
  if (this.worker) this.worker.terminate();
  this.worker = null;
  if (this.game) this.start();
};
EngineClient.prototype.pump = function () {
  if (this.inflight || !this.queue.length) return;
  if (!this.worker) this.start();
  this.inflight = this.queue.shift();
  this.worker.postMessage({ ticket: this.inflight.ticket, request: this.inflight.request });
};
// Queues `request`; done(reply text) or fail(message) is called once, unless it is cancelled.
// `ticket` names the request for cancel() (default: the next of the client's own numbers).
EngineClient.prototype.post = function (request, done, fail, ticket) {
  if (ticket === undefined) ticket = this.nextTicket++;
  this.queue.push({ ticket: ticket, request: request, done: done, fail: fail });
  this.pump();
  return ticket;
};
// Has the worker load `game`'s module now, before that game's first request.
EngineClient.prototype.warm = function (game) {
  this.game = game;
  if (!this.worker) this.start(); // which warms this.game
  else this.worker.postMessage({ warm: game });
};
// Drops one request unheard: a waiting one leaves the queue, the running one restarts the worker.
EngineClient.prototype.cancel = function (ticket) {
  if (this.inflight && this.inflight.ticket === ticket) {
    this.inflight = null;
    this.restart();
    this.pump();
  } else {
    this.queue = this.queue.filter(function (job) { return job.ticket !== ticket; });
  }
};
// Ends every request, running or waiting: each fails with `reason`, and the worker stops.
EngineClient.prototype.cancelAll = function (reason) {
  var lost = (this.inflight ? [this.inflight] : []).concat(this.queue);
  this.inflight = null;
  this.queue = [];
  this.restart();
  lost.forEach(function (job) { job.fail(reason); });
};
