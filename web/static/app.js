// The page: a hand entered by tiles or by text, scored under the chosen rulebooks side by
// side; a house rule checked as it is typed; two rulebooks compared over random hands in a
// worker; the whole state in the URL. Every score comes from the library, compiled to
// WebAssembly (pkg/); this file only reads the page and draws what the library returns.
import init, * as mj from './pkg/mjrules_web.js';

const $ = (id) => document.getElementById(id);

const EXAMPLE = `seat = "south"
prevailing = "east"
concealed = "222m 345p 666s 99s"
melds = ["777z"]
bonus = ["2f", "2y"]
win = { tile = "4p", from = "discard", discarder = "east" }
`;

const HOUSE = `[variant]
id = "our-club"
extends = "bmja"
remove = ["pung-dragon"]
[params]
limit = 500
`;

const GAME = `variant = "polish"
players = ["Ania", "Bartek", "Celina", "Darek"]

[[deal]]
Bartek = { score = 120, win = { from = "discard", discarder = "Celina" } }
Ania = { score = 20 }

[[deal]]
dealer = "Bartek"
Bartek = { score = 400, win = { from = "wall" } }
`;

// The tiles of the palette: the code the hand file uses, and what the tile shows (drawn by
// the page, not by a font: few fonts have the Mahjong tiles).
const TILES = [];
for (const suit of ['m', 'p', 's']) {
  for (let n = 1; n <= 9; n++) TILES.push([`${n}${suit}`, `${n}`]);
}
[['1z', 'E'], ['2z', 'S'], ['3z', 'W'], ['4z', 'N'], ['5z', 'Wh'], ['6z', 'G'], ['7z', 'R']]
  .forEach((t) => TILES.push(t));

const NAMES = { m: 'characters', p: 'dots', s: 'bamboo' };
const HONOURS = { '1z': 'East wind', '2z': 'South wind', '3z': 'West wind', '4z': 'North wind',
  '5z': 'White dragon', '6z': 'Green dragon', '7z': 'Red dragon' };
const tileName = (code) => HONOURS[code] || `${code[0]} of ${NAMES[code[1]]}`;

await init();
const builtIn = JSON.parse(mj.variants());
let houseOk = false;
let houseBase = null;

/// Byte offsets (the library's spans) as character offsets in `text`.
function charOffset(text, byte) {
  const bytes = new TextEncoder().encode(text);
  return new TextDecoder().decode(bytes.slice(0, byte)).length;
}

/// The line of `text` a problem is on, its span marked, as the command line draws it.
function marked(text, p) {
  const start = charOffset(text, p.span[0]);
  const end = Math.max(start, charOffset(text, p.span[1]));
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const next = text.indexOf('\n', start);
  const lineEnd = next < 0 ? text.length : next;
  const pre = document.createElement('pre');
  pre.className = 'marked';
  const mark = document.createElement('mark');
  mark.textContent = text.slice(start, Math.min(end, lineEnd)) || ' ';
  pre.append(`${p.line} │ ${text.slice(lineStart, start)}`, mark, text.slice(Math.min(end, lineEnd), lineEnd));
  if (p.label) {
    const label = document.createElement('div');
    label.className = 'label';
    label.textContent = `${' '.repeat(String(p.line).length + 3 + (start - lineStart))}└ ${p.label}`;
    pre.append(label);
  }
  return pre;
}

/// The problems of a failure, each a button that selects its place in `area`, and its line
/// with the place marked.
function showProblems(box, area, problems) {
  box.replaceChildren();
  for (const p of problems || []) {
    const item = document.createElement('div');
    const where = document.createElement('button');
    where.type = 'button';
    const at = p.line ? `line ${p.line}, column ${p.column}: ` : '';
    where.textContent = `${at}${p.message}${p.label ? ` (${p.label})` : ''}`;
    where.className = 'problem';
    if (p.span) {
      where.addEventListener('click', () => {
        area.focus();
        area.setSelectionRange(charOffset(area.value, p.span[0]), charOffset(area.value, p.span[1]));
      });
    }
    item.append(where);
    if (p.span) item.append(marked(area.value, p));
    if (p.help) {
      const help = document.createElement('div');
      help.textContent = `help: ${p.help}`;
      item.append(help);
    }
    box.append(item);
  }
}

