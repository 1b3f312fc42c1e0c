// Issue 41, the form: client seeds labelled as the site lists the players (never by
// seat: the seats are drawn from them) and the result saying where each listed
// player sat; counts left empty when what was shown implies them (backgammon's
// rolls: the core counts them; the mines of a tapped board: the form counts them);
// "optional" only on fields that are; and hold'em's "My position: I don't know",
// which finds whose hand the cards are (the core's diagnosis) and verifies them
// there. At 360 px, in two languages; screenshots in tests/artifacts/ (pos-*.png).
// Every wait is for the page's own count of finished results (`#result[data-drawn]`,
// browser.mjs nextVerdict), never for a text or a delay.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE_URL, b64url, ARTIFACTS, nextVerdict } from './browser.mjs';
import { VERIFIER, loadCases, ROOT } from '../node/helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const cases = loadCases();
const catalog = (lang) => JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
const fill = (text, params) => text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

const passing = (f) => cases.find((c) => c.record && c.record.scheme && c.expect.error === undefined && f(c.record) && fv.verify(c.record).verdict === 'pass');

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['♣', '♦', '♥', '♠'];
/** A card id of the scheme's numbering as the picker names its button. */
const cardText = (id, order) => (order === 'value_major' ? `${RANKS[Math.floor(id / 4)]}${SUITS[id % 4]}` : `${RANKS[id % 13]}${SUITS[Math.floor(id / 13)]}`);

/** Opens a record by link at 360 px in `lang`; waits for its verdict. */
async function open(record, lang = 'en') {
  const opened = await openPage(browser, { width: 360, height: 780 });
  await nextVerdict(opened.page, () => opened.page.goto(`${PAGE_URL}#lang=${lang}&record=${b64url(record)}`));
  assert.ok(await opened.page.evaluate(() => !!document.querySelector('#result').fvReport), 'the link\'s record has no report');
  return opened;
}

/** Taps Verify and waits for its result drawn; returns its final report (`position`:
 *  the result must carry the note on where a hand of unknown position was found,
 *  which Verify clears before it looks). */
async function verify(page, { position = false } = {}) {
  await nextVerdict(page, () => page.click('#verify'));
  const { report, marked } = await page.evaluate(() => {
    const r = document.querySelector('#result');
    return { report: r.fvReport, marked: r.hasAttribute('data-position') };
  });
  assert.ok(report, 'no final report');
  if (position) assert.ok(marked, 'the result does not say where the hand was found');
  return report;
}

async function shot(page, name, selector) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator(selector).first().screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

const noOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const labelOf = (page, name) => page.textContent(`#fields label[for="f-${name}"]`);

