// The page in a real browser: headless Chromium (Debian's package) driven by playwright-core
// against web/dist served on localhost. It enters hands by text and by clicking tiles and
// checks every total against the command line's JSON for the same hand under every built-in
// variant; breaks a house rule and checks the diagnostic, fixes it and checks the new total;
// compares two variants over random hands; opens a shared link; checks the page's totals on
// 1,000 generated hands against the command line's; times what docs/performance.md records;
// saves screenshots. Any console error or uncaught exception fails the test.
//
// Run: `web/build.sh && (cd web/test && npm ci && node browser.mjs)`, with the command line
// built (`cargo build`; MJRULES_BIN names another binary) and CHROMIUM naming the browser
// (default /usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { extname, join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const dist = join(root, 'web', 'dist');
const bin = process.env.MJRULES_BIN || join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'debug', 'mjrules');
const shots = join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

let failures = 0;
function check(ok, what) {
  if (ok) {
    console.log(`ok   ${what}`);
  } else {
    failures += 1;
    console.log(`FAIL ${what}`);
  }
}

/// The command line's JSON for `args`, with `input` on standard input.
function cli(args, input) {
  return execFileSync(bin, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
}

/// The command line's output for `args` on the corpus `input`, also where it refuses some
/// lines (it scores the others, and exits 2).
function cliOnCorpus(args, input) {
  try {
    return cli(args, input);
  } catch (e) {
    if (e.status === 2 && e.stdout) return e.stdout;
    throw e;
  }
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const server = createServer((req, res) => {
  const path = join(dist, decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/\/$/, '/index.html'));
  if (!path.startsWith(dist) || !existsSync(path)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream' });
  res.end(readFileSync(path));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const errors = [];
async function open(address, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const start = Date.now();
  await page.goto(address);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
  return [page, Date.now() - start];
}

const ids = JSON.parse(cli(['variants', '--format', 'json'])).map((v) => v.id ?? v);

/// The totals the page shows, by variant.
async function pageTotals(page) {
  return page.$$eval('.card', (cards) => Object.fromEntries(cards.map((c) => [c.dataset.variant, Number(c.querySelector('.total')?.dataset.total)])));
}

/// Checks every variant's total on the page against the command line's for `hand`.
async function agreesWithCli(page, hand, what) {
  const shown = await pageTotals(page);
  for (const id of ids) {
    const expected = JSON.parse(cli(['score', '--variant', id, '--format', 'json', '-'], hand)).total;
    check(shown[id] === expected, `${what}: ${id} shows ${shown[id]}, the command line ${expected}`);
  }
}

// -- The page opens, interactive, and scores its example under every variant. The time to
// interactive is the best of three loads (this machine has two cores, often busy).
let loadMs = Infinity;
for (let i = 0; i < 3; i++) {
  const [p, ms] = await open(url);
  loadMs = Math.min(loadMs, ms);
  await p.close();
}
check(loadMs < 1000, `interactive in ${loadMs} ms from localhost, the best of three loads (under 1,000)`);
const [page] = await open(url);
for (const id of ids) {
  await page.check(`#variant-list input[value="${id}"]`);
}
await agreesWithCli(page, await page.inputValue('#hand'), 'the example hand');
await page.screenshot({ path: join(shots, 'example-all-variants.png'), fullPage: true });

// -- A hand typed as text.
const typed = `seat = "east"
prevailing = "east"
concealed = "111m 456p 999s 55z"
melds = ["777z"]
win = { tile = "5z", from = "wall" }
`;
await page.fill('#hand', typed);
await agreesWithCli(page, typed, 'a typed hand');

// -- A hand entered by clicking tiles: 13 tiles and the 14th, the winning tile, by keyboard.
await page.fill('#hand', 'seat = "south"\nprevailing = "east"\nconcealed = ""\nwin = { tile = "9s", from = "discard", discarder = "west" }\n');
for (const t of ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '2z', '2z', '2z', '9s']) {
  await page.click(`#palette button[data-tile="${t}"]`);
}
await page.focus('#palette button[data-tile="9s"]');
await page.keyboard.press('Enter');
const clicked = await page.inputValue('#hand');
check(/concealed = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 2z 9s 9s"/.test(clicked), 'the palette writes the concealed tiles, by mouse and by keyboard');
await agreesWithCli(page, clicked, 'a hand entered by tiles');

// -- A hand built with the controls alone: tiles, a declared set, seat, round, a bonus tile,
// the win on a discard; the text follows, and the totals are the command line's.
await page.fill('#hand', '');
for (const t of ['7z', '7z', '7z']) await page.click(`#palette button[data-tile="${t}"]`);
await page.click('#meld-last');
for (const t of ['2m', '3m', '4m', '5p', '5p', '5p', '6s', '7s', '8s', '9p', '9p']) {
  await page.click(`#palette button[data-tile="${t}"]`);
}
await page.selectOption('#seat', 'west');
await page.selectOption('#prevailing', 'south');
await page.click('#bonus-palette button[data-tile="3f"]');
await page.selectOption('#discarder', 'north');
await page.check('#flags input[data-win="last"]');
await page.selectOption('#win-from', 'discard');
await page.fill('#dora', '8p');
const built = await page.inputValue('#hand');
check(/melds = \["777z exposed"\]/.test(built) && /seat = "west"/.test(built) && /bonus = \["3f"\]/.test(built)
  && /win = \{ tile = "9p", from = "discard", discarder = "north", last = true \}/.test(built)
  && /dora = "8p"/.test(built), `the controls write the hand file:\n${built}`);
await agreesWithCli(page, built, 'a hand built with the controls');
await page.locator('#hand-section').screenshot({ path: join(shots, 'hand-controls.png') });
await page.fill('#hand', built.replace('seat = "west"', 'seat = "east"'));
check((await page.inputValue('#seat')) === 'east' && (await page.inputValue('#win-from')) === 'discard'
  && (await page.isChecked('#flags input[data-win="last"]')) && (await page.inputValue('#dora')) === '8p', 'the controls follow the text');

// -- A hand that has not gone out: its waits.
await page.fill('#hand', 'seat = "south"\nprevailing = "east"\nconcealed = "123m 456m 789m 35p 99s"\n');
const waits = await page.textContent('#waits');
const cliWaits = JSON.parse(cli(['waits', '--format', 'json', '-'], 'seat = "south"\nprevailing = "east"\nconcealed = "123m 456m 789m 35p 99s"\n'));
check(waits.includes(cliWaits.waits.join(' ')) && waits.includes('only possible'), `the waits shown (${waits}) are the command line's (${cliWaits.waits})`);

// -- Bad hands: a message at its place, never a blank page.
await page.fill('#hand', 'seat = "south"\nprevailing = "east"\nconcealed = "123m 456x"\n');
const handProblem = await page.textContent('#hand-problems');
check(/line 3, column/.test(handProblem), `an unknown tile is reported at its place: ${handProblem.trim().slice(0, 80)}`);
await page.fill('#hand', 'seat = "south"\nprevailing = "east"\nconcealed = "1111m 1111m"\nwin = { tile = "1m", from = "wall" }\n');
check((await page.textContent('#hand-problems')).length > 0, 'an impossible hand is reported');

// -- The house rule: broken, then fixed; its card next to the variant it extends.
await page.fill('#hand', typed);
await page.fill('#house', '[variant]\nid = "our-club"\nextends = "bmja"\n[[doubles]]\nid = "all-winds"\nwhen = "count(sets, wind and"\nvalue = 1\ncite = { source = "club", at = "1" }\n');
const houseProblem = await page.textContent('#house-problems');
check(/line 6, column/.test(houseProblem), `a broken house rule is reported at its place: ${houseProblem.trim().slice(0, 100)}`);
const markedText = await page.textContent('#house-problems .marked mark');
check(markedText !== null && markedText.length > 0, `the house rule's problem is marked in its line: \`${markedText}\``);
await page.locator('#house-section').screenshot({ path: join(shots, 'house-rule-broken.png') });
const house = '[variant]\nid = "our-club"\nextends = "bmja"\n[params]\nlimit = 300\n[[doubles]]\nid = "honour-pair"\nwhen = "any(sets, pair and honour)"\nvalue = 1\ncite = { source = "club", at = "1" }\n';
await page.fill('#house', house);
check((await page.textContent('#house-problems')).trim() === '', 'the fixed house rule has no problem');
const houseTotal = (await pageTotals(page)).house;
const houseFile = join(shots, 'house.toml');
(await import('node:fs')).writeFileSync(houseFile, house);
const houseCli = JSON.parse(cli(['score', '--variant', houseFile, '--format', 'json', '-'], typed)).total;
check(houseTotal === houseCli, `the house rule's total ${houseTotal} is the command line's ${houseCli}`);
const order = await page.$$eval('.card', (cards) => cards.map((c) => c.dataset.variant));
check(order[order.indexOf('house') - 1] === 'bmja', 'the house rule\'s card follows the card of the variant it extends');
const diffShown = (await page.textContent('#house-diff')).trim();
const diffCli = cli(['diff', 'bmja', houseFile]).trim().split('\n').slice(1).join('\n');
check(diffShown.endsWith(diffCli) && diffCli.includes('limit'), `the house rule's changes are the command line's diff: ${diffShown.split('\n').length} lines`);

// -- Scoring one hand under every variant: the library's time.
const scoreMs = await page.evaluate(async (all) => {
  const mj = await import('./pkg/mjrules_web.js');
  const hand = document.getElementById('hand').value;
  mj.score(hand, all, '');
  const start = performance.now();
  for (let i = 0; i < 10; i++) mj.score(hand, all, '');
  return (performance.now() - start) / 10;
}, ids.join(','));
check(scoreMs < 50, `a hand under every built-in variant in ${scoreMs.toFixed(2)} ms (under 50)`);

// -- The page's totals on 1,000 generated hands, against the command line's, every variant.
const corpus = cli(['gen', '--seed', '11', '--count', '1000']);
for (const id of ids) {
  const mine = await page.evaluate(async ([text, v]) => {
    const mj = await import('./pkg/mjrules_web.js');
    return JSON.parse(mj.corpus_totals(text, v, '')).totals;
  }, [corpus, id]);
  // Each line's total, or null where the variant refuses the hand (riichi: four plain fives,
  // which `gen` without red fives may write), as the page gives it.
  const theirs = new Array(1000).fill(undefined);
  for (const l of cliOnCorpus(['score', '--variant', id, '--corpus', '-', '--format', 'json'], corpus)
    .split('\n').filter((l) => l)) {
    const card = JSON.parse(l);
    if (card.line) theirs[card.line - 1] = card.problems ? null : card.total;
  }
  const same = mine.length === 1000 && mine.every((t, i) => t === theirs[i]);
  const refused = theirs.filter((t) => t === null).length;
  check(same, `${id}: the page's totals on 1,000 generated hands are the command line's (${refused} refused)`);
}
const generated = await page.evaluate(async () => (await import('./pkg/mjrules_web.js')).generate(11n, 1000));
check(generated === corpus, 'the page generates the same hands as `mjrules gen`');

// -- Two variants over 1,000 hands in the worker, then 100,000 timed.
await page.fill('#corpus-count', '1000');
await page.fill('#corpus-seed', '7');
await page.selectOption('#corpus-a', 'bmja');
await page.selectOption('#corpus-b', 'hong-kong');
await page.click('#corpus-run');
await page.waitForSelector('#corpus-summary', { timeout: 60000 });
check((await page.getAttribute('#corpus-summary', 'data-hands')) === '1000', 'the corpus view compares 1,000 hands');
const figures = JSON.parse(await page.getAttribute('#corpus-result', 'data-json'));
const figuresCli = JSON.parse(cli(['compare', 'bmja', 'hong-kong', '--corpus', '-', '--format', 'json'], cli(['gen', '--seed', '7', '--count', '1000'])));
check(JSON.stringify(figures) === JSON.stringify(figuresCli), 'the corpus view\'s figures are those of `mjrules compare --corpus`');
check(await page.$('#corpus-result svg') !== null, 'the corpus view draws the chart');
await page.click('#corpus-result button');
check((await page.inputValue('#hand')).includes('concealed'), 'a hand that differs most opens in the hand editor');
await page.locator('#corpus-section').screenshot({ path: join(shots, 'corpus.png') });
await page.fill('#corpus-count', '100000');
const bigStart = Date.now();
await page.click('#corpus-run');
await page.waitForFunction(() => document.getElementById('corpus-summary')?.dataset.hands === '100000', null, { timeout: 120000 });
const bigMs = Date.now() - bigStart;
check(bigMs < 10000, `two variants over 100,000 hands in ${bigMs} ms (under 10,000)`);

// -- A game, deal after deal: the ledger the command line gives.
await page.click('#game-add');
await page.fill('#game', `${await page.inputValue('#game')}Celina = { score = 30, win = { from = "wall" } }\n`);
await page.click('#game-play');
const ledger = JSON.parse(await page.getAttribute('#game-result', 'data-json'));
const ledgerCli = JSON.parse(cli(['game', '-', '--format', 'json'], await page.inputValue('#game')));
await page.locator('#game-section').screenshot({ path: join(shots, 'game.png') });
check(ledger.deals.length === 3 && JSON.stringify(ledger) === JSON.stringify(ledgerCli), 'the game view\'s ledger is `mjrules game`\'s');
await page.fill('#game', 'variant = "polish"\nplayers = ["A", "B", "C"]\n');
await page.click('#game-play');
check(/line 2, column/.test(await page.textContent('#game-problems')), 'a bad game is reported at its place');

// -- The shared link: the same hand, variants and house rule.
const link = page.url();
const [again] = await open(link);
check((await again.inputValue('#hand')) === (await page.inputValue('#hand')), 'the link holds the hand');
check((await again.inputValue('#house')) === house, 'the link holds the house rule');
check(JSON.stringify(await pageTotals(again)) === JSON.stringify(await pageTotals(page)), 'the link gives the same totals');

// -- A phone-sized screen, in the dark.
const [phone] = await open(link, { width: 390, height: 844 });
await phone.emulateMedia({ colorScheme: 'dark' });
await phone.screenshot({ path: join(shots, 'phone-dark.png'), fullPage: true });
await phone.screenshot({ path: join(shots, 'phone-dark-top.png') });
const overflow = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
check(!overflow, 'nothing is wider than a phone screen');

check(errors.length === 0, `no console error or uncaught exception${errors.length ? `: ${errors.join(' | ')}` : ''}`);
await browser.close();
server.close();
console.log(`load ${loadMs} ms; one hand, every variant ${scoreMs.toFixed(2)} ms; 100,000 hands ${bigMs} ms`);
if (failures > 0) {
  console.log(`${failures} check(s) failed`);
  process.exit(1);
}
