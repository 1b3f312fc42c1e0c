// The whole history from one hash (issue 27), in headless Chromium from file://:
// after a chain round passes against its terminal, #chain-history recomputes every
// round of its chain in the page's worker and counts them. The chains are made here
// with Node's own SHA-256, and every expected count is computed here independently
// of the page's core: crash points by the tests' own BigInt port of SPEC §6
// (tests/node/crash_oracle.mjs: Go's 64-bit quotient rounded to nearest even, then
// float64, then floor) and by real Go (the published functions,
// tests/oracle/go_chain_games.go, which also gives every platform and battle
// winner), battle wheel points and winners also by this file's float64 arithmetic, dice faces by
// Node's HMAC. The chi-square p-value is checked against a numerical integral of
// the density.
// Screenshots: tests/artifacts/history-*.png.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launch, openPage, PAGE_URL, b64url, shot, ARTIFACTS, nextVerdict } from './browser.mjs';
import { loadCases, VERIFIER, ROOT } from '../node/helpers.mjs';
import { crashN, crashCounts, pointText } from '../node/crash_oracle.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
// The history's English sentences (plain strings long enough to be words, not a
// column name such as "Hash" that other languages may share).
const ENGLISH = Object.entries(JSON.parse(readFileSync(path.join(ROOT, 'www/i18n/en.json'), 'utf8')))
  .filter(([k, v]) => k.startsWith('history.') && typeof v === 'string' && v.length > 12)
  .map(([k, v]) => [k, v.split(/\{[^}]*\}/)[0]]).filter(([, v]) => v.length > 12);
const sha = (s) => createHash('sha256').update(s).digest('hex');

let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** links[0] = a random start, links[k + 1] = sha(links[k]); links[n] is the terminal,
 *  links[k] is round n − k. */
function chain(n) {
  const links = [randomBytes(32).toString('hex')];
  for (let i = 0; i < n; i++) links.push(sha(links[i]));
  return links;
}

/** Real Go on `hashes`: per hash {crash (the floor, × 100), platform, battle winner
 *  for the chances 12.5, 30.1, 7.4, 50 (−1: none)}. A missing Go fails the test
 *  (./build.sh test installs it), as in tests/history_differential.rs. */
