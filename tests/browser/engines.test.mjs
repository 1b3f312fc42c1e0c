// The browser suite in every engine players use: Chromium, Firefox ESR and WebKitGTK
// (the engine of every iOS browser), through the driver of engines.mjs. Each test is
// written once and runs in each engine named by FV_ENGINES (default all three).
// Expected values are never written here: they come from pkg/verifier.js run in Node
// on the same records. Screenshots: tests/artifacts/<engine>-*.png.
//
// The page is read through hooks meant to stay: #verdict[data-verdict], the
// [data-check][data-ok] list, the drawn data-* values, #chain-progress, #chain-cancel,
// #paste, #paste-go, the batch's .batch-item[data-index][data-status] and
// #batch-summary, #lang and <html lang dir>, [data-wasm-missing], the widget's
// data-state. What was drawn is read by tests/browser/drawn.mjs (shared with
// page.test.mjs): cards by data-path, one deal at a time in the deal navigator.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { engineNames, launchEngine } from './engines.mjs';
import { PAGE_URL, b64url } from './browser.mjs';
import { drawn, PAGED, comparePaged, pagedEmpty } from './drawn.mjs';
import { ROOT, VERIFIER, loadCases } from '../node/helpers.mjs';

const require = createRequire(import.meta.url);
/** Bounds on time are asserted only by ./build.sh load (FV_TIMING=1): a shared machine's clock is no gate. */
const TIMING = process.env.FV_TIMING === '1';
/** How long one test may take in one engine before it fails (a stuck engine). */
const TEST_TIMEOUT = Number(process.env.FV_ENGINE_TEST_TIMEOUT || 180000);
const FV = require(VERIFIER);
const cases = loadCases();
const EMBED = pathToFileURL(path.join(ROOT, 'www/embed.html')).href;
const WIDGET = pathToFileURL(path.join(ROOT, 'pkg/widget.js')).href;
const VERIFIER_URL = pathToFileURL(VERIFIER).href;
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-engines-'));
process.on('exit', () => fs.rmSync(TMP, { recursive: true, force: true }));

/** Node's answer for a record: the report, or {error: code}. */
function inNode(record) {
  try {
    return FV.verify(record);
  } catch (e) {
    return { error: e.code || String(e) };
  }
}

/** One passing record per scheme, game and variant, and one failing record per
 *  scheme that has any: every kind of drawing and both verdicts. */
function drawingCases() {
  const picked = new Map();
  for (const c of cases) {
    if (c.expect.error) continue;
    if (c.record.terminal !== undefined && c.record.maxSteps === undefined) continue; // the worker test walks these
    const r = inNode(c.record);
    if (r.error) continue;
    const v = `${c.record.scheme}/${c.record.game || ''}/${c.record.leaves ? 'leaves' : ''}/${c.record.history ? 'h' : ''}/${c.record.terminal ? 't' : ''}`;
    const key = r.verdict === 'pass' ? v : `${c.record.scheme}/${r.verdict}`;
    if (!picked.has(key)) picked.set(key, c);
  }
  return [...picked.values()];
}

