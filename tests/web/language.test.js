// Languages in real Chromium: the Settings tab switches Korean and English by real clicks and
// keeps the choice; every page (title, canvas label, keyboard controls), toast, modal, text
// prompt and announcement follows at once. The font atlas stays within 2048×2048 at a device
// pixel ratio of 3 on every page, on a phone and on a desktop.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const h = require('./lib/harness');
const f = require('./lib/fonts');

const app = JSON.parse(fs.readFileSync(path.join(h.SITE, 'app.json'), 'utf8'));
const table = {};
for (const s of f.readStringTable(path.join(h.ROOT, 'src/miniapp/strings_table.inc'))) (table[s.id] = table[s.id] || {})[s.lang] = s.text;
const tr = (id, lang) => { assert.ok(table[id], `string ${id} in the table`); return table[id][lang]; };
const APP_NAME = { ko: '미니 아레나', en: 'Mini Arena' };
const tabPages = (app.tabBar ? app.tabBar.list : []).map((t) => t.pagePath);
const hangul = /[\u3131-\u318E\uAC00-\uD7A3]/;

const site = h.serverAndBrowser(); // site.server, site.browser: one of each for this file

const announced = (page, text) => page.waitForFunction((t) => document.getElementById('announce').textContent === t, text)
  .catch(async (e) => { throw new Error(`announcement "${text}" never came; last: "${await page.textContent('#announce')}"`); });

async function open(page, p) {
  const r = await page.evaluate(([url, tab]) => (tab ? window.miniapp.switchTab(url) : window.miniapp.navigateTo(url)), ['/' + p, tabPages.includes(p)]);
  assert.ok(/:ok$/.test(r.errMsg));
  return h.waitState(page, (s) => s.path === p, { what: p });
}

// Hangul words that a line break cuts in two inside the element: pairs of adjacent Hangul
// letters laid out on different lines.
const wordsSplit = (page, selector) => page.evaluate((sel) => {
  const cut = [];
  const walker = document.createTreeWalker(document.querySelector(sel), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent;
    const top = (i) => { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1); return r.getClientRects()[0]; };
    for (let i = 0; i + 1 < text.length; ++i) {
      if (!/[\uAC00-\uD7A3]/.test(text[i]) || !/[\uAC00-\uD7A3]/.test(text[i + 1])) continue;
      const a = top(i), b = top(i + 1);
      if (a && b && b.top > a.top + a.height / 2) cut.push(text.slice(Math.max(0, i - 3), i + 4));
    }
  }
  return cut;
}, selector);

// Settings by real clicks on the tab bar and the language segment.
async function chooseLanguage(page, lang) {
  const s0 = await h.state(page);
  if (s0.path !== 'pages/settings/settings') {
    if (!s0.tabBar) await page.evaluate(() => window.miniapp.reLaunch('/' + 'pages/index/index'));
    await h.press(page, await h.control(page, 'tab:pages/settings/settings'));
    await h.waitState(page, (s) => s.path === 'pages/settings/settings', { what: 'the settings tab' });
  }
  await h.press(page, await h.control(page, `language-${lang}`));
  const s = await h.waitState(page, (x) => x.lang === lang, { what: `lang ${lang}` });
  // At once: the same frame's state already speaks it.
  assert.equal(s.game.language, lang);
  assert.equal(s.title, lang === 'ko' ? '설정' : 'Settings');
  await announced(page, tr('SettingsLanguageChanged', lang));
  await page.waitForFunction(([l, label]) => document.documentElement.lang === l &&
    document.getElementById('canvas').getAttribute('aria-label') === label, [lang, `${s.title} · ${APP_NAME[lang]}`]);
}

