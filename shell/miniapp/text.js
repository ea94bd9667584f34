// text.js — TEXT, the page's own strings. A part of miniapp.js (the index is in page.js).
// Everything the app draws comes from src/miniapp/strings_table.inc. These few live in the DOM
// (the canvas label, the accessible board, the "updated" notice), in the same two languages.
var TEXT = {
  en: {
    appName: 'Mini Arena',
    canvas: '{0} · {1}',
    updated: 'Mini Arena was updated to a new version.',
    controls: 'Keyboard controls',
    boardAs: '{0} board, you play {1}. Arrow keys move between cells, Enter plays.',
    empty: 'empty', black: 'black', white: 'white', legal: 'legal move', forbidden: 'forbidden point',
    rowCol: 'row {0}, column {1}',
    pass: 'Pass', newGame: 'New game', back: 'Back', home: 'Home', open: 'Play {0}',
    refused: '{0}: you cannot play there now'
  },
  ko: {
    appName: '미니 아레나',
    canvas: '{0} · {1}',
    updated: '미니 아레나가 새 버전으로 업데이트되었습니다.',
    controls: '키보드 조작',
    boardAs: '{0} 판, 당신은 {1}입니다. 화살표 키로 칸을 옮기고 Enter로 둡니다.',
    empty: '빈 칸', black: '흑', white: '백', legal: '둘 수 있음', forbidden: '금수',
    rowCol: '{0}행 {1}열',
    pass: '패스', newGame: '새 게임', back: '뒤로', home: '처음으로', open: '{0} 하기',
    refused: '{0}: 지금은 그곳에 둘 수 없습니다'
  }
};

function fmt(pattern, args) {
  return pattern.replace(/\{(\d)\}/g, function (_, i) { return String(args[+i]); });
}

// The app's language once it runs; before that, the lang parameter or the browser's.
function language() {
  if (current && (current.lang === 'ko' || current.lang === 'en')) return current.lang;
  var p = params.get('lang');
  if (p === 'ko' || p === 'en') return p;
  return /^ko\b/i.test((navigator.languages && navigator.languages[0]) || navigator.language || '') ? 'ko' : 'en';
}
function T() { return TEXT[language()]; }
function gameName(id) { return GAMES[id] ? GAMES[id].name[language()] : id; }

function say(text) { Module.miniappAnnounce(text); }