function goOracle(hashes) {
  const r = spawnSync('go', ['run', 'tests/oracle/go_chain_games.go'], { cwd: ROOT, input: hashes.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, `the Go oracle: ${r.error || r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, hashes.length);
  return lines.map((line, i) => {
    const f = line.split(' ');
    assert.equal(f[0], hashes[i]);
    return { crash: BigInt(f[1]), platform: Number(f[2]), winner4: Number(f[5]) };
  });
}

/** Opens `record` at `width`, waits for the chain check, runs the history. */
async function historyOf(record, { width = 1280, lang = 'en', height = 900 } = {}) {
  const o = await openPage(browser, { width, height });
  await nextVerdict(o.page, () => o.page.goto(`${PAGE_URL}#lang=${lang}&record=${b64url(record)}`));
  assert.equal(await o.page.getAttribute('[data-check="chainOk"]', 'data-ok'), 'true');
  assert.equal(await o.page.getAttribute('#chain-history', 'data-state'), 'offered');
  await o.page.click('#chain-history-go');
  await o.page.waitForSelector('#chain-history[data-state="done"]', { timeout: 120000 });
  return o;
}
const attrs = (page, sel, names) => page.$eval(sel, (e, ns) => Object.fromEntries(ns.map((n) => [n, e.getAttribute(`data-${n}`)])), names);

test('crash: 20,000 rounds from one hash, counted exactly as an independent port counts them, drawn in SVG, paged newest first', async () => {
  const n = 20000;
  const links = chain(n);
  // The independent port against verifier.js's exact scheme on a few hundred hashes.
  for (const h of links.slice(0, 300)) assert.equal(pointText(crashN(h)), fv.verify({ scheme: 'crash', hash: h }).multiplier, h);
  // And against real Go on all 20,000: two oracles that share no code agree.
  const go = goOracle(links.slice(0, n));
  go.forEach((g, k) => assert.equal(g.crash, crashN(links[k]), links[k]));
  const want = crashCounts(links.slice(0, n));
  assert.ok(want.instant > 0 && want.over10 > 0, 'a 20,000-round chain has instant crashes and 10× rounds');
  const { page, blocked, errors, context } = await historyOf({ scheme: 'crash', hash: links[0], terminal: links[n] });
  const got = await attrs(page, '#chain-history', ['rounds', 'round', 'instant', 'by40', 'over2', 'over10', 'over100', 'highest', 'highest-round', 'longest-below2', 'longest-end-round']);
  assert.deepEqual(got, {
    rounds: String(n), round: String(n), instant: String(want.instant), by40: String(want.by40), over2: String(want.over2),
    over10: String(want.over10), over100: String(want.over100), highest: pointText(want.highest), 'highest-round': String(want.highestRound),
    'longest-below2': String(want.longest), 'longest-end-round': String(want.longestEnd),
  });
  // The chart: an <svg> with a dot for every threshold some round reached, and its
  // table (the text alternative) with the same counts.
  assert.equal(await page.$$eval('#chain-history svg', (s) => s.length), 1);
  assert.equal(await page.getAttribute('#chain-history svg', 'role'), 'img');
  const dots = await page.$$eval('#chain-history svg circle.observed[data-x]', (cs) => cs.map((c) => Number(c.getAttribute('data-x'))));
  const rows = await page.$$eval('#chain-history table.numbers tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const thresholds = [1.01, 1.1, 1.2, 1.5, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 1e5, 2e5, 5e5, 1e6];
  // Every row of the table (the chart's text alternative): the threshold (a multiplier,
  // never grouped: one spelling of a multiplier) and how many
  // of the 20,000 rounds reached it, as the independent port counts them.
  const points = links.slice(0, n).map(crashN);
  const atLeast = thresholds.map((x) => points.filter((N) => N >= BigInt(Math.round(x * 100))).length);
  assert.deepEqual(rows.map((r) => [r[0], r[1]]), thresholds.map((x, i) => [`${x.toLocaleString('en', { useGrouping: false })}×`, atLeast[i].toLocaleString('en')]));
  assert.equal(atLeast[thresholds.indexOf(2)], want.over2);
  assert.equal(atLeast[thresholds.indexOf(10)], want.over10);
  const reached = thresholds.filter((_, i) => atLeast[i] > 0);
  assert.deepEqual(dots, reached);
  assert.equal(await page.getAttribute('html', 'data-worker'), 'on', 'the history walked in the page’s Web Worker');
  const text = await page.textContent('#chain-history');
  assert.match(text, /prove nothing/);
  assert.doesNotMatch(text, /null|undefined|NaN/);
  // Rounds, newest first: the first page is rounds 20000…19901 with the chain's hashes
  // and crash points; a jump to round 1 shows the hash one link before the terminal.
  const first = await page.$$eval('#chain-history-rounds tbody tr', (trs) => trs.map((tr) => [tr.getAttribute('data-round'), tr.querySelector('code').textContent, tr.querySelector('.hout').textContent]));
  assert.equal(first.length, 100);
  first.forEach(([round, hash, mult], i) => {
    assert.deepEqual([round, hash, mult], [String(n - i), links[i], `${pointText(crashN(links[i]))}×`]);
  });
  await page.fill('#chain-history .pager input.jump', '1');
  await page.click('#chain-history .pager .jumpbox button');
  await page.waitForSelector('#chain-history-rounds[data-to="1"]');
  const last = await page.$$eval('#chain-history-rounds tbody tr', (trs) => trs.map((tr) => [tr.getAttribute('data-round'), tr.querySelector('code').textContent]));
  assert.deepEqual(last[last.length - 1], ['1', links[n - 1]]);
  assert.deepEqual(last[0], ['100', links[n - 100]]);
  // A round in the middle, by its number.
  await page.fill('#chain-history .pager input.jump', '12345');
  await page.click('#chain-history .pager .jumpbox button');
  await page.waitForSelector('#chain-history-rounds[data-from="12400"]');
  const mid = await page.$eval('#chain-history-rounds tr[data-round="12345"] code', (c) => c.textContent);
  assert.equal(mid, links[n - 12345]);
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('crash history at 360 and 1280 px in English and Russian: screenshots, no sideways scroll, words from the catalog', async () => {
  const n = 5000;
  const links = chain(n);
  for (const lang of ['en', 'ru', 'ar']) {
    for (const width of [360, 1280]) {
      if (lang === 'ar' && width === 1280) continue;
      const { page, errors, context } = await historyOf({ scheme: 'crash', hash: links[0], terminal: links[n] }, { width, lang, height: width === 360 ? 740 : 900 });
      await page.$eval('#chain-history details.numbers', (d) => { d.open = true; });
      const wide = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
      assert.ok(wide <= width, `${lang} at ${width} px: the page is ${wide} px wide`);
      const box = await page.$eval('#chain-history', (e) => ({ w: e.getBoundingClientRect().width, sw: e.scrollWidth }));
      assert.ok(box.sw <= Math.ceil(box.w) + 1, `${lang} ${width}: #chain-history overflows (${box.sw} > ${box.w})`);
      const text = await page.textContent('#chain-history');
      assert.doesNotMatch(text, /null|undefined|NaN|history\.[a-z]/);
      if (lang === 'ru') assert.match(text, /Все раунды с начала цепочки/);
      // No English sentence of the history's own keys in another language.
      if (lang !== 'en') for (const [k, v] of ENGLISH) assert.ok(!text.includes(v), `${lang}: English ${k} on the page`);
      if (lang === 'ar') assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
      await (await page.$('#chain-history')).scrollIntoViewIfNeeded();
      await shot(page, `history-crash-${lang}-${width}`);
      const el = await page.$('#chain-history');
      await el.screenshot({ path: path.join(ARTIFACTS, `history-crash-${lang}-${width}-section.png`) });
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('platforms: how often each platform fell, against real Go on every hash', async () => {
  const n = 3000;
  const links = chain(n);
  const want = Array(25).fill(0);
  const go = goOracle(links.slice(0, n));
  for (const g of go) want[g.platform - 1]++;
  assert.equal(fv.verify({ scheme: 'platforms', hash: links[0] }).lastPlatform, go[0].platform);
  const { page, errors, context } = await historyOf({ scheme: 'platforms', hash: links[0], terminal: links[n] });
  const got = await attrs(page, '#chain-history', ['rounds', 'platforms', 'dof']);
  assert.deepEqual(got, { rounds: String(n), platforms: want.join(','), dof: '24' });
  // Pearson's statistic against 1/25 each, computed here.
  const e = n / 25;
  const chi = want.reduce((a, x) => a + ((x - e) ** 2) / e, 0);
  assert.ok(Math.abs(Number(await page.getAttribute('#chain-history', 'data-chi-square')) - chi) < 1e-9 * chi);
  assert.equal(await page.$$eval('#chain-history svg rect.bar[data-i]', (r) => r.length), 25);
  const row = await page.$eval('#chain-history-rounds tbody tr', (tr) => tr.querySelector('.hout').textContent);
  assert.equal(row, String(go[0].platform));
  await shot(page, 'history-platforms');
  assert.deepEqual(errors, []);
  await context.close();
});

test('battle: where the wheel stopped by tenths, and a winner for this round only (float64 here and real Go)', async () => {
  const n = 3000;
  const links = chain(n);
  const chances = [12.5, 30.1, 7.4, 50];
  const point = (hex) => Number(BigInt('0x' + hex.slice(0, 16))) / Number(2n ** 64n - 1n);
  const winner = (hex) => {
    const v = point(hex);
    let sum = 0;
    for (let i = 0; i < chances.length; i++) { sum += chances[i] / 100; if (v < sum) return i; }
    return -1;
  };
  const tenths = Array(10).fill(0);
  const go = goOracle(links.slice(0, n));
  for (let k = 0; k < n; k++) {
    assert.equal(winner(links[k]), go[k].winner4, links[k]);
    const v = point(links[k]);
    tenths[[1, 2, 3, 4, 5, 6, 7, 8, 9].filter((j) => v >= j / 10).length]++;
  }
  const mine = winner(links[0]);
  assert.equal(mine, fv.verify({ scheme: 'battle', hash: links[0], chances }).winner);
  const { page, errors, context } = await historyOf({ scheme: 'battle', hash: links[0], terminal: links[n], chances });
  // Earlier rounds had other players and chances: no one's wins are counted over them.
  assert.deepEqual(await attrs(page, '#chain-history', ['rounds', 'tenths', 'winner', 'winners']), { rounds: String(n), tenths: tenths.join(','), winner: String(mine), winners: null });
  assert.equal(await page.$$eval('#chain-history svg rect.bar[data-i]', (r) => r.length), 10);
  const text = await page.textContent('#chain-history');
  assert.match(text, new RegExp(`This round, with its own chances: player ${mine + 1} won`));
  assert.doesNotMatch(text, /Player \d won:/);
  assert.match(text, /no one’s wins are counted/);
  // The rounds' table: the wheel point on every row, a winner on this round's only.
  const rows = await page.$$eval('#chain-history-rounds tbody tr .hout', (tds) => tds.slice(0, 2).map((td) => td.textContent));
  assert.match(rows[0], new RegExp(`player ${mine + 1} won`));
  assert.doesNotMatch(rows[1], /player|winner/i);
  await shot(page, 'history-battle');
  assert.deepEqual(errors, []);
  await context.close();
});

/** P(χ²(k) ≥ x) by Simpson's rule over the density (k = 5), independently of the core. */
function chiSquareSf5(x) {
  const gamma52 = (3 * Math.sqrt(Math.PI)) / 4; // Γ(5/2)
  const f = (t) => (t <= 0 ? 0 : (t ** 1.5 * Math.exp(-t / 2)) / (2 ** 2.5 * gamma52));
  const steps = 200000;
  const h = x / steps;
  let s = f(0) + f(x);
  for (let i = 1; i < steps; i++) s += f(i * h) * (i % 2 ? 4 : 2);
  return 1 - (s * h) / 3;
}

test('a 10,000-bet dice list: faces against uniform, counted as Node’s HMAC gives them, with the chi-square p-value in words', async () => {
  const vec = loadCases().find((c) => c.record.scheme === 'dice' && !c.expect.error && c.expect.commitmentOk === true && c.record.nonce !== undefined).record;
  const { nonce: _n, selected: _s, played: _p, ...seeds } = vec;
  const bets = Array.from({ length: 10000 }, (_, i) => ({ nonce: 1_700_000_000_000 + i * 7919, selected: [1 + (i % 6)] }));
  const faces = Array(6).fill(0);
  let wins = 0;
  for (const b of bets) {
    const seed = createHmac('sha256', `${seeds.serverSeed}:${seeds.clientSeed}:${b.nonce}`).update('').digest('hex');
    const face = Number(BigInt('0x' + seed) % 6n) + 1;
    faces[face - 1]++;
    if (b.selected.includes(face)) wins++;
  }
  const record = { ...seeds, bets };
  const o = await openPage(browser, { width: 1280 });
  const { page, errors, context } = o;
  await nextVerdict(page, () => page.goto(`${PAGE_URL}#record=${b64url(record)}`));
  assert.equal(await page.getAttribute('#bets-history', 'data-state'), 'done');
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'pass');
  const got = await attrs(page, '#bets-history', ['bets', 'faces', 'wins', 'dof']);
  assert.deepEqual(got, { bets: '10000', faces: faces.join(','), wins: String(wins), dof: '5' });
  const e = 10000 / 6;
  const chi = faces.reduce((a, x) => a + ((x - e) ** 2) / e, 0);
  const chiShown = Number(await page.getAttribute('#bets-history', 'data-chi-square'));
  assert.ok(Math.abs(chiShown - chi) < 1e-9 * Math.max(chi, 1), `${chiShown} vs ${chi}`);
  const p = Number(await page.getAttribute('#bets-history', 'data-p-value'));
  assert.ok(Math.abs(p - chiSquareSf5(chi)) < 1e-6, `p ${p} vs ${chiSquareSf5(chi)}`);
  // The plain words for that p-value, and the chart with six bars.
  const text = await page.textContent('#bets-history');
  if (p >= 0.05) assert.match(text, /nothing here stands out/);
  else if (p >= 0.001) assert.match(text, /proves nothing/);
  else assert.match(text, /not a proof/);
  assert.match(text, /prove nothing that each bet’s own check does not/);
  assert.equal(await page.$$eval('#bets-history svg rect.bar[data-i]', (r) => r.length), 6);
  await shot(page, 'history-dice');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a long history can be cancelled: nothing counted is shown, and it can run again', async () => {
  // 3,000,000 links: only the terminal is kept.
  const start = randomBytes(32).toString('hex');
  let h = start;
  const n = 3_000_000;
  for (let i = 0; i < n; i++) h = sha(h);
  const o = await openPage(browser, { width: 1280 });
  const { page, errors, context } = o;
  await nextVerdict(page, () => page.goto(`${PAGE_URL}#record=${b64url({ scheme: 'crash', hash: start, terminal: h })}`));
  assert.equal(await page.getAttribute('[data-check="chainOk"]', 'data-ok'), 'true');
  await page.click('#chain-history-go');
  await page.waitForFunction(() => /links\/s/.test(document.querySelector('#chain-history-rate').textContent), null, { timeout: 60000 });
  assert.equal(await page.getAttribute('#chain-history', 'data-state'), 'walking');
  await page.click('#chain-history-cancel');
  await page.waitForSelector('#chain-history[data-state="cancelled"]');
  assert.equal(await page.getAttribute('#chain-history', 'data-rounds'), null);
  assert.equal(await page.isHidden('#chain-history-progress'), true);
  // The test's own chain: its terminal is no published one, so the round is unchecked
  // (terminal_unpublished), and stays so.
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'unchecked', 'the round itself keeps its verdict');
  // Again, to the end: all 3,000,000 rounds (the worker was made again).
  await page.click('#chain-history-go');
  await page.waitForSelector('#chain-history[data-state="done"]', { timeout: 120000 });
  assert.equal(await page.getAttribute('#chain-history', 'data-rounds'), String(n));
  assert.deepEqual(errors, []);
  await context.close();
});