// Every page of app.json: its title, the canvas label and the keyboard controls in `lang`.
async function everyPageSpeaks(page, lang) {
  for (const p of app.pages) {
    const s = await open(page, p);
    assert.equal(s.lang, lang, p);
    const json = fs.existsSync(path.join(h.SITE, p + '.json')) ? JSON.parse(fs.readFileSync(path.join(h.SITE, p + '.json'), 'utf8')) : {};
    const koTitle = json.navigationBarTitleText || app.window.navigationBarTitleText;
    if (lang === 'ko') assert.equal(s.title, koTitle, `${p} title in Korean`);
    else assert.ok(!hangul.test(s.title) && s.title.length > 0, `${p} title in English: "${s.title}"`);
    const label = s.title === APP_NAME[lang] ? APP_NAME[lang] : `${s.title} · ${APP_NAME[lang]}`;
    await page.waitForFunction((l) => document.getElementById('canvas').getAttribute('aria-label') === l, label);
    assert.equal(await page.getAttribute('#a11y', 'aria-label'), lang === 'ko' ? '키보드 조작' : 'Keyboard controls');
    if (s.game && Array.isArray(s.game.board)) {
      const labels = await page.evaluate(() => [...document.querySelectorAll('#a11y-board button')].map((b) => b.getAttribute('aria-label')));
      assert.ok(labels.length >= 9);
      const empty = lang === 'ko' ? '빈 칸' : 'empty';
      assert.ok(labels.some((l) => l.includes(`, ${empty}`)), `${p}: board labels in ${lang}`);
      assert.ok(labels.every((l) => lang === 'ko' ? !/\b(empty|black|white|legal move)\b/.test(l) : !hangul.test(l)), `${p}: no label in the other language`);
    }
  }
}

