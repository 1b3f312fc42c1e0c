// "What you were shown" entered without JSON (issue 32): a player taps the hand they
// held in the card picker, the mines on the 5×5 board, types the crash point with a
// decimal comma, and the page verifies it (pass); one card changed is a fail that
// names that card. At 360 px, with every target a named toggle; screenshots in
// tests/artifacts/ (seen-*.png).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, PAGE_URL, b64url, ARTIFACTS, nextVerdict } from './browser.mjs';
import { loadCases, ROOT } from '../node/helpers.mjs';

const cases = loadCases();
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['♣', '♦', '♥', '♠'];
/** A rank_major card id as the picker names its button (SPEC conventions). */
const text = (id) => `${RANKS[id % 13]}${SUITS[Math.floor(id / 13)]}`;

const RANK_NAMES = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'];
const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
/** Its name in English ("queen of hearts"). */
const name = (id) => `${RANK_NAMES[id % 13]} of ${SUIT_NAMES[Math.floor(id / 13)]}`;

/** The first card id a hand does not hold. */
const out0 = (hand) => [...Array(52).keys()].find((id) => !hand.includes(id));

const passing = (f) => cases.find((c) => (c.expect.commitmentOk === true || c.expect.chainOk === true) && f(c));

/** Opens a record by link at 360 px and waits for its verdict and the entry. */
async function open(record) {
  const opened = await openPage(browser, { width: 360, height: 780 });
  const { page } = opened;
  await nextVerdict(page, () => page.goto(`${PAGE_URL}#lang=en&record=${b64url(record)}`));
  await page.waitForSelector('#played-entry', { state: 'attached' });
  return opened;
}

/** Verify, and the final report the page drew. */
async function verify(page) {
  await page.evaluate(() => { document.querySelector('#result').fvReport = null; });
  await nextVerdict(page, () => page.click('#verify'));
  return page.evaluate(() => document.querySelector('#result').fvReport);
}

/** A screenshot of one part of the page (tests/artifacts/<name>.png). */
async function shot(page, name, selector) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator(selector).first().screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
/** axe-core's WCAG 2.1 A/AA violations on the page as it is (the entry open). */
async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.length, first: v.nodes[0] && v.nodes[0].target.join(' ') }));
  });
}

const noOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a bridge hand tapped in the picker passes; one card changed fails naming that card', async () => {
  const c = passing((x) => x.record.game === 'bridge');
  const { page, errors, context } = await open(c.record);
  const hand = c.expect.deals[0][2];
  await page.click('#played-entry > summary');
  // South (seat 2) of deal 1, tapped in another order than dealt.
  await page.selectOption('#played-entry [data-part="deals"] select', '2');
  for (const id of [...hand].reverse()) await page.click(`#played-entry [data-part="deals"] button[data-card="${text(id)}"]`);
  const played = JSON.parse(await page.inputValue('#f-played'));
  assert.deepEqual(played, { deals: [[null, null, [...hand].reverse().map(text)]] });
  // Every card a toggle with a name, at least 44 px tall, and the picker fits 360 px.
  const buttons = await page.$$eval('#played-entry .cardpicker button', (bs) => bs.map((b) => ({
    name: b.querySelector('.visually-hidden').textContent, pressed: b.getAttribute('aria-pressed'), h: b.getBoundingClientRect().height,
    right: b.getBoundingClientRect().right,
  })));
  assert.equal(buttons.length, 52);
  assert.equal(buttons.filter((b) => b.pressed === 'true').length, 13);
  assert.ok(buttons.every((b) => /\w+ of \w+/.test(b.name) && b.h >= 44 && b.right <= 360), JSON.stringify(buttons[0]));
  // The name a screen reader says, and the state.
  assert.equal(await page.getByRole('button', { name: name(hand[0]), exact: true }).getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByRole('button', { name: name(out0(hand)), exact: true }).getAttribute('aria-pressed'), 'false');
  assert.ok(await noOverflow(page));
  await shot(page, 'seen-bridge-picker', '#played-entry');

  // Another hand: the next seat (West) of the same deal, removed again.
  await page.click('#played-entry [data-part="deals"] button.seenadd');
  const slots = '#played-entry [data-part="deals"] .seenslot';
  assert.deepEqual(await page.$$eval(`${slots} select`, (ss) => ss.map((x) => x.value)), ['2', '3']);
  await page.click(`${slots}:nth-of-type(2) button.seenremove`);
  assert.equal(await page.$$eval(slots, (ss) => ss.length), 1);
  // Three hands, the middle one removed, one added: no id twice on the page (each
  // label still names its own control).
  await page.click('#played-entry [data-part="deals"] button.seenadd');
  await page.click('#played-entry [data-part="deals"] button.seenadd');
  await page.click(`${slots}:nth-of-type(2) button.seenremove`);
  await page.click('#played-entry [data-part="deals"] button.seenadd');
  const ids = await page.$$eval('[id]', (es) => es.map((e) => e.id));
  assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
  for (let k = 0; k < 2; k++) await page.click(`${slots}:nth-of-type(2) button.seenremove`);
  assert.deepEqual(JSON.parse(await page.inputValue('#f-played')), played);

  const r = await verify(page);
  assert.equal(r.verdict, 'pass', JSON.stringify(r.differences));
  assert.equal(r.differenceCount, 0);
  // What was entered is drawn beside the recomputation, as the same.
  assert.equal(await page.getAttribute('.seenrow[data-seen="deals[0][2]"]', 'data-differs'), 'false');
  await shot(page, 'seen-bridge-pass', '.seenrows');

  // One card swapped for a card South did not hold.
  const out = out0(hand);
  await page.click(`#played-entry [data-part="deals"] button[data-card="${text(hand[5])}"]`);
  await page.click(`#played-entry [data-part="deals"] button[data-card="${text(out)}"]`);
  const r2 = await verify(page);
  assert.equal(r2.verdict, 'fail');
  assert.equal(r2.differenceCount, 1);
  assert.deepEqual([r2.differences[0].shownOnly, r2.differences[0].computedOnly], [[out], [hand[5]]]);
  // The row of what was entered says it differs, and outlines the card shown but not
  // dealt, and the card dealt but not shown, each named.
  const row = '.seenrow[data-seen="deals[0][2]"]';
  assert.equal(await page.getAttribute(row, 'data-differs'), 'true');
  const outlined = await page.$$eval(`${row} .seenoff`, (ns) => ns.map((n) => [n.closest('figure').className, n.getAttribute('aria-label')]));
  assert.deepEqual(outlined, [['seenshown', name(out)], ['seencomputed', name(hand[5])]]);
  await shot(page, 'seen-bridge-difference', '.seenrows');
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the mines tapped on the board, in any order, pass', async () => {
  const c = passing((x) => x.record.scheme === 'mines' && !x.record.bets && x.expect.mines.length >= 3);
  const { page, errors, context } = await open(c.record);
  await page.click('#played-entry > summary');
  // The parts are drawn when the entry is first opened.
  await page.waitForSelector('#played-entry .seenmines button');
  const cells = await page.$$eval('#played-entry .seenmines button', (bs) => bs.map((b) => [b.querySelector('.visually-hidden').textContent, b.getAttribute('aria-pressed'), b.getBoundingClientRect().height]));
  assert.equal(cells.length, 25);
  assert.ok(cells.every(([name, pressed, h]) => /^Cell \d+$/.test(name) && pressed === 'false' && h >= 44));
  for (const cell of [...c.expect.mines].reverse()) await page.click(`#played-entry button[data-cell="${cell}"]`);
  assert.equal(await page.getAttribute(`#played-entry button[data-cell="${c.expect.mines[0]}"]`, 'aria-pressed'), 'true');
  assert.deepEqual(JSON.parse(await page.inputValue('#f-played')), { mines: c.expect.mines.slice().sort((a, b) => a - b) });
  await shot(page, 'seen-mines-board', '#played-entry');
  assert.deepEqual(await axe(page), []);
  // Another language: the entry is drawn again in its words, with what was tapped.
  await page.selectOption('#lang', 'ru');
  await page.waitForFunction(() => document.documentElement.lang === 'ru');
  assert.equal(await page.getAttribute(`#played-entry button[data-cell="${c.expect.mines[0]}"]`, 'aria-pressed'), 'true');
  assert.match(await page.textContent('#played-entry [data-part="mines"] legend'), /Мины/);
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  const r = await verify(page);
  assert.equal(r.verdict, 'pass');
  assert.equal(r.differenceCount, 0);
  // One more cell: a fail naming the cell shown but not recomputed.
  const extra = [...Array(25).keys()].map((i) => i + 1).find((n) => !c.expect.mines.includes(n));
  await page.click(`#played-entry button[data-cell="${extra}"]`);
  const r2 = await verify(page);
  assert.equal(r2.verdict, 'fail');
  assert.deepEqual(r2.differences.map((d) => d.shownOnly), [[extra]]);
  assert.equal(await page.$$eval(`.seenrow[data-seen="mines"] .seenshown td.seenoff[data-cell="${extra}"]`, (ns) => ns.length), 1);
  assert.ok(await noOverflow(page));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a crash point typed with a decimal comma and × matches the recomputed one', async () => {
  const c = passing((x) => x.record.scheme === 'crash' && x.record.terminal && !x.record.history && x.expect.multiplier !== '1.00');
  const { page, errors, context } = await open(c.record);
  await page.click('#played-entry > summary');
  const input = '#played-entry input.seenmultiplier';
  assert.equal(await page.getAttribute(input, 'inputmode'), 'decimal');
  await page.fill(input, `${c.expect.multiplier.replace('.', ',')}×`);
  const r = await verify(page);
  // The vector's chain brings its own terminal: unchecked (terminal_unpublished), never
  // a fail, and no difference between what was typed and the recomputed point.
  assert.equal(r.verdict, 'unchecked', JSON.stringify(r.differences));
  assert.equal(r.differenceCount, 0);
  assert.ok(r.hints.some((h) => h.code === 'terminal_unpublished'));
  await shot(page, 'seen-crash-pass', '#played-entry');
  assert.deepEqual(errors, []);
  await context.close();
});