function chosen() {
  return [...document.querySelectorAll('#variant-list input:checked')].map((i) => i.value);
}

function card(entry) {
  const box = document.createElement('article');
  box.className = 'card';
  box.dataset.variant = entry.variant;
  const title = document.createElement('h3');
  title.textContent = entry.variant === 'house' ? 'house rule' : entry.variant;
  box.append(title);
  if (entry.problems) {
    const p = document.createElement('div');
    p.className = 'problems';
    showProblems(p, $('house'), entry.problems);
    box.append(p);
    return box;
  }
  const c = entry.card;
  const total = document.createElement('div');
  total.className = 'total';
  total.dataset.total = c.total;
  total.textContent = `${c.total}`;
  box.append(total);
  const facts = document.createElement('div');
  const parts = [];
  if (c.valid === false) parts.push('not a valid win');
  for (const key of ['points', 'doubles', 'faan', 'han', 'fu']) {
    if (c[key] !== null && c[key] !== undefined) parts.push(`${key} ${c[key]}`);
  }
  if (c.limit_hand) parts.push(`limit: ${c.limit_hand}`);
  facts.textContent = parts.join(' · ');
  if (c.valid === false) facts.className = 'invalid';
  box.append(facts);
  if (c.arrangement) {
    const sets = document.createElement('div');
    sets.className = 'cite';
    sets.textContent = c.arrangement.join('  ');
    box.append(sets);
  }
  const table = document.createElement('table');
  for (const r of c.rules || []) {
    const row = table.insertRow();
    row.insertCell().textContent = r.id;
    row.insertCell().textContent = `${r.value}${r.times > 1 ? ` × ${r.times}` : ''}`;
    const cite = row.insertCell();
    cite.className = 'cite';
    cite.textContent = r.cites || '';
  }
  box.append(table);
  return box;
}

function rescore() {
  const ids = chosen();
  // The house rule's card right after the card of the variant it extends.
  if (houseOk) {
    if (houseBase && !ids.includes(houseBase)) ids.push(houseBase);
    ids.splice(houseBase ? ids.indexOf(houseBase) + 1 : ids.length, 0, 'house');
  }
  const out = JSON.parse(mj.score($('hand').value, ids.join(','), $('house').value));
  const cards = $('cards');
  if (!out.ok) {
    showProblems($('hand-problems'), $('hand'), out.problems);
    cards.replaceChildren();
    $('waits').textContent = '';
    return;
  }
  $('hand-problems').replaceChildren();
  cards.replaceChildren(...out.cards.map(card));
  const w = out.waits;
  $('waits').textContent = w
    ? `waits on ${w.waits.length ? w.waits.join(' ') : 'nothing'}${w.only_possible ? ' (the only possible tile)' : ''}`
    : '';
  saveState();
}

function checkHouse() {
  const text = $('house').value;
  if (!text.trim()) {
    houseOk = false;
    houseBase = null;
    $('house-problems').replaceChildren();
    $('house-diff').textContent = '';
    return;
  }
  const out = JSON.parse(mj.check_house(text));
  houseOk = out.ok;
  houseBase = out.ok ? out.extends : null;
  showProblems($('house-problems'), $('house'), out.ok ? [] : out.problems);
  $('house-diff').textContent = out.ok && out.diff ? out.diff : '';
}

// The hand file's top-level keys, read and written one line each: the controls write what
// they say into the text, and follow what the text says.
function keyLine(key) {
  return new RegExp(`^${key}\\s*=\\s*(.*)$`, 'm');
}

function readKey(key) {
  const m = $('hand').value.match(keyLine(key));
  return m ? m[1].trim() : null;
}