const tag = (c) => c.name.replace(/^public\//, '').replace(/[^a-z0-9_-]+/gi, '-');

/** The recomputed values the page draws (a report key of that name is drawn). */
const DRAWN_KEYS = ['seats', 'rolls', 'deals', 'hands', 'tiles', 'deck', 'holeCards', 'board', 'aPlaysWhite', 'multiplier',
  'history', 'lastPlatform', 'winner', 'face', 'win', 'mines', 'round'];

/** The page's verdict, checks and drawn values against Node's report. The values of
 *  `mustDraw` (the vector's expected keys, which the page draws) must be there; other
 *  report values are compared when the page draws them (hash_chain's round is not). */
function compareDrawn(name, report, got, mustDraw = []) {
  assert.equal(got.verdict, report.verdict, `${name}: verdict`);
  const want = Object.fromEntries(report.checks.map((c) => [c.name, c.ok]));
  assert.deepEqual(got.checks, want, `${name}: checks`);
  let values = 0;
  for (const k of DRAWN_KEYS) {
    if (!(k in report) || report[k] === null || report[k] === undefined) continue;
    const paged = PAGED.includes(k);
    const absent = paged ? pagedEmpty(got[k])
      : got[k] === undefined || (Array.isArray(got[k]) && got[k].length === 0 && !(Array.isArray(report[k]) && report[k].length === 0));
    if (absent && !mustDraw.includes(k)) continue;
    if (paged) {
      comparePaged(assert, name, k, got[k], report[k]);
    } else if (k === 'history') {
      assert.ok(got.history.length > 0, `${name}: no history drawn`);
      assert.deepEqual(got.history, report.history.slice(0, got.history.length), `${name}: history`);
    } else {
      assert.deepEqual(got[k], report[k], `${name}: ${k}`);
    }
    values++;
  }
  return values;
}

/** The vector's expected keys are drawn by the page; hash_chain's round is written
 *  only in its check's text. */
const mustDraw = (c) => Object.keys(c.expect).filter((k) => !(k === 'round' && c.record.scheme === 'hash_chain'));

/** Waits for a settled result: a verdict, and no walk or batch still running. */
function settled(page, opts = {}) {
  return page.waitFor(() => {
    const v = document.querySelector('#verdict[data-verdict]');
    const p = document.querySelector('#chain-progress');
    return v && v.getAttribute('data-verdict') !== 'checking' && (!p || p.hidden);
  }, null, { what: 'a settled verdict', ...opts });
}

async function clean(page, what) {
  assert.deepEqual(await page.network(), [], `${what}: the page tried the network`);
  assert.deepEqual(await page.errors(), [], `${what}: errors`);
}

/** Characters a player must never depend on: colour emoji (emoji presentation, or
 *  asked for with U+FE0F) and pictures from fonts the page does not bring (die faces,
 *  mahjong and playing-card glyphs). */
const EMOJI = /[\p{Emoji_Presentation}\u{FE0F}\u{2680}-\u{2685}\u{1F000}-\u{1F0FF}]/u;

/** The page's visible text that EMOJI matches (runs in the page; the pattern as
 *  text). The record's own strings (client seeds with emoji in the vectors) are the
 *  player's text, shown literally: they are taken out first. */
function emojiInPage([source, userTexts]) {
  const re = new RegExp(source, 'u');
  const found = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!p || p.closest('script, style, template, [hidden]')) continue;
    let text = n.data;
    for (const u of userTexts) text = text.split(u).join('');
    const m = re.exec(text);
    if (m) found.push(`${m[0]} in <${p.tagName.toLowerCase()} class="${p.className}">`);
  }
  return found;
}

/** Every string in a record (longest first). */
const strings = (v) => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [])
  .filter((x) => x !== '').sort((a, b) => b.length - a.length);

/** How wide the page is, and the visible elements sticking out of the viewport
 *  sideways that nothing scrolls or clips (runs in the page). In a right-to-left
 *  page what overflows on the right cannot be scrolled to, so scrollWidth alone
 *  would not see it. */
function overflow() {
  // The window's width (a classic scrollbar, as in Firefox, takes some of it from
  // clientWidth, on the left in a right-to-left page).
  const width = innerWidth;
  const client = document.documentElement.clientWidth;
  const clipped = (e) => {
    for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  const out = [];
  for (const e of document.body.querySelectorAll('*')) {
    if (e.closest('script, style, template, [hidden]')) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if ((r.left < -1 || r.right > width + 1) && !clipped(e)) {
      out.push(`<${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} class="${e.getAttribute('class') || ''}"> ${Math.round(r.left)}…${Math.round(r.right)}`);
    }
  }
  return { width, client, scrollWidth: document.documentElement.scrollWidth, dir: document.documentElement.dir, out: out.slice(0, 5) };
}

/** The page's working parts are drawn: they have boxes (a page whose parts are
 *  hidden would pass every layout check). */
async function assertShown(page, what) {
  const missing = await page.evaluate(() => ['main', '#result', '#paste-go', '#lang', 'footer .copy']
    .filter((s) => { const e = document.querySelector(s); return !e || e.getClientRects().length === 0 || e.getBoundingClientRect().height === 0; }));
  assert.deepEqual(missing, [], `${what}: parts of the page are not drawn`);
}

async function assertFits(page, what, width) {
  await assertShown(page, what);
  const o = await page.evaluate(overflow);
  assert.equal(o.width, width, `${what}: the viewport is ${width} px wide`);
  assert.ok(o.scrollWidth <= o.client, `${what}: the page is ${o.scrollWidth} px wide in ${o.client} px (${width} px window)`);
  assert.deepEqual(o.out, [], `${what}: elements outside the ${width} px viewport (dir ${o.dir})`);
}

const HAS_AR = fs.existsSync(path.join(ROOT, 'www/i18n/ar.json'));

const engines = engineNames();
const PARALLEL = process.env.FV_ENGINES_PARALLEL === '1';
const timings = {};

test('no colour emoji or font-borne pictures anywhere in www/ (the engines draw them differently, or not at all)', () => {
  const found = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (/\.(js|mjs|json|html|css)$/.test(e.name)) {
        fs.readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
          const m = EMOJI.exec(line);
          if (m) found.push(`${path.relative(ROOT, f)}:${i + 1}: ${m[0]}`);
        });
      }
    }
  };
  walk(path.join(ROOT, 'www'));
  assert.deepEqual(found, []);
});