test('backgammon: the dice of each roll tapped, a later roll in either order, pass', async () => {
  const c = passing((x) => x.record.game === 'table' && x.expect.rolls.length >= 3);
  const { page, errors, context } = await open(c.record);
  await page.click('#played-entry > summary');
  const rolls = c.expect.rolls.slice(0, 3);
  for (let i = 0; i < rolls.length; i++) {
    if (i) await page.click('#played-entry button.seenadd');
    const groups = page.locator(`#played-entry ol.seenrolls > li[data-roll="${i}"] .seenchoices`);
    // The opening roll as rolled (seat 1's die first); a later roll the other way round.
    const [a, b] = i ? [rolls[i][1], rolls[i][0]] : rolls[i];
    await groups.nth(0).locator(`button[data-value="${a}"]`).click();
    await groups.nth(1).locator(`button[data-value="${b}"]`).click();
  }
  const dice = await page.$$eval('#played-entry ol.seenrolls button.seendie', (bs) => bs.map((x) => [x.getAttribute('aria-label'), x.getBoundingClientRect().height, x.getBoundingClientRect().right]));
  assert.equal(dice.filter(([name]) => name && /^die showing \d$/.test(name)).length, 36);
  assert.ok(dice.every(([, h, right]) => h >= 44 && right <= 360));
  assert.deepEqual(JSON.parse(await page.inputValue('#f-played')).rolls.length, 3);
  await shot(page, 'seen-table-rolls', '#played-entry');
  const r = await verify(page);
  assert.equal(r.verdict, 'pass', JSON.stringify(r.differences));
  assert.equal(r.differenceCount, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link whose record carries played fills the entry; JSON stays possible', async () => {
  const c = passing((x) => x.record.game === 'bridge');
  const hand = c.expect.deals[0][0];
  const { page, errors, context } = await open({ ...c.record, played: { deals: [[hand.map(text)]], seats: c.expect.seats } });
  // Opened, with North's cards pressed; the key the entry does not offer (seats) kept.
  assert.equal(await page.getAttribute('#played-entry', 'open'), '');
  const pressed = await page.$$eval('#played-entry .cardpicker button[aria-pressed="true"]', (bs) => bs.map((b) => b.getAttribute('data-card')));
  assert.deepEqual(pressed.sort(), hand.map(text).sort());
  await page.click(`#played-entry [data-part="deals"] button[data-card="${text(hand[0])}"]`);
  const played = JSON.parse(await page.inputValue('#f-played'));
  assert.deepEqual(played.seats, c.expect.seats);
  assert.equal(played.deals[0][0].length, 12);
  assert.deepEqual(errors, []);
  await context.close();
});
