// renderer.js — draws the app's frames (src/platform/draw_stream.h) with WebGL 2.
//
// Where the browser can, this file runs as a Worker that owns the page's canvas (an
// OffscreenCanvas): the page's main thread then never waits for the GPU, nor for a software-GL
// browser reading the canvas back to composite it (200-300 ms on the page's first commit in
// headless Chromium). Elsewhere, and for ?redraw=verify (whose checks read pixels back), the page
// loads it as a script and calls the same renderer directly (shell/miniapp/frames.js).
//
// Index
//   shaders ...... one program: ImGui's vertices, the font atlas's coverage (8-bit)
//   Renderer ..... context, font texture, frames: passes of a clear and scissored commands
//   verify ....... a frame drawn in part against a whole redraw, pixel by pixel
//   worker ....... the messages when this file runs as a Worker
(function (scope) {
  'use strict';

  // --- shaders ------------------------------------------------------------------------------------
  // Locations fixed in the shader; the projection is a constant attribute (location 3): nothing
  // asks the GPU process for a location.
  var VERTEX_SHADER = '#version 300 es\n' +
    'layout(location = 0) in vec2 Position;\n' +
    'layout(location = 1) in vec2 UV;\n' +
    'layout(location = 2) in vec4 Color;\n' +
    'layout(location = 3) in vec4 Projection;\n' +
    'out vec2 Frag_UV;\n' +
    'out vec4 Frag_Color;\n' +
    'void main() {\n' +
    '    Frag_UV = UV;\n' +
    '    Frag_Color = Color;\n' +
    '    gl_Position = vec4(Position * Projection.xy + Projection.zw, 0.0, 1.0);\n' +
    '}\n';
  // The atlas holds coverage in its red channel; ImGui's RGBA atlas would be (1, 1, 1, coverage).
  var FRAGMENT_SHADER = '#version 300 es\n' +
    'precision mediump float;\n' +
    'uniform sampler2D Texture;\n' +
    'in vec2 Frag_UV;\n' +
    'in vec4 Frag_Color;\n' +
    'layout(location = 0) out vec4 Out_Color;\n' +
    'void main() {\n' +
    '    Out_Color = vec4(Frag_Color.rgb, Frag_Color.a * texture(Texture, Frag_UV.st).r);\n' +
    '}\n';
  var COMPLETION_STATUS_KHR = 0x91B1;
  var HEADER_WORDS = 11, PASS_WORDS = 6, COMMAND_WORDS = 8;
  var PASS_EVERYTHING = 0, PASS_RECT = 1, PASS_TRUTH = 2;
  var FONT_TEXTURE = 1;

  // --- Renderer -----------------------------------------------------------------------------------
  // `canvas`: an OffscreenCanvas or a <canvas>; `preserve`: the canvas keeps its pixels between
  // frames (partial redraw). Throws when the browser has no WebGL 2 here.
  function Renderer(canvas, preserve) {
    var gl = canvas.getContext('webgl2', { alpha: true, antialias: false, depth: false, stencil: false,
      premultipliedAlpha: true, preserveDrawingBuffer: !!preserve });
    if (!gl) throw new Error('WebGL 2 is not available');
    this.canvas = canvas;
    this.gl = gl;
    // The program links while the app starts; where the browser can say so without waiting,
    // the first frame waits until it has (ready()).
    this.parallel = !!gl.getExtension('KHR_parallel_shader_compile');
    var program = this.program = gl.createProgram();
    [[gl.VERTEX_SHADER, VERTEX_SHADER], [gl.FRAGMENT_SHADER, FRAGMENT_SHADER]].forEach(function (s) {
      var shader = gl.createShader(s[0]);
      gl.shaderSource(shader, s[1]);
      gl.compileShader(shader);
      gl.attachShader(program, shader);
      gl.deleteShader(shader); // flagged: freed with the program
    });
    gl.linkProgram(program);
    this.linked = false;
    this.vao = gl.createVertexArray();
    this.vbo = gl.createBuffer();
    this.ebo = gl.createBuffer();
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.vbo);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.ebo);
    gl.enableVertexAttribArray(0);
    gl.enableVertexAttribArray(1);
    gl.enableVertexAttribArray(2);
    this.textures = {};
    this.frames = 0;
    this.fence = null;
    this.firstDone = false;
    this.check = { verified: 0, mismatchedFrames: 0, mismatchedPixels: 0, translucentPixels: 0, lastMismatch: [0, 0, 0, 0] };
  }

  // False while the GPU process still links the program (asked without waiting, where the
  // browser can): drawing before then would block until it has.
  Renderer.prototype.ready = function () {
    if (this.linked || !this.parallel) return true;
    return (this.linked = this.gl.getProgramParameter(this.program, COMPLETION_STATUS_KHR) !== false);
  };

  // The font atlas, ImGui's 8-bit coverage bitmap as it is.
  Renderer.prototype.fonts = function (width, height, pixels) {
    var gl = this.gl;
    var texture = this.textures[FONT_TEXTURE] || (this.textures[FONT_TEXTURE] = gl.createTexture());
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, width, height, 0, gl.RED, gl.UNSIGNED_BYTE, new Uint8Array(pixels.buffer || pixels));
  };

  // One frame (an ArrayBuffer laid out as draw_stream.h says): each pass clears and draws.
  Renderer.prototype.frame = function (buffer) {
    var gl = this.gl, u = new Uint32Array(buffer), i32 = new Int32Array(buffer), f = new Float32Array(buffer);
    var width = u[0], height = u[1], clear = u[6];
    var passes = u[7], commands = u[8], vertexWords = u[9], indexWords = u[10];
    var passAt = HEADER_WORDS, commandAt = passAt + passes * PASS_WORDS;
    var vertexAt = commandAt + commands * COMMAND_WORDS, indexAt = vertexAt + vertexWords;
    // The canvas follows the framebuffer the app laid out for (a resize clears it, and the
    // app redraws everything after one).
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    gl.viewport(0, 0, width, height);
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.vbo);
    gl.bufferData(gl.ARRAY_BUFFER, new Uint8Array(buffer, vertexAt * 4, vertexWords * 4), gl.STREAM_DRAW);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, new Uint8Array(buffer, indexAt * 4, indexWords * 4), gl.STREAM_DRAW);
    gl.enable(gl.BLEND);
    gl.blendEquation(gl.FUNC_ADD);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.disable(gl.CULL_FACE);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.STENCIL_TEST);
    gl.useProgram(this.program);
    gl.activeTexture(gl.TEXTURE0);
    gl.vertexAttrib4f(3, f[2], f[3], f[4], f[5]);
    gl.clearColor((clear & 0xFF) / 255, ((clear >>> 8) & 0xFF) / 255, ((clear >>> 16) & 0xFF) / 255, 1);
    this.vertexBase = -1;
    var shown = null;
    for (var p = 0; p < passes; ++p, passAt += PASS_WORDS) {
      var kind = u[passAt], count = u[passAt + 5];
      if (kind === PASS_TRUTH) shown = this.readPixels(width, height);
      if (kind === PASS_RECT) {
        gl.enable(gl.SCISSOR_TEST);
        gl.scissor(i32[passAt + 1], i32[passAt + 2], i32[passAt + 3], i32[passAt + 4]);
      } else {
        gl.disable(gl.SCISSOR_TEST);
      }
      gl.clear(gl.COLOR_BUFFER_BIT);
      this.draw(u, i32, commandAt, count);
      commandAt += count * COMMAND_WORDS;
      if (kind === PASS_TRUTH) this.compare(shown, this.readPixels(width, height), width, height);
    }
    gl.disable(gl.SCISSOR_TEST);
    gl.bindVertexArray(null);
    if (++this.frames === 1) {
      this.fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
      gl.flush();
    }
  };

  // `count` commands from word `at`: scissor, vertices, indices, texture.
  Renderer.prototype.draw = function (u, i32, at, count) {
    var gl = this.gl;
    gl.enable(gl.SCISSOR_TEST);
    for (var c = 0; c < count; ++c, at += COMMAND_WORDS) {
      var vertexBytes = u[at + 4];
      if (vertexBytes !== this.vertexBase) { // the command's list's vertices: 20 bytes each
        gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 20, vertexBytes);
        gl.vertexAttribPointer(1, 2, gl.FLOAT, false, 20, vertexBytes + 8);
        gl.vertexAttribPointer(2, 4, gl.UNSIGNED_BYTE, true, 20, vertexBytes + 16);
        this.vertexBase = vertexBytes;
      }
      gl.scissor(i32[at], i32[at + 1], i32[at + 2], i32[at + 3]);
      gl.bindTexture(gl.TEXTURE_2D, this.textures[u[at + 7]] || null);
      gl.drawElements(gl.TRIANGLES, u[at + 6], gl.UNSIGNED_SHORT, u[at + 5]);
    }
  };

  // True once the GPU has run the first frame (a fence, asked without waiting). Throws, once,
  // if the program did not link: such a program draws nothing.
  Renderer.prototype.firstFrameDone = function () {
    if (this.firstDone) return true;
    if (!this.fence) return false;
    var gl = this.gl;
    if (gl.getSyncParameter(this.fence, gl.SYNC_STATUS) !== gl.SIGNALED) return false;
    gl.deleteSync(this.fence);
    this.fence = null;
    this.firstDone = true;
    if (!gl.getProgramParameter(this.program, gl.LINK_STATUS))
      throw new Error('WebGL could not build its shaders: ' + (gl.getProgramInfoLog(this.program) || 'the shader program did not link'));
    return true;
  };

  // --- verify -------------------------------------------------------------------------------------
  Renderer.prototype.readPixels = function (width, height) {
    var pixels = new Uint8Array(width * height * 4);
    this.gl.pixelStorei(this.gl.PACK_ALIGNMENT, 1);
    this.gl.readPixels(0, 0, width, height, this.gl.RGBA, this.gl.UNSIGNED_BYTE, pixels);
    return pixels;
  };

  // The frame as drawn (`shown`) against the whole redraw (`truth`): pixels that differ, and
  // pixels shown with alpha below 255 (the page would show through).
  Renderer.prototype.compare = function (shown, truth, width, height) {
    var ch = this.check, bad = 0, x0 = width, y0 = height, x1 = -1, y1 = -1;
    ++ch.verified;
    for (var y = 0; y < height; ++y) {
      for (var x = 0; x < width; ++x) {
        var i = (y * width + x) * 4;
        if (shown[i + 3] !== 255) ++ch.translucentPixels;
        if (shown[i] === truth[i] && shown[i + 1] === truth[i + 1] && shown[i + 2] === truth[i + 2] && shown[i + 3] === truth[i + 3]) continue;
        ++bad;
        if (x < x0) x0 = x;
        if (y < y0) y0 = y;
        if (x > x1) x1 = x;
        if (y > y1) y1 = y;
      }
    }
    if (bad) {
      ++ch.mismatchedFrames;
      ch.mismatchedPixels += bad;
      ch.lastMismatch = [x0, y0, x1 + 1, y1 + 1];
    }
  };

  // --- worker -------------------------------------------------------------------------------------
  // Messages in: start {canvas, preserve}, fonts {width, height, pixels}, frame {buffer}. Out:
  // no-webgl2 {message} (no context could be made here), drawn {frames} (after each frame),
  // shown (the GPU has run the first frame), error {message}.
  if (typeof WorkerGlobalScope !== 'undefined' && scope instanceof WorkerGlobalScope) {
    var renderer = null, failed = false;
    var fail = function (e) {
      if (failed) return;
      failed = true;
      scope.postMessage({ type: 'error', message: String(e && e.message || e) });
    };
    var waitFirstFrame = function () {
      try {
        if (renderer.firstFrameDone()) scope.postMessage({ type: 'shown' });
        else setTimeout(waitFirstFrame, 4);
      } catch (e) { fail(e); }
    };
    scope.onmessage = function (e) {
      var m = e.data;
      if (failed) return;
      try {
        if (m.type === 'start') {
          try {
            renderer = new Renderer(m.canvas, m.preserve);
          } catch (err) {
            failed = true;
            scope.postMessage({ type: 'no-webgl2', message: String(err && err.message || err) });
          }
        } else if (m.type === 'fonts') {
          renderer.fonts(m.width, m.height, m.pixels);
        } else if (m.type === 'frame') {
          renderer.frame(m.buffer);
          scope.postMessage({ type: 'drawn', frames: renderer.frames });
          if (renderer.frames === 1) waitFirstFrame();
        }
      } catch (err) { fail(err); }
    };
  } else {
    scope.MiniArenaRenderer = Renderer;
  }
})(self);