function writeKey(key, value) {
  const area = $('hand');
  if (value === null) {
    area.value = area.value.replace(new RegExp(`^${key}\\s*=.*\\n?`, 'm'), '');
  } else if (keyLine(key).test(area.value)) {
    area.value = area.value.replace(keyLine(key), `${key} = ${value}`);
  } else {
    // Before any table, where top-level keys must stand.
    const table = area.value.search(/^\[/m);
    const line = `${key} = ${value}\n`;
    const before = area.value.trim() ? area.value.replace(/\n*$/, '\n') : '';
    area.value = table < 0 ? `${before}${line}` : area.value.slice(0, table) + line + area.value.slice(table);
  }
}

/// The tiles of `concealed`, one code each (`123m` is three).
function concealedTiles() {
  const text = (readKey('concealed') || '""').replace(/"/g, '');
  const tiles = [];
  for (const group of text.split(/\s+/).filter((g) => g)) {
    const suit = group[group.length - 1];
    for (const digit of group.slice(0, -1)) tiles.push(`${digit}${suit}`);
  }
  return tiles;
}

function writeConcealed(tiles) {
  writeKey('concealed', `"${tiles.join(' ')}"`);
}

function addTile(code) {
  writeConcealed([...concealedTiles(), code]);
  rescore();
  follow();
}

function addBonus(code) {
  const list = (readKey('bonus') || '[]').replace(/[[\]"\s]/g, '').split(',').filter((b) => b);
  writeKey('bonus', `[${[...list, code].map((b) => `"${b}"`).join(', ')}]`);
  rescore();
}

/// The last `n` concealed tiles declared as an exposed set.
function declareLast(n) {
  const tiles = concealedTiles();
  if (tiles.length < n) return;
  const set = tiles.splice(tiles.length - n, n);
  const suit = set[0][1];
  const meld = set.every((t) => t[1] === suit) ? `${set.map((t) => t[0]).join('')}${suit}` : set.join(' ');
  const melds = (readKey('melds') || '[]').replace(/^\[|\]$/g, '').trim();
  writeConcealed(tiles);
  writeKey('melds', `[${melds ? `${melds}, ` : ''}"${meld} exposed"]`);
  rescore();
}

/// The win as the controls say it: the last tile clicked (the last concealed tile) won.
function writeWin() {
  const from = $('win-from').value;
  if (!from) {
    writeKey('win', null);
  } else {
    const tiles = concealedTiles();
    const tile = tiles.length ? tiles[tiles.length - 1] : '1m';
    const discarder = from === 'discard' || from === 'robbed-kong' ? `, discarder = "${$('discarder').value}"` : '';
    const flags = [...document.querySelectorAll('#flags input[data-win]:checked')]
      .map((box) => `, ${box.dataset.win} = true`).join('');
    writeKey('win', `{ tile = "${tile}", from = "${from}"${discarder}${flags} }`);
  }
  rescore();
}

/// The controls set from the text (a `[win]` table is left to the text).
function follow() {
  const word = (key) => (readKey(key) || '').replace(/"/g, '');
  if (word('seat')) $('seat').value = word('seat');
  if (word('prevailing')) $('prevailing').value = word('prevailing');
  const win = readKey('win') || '';
  const from = win.match(/from\s*=\s*"([^"]*)"/);
  $('win-from').value = from ? from[1] : '';
  const discarder = win.match(/discarder\s*=\s*"([^"]*)"/);
  if (discarder) $('discarder').value = discarder[1];
  for (const box of document.querySelectorAll('#flags input[data-key]')) box.checked = readKey(box.dataset.key) === 'true';
  for (const box of document.querySelectorAll('#flags input[data-win]')) {
    box.checked = new RegExp(`${box.dataset.win}\\s*=\\s*true`).test(win);
  }
  for (const input of document.querySelectorAll('#flags input[data-tiles]')) {
    if (document.activeElement !== input) input.value = word(input.dataset.tiles);
  }
}

function saveState() {
  const state = { hand: $('hand').value, variants: chosen(), house: $('house').value, game: $('game').value };
  history.replaceState(null, '', `#${encodeURIComponent(JSON.stringify(state))}`);
}

function loadState() {
  try {
    return JSON.parse(decodeURIComponent(location.hash.slice(1)));
  } catch {
    return null;
  }
}

// The page, built from the library's list of variants and the URL's state.
const state = loadState() || { hand: EXAMPLE, variants: ['bmja', 'hong-kong', 'riichi', 'mcr'], house: HOUSE };
for (const v of builtIn.variants) {
  const label = document.createElement('label');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.value = v.id;
  box.checked = state.variants.includes(v.id);
  box.addEventListener('change', rescore);
  label.append(box, ` ${v.id}`);
  label.title = v.name;
  $('variant-list').append(label);
  for (const select of [$('corpus-a'), $('corpus-b')]) {
    select.append(new Option(v.id, v.id));
  }
}
for (const select of [$('corpus-a'), $('corpus-b')]) select.append(new Option('house rule', 'house'));
$('corpus-a').value = 'bmja';
$('corpus-b').value = 'hong-kong';
for (const [code, face] of TILES) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `tile suit-${code[1]} tile-${code}`;
  const big = document.createElement('span');
  big.textContent = face;
  const small = document.createElement('small');
  small.textContent = code[1] === 'z' ? '' : code[1];
  b.append(big, small);
  b.dataset.tile = code;
  b.title = tileName(code);
  b.setAttribute('aria-label', tileName(code));
  b.addEventListener('click', () => addTile(code));
  $('palette').append(b);
}
for (const wind of ['east', 'south', 'west', 'north']) {
  for (const select of [$('seat'), $('prevailing'), $('discarder')]) select.append(new Option(wind, wind));
}
for (const code of ['1f', '2f', '3f', '4f', '1y', '2y', '3y', '4y']) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'tile bonus';
  const big = document.createElement('span');
  big.textContent = code[0];
  const small = document.createElement('small');
  small.textContent = code[1] === 'f' ? 'flower' : 'season';
  b.append(big, small);
  b.dataset.tile = code;
  b.setAttribute('aria-label', `${code[1] === 'f' ? 'flower' : 'season'} ${code[0]}`);
  b.addEventListener('click', () => addBonus(code));
  $('bonus-palette').append(b);
}
$('seat').addEventListener('change', () => { writeKey('seat', `"${$('seat').value}"`); rescore(); });
$('prevailing').addEventListener('change', () => { writeKey('prevailing', `"${$('prevailing').value}"`); rescore(); });
$('win-from').addEventListener('change', writeWin);
for (const box of document.querySelectorAll('#flags input[data-key]')) {
  box.addEventListener('change', () => { writeKey(box.dataset.key, box.checked ? 'true' : null); rescore(); });
}
for (const box of document.querySelectorAll('#flags input[data-win]')) box.addEventListener('change', writeWin);
for (const input of document.querySelectorAll('#flags input[data-tiles]')) {
  input.addEventListener('input', () => {
    writeKey(input.dataset.tiles, input.value.trim() ? `"${input.value.trim()}"` : null);
    rescore();
  });
}
$('discarder').addEventListener('change', writeWin);
$('meld-last').addEventListener('click', () => declareLast(3));
$('kong-last').addEventListener('click', () => declareLast(4));
$('hand').value = state.hand;
follow();
$('house').value = state.house;
$('hand').addEventListener('input', () => { rescore(); follow(); });
$('house').addEventListener('input', () => { checkHouse(); rescore(); });
$('clear-tiles').addEventListener('click', () => {
  writeConcealed([]);
  rescore();
});
$('example').addEventListener('click', () => { $('hand').value = EXAMPLE; rescore(); follow(); });
$('share').addEventListener('click', async () => {
  saveState();
  try {
    await navigator.clipboard.writeText(location.href);
    $('share-status').textContent = 'copied';
  } catch {
    $('share-status').textContent = location.href;
  }
});

// The corpus: generated and scored in a worker, so that the page stays responsive.
$('corpus-run').addEventListener('click', () => {
  const worker = new Worker('worker.js', { type: 'module' });
  const progress = $('corpus-progress');
  progress.hidden = false;
  progress.value = 0;
  $('corpus-run').disabled = true;
  worker.onerror = (e) => {
    progress.hidden = true;
    $('corpus-run').disabled = false;
    $('corpus-result').textContent = `the comparison stopped: ${e.message}`;
    worker.terminate();
  };
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.progress !== undefined) {
      progress.value = m.progress;
      return;
    }
    progress.hidden = true;
    $('corpus-run').disabled = false;
    worker.terminate();
    showCorpus(m);
  };
  worker.postMessage({
    count: Number($('corpus-count').value),
    seed: Number($('corpus-seed').value),
    a: $('corpus-a').value,
    b: $('corpus-b').value,
    house: $('house').value,
  });
});