describe('browser engines', { concurrency: PARALLEL }, () => {
  after(() => {
    for (const [name, t] of Object.entries(timings)) {
      console.log(`engine ${name}: ${t.version}; launch ${t.launch} ms; suite ${(((t.end || Date.now()) - t.start) / 1000).toFixed(1)} s`);
    }
  });

  for (const name of engines) {
    // One test at a time in an engine (WebKit has a single window); a stuck engine
    // fails its test instead of holding up CI: the bound is each test's (the whole
    // engine's suite takes 3 minutes in WebKit on a loaded 2-core machine, issue 42).
    describe(name, { concurrency: 1 }, () => {
      let engine;
      before(async () => {
        const start = Date.now();
        engine = await launchEngine(name);
        timings[name] = { version: engine.version, launch: Date.now() - start, start };
      });
      after(async () => {
        if (engine) await engine.close();
        if (timings[name]) timings[name].end = Date.now();
      });

      test('every vector through pkg/verifier.js in the engine gives the report Node gives', { timeout: TEST_TIMEOUT }, async () => {
        const file = path.join(TMP, `${name}-verifier.html`);
        fs.writeFileSync(file, `<!doctype html><meta charset="utf-8"><title>verifier.js</title><script src="${VERIFIER_URL}"></script>`);
        const page = await engine.newPage({ allowed: [VERIFIER_URL] });
        await page.goto(pathToFileURL(file).href);
        await page.waitFor(() => typeof FairVerifier === 'object' && FairVerifier.isReady());
        const records = cases.map((c) => c.record);
        const inPage = await page.evaluate((recs) => recs.map((r) => {
          try { return JSON.stringify(FairVerifier.verify(r)); } catch (e) { return JSON.stringify({ error: e.code || String(e) }); }
        }), records);
        assert.equal(inPage.length, records.length);
        const differ = [];
        records.forEach((r, i) => {
          const want = JSON.stringify(inNode(r));
          if (inPage[i] !== want) differ.push(`${cases[i].name}: ${inPage[i].slice(0, 200)} != ${want.slice(0, 200)}`);
        });
        assert.deepEqual(differ, [], `${differ.length} of ${records.length} records differ from Node`);
        assert.equal(await page.evaluate(() => FairVerifier.selfTest().failed), 0);
        await clean(page, 'verifier.js');
        await page.close();
      });

      test('an evidence file: the record getElementById gives is the one the core reads, whatever follows it (issue 43)', { timeout: TEST_TIMEOUT }, async () => {
        const mark = '<script type="application/json" id="fairverify-record">';
        const genuine = JSON.stringify({ scheme: 'dice', serverSeed: 'a'.repeat(64), clientSeed: 'fairverify-record', nonce: 0 });
        const forged = JSON.stringify({ scheme: 'dice', serverSeed: 'd'.repeat(64), clientSeed: 'x', nonce: 0 });
        const layout = (after) => `<!DOCTYPE html>\n<html lang="en" dir="ltr" id="fairverify-evidence"><head><meta charset="utf-8">${mark}${genuine}</script><title>x</title></head><body><p>evidence</p>${after}</body></html>\n`;
        const after = [
          `<script type="application/json" id="&#102;airverify-record">${forged}</script>`,
          `<div id=fairverify&#45record>${forged}</div>`,
          `<html id="fairverify-record"><p>${forged}</p>`,
          `<svg><title id="fairverify-record">${forged}</title></svg>`,
          `<noscript><p id="fairverify-record">${forged}</p></noscript>`,
          `<!-- ${mark}${forged}</script>`,
        ];
        const page = await engine.newPage();
        for (const [i, a] of after.entries()) {
          const file = path.join(TMP, `${name}-evidence-${i}.html`);
          fs.writeFileSync(file, layout(a));
          const core = FV.decodeFile(fs.readFileSync(file));
          assert.equal(core, genuine, a);
          await page.goto(pathToFileURL(file).href);
          const seen = await page.evaluate(() => { const e = document.getElementById('fairverify-record'); return e ? e.textContent : null; });
          assert.equal(seen, core, `${name}: ${a}`);
        }
        await page.close();
      });

      test('every scheme opened by #record=: verdict, checks and drawing as in Node', { timeout: TEST_TIMEOUT }, async () => {
        const page = await engine.newPage({ width: 1200, height: 900 });
        const schemes = new Set();
        for (const c of drawingCases()) {
          await page.goto(PAGE_URL + '#record=' + b64url(c.record));
          await settled(page);
          const report = inNode(c.record);
          compareDrawn(c.name, report, await page.evaluate(drawn), mustDraw(c));
          await assertShown(page, c.name);
          assert.deepEqual(await page.evaluate(emojiInPage, [EMOJI.source, strings(c.record)]), [], `${c.name}: colour emoji or glyphs from a font the page does not bring`);
          schemes.add(c.record.scheme);
        }
        await page.screenshot(`desktop-${tag(drawingCases().find((c) => c.record.game === 'bridge'))}`);
        const all = new Set(cases.filter((c) => !c.expect.error && c.record.scheme).map((c) => c.record.scheme));
        assert.deepEqual([...schemes].sort(), [...all].sort(), 'a scheme was not drawn');
        await clean(page, 'schemes');
        await page.close();
      });

      test('360 px wide: no horizontal scrolling for any scheme; screenshots', { timeout: TEST_TIMEOUT }, async () => {
        const page = await engine.newPage({ width: 360, height: 740 });
        for (const c of drawingCases()) {
          await page.goto(PAGE_URL + '#record=' + b64url(c.record));
          await settled(page);
          assert.equal(await page.evaluate(() => innerWidth), 360, 'the viewport is 360 px wide');
          await assertFits(page, c.name, 360);
          await page.screenshot(`mobile-${tag(c)}`);
        }
        await clean(page, '360 px');
        await page.close();
      });

      test('right to left at 360 px (#lang=ar): no horizontal scrolling, nothing outside the viewport', { timeout: TEST_TIMEOUT }, async () => {
        const page = await engine.newPage({ width: 360, height: 740 });
        // One record per scheme, and the start page.
        const seen = new Set();
        const picked = drawingCases().filter((c) => !seen.has(c.record.scheme) && seen.add(c.record.scheme));
        for (const c of [null, ...picked]) {
          await page.goto(PAGE_URL + '#lang=ar' + (c ? '&record=' + b64url(c.record) : ''));
          if (c) await settled(page);
          else await page.waitFor(() => document.querySelector('#picker').childElementCount > 0, null, { what: 'the game picker' });
          const menu = await page.evaluate(() => Array.from(document.querySelectorAll('#lang option'), (o) => o.value));
          if (menu.includes('ar')) {
            assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl'], '#lang=ar');
          } else {
            // No Arabic catalog yet (www/i18n/ar.json): the layout is still checked
            // right to left, as the catalog will make it.
            await page.evaluate(() => { document.documentElement.dir = 'rtl'; });
          }
          await assertFits(page, `rtl ${c ? c.name : 'start page'}`, 360);
          if (!c || c.record.game === 'bridge') await page.screenshot(`rtl-${c ? tag(c) : 'start'}`);
        }
        await clean(page, 'right to left');
        await page.close();
      });

      test('the Arabic catalog: <html lang="ar" dir="rtl"> from the link and from the menu',
        { timeout: TEST_TIMEOUT, skip: HAS_AR ? false : 'www/i18n/ar.json is not on this branch yet (the layout is checked right to left above)' }, async () => {
          const page = await engine.newPage({ width: 360, height: 740 });
          const c = drawingCases().find((x) => x.record.game === 'bridge');
          await page.goto(PAGE_URL + '#lang=ar&record=' + b64url(c.record));
          await settled(page);
          assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl']);
          compareDrawn(`ar: ${c.name}`, inNode(c.record), await page.evaluate(drawn), mustDraw(c));
          // Back to English and to Arabic again through the menu.
          await page.select('#lang', 'en');
          await page.waitFor(() => document.documentElement.dir === 'ltr', null, { what: 'dir=ltr' });
          await page.select('#lang', 'ar');
          await page.waitFor(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar', null, { what: 'dir=rtl' });
          await assertFits(page, 'ar from the menu', 360);
          await page.screenshot('ar-bridge');
          await clean(page, 'Arabic');
          await page.close();
        });

      test('a chain walk in the worker: the round found, then a long walk with progress and Cancel', { timeout: TEST_TIMEOUT }, async () => {
        const page = await engine.newPage();
        // A crash chain record without maxSteps: the page walks it in its worker.
        const chain = cases.find((c) => c.record.scheme === 'crash' && c.record.terminal && c.expect.round > 1000);
        const rec = { ...chain.record };
        delete rec.maxSteps;
        const want = inNode(rec);
        await page.goto(PAGE_URL + '#record=' + b64url(rec));
        // (While it walks, the page shows its other checks; the verdict comes after.)
        await page.waitForSelector('#result [data-check="chainOk"]', { timeout: 10000 });
        await settled(page, { timeout: 60000 });
        compareDrawn(chain.name, want, await page.evaluate(drawn), mustDraw(chain));

        const long = { scheme: 'hash_chain', hash: 'ab'.repeat(32), terminal: 'cd'.repeat(32), maxSteps: 100000000 };
        await page.goto(PAGE_URL + '#record=' + b64url(long));
        // The progress box sits under the banner (it moves there, so it may be
        // detached for a moment while the result is redrawn).
        const progress = () => {
          const box = document.querySelector('#chain-progress');
          const bar = document.querySelector('#chain-bar');
          return box && !box.hidden && box.getClientRects().length > 0 && bar && bar.value > 0 && bar.value < bar.max && bar.value;
        };
        const shown = await page.waitFor(progress, null, { timeout: 30000, what: 'progress of the walk' });
        assert.ok(shown > 0);
        assert.equal(await page.attr('#verdict', 'data-verdict'), 'checking', 'a neutral verdict while the worker walks');
        // The page answers while the worker walks.
        const t = Date.now();
        assert.equal(await page.evaluate(() => 1 + 1), 2);
        if (TIMING) assert.ok(Date.now() - t < 1000, 'the page froze during the walk');
        const later = await page.waitFor(`(v) => { const p = (${progress})(); return p > v && p; }`, shown, { timeout: 30000, what: 'the progress to move' });
        assert.ok(later > shown);
        await page.screenshot('chain-progress', { fullPage: false });
        await page.click('#chain-cancel');
        await page.waitFor(() => {
          const v = document.querySelector('#verdict');
          const box = document.querySelector('#chain-progress');
          return v && v.getAttribute('data-verdict') === 'cancelled' && (!box || box.hidden);
        }, null, { timeout: 5000, what: 'the neutral "cancelled" verdict' });
        const cancelled = await page.evaluate(() => {
          const v = document.querySelector('#verdict');
          const c = document.querySelector('#result [data-check="chainOk"]');
          return { tone: v.className, chainOk: c && c.getAttribute('data-ok') };
        });
        assert.match(cancelled.tone, /\bneutral\b/, 'cancelled is neither green nor red');
        assert.ok(!['true', 'false'].includes(cancelled.chainOk), `the cancelled walk decided nothing (chainOk data-ok=${cancelled.chainOk})`);
        await page.screenshot('chain-cancelled', { fullPage: false });
        // The page goes on: the next walk gets a new worker and its verdict.
        // Typing withdraws the result shown (issue 23): the neutral "verify again" first.
        await page.fill('#paste', JSON.stringify(rec));
        await page.waitFor(() => document.querySelector('#result[data-stale="true"] #verify-again'), null, { timeout: 5000, what: 'the cancelled result withdrawn by the edit' });
        await page.click('#paste-go');
        await page.waitFor(() => { const v = document.querySelector('#verdict'); return v && !['cancelled', 'checking', 'stale'].includes(v.getAttribute('data-verdict')); },
          null, { timeout: 60000, what: 'a walk after Cancel' });
        await settled(page, { timeout: 60000 });
        compareDrawn(`${chain.name} after Cancel`, want, await page.evaluate(drawn), mustDraw(chain));
        await clean(page, 'chain');
        await page.close();
      });

      test('a pasted JSON-lines history verifies as a batch, record by record as in Node', { timeout: TEST_TIMEOUT }, async () => {
        const page = await engine.newPage();
        await page.goto(PAGE_URL);
        const picked = [
          ...cases.filter((c) => c.record.scheme === 'dice').slice(0, 5),
          ...cases.filter((c) => c.record.scheme === 'mines').slice(0, 3),
          ...cases.filter((c) => c.record.scheme === 'selfpoker' && c.expect.error).slice(0, 1),
        ].map((c) => c.record);
        picked.push({ scheme: 'dice' });
        const want = picked.map(inNode);
        assert.ok(want.some((r) => r.verdict === 'pass') && want.some((r) => r.verdict === 'fail') && want.some((r) => r.error),
          'the batch has passing, failing and invalid records');
        await page.fill('#paste', picked.map((r) => JSON.stringify(r)).join('\n'));
        await page.click('#paste-go');
        await page.waitFor(() => document.querySelector('#batch-summary'), null, { what: 'the batch', timeout: 60000 });
        // Failed records come first on the page: each is read by its index.
        const got = await page.evaluate(() => Array.from(document.querySelectorAll('#result .batch-item[data-index]'),
          (e) => [Number(e.getAttribute('data-index')), e.getAttribute('data-status')]));
        assert.equal(got.length, picked.length);
        const status = (r) => (r.error ? 'invalid' : r.verdict);
        for (const [i, v] of got) assert.equal(v, status(want[i]), `record ${i + 1} (${want[i].error || want[i].verdict} in Node)`);
        const count = (s) => String(want.filter((r) => status(r) === s).length);
        assert.deepEqual(await page.evaluate(() => ['passed', 'failed', 'invalid'].map((k) => document.querySelector('#batch-summary').getAttribute('data-' + k))),
          [count('pass'), count('fail'), count('invalid')]);
        assert.equal(await page.attr('#verdict', 'data-verdict'), 'fail', 'the batch has a failed record');
        // A record opens to its drawing.
        const failed = got.find(([, v]) => v === 'fail')[0];
        await page.click(`.batch-item[data-index="${failed}"] summary`);
        await page.waitFor((i) => document.querySelector(`.batch-item[data-index="${i}"][open] .report`), failed, { what: 'the opened record' });
        await page.screenshot('batch');
        await clean(page, 'batch');
        await page.close();
      });

      test('the widget on its demo table (www/embed.html): shown, then a passing and a tampered reveal', { timeout: TEST_TIMEOUT }, async () => {
        const page = await engine.newPage({ allowed: [WIDGET] });
        await page.goto(EMBED);
        const state = (id) => page.evaluate((i) => { const e = document.getElementById(i); return e && e.getAttribute('data-state'); }, id);
        const { hand, shown } = await page.evaluate(() => ({ hand: HAND, shown: SHOWN }));
        await page.waitFor(() => document.getElementById('badge-fair').getAttribute('data-state') === 'shown', null, { what: 'the badge' });
        assert.ok((await page.evaluate(() => document.getElementById('badge-fair').shadowRoot.textContent)).includes(hand.commit),
          'the commitment is shown in full');
        const fair = inNode({ scheme: 'selfpoker', seed: hand.seed, commit: hand.commit, players: hand.players, played: { holeCards: shown } });
        const tamperedHole = shown.map((h) => h.slice());
        tamperedHole[1] = [tamperedHole[1][0], (tamperedHole[1][1] + 5) % 52];
        const tampered = inNode({ scheme: 'selfpoker', seed: hand.seed, commit: hand.commit, players: hand.players, played: { holeCards: tamperedHole } });
        await page.click('#reveal-fair');
        await page.waitFor(() => !['shown', 'checking'].includes(document.getElementById('badge-fair').getAttribute('data-state')), null, { what: 'the fair verdict' });
        assert.equal(await state('badge-fair'), fair.verdict);
        await page.click('#reveal-tampered');
        await page.waitFor(() => !['shown', 'checking'].includes(document.getElementById('badge-tampered').getAttribute('data-state')), null, { what: 'the tampered verdict' });
        assert.equal(await state('badge-tampered'), tampered.verdict);
        assert.notEqual(fair.verdict, tampered.verdict);
        await page.screenshot('widget');
        await clean(page, 'widget');
        await page.close();
      });

      /** A host page in TMP: widget.js and a host script, under the given CSP. */
      function hostPage(file, csp, hostJs) {
        const js = path.join(TMP, `${name}-${file}.js`);
        fs.writeFileSync(js, hostJs);
        const html = path.join(TMP, `${name}-${file}.html`);
        fs.writeFileSync(html, `<!doctype html><html lang="en"><head><meta charset="utf-8">${csp ? `<meta http-equiv="Content-Security-Policy" content="${csp}">` : ''}` +
          `<title>host</title></head><body><p>A host page.</p><div id="slot"></div><script src="${WIDGET}"></script><script src="${pathToFileURL(js).href}"></script></body></html>`);
        return { url: pathToFileURL(html).href, allowed: [WIDGET, pathToFileURL(js).href] };
      }

      const MOUNT = (record) => `FairVerify.mount(document.getElementById('slot'), { record: ${JSON.stringify(record)} }).id = 'badge';`;

      // The badge styles itself with constructable stylesheets (adoptedStyleSheets),
      // which style-src does not govern: a host whose CSP allows no inline style
      // still gets a styled badge, and no CSP violation is reported.
      test('the widget on a strict-CSP host: verifies, styled, no CSP violation', { timeout: TEST_TIMEOUT }, async () => {
        const rec = cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk).record;
        // The CSP docs/widget.md gives a host: nothing but the badge's file, its wasm and
        // its worker (`worker-src blob:`; without it the badge verifies on the page after
        // one refused worker, which the browser logs).
        const host = hostPage('strict', "default-src 'none'; script-src file: 'wasm-unsafe-eval'; worker-src blob:", MOUNT(rec));
        const page = await engine.newPage({ allowed: host.allowed });
        await page.goto(host.url);
        // A badge with a state (defined: its words unpacked, www/widget/element.js) past checking.
        await page.waitFor(() => { const b = document.getElementById('badge'); return b && b.hasAttribute('data-state') && !['checking', 'shown'].includes(b.getAttribute('data-state')); }, null, { what: 'the badge' });
        const want = inNode(rec).verdict;
        assert.equal(want, 'pass');
        assert.equal(await page.attr('#badge', 'data-state'), want);
        const style = await page.evaluate(() => {
          const s = getComputedStyle(document.getElementById('badge').shadowRoot.querySelector('.badge'));
          return { border: s.borderTopStyle, width: parseFloat(s.borderTopWidth), radius: parseFloat(s.borderTopLeftRadius), display: s.display };
        });
        assert.notEqual(style.border, 'none', 'the badge has its own border');
        assert.ok(style.width > 0, 'the border is drawn');
        assert.ok(style.radius > 0, `the badge has rounded corners (${JSON.stringify(style)})`);
        assert.equal(await page.evaluate(() => document.querySelectorAll('style, [style]').length), 0, 'nothing inline in the host');
        await page.screenshot('widget-strict-csp', { fullPage: false });
        await clean(page, 'widget on a strict-CSP host');
        await page.close();
      });

      // As in iOS Lockdown Mode: no WebAssembly. The badge says so in plain words
      // (and what to do) at once, instead of an internal error or waiting.
      test('the widget without WebAssembly says so at once', { timeout: TEST_TIMEOUT }, async () => {
        const rec = cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk).record;
        const host = hostPage('nowasm', '', MOUNT(rec));
        const page = await engine.newPage({ allowed: host.allowed, init: ['delete globalThis.WebAssembly;'] });
        await page.goto(host.url);
        const t = Date.now();
        const text = await page.waitFor(() => {
          const b = document.getElementById('badge');
          return b && b.shadowRoot && b.hasAttribute('data-state') && !['checking', 'shown'].includes(b.getAttribute('data-state')) &&
            Array.from(b.shadowRoot.querySelectorAll('.badge, .pop'), (e) => e.textContent).join(' ');
        }, null, { timeout: TIMING ? 1000 : 30000, what: 'the badge to answer' });
        if (TIMING) assert.ok(Date.now() - t <= 1000); else console.log(`# ${name}: the badge said no WebAssembly in ${Date.now() - t} ms`);
        assert.equal(await page.evaluate(() => typeof WebAssembly), 'undefined', 'the init script ran first');
        assert.match(text, /WebAssembly is not available/);
        assert.match(text, /another browser|verifier\.js/, 'says what to do');
        assert.doesNotMatch(text, /internal error|is not defined/, 'plain words, not an engine error');
        assert.equal(await page.attr('#badge', 'data-state'), 'error', 'no verdict without the verifier');
        await page.screenshot('widget-no-wasm', { fullPage: false });
        await clean(page, 'widget without WebAssembly');
        await page.close();
      });

      test('a saved "Webpage, Complete" copy opens and still verifies', { timeout: TEST_TIMEOUT }, async () => {
        const page = await engine.newPage();
        const [a, b] = [
          cases.find((c) => c.record.game === 'bridge' && c.expect.commitmentOk),
          cases.find((c) => c.record.scheme === 'mines' && c.expect.commitmentOk),
        ];
        await page.goto(PAGE_URL + '#record=' + b64url(a.record));
        await settled(page);
        // What a browser's "Save Page As… Webpage, Complete" writes: the live document.
        const html = await page.evaluate(() => {
          const dt = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
          return dt + '\n' + document.documentElement.outerHTML;
        });
        const saved = path.join(TMP, `${name}-saved`, 'fairverify.html');
        fs.mkdirSync(path.dirname(saved), { recursive: true });
        fs.writeFileSync(saved, html);
        const savedUrl = pathToFileURL(saved).href;
        // Another record than the one drawn when saved: what is drawn now is fresh.
        await page.goto(savedUrl + '#record=' + b64url(b.record));
        await page.waitFor(() => document.querySelector('#result .mines') && document.querySelector('#verdict[data-verdict]'), null, { what: 'the saved copy to draw' });
        compareDrawn(`saved copy: ${b.name}`, inNode(b.record), await page.evaluate(drawn));
        // And the form still works in the saved copy.
        await page.goto(savedUrl);
        await page.fill('#paste', JSON.stringify(a.record));
        await page.click('#paste-go');
        await page.waitFor(() => document.querySelector('#result .deal[data-deal]') && document.querySelector('#verdict[data-verdict]'), null, { what: 'the pasted record' });
        compareDrawn(`saved copy: ${a.name}`, inNode(a.record), await page.evaluate(drawn));
        await page.screenshot('saved-copy');
        await clean(page, 'saved copy');
        await page.close();
      });

      test('without WebAssembly the page says so at once', { timeout: TEST_TIMEOUT }, async () => {
        // Removed before the page's scripts run, as in iOS Lockdown Mode (where the
        // global is absent). The engines have no common switch to turn WebAssembly
        // off (WebKitGTK 2.50 has no runtime option for it), so the global is deleted.
        const page = await engine.newPage({ init: ['delete globalThis.WebAssembly;'] });
        const rec = cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk).record;
        await page.goto(PAGE_URL + '#record=' + b64url(rec));
        const t = Date.now();
        await page.waitForSelector('[data-wasm-missing]', { visible: true, timeout: TIMING ? 1000 : 30000 });
        if (TIMING) assert.ok(Date.now() - t <= 1000); else console.log(`# ${name}: the page said no WebAssembly in ${Date.now() - t} ms`);
        assert.equal(await page.evaluate(() => typeof WebAssembly), 'undefined', 'the init script ran first');
        const text = await page.text('[data-wasm-missing]');
        assert.match(text, /WebAssembly/);
        assert.match(text, /verifier\.js/, 'says what to do instead');
        assert.notEqual(await page.attr('#verdict', 'data-verdict'), 'pass', 'no verdict without the verifier');
        await page.screenshot('no-wasm', { fullPage: false });
        await clean(page, 'no WebAssembly');
        await page.close();
      });
    });
  }
});