for (const lang of ['en', 'ru', 'ar']) {
  test(`${lang}: bridge client seeds are the site's players 1–4; the result says where each sat`, async () => {
    const words = catalog(lang);
    const c = passing((r) => r.game === 'bridge' && r.clientSeeds.some((s) => s !== ''));
    const { page, errors, context } = await open(c.record, lang);
    const labels = await page.$$eval('#fields [data-field="clientSeeds"] .seatseed label', (ls) => ls.map((l) => l.textContent));
    assert.deepEqual(labels, [1, 2, 3, 4].map((n) => fill(words['field.clientSeeds.player'], { n })));
    assert.equal(await page.textContent('#f-clientSeeds-legend'), fill(words['field.clientSeeds.listed'], { label: words['field.clientSeeds'] }));
    assert.equal(await page.textContent('#f-clientSeeds-help'), words['fieldhelp.clientSeeds.match_seed_v2']);
    // Each seat of the result: the listed player who sat there, with the seed typed in
    // that player's box.
    const seats = fv.verify(c.record).seats;
    const items = await page.$$eval('ol.seats > li', (ls) => ls.map((l) => [Number(l.dataset.seat), Number(l.dataset.player), l.textContent]));
    assert.equal(items.length, 4);
    for (const [s, p, said] of items) {
      assert.equal(p, seats[s]);
      const seed = c.record.clientSeeds[p];
      const seat = words[`seat.bridge.${s}`] + (s === 0 ? words['render.seat.first.deals'] : '');
      const key = seed === '' ? 'render.seat.satEmpty' : 'render.seat.satSeed';
      assert.equal(said, fill(words[key], { n: p + 1, seed, seat }), `seat ${s}`);
    }
    assert.ok(await noOverflow(page));
    await shot(page, `pos-bridge-seeds-${lang}`, '#fields [data-field="clientSeeds"]');
    await shot(page, `pos-bridge-seats-${lang}`, 'ol.seats');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const lang of ['ro', 'ru']) {
  test(`${lang}: backgammon: rolls entered and the count left empty verify (the core counts them); the "missing" error goes with the need`, async () => {
    const words = catalog(lang);
    const c = passing((r) => r.game === 'table' && r.rolls >= 4);
    const { page, errors, context } = await open(c.record, lang);
    const rolls = fv.verify(c.record).rolls;
    // Required while nothing is entered below; optional, counted, once rolls are.
    assert.equal(await labelOf(page, 'rolls'), words['field.rolls']);
    await page.fill('#f-rolls', '');
    // Verified with neither: the count is missing, said under its field.
    await nextVerdict(page, () => page.click('#verify'));
    const missing = await page.$eval('#f-rolls-err', (p) => ({ code: p.getAttribute('data-code'), text: p.textContent, invalid: p.parentElement.classList.contains('invalid') }));
    assert.equal(missing.code, 'missing_field', JSON.stringify(missing));
    assert.ok(missing.text && missing.invalid, JSON.stringify(missing));
    // The banner: "not checked yet, something is missing", never "invalid record"
    // (phone tour, turn 6, P8).
    const banner = await page.$eval('#verdict', (v) => ({ verdict: v.getAttribute('data-verdict'), kind: v.getAttribute('data-kind'), word: v.querySelector('.vword').textContent, text: v.innerText }));
    assert.deepEqual([banner.verdict, banner.kind, banner.word], ['error', 'incomplete', words['render.status.incomplete']], JSON.stringify(banner));
    assert.ok(!banner.text.includes(words['render.status.error']), banner.text);
    await page.click('#played-entry > summary');
    for (let i = 0; i < rolls.length; i++) {
      if (i) await page.click('#played-entry [data-part="rolls"] .seenrollsbox > button.seenadd');
      const groups = page.locator(`#played-entry ol.seenrolls > li[data-roll="${i}"] .seenchoices`);
      await groups.nth(0).locator(`button[data-value="${rolls[i][0]}"]`).click();
      await groups.nth(1).locator(`button[data-value="${rolls[i][1]}"]`).click();
    }
    assert.equal(await labelOf(page, 'rolls'), fill(words['field.optionalShown'], { label: words['field.rolls'] }));
    // The field needs no value now: its "missing" error is gone with the need (it
    // stayed under the new "optional" label until the next Verify).
    const after = await page.$eval('#f-rolls-err', (p) => ({ text: p.textContent, invalid: p.parentElement.classList.contains('invalid') }));
    assert.deepEqual(after, { text: '', invalid: false });
    const r = await verify(page);
    assert.equal(r.verdict, 'pass', JSON.stringify(r.error || r.differences));
    assert.equal(r.rolls.length, rolls.length);
    await shot(page, `pos-table-count-empty-${lang}`, '#fields [data-field="rolls"]');
    // The final state as a phone shows it: the verdict at the top.
    await page.$eval('#verdict', (v) => v.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(ARTIFACTS, `lead-${lang}-implied-count-360.png`) });
    assert.ok(await noOverflow(page));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const lang of ['en', 'ru']) {
  test(`${lang}: mines: the count left empty is the cells tapped; nonce and count not "optional" without bets`, async () => {
    const words = catalog(lang);
    const c = passing((r) => r.scheme === 'mines' && !r.bets && r.mines >= 3);
    const mines = fv.verify(c.record).mines;
    const { page, errors, context } = await open(c.record, lang);
    // A single bet: the nonce and the count are needed, and said so.
    assert.equal(await labelOf(page, 'nonce'), words['field.nonce']);
    assert.equal(await labelOf(page, 'mines'), words['field.mines']);
    // The client seed: the one active for these bets, before the change that revealed
    // the server seed (seed 004's operator).
    assert.equal(await page.textContent('#f-clientSeed-help'), words['fieldhelp.clientSeed.mines']);
    await page.fill('#f-mines', '');
    await page.click('#played-entry > summary');
    await page.waitForSelector('#played-entry .seenmines button');
    for (const cell of mines) await page.click(`#played-entry button[data-cell="${cell}"]`);
    assert.equal(await labelOf(page, 'mines'), fill(words['field.optionalShown'], { label: words['field.mines'] }));
    const r = await verify(page);
    assert.equal(r.verdict, 'pass', JSON.stringify(r.error || r.differences));
    assert.deepEqual([...r.mines].sort((a, b) => a - b), [...mines].sort((a, b) => a - b));
    await shot(page, `pos-mines-count-${lang}`, '#fields [data-field="mines"]');
    // With bets typed, the single bet's fields are optional.
    await page.fill('#f-bets', JSON.stringify([{ nonce: c.record.nonce, mines: mines.length }]));
    assert.equal(await labelOf(page, 'nonce'), fill(words['field.optional'], { label: words['field.nonce'] }));
    assert.ok(await noOverflow(page));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const lang of ['en', 'it']) {
  test(`${lang}: hold'em "My position: I don't know" finds whose hand the cards are and verifies them there`, async () => {
    const words = catalog(lang);
    const c = passing((r) => r.scheme === 'selfpoker' && r.players >= 3);
    const holes = fv.verify(c.record).holeCards;
    const { page, errors, context } = await open(c.record, lang);
    await page.click('#played-entry > summary');
    const part = '#played-entry [data-part="holeCards"]';
    // Nothing says how the site numbers the players: "I don't know" is the default.
    assert.equal(await page.isChecked(`${part} input[data-unknown="player"]`), true);
    assert.equal(await page.textContent(`${part} .seenunknown label`), words['seen.unknown.player']);
    assert.equal(await page.isVisible(`${part} [data-step="player"]`), false);
    for (const id of holes[2]) await page.click(`${part} button[data-card="${cardText(id, 'value_major')}"]`);
    await shot(page, `pos-holdem-unknown-${lang}`, part);
    const r = await verify(page, { position: true });
    assert.equal(r.verdict, 'pass', JSON.stringify(r.differences));
    assert.equal(await page.getAttribute('#result', 'data-position'), '2');
    const who = fill(words['draw.player'], { n: 3 });
    assert.equal(await page.textContent('#result .position-found'), fill(words['seen.position.found'], { who }));
    // The record as checked: player 3's hand, the others not entered (null).
    const played = JSON.parse(await page.inputValue('#f-played'));
    assert.deepEqual(played.holeCards.slice(0, 2), [null, null]);
    assert.equal(played.holeCards[2].length, 2);
    // The position is known now: the picker shows it.
    assert.equal(await page.isChecked(`${part} input[data-unknown="player"]`), false);
    assert.equal(await page.inputValue(`${part} [data-step="player"] input`), '3');
    assert.ok(await noOverflow(page));
    await shot(page, `pos-holdem-found-${lang}`, '#result');
    // Cards that are no player's: compared as player 1's, and said so.
    await page.check(`${part} input[data-unknown="player"]`);
    const taken = new Set(holes.flat());
    const other = [...Array(52).keys()].filter((id) => !taken.has(id)).slice(0, 2);
    for (const id of holes[2]) await page.click(`${part} button[data-card="${cardText(id, 'value_major')}"]`);
    for (const id of other) await page.click(`${part} button[data-card="${cardText(id, 'value_major')}"]`);
    const r2 = await verify(page, { position: true });
    assert.equal(r2.verdict, 'fail');
    assert.equal(await page.getAttribute('#result', 'data-position'), 'none');
    assert.equal(await page.textContent('#result .position-found'), fill(words['seen.position.none'], { who: fill(words['draw.player'], { n: 1 }) }));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('bridge: "My seat: I don\'t know" puts a hand where the core finds it (off by default)', async () => {
  const words = catalog('en');
  const c = passing((r) => r.game === 'bridge');
  const deals = fv.verify(c.record).deals;
  const { page, errors, context } = await open(c.record);
  await page.click('#played-entry > summary');
  const part = '#played-entry [data-part="deals"]';
  // The seat is off by default, and the seat menu names who sat at each seat in the
  // record verified last: the number on the site's list, which the player knows.
  assert.equal(await page.isChecked(`${part} input[data-unknown="seat"]`), false);
  const seats = fv.verify(c.record).seats;
  assert.deepEqual(await page.$$eval(`${part} select[data-seats] option`, (os) => os.map((o) => o.textContent)),
    seats.map((p, s) => fill(words['seen.seat.held'], { seat: words[`seat.bridge.${s}`], n: p + 1 })));
  await page.check(`${part} input[data-unknown="seat"]`);
  assert.equal(await page.isVisible(`${part} [data-step="seat"]`), false);
  for (const id of deals[0][2]) await page.click(`${part} button[data-card="${cardText(id, 'rank_major')}"]`);
  await shot(page, 'pos-bridge-unknown-seat', part);
  const r = await verify(page, { position: true });
  assert.equal(r.verdict, 'pass', JSON.stringify(r.differences));
  assert.equal(await page.getAttribute('#result', 'data-position'), '2');
  assert.equal(await page.textContent('#result .position-found'), fill(words['seen.position.found'], { who: words['seat.bridge.2'] }));
  assert.deepEqual(JSON.parse(await page.inputValue('#f-played')).deals[0].slice(0, 2), [null, null]);
  assert.equal(await page.inputValue(`${part} [data-step="seat"] select`), '2');
  // A seed typed again: who sat where is not known any more, the seats are named alone.
  await page.fill('#f-clientSeeds-0', `${c.record.clientSeeds[0]}x`);
  assert.deepEqual(await page.$$eval(`${part} select[data-seats] option`, (os) => os.map((o) => o.textContent)),
    [0, 1, 2, 3].map((s) => words[`seat.bridge.${s}`]));
  assert.deepEqual(errors, []);
  await context.close();
});