test('Settings switches Korean ↔ English by clicks and keeps it; every page, toast, prompt, modal and announcement follows at once', async () => {
  const page = await h.newPage(site.browser, { locale: 'en-US', width: 430, height: 932 });
  await h.openApp(page, site.server.url);
  assert.equal((await h.state(page)).lang, 'en', 'the browser language first');

  await chooseLanguage(page, 'ko');
  await page.reload();
  await page.evaluate(() => window.miniapp.ready);
  assert.equal((await h.state(page)).lang, 'ko', 'kept across a reload');
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('miniarena:settings'))).data.lang, 'ko', 'in storage');
  await everyPageSpeaks(page, 'ko');

  for (const lang of ['ko', 'en']) {
    if (lang === 'en') {
      await chooseLanguage(page, 'en');
      await everyPageSpeaks(page, 'en');
    }
    // A toast (tic-tac-toe: a new difficulty resets the scores), announced too.
    let s = await open(page, 'pages/tictactoe/tictactoe');
    const other = s.game.difficulty === 'easy' ? 'hard' : 'easy';
    await h.press(page, await h.control(page, `difficulty-${other}`));
    // The toast that comes with the new difficulty (the other language's toast of a moment
    // ago may still be up when the pages go by fast).
    s = await h.waitState(page, (x) => x.game.difficulty === other && x.toast !== null, { what: 'a toast' });
    assert.equal(s.toast, tr('ScoresReset', lang));
    await announced(page, tr('ScoresReset', lang));
    // A text prompt and a modal (Othello: paste something unreadable).
    await open(page, 'pages/othello/othello');
    await h.press(page, await h.control(page, 'paste'));
    await page.waitForSelector('#prompt');
    assert.equal(await page.textContent('#prompt-title'), tr('OthelloPasteTitle', lang));
    assert.equal(await page.textContent('#prompt-ok'), tr('Ok', lang));
    assert.equal(await page.textContent('#prompt-cancel'), tr('Cancel', lang));
    await page.fill('#prompt-text', 'zz9');
    await page.click('#prompt-ok');
    s = await h.waitState(page, (x) => x.modal !== null, { what: 'a modal' });
    assert.equal(s.modal.title, tr('CannotReadPaste', lang));
    assert.ok(s.modal.content.startsWith(tr('PasteBreaksAt', lang).split('{0}')[0]), `the fault in a ${lang} sentence: ${s.modal.content}`);
    await announced(page, `${s.modal.title}. ${s.modal.content}`);
    await h.screenshot(page, `language-modal-${lang}`);
    await h.press(page, await h.control(page, 'modal-confirm'));
    await h.waitState(page, (x) => x.modal === null, { what: 'the modal closed' });
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// A pasted position that does not read is told in the app's language all through, not only
// the sentence around the engine's fault: only the quoted characters and moves, and the
// notation's own words (a–h, PA), stay as written. The same for a broken position= (a toast),
// on Othello and Gomoku.
test('in Korean, a paste or position= that does not read is reported in Korean throughout', async () => {
  const fill = (text, args) => text.replace(/\{(\d)\}/g, (m, n) => args[n]);
  // Latin letters of the sentence itself: not quoted, not the notation's own words.
  const latin = (text) => text.replace(/'[^']*'/g, '').replace(/a–h|PA/g, '').match(/[A-Za-z]/g);
  const page = await h.newPage(site.browser, { locale: 'ko-KR' });
  await h.openApp(page, site.server.url);
  assert.equal((await h.state(page)).lang, 'ko');
  await open(page, 'pages/othello/othello');
  for (const [text, id, args] of [['f5d6c3z9', 'OthelloFaultNotColumn', ['7', 'z', 'z9']],
                                  ['f5f5', 'OthelloFaultSquareTaken', ['2', 'f5', '3', tr('FaultWhite', 'ko')]]]) {
    await h.press(page, await h.control(page, 'paste'));
    await page.waitForSelector('#prompt');
    await page.fill('#prompt-text', text);
    await page.click('#prompt-ok');
    const s = await h.waitState(page, (x) => x.modal !== null, { what: `the modal for ${text}` });
    assert.equal(s.modal.title, tr('CannotReadPaste', 'ko'));
    assert.equal(s.modal.content, fill(tr('PasteBreaksAt', 'ko'), [fill(tr(id, 'ko'), args)]));
    assert.equal(latin(s.modal.content), null, `no English in "${s.modal.content}"`);
    await h.screenshot(page, `language-paste-fault-${text}`);
    await h.press(page, await h.control(page, 'modal-confirm'));
    await h.waitState(page, (x) => x.modal === null, { what: 'the modal closed' });
  }
  await page.evaluate(() => window.miniapp.navigateBack());
  await h.waitState(page, (x) => x.path === 'pages/index/index', { what: 'home' });
  for (const [url, id, args] of [['/pages/othello/othello?position=f5z9', 'OthelloFaultNotColumn', ['3', 'z', 'z9']],
                                 ['/pages/gomoku/gomoku?position=h8h8', 'GomokuFaultOccupied', ['2', 'h8']]]) {
    await page.evaluate((u) => window.miniapp.navigateTo(u), url);
    const s = await h.waitState(page, (x) => x.toast !== null && url.includes(x.path), { what: `a toast for ${url}` });
    assert.equal(s.toast, fill(tr(id, 'ko'), args));
    assert.equal(latin(s.toast), null, `no English in "${s.toast}"`);
    await page.evaluate(() => window.miniapp.navigateBack());
    await h.waitState(page, (x) => x.path === 'pages/index/index', { what: 'home' });
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a toast on screen follows a language switch at once', async () => {
  const page = await h.newPage(site.browser, { locale: 'en-US' });
  await h.openApp(page, site.server.url);
  // Straight to Settings (a route call) and Korean by a click, within the toast's 1.5 s. A loaded
  // machine can take longer than that; the toast is then gone (not wrong), and the whole
  // sequence is tried again, up to 3 times.
  for (let attempt = 1; ; attempt++) {
    let s = await open(page, 'pages/tictactoe/tictactoe');
    const other = s.game.difficulty === 'easy' ? 'hard' : 'easy';
    await h.press(page, await h.control(page, `difficulty-${other}`));
    s = await h.waitState(page, (x) => x.toast !== null, { what: 'a toast' });
    assert.equal(s.toast, tr('ScoresReset', 'en'));
    const t0 = performance.now();
    await page.evaluate(() => window.miniapp.switchTab('/pages/settings/settings'));
    await h.waitState(page, (x) => x.path === 'pages/settings/settings', { what: 'the settings tab' });
    await h.press(page, await h.control(page, 'language-ko'));
    s = await h.waitState(page, (x) => x.lang === 'ko', { what: 'lang ko' });
    const ms = performance.now() - t0;
    if (s.toast === null && ms > 1200 && attempt < 3) {
      console.log(`the switch took ${Math.round(ms)} ms, past the toast; again`);
      await h.press(page, await h.control(page, 'language-en'));
      await h.waitState(page, (x) => x.lang === 'en', { what: 'lang en' });
      continue;
    }
    assert.equal(s.toast, tr('ScoresReset', 'ko'), `the toast on screen speaks Korean (switched in ${Math.round(ms)} ms)`);
    break;
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a language given by the page url (lang=ko|en) is followed when nothing is stored', async () => {
  for (const lang of ['ko', 'en']) {
    const page = await h.newPage(site.browser, { locale: lang === 'ko' ? 'en-US' : 'ko-KR' });
    await h.openApp(page, `${site.server.url}?lang=${lang}`);
    const s = await h.state(page);
    assert.equal(s.lang, lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.context().close();
  }
});

// Measured on every page: the atlas ImGui bakes for the fonts, at a device pixel ratio of 3.
async function atlasSizes(width, height) {
  const page = await h.newPage(site.browser, { width, height, dpr: 3, locale: 'ko-KR' });
  await h.openApp(page, site.server.url);
  const out = [];
  for (const p of app.pages) {
    await open(page, p);
    await page.waitForTimeout(100);
    const a = await page.evaluate(() => window.miniapp.fontAtlas());
    out.push({ page: p, ...a });
  }
  assert.equal(await page.evaluate(() => window.devicePixelRatio), 3);
  await page.context().close();
  return out;
}


for (const [w, hh] of [[430, 932], [1920, 1080]]) {
  test(`the font atlas stays within 2048×2048 at dpr 3 on every page (${w}×${hh})`, async () => {
    const sizes = await atlasSizes(w, hh);
    const over = sizes.filter((s) => !(s.width > 0 && s.height > 0 && s.width <= 2048 && s.height <= 2048));
    assert.deepEqual(over, [], `atlas sizes: ${JSON.stringify(sizes)}`);
  });
}

// English bakes only the glyphs English shows (a smaller atlas, a faster first frame); a switch
// to Korean bakes the whole subset again, the same atlas a Korean start gets.
test('the English atlas leaves out the Korean syllables, and a switch to Korean bakes them', async () => {
  const atlas = async (lang) => {
    const page = await h.newPage(site.browser, { width: 430, height: 932, dpr: 2, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
    await h.openApp(page, `${site.server.url}?lang=${lang}`);
    return { page, size: await page.evaluate(() => window.miniapp.fontAtlas()) };
  };
  const ko = await atlas('ko');
  await ko.page.context().close();
  const en = await atlas('en');
  assert.ok(en.size.width * en.size.height * 2 <= ko.size.width * ko.size.height,
    `English ${JSON.stringify(en.size)} against Korean ${JSON.stringify(ko.size)}`);
  await chooseLanguage(en.page, 'ko');
  await en.page.waitForTimeout(100); // the next frame bakes
  assert.deepEqual(await en.page.evaluate(() => window.miniapp.fontAtlas()), ko.size);
  await chooseLanguage(en.page, 'en');
  await en.page.waitForTimeout(100);
  assert.deepEqual(await en.page.evaluate(() => window.miniapp.fontAtlas()), en.size);
  assert.deepEqual(en.page.errors, []);
  await en.page.context().close();
});

test('Korean text prompts break lines between words, never inside one, at every width', async () => {
  const prompts = [['pages/othello/othello', 'paste'], ['pages/gomoku/gomoku', 'paste'], ['pages/botlab/botlab', 'load-bot']];
  for (const [width, height] of [[360, 640], [390, 844], [768, 1024], [1280, 800]]) {
    const page = await h.newPage(site.browser, { locale: 'ko-KR', width, height });
    await h.openApp(page, `${site.server.url}?lang=ko`);
    for (const [p, control] of prompts.filter(([p]) => app.pages.includes(p))) {
      await open(page, p);
      await h.press(page, await h.control(page, control));
      await page.waitForSelector('#prompt');
      assert.deepEqual(await wordsSplit(page, '#prompt'), [], `${p} at ${width}×${height}`);
      await page.click('#prompt-cancel');
      await page.waitForSelector('#prompt', { state: 'detached' });
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