function showCorpus(m) {
  const box = $('corpus-result');
  box.replaceChildren();
  if (m.problems) {
    showProblems(box, $('house'), m.problems);
    return;
  }
  const summary = document.createElement('p');
  summary.id = 'corpus-summary';
  summary.dataset.hands = m.hands;
  summary.textContent = `${m.hands} hands generated and compared in ${(m.ms / 1000).toFixed(2)} s`;
  const figures = document.createElement('pre');
  figures.id = 'corpus-figures';
  figures.textContent = m.text;
  const chart = document.createElement('div');
  chart.className = 'chart';
  // The chart is the library's own SVG (its texts escaped there).
  chart.innerHTML = m.svg;
  box.append(summary, figures, chart);
  const table = document.createElement('table');
  const head = table.insertRow();
  for (const h of ['hand', ...m.json.sides.map((s) => s.variant), 'difference', '']) head.insertCell().textContent = h;
  for (const d of m.json.differences) {
    const row = table.insertRow();
    row.insertCell().textContent = d.line;
    row.insertCell().textContent = d.totals[0];
    row.insertCell().textContent = d.totals[1];
    row.insertCell().textContent = d.difference;
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = 'open';
    open.addEventListener('click', () => {
      $('hand').value = mj.hand_file(m.corpus[d.line - 1]);
      rescore();
      $('hand').scrollIntoView();
    });
    row.insertCell().append(open);
  }
  box.append(table);
  box.dataset.json = JSON.stringify(m.json);
}

