// prompts.js — text prompts: a DOM dialog over the canvas (native keyboard, paste, file picker). A part of miniapp.js (the index is in page.js).
function prompt(id, spec) {
  var old = document.getElementById('prompt');
  if (old) old.remove();
  var box = document.createElement('div');
  box.id = 'prompt';
  box.dataset.promptId = String(id);
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-modal', 'true');
  box.setAttribute('aria-labelledby', 'prompt-title');
  var panel = document.createElement('div');
  panel.className = 'panel';
  var title = document.createElement('h2');
  title.id = 'prompt-title';
  title.textContent = spec.title || '';
  panel.appendChild(title);
  if (spec.message) {
    var msg = document.createElement('p');
    msg.textContent = spec.message;
    panel.appendChild(msg);
  }
  var text = document.createElement(spec.multiline ? 'textarea' : 'input');
  text.id = 'prompt-text';
  text.value = spec.initial || '';
  text.placeholder = spec.placeholder || '';
  text.spellcheck = false;
  text.setAttribute('autocapitalize', 'off');
  text.setAttribute('aria-labelledby', 'prompt-title');
  panel.appendChild(text);
  var row = document.createElement('div');
  row.className = 'buttons';
  if (spec.accept) {
    var file = document.createElement('input');
    file.type = 'file';
    file.id = 'prompt-file';
    file.accept = spec.accept;
    file.hidden = true;
    file.addEventListener('change', function () {
      var f = file.files && file.files[0];
      if (!f) return;
      f.text().then(function (t) { text.value = t; }, function (e) { text.value = ''; console.warn('[miniapp] ' + e); });
    });
    var pick = document.createElement('button');
    pick.type = 'button';
    pick.id = 'prompt-pick';
    pick.textContent = spec.fileLabel || 'File…';
    pick.addEventListener('click', function () { file.click(); });
    row.appendChild(file);
    row.appendChild(pick);
  }
  var cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.id = 'prompt-cancel';
  cancel.textContent = spec.cancel || 'Cancel';
  var ok = document.createElement('button');
  ok.type = 'button';
  ok.id = 'prompt-ok';
  ok.className = 'primary';
  ok.textContent = spec.ok || 'OK';
  row.appendChild(cancel);
  row.appendChild(ok);
  panel.appendChild(row);
  box.appendChild(panel);
  document.getElementById('app').appendChild(box);
  function close(accepted) {
    box.remove();
    canvas.focus({ preventScroll: true });
    Module.ccall('miniapp_prompt_done', null, ['number', 'number', 'string'], [id, accepted ? 1 : 0, accepted ? text.value : '']);
  }
  ok.addEventListener('click', function () { close(true); });
  cancel.addEventListener('click', function () { close(false); });
  box.addEventListener('keydown', function (e) {
    if (e.key === 'Escape') { e.preventDefault(); close(false); }
    if (e.key === 'Enter' && (!spec.multiline || e.ctrlKey || e.metaKey)) { e.preventDefault(); close(true); }
  });
  text.focus();
}
