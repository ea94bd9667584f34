// module.js — Module. A part of miniapp.js (the index is in page.js).
var Module = window.Module = {
  canvas: canvas,
  print: function (t) { console.log(t); },
  printErr: function (t) { console.warn(t); },
  preRun: [function () {
    Module.addRunDependency('miniapp-config');
    if (embed.fatal) { fatal(embed.fatal); return; } // the app never starts
    configLoad.then(function (cfg) {
      mark('config');
      Module.miniappConfig = cfg;
      Module.removeRunDependency('miniapp-config');
    }, function (err) {
      if (/^embed:/.test(err.message)) fatal(err.message, 'app');
      else fatal('app.json could not be loaded: ' + err.message, err instanceof TypeError || /HTTP/.test(err.message) ? 'network' : 'app');
    });
  }],
  instantiateWasm: function (imports, receive) {
    wasmModule.then(function (module) {
      return WebAssembly.instantiate(module, imports).then(function (instance) { return { instance: instance, module: module }; });
    }).then(function (out) {
      mark('wasm-instantiated');
      canvas.style.visibility = 'hidden'; // until the app's first frame has been drawn (miniappStarted)
      // main() in a task of its own, after the one that finished compiling the module (a phone's
      // main thread runs shorter tasks; Lighthouse counts long ones).
      setTimeout(function () { receive(out.instance, out.module); }, 0);
    }, function (err) {
      fatal('index.wasm could not be loaded: ' + (err && err.message || err), 'network');
    });
    return {};
  },
  onAbort: function (what) { fatal('The app stopped: ' + what); },
  miniappConfig: null,
  // ?redraw=full: every frame drawn whole (no partial redraw), to compare the two;
  // ?redraw=verify: each partly drawn frame checked against a whole redraw (redrawStats())
  miniappRedraw: redrawMode,
  miniappEngine: engine,
  miniappRenderer: renderer,
  miniappFatal: fatal,
  miniappStarted: function () {
    started = true;
    // Resolve once the first frame is on the canvas. The canvas stays hidden until the GPU has
    // run that frame (a fence, polled each animation frame; at most about 2 s, should the
    // fence never signal): shown earlier, the browser's next commit would wait for it.
    var polls = 0;
    (function waitFrame() {
      if (Module._miniapp_frames() >= 1 && (Module._miniapp_first_frame_done() || ++polls > 120)) {
        canvas.style.visibility = '';
        // The first animation frame after the app drew: the browser has shown its frame (the
        // timeline's last mark; "first-frame-drawn" comes before the compositor's read back).
        mark('first-frame-shown');
        statusEl.hidden = true;
        if (splashEl) splashEl.hidden = true;
        // The page's own follow-up (the DOM after each frame, whoever awaits `ready`) in the
        // next task: this one also lays the page out again without the first paint.
        setTimeout(function () {
          watchFrames();
          readyResolve(api);
        }, 0);
      } else {
        requestAnimationFrame(waitFrame);
      }
    })();
  },
  miniappAnnounce: function (text) {
    // Clear first so the same sentence twice is announced twice. Sentences arriving together
    // (a winning move and the result) are read together, not the last one alone.
    if (!announcePending.length) {
      announceEl.textContent = '';
      setTimeout(function () {
        announceEl.textContent = sentences(announcePending);
        announcePending = [];
      }, 30);
    }
    announcePending.push(String(text));
  },
  miniappPrompt: function (id, spec) { prompt(id, spec); },
  miniappShare: function (pageUrl, title) { return shareLink(pageUrl, title); },
  // The page that asked went away (e.g. the browser's Back): the prompt goes too, unanswered.
  miniappPromptClose: function (id) {
    var box = document.getElementById('prompt');
    if (!box || box.dataset.promptId !== String(id)) return;
    box.remove();
    canvas.focus({ preventScroll: true });
  },
  miniappEmit: function (json) {
    var event;
    try { event = JSON.parse(json); } catch (e) { return; }
    emit(event);
  }
};