// The game: played by the library as `mjrules game` plays it, the running accounts drawn.
function playGame() {
  const out = JSON.parse(mj.game($('game').value));
  const box = $('game-result');
  box.replaceChildren();
  if (!out.ok) {
    showProblems($('game-problems'), $('game'), out.problems);
    return;
  }
  $('game-problems').replaceChildren();
  const ledger = out.ledger;
  const table = document.createElement('table');
  table.id = 'game-ledger';
  const head = table.insertRow();
  for (const h of ['deal', 'round', 'dealer', 'winner', ...ledger.players]) head.insertCell().textContent = h;
  for (const d of ledger.deals) {
    const row = table.insertRow();
    for (const cell of [d.deal, d.prevailing, d.dealer, d.winner || 'drawn']) row.insertCell().textContent = cell;
    for (const p of ledger.players) row.insertCell().textContent = d.totals[p];
  }
  const next = document.createElement('p');
  next.textContent = ledger.finished
    ? 'the game is over'
    : `next: ${ledger.next.dealer} deals, ${ledger.next.prevailing} round`;
  const text = document.createElement('pre');
  text.textContent = out.text;
  box.append(table, next, text);
  box.dataset.json = JSON.stringify(ledger);
}
$('game').value = state.game || GAME;
$('game-play').addEventListener('click', playGame);
$('game-add').addEventListener('click', () => {
  $('game').value = `${$('game').value.replace(/\n*$/, '\n')}\n[[deal]]\n`;
  $('game').focus();
});

checkHouse();
rescore();
document.body.dataset.ready = 'true';
