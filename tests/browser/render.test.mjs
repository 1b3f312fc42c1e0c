// The result as a player reads it (www/render/): axe-core finds no WCAG 2.1 A/AA
// violation on any scheme's example result (verdicts, differences, errors, bets,
// batches) at 360 and 1280 px; differences are worded in the game's terms and
// marked at their item; verdict states are in words; screenshots for looking at
// (tests/artifacts/render-*.png).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, PAGE_URL, b64url, shot, ARTIFACTS, nextVerdict } from './browser.mjs';
import { loadCases, onePerScheme, ROOT } from '../node/helpers.mjs';

const AXE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const cases = loadCases();
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** One example per scheme and game (both poker reveals, crash with its history). */
function examples() {
  const out = onePerScheme(cases, { bets: false }).map((c) => ({ name: c.name, record: c.record }));
  const dice = cases.find((c) => c.record.scheme === 'dice' && c.record.serverSeedHash && !c.expect.error).record;
  const { nonce, selected, ...diceSeed } = dice;
  out.push({ name: 'dice-bets', record: { ...diceSeed, bets: [
    { nonce, selected }, { nonce: nonce + 1, selected: [1, 2, 3] }, { nonce: nonce + 2, selected: [6], played: { face: 1 } },
  ] } });
  const mines = cases.find((c) => c.record.scheme === 'mines' && c.record.serverSeedHash && !c.expect.error).record;
  const { nonce: mn, mines: count, ...minesSeed } = mines;
  out.push({ name: 'mines-bets', record: { ...minesSeed, bets: [{ nonce: mn, mines: count }, { nonce: mn + 7, mines: 3 }] } });
  const bridge = cases.find((c) => c.record.game === 'bridge' && c.expect.commitmentOk);
  out.push({ name: 'bridge-seed-is-hash', record: { ...bridge.record, serverSeed: bridge.record.commitment } });
  out.push({ name: 'bad-hex-spaces', record: { scheme: 'crash', hash: ` ${'a'.repeat(64)}`, terminal: 'b'.repeat(64), maxSteps: 5 } });
  return out;
}

async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE);
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, first: v.nodes[0] && v.nodes[0].target.join(' ') }));
  }, TAGS);
}

const tag = (name) => name.replace(/^public\//, '').replace(/[^a-z0-9_-]+/gi, '-');

for (const width of [360, 1280]) {
  test(`axe: zero WCAG 2.1 A/AA violations on every example result at ${width} px`, async () => {
    const { page, blocked, errors, context } = await openPage(browser, { width, height: width === 360 ? 740 : 900 });
    const found = [];
    let checked = 0;
    for (const ex of examples()) {
      await page.goto('about:blank');
      await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(ex.record)));
      // Open every folded part so that axe sees it too.
      await page.$$eval('#result details', (ds) => ds.forEach((d) => { d.open = true; }));
      for (const v of await axe(page)) found.push({ example: ex.name, ...v });
      checked++;
      if (width === 1280) await shot(page, `render-${tag(ex.name)}-${width}`);
      else await page.locator('#result').screenshot({ path: path.join(ARTIFACTS, `render-${tag(ex.name)}-${width}.png`) });
    }
    assert.ok(checked >= 20, `only ${checked} examples`);
    assert.deepEqual(found, []);
    assert.deepEqual(blocked, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a one-card change in a bridge record: the seat and both cards named, the card marked at its path', async () => {
  const { page, blocked, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const c = cases.find((x) => x.record.game === 'bridge' && x.expect.commitmentOk);
  const deals = JSON.parse(JSON.stringify(c.expect.deals));
  const real = deals[0][1][5];
  // A card of another seat shown in East's hand (a hand is a set: SPEC "compared by meaning").
  const other = deals[0][2][0];
  deals[0][1][5] = other;
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url({ ...c.record, played: { deals } })));
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'fail');
  // A seat's hand is a set (SPEC): the difference is the hand's, naming the card shown
  // and the card dealt; the dealt card is marked where it is drawn.
  const text = await page.textContent('[data-diff="deals[0][1]"]');
  const name = (id) => ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'][id % 13] + ['♣', '♦', '♥', '♠'][Math.floor(id / 13)];
  assert.match(text, /East/, text);
  assert.ok(text.includes(name(other)) && text.includes(name(real)), text);
  assert.ok(text.indexOf(name(other)) < text.indexOf(name(real)), 'shown first, then what the seeds deal');
  assert.match(text, /Deal 1/);
  const marked = await page.$eval('[data-path="deals[0][1][5]"]', (e) => [e.classList.contains('mismatch'), e.getAttribute('data-played'), e.getAttribute('data-card')]);
  assert.deepEqual(marked, [true, String(other), String(real)]);
  // The dealt order is one click away; the mark stays on its card.
  await page.click('.sorttoggle');
  assert.equal(await page.getAttribute('.cards[data-sortable]', 'data-shown'), 'dealt');
  assert.ok(await page.$eval('[data-path="deals[0][1][5]"]', (e) => e.classList.contains('mismatch')));
  await page.locator('#result').screenshot({ path: path.join(ARTIFACTS, 'render-bridge-one-card-360.png') });
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('verdict words: unchecked says what to ask for; history rows count down from this round; bad hex says what is wrong', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  const crash = cases.find((c) => c.record.scheme === 'crash' && !c.expect.error && !c.record.terminal);
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url({ scheme: 'crash', hash: crash.record.hash })));
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'unchecked');
  assert.ok(await page.$eval('#verdict', (e) => e.classList.contains('neutral')));
  // The published terminal is one tap away in the form: the banner says where.
  assert.match(await page.textContent('#verdict'), /choose “Crash” next to “Published terminals” in the form, or ask the operator/);
  assert.equal(await page.$$eval('#fields .terminals button', (b) => b.map((x) => x.textContent).join()), 'Crash');
  assert.equal(await page.$$eval('#fields .terminals button', (b) => b.map((x) => x.dataset.terminal).join()), 'Crash');
  const chain = cases.find((c) => c.record.scheme === 'crash' && c.record.history && c.expect.round);
  await page.goto('about:blank');
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(chain.record)));
  const rows = await page.$$eval('.history tbody tr th', (th) => th.map((x) => x.textContent));
  const r = chain.expect.round;
  // A round number is an id: never grouped ("Round 1843", not "Round 1,843").
  assert.ok(r >= 1000, `round ${r}: a number that English would group`);
  assert.deepEqual(rows.slice(0, 3), [`Round ${r}`, `Round ${r - 1}`, `Round ${r - 2}`]);
  await page.goto('about:blank');
  assert.equal((await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url({ scheme: 'crash', hash: `0x${'a'.repeat(64)}` })))).verdict, 'error');
  assert.match(await page.textContent('.errmsg'), /starts with “0x”/);
  assert.ok(await page.$eval('#verdict', (e) => e.classList.contains('neutral')));
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a failed commitment: the failed check right under the banner, and what to do next', async () => {
  const { page, blocked, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const c = cases.find((x) => x.record.game === 'bridge' && x.expect.commitmentOk);
  const order = () => page.evaluate(() => {
    const checks = document.querySelector('#result ul.checks');
    const drawing = document.querySelector('#result .drawing');
    return checks.compareDocumentPosition(drawing) & Node.DOCUMENT_POSITION_FOLLOWING ? 'checks first' : 'drawing first';
  });
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url({ ...c.record, serverSeed: c.record.serverSeed.replace(/^./, (x) => (x === 'a' ? 'b' : 'a')) })));
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'fail');
  assert.equal(await order(), 'checks first', 'the failed check is not two screens below the banner');
  assert.match(await page.textContent('#verdict .next'), /copied exactly.*contact the operator/);
  const failedTop = await page.$eval('#result ul.checks li[data-ok="false"]', (e) => e.getBoundingClientRect().top + window.scrollY);
  const verdictTop = await page.$eval('#verdict', (e) => e.getBoundingClientRect().top + window.scrollY);
  assert.ok(failedTop - verdictTop < 740, `the failed check is ${failedTop - verdictTop} px below the banner`);
  await page.locator('#result').screenshot({ path: path.join(ARTIFACTS, 'render-bridge-commitment-fail-360.png') });
  // A pass keeps the drawing first, and says nothing about support.
  await page.goto('about:blank');
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(c.record)));
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'pass');
  assert.equal(await order(), 'drawing first');
  assert.equal(await page.$$eval('#verdict .next', (e) => e.length), 0);
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('no published derivation (match_seed_v1): a neutral banner that does not blame the record', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  const c = cases.find((x) => x.record.scheme === 'match_seed_v2' && x.expect.commitmentOk);
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url({ ...c.record, scheme: 'match_seed_v1' })));
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'unsupported');
  assert.ok(await page.$eval('#verdict', (e) => e.classList.contains('neutral')));
  assert.equal(await page.getAttribute('.errmsg', 'data-code'), 'unsupported_scheme');
  const text = await page.textContent('#result');
  assert.match(text, /Nothing is wrong with your record/);
  assert.doesNotMatch(text, /not valid|could not be checked/);
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('what the form and errors call things: the commitment is not "(optional)", unknown played keys are listed in words', async () => {
  const { page, blocked, errors, context } = await openPage(browser);
  const dice = cases.find((x) => x.record.scheme === 'dice' && x.record.serverSeedHash && x.record.nonce !== undefined && !x.expect.error);
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url({ ...dice.record, played: { colour: 'red' } })));
  const label = await page.textContent('[data-field="serverSeedHash"] label');
  assert.doesNotMatch(label, /optional/, label);
  assert.match(label, /needed for a proof/, label);
  assert.match(await page.textContent('[data-field="played"] label'), /optional/);
  const msg = await page.textContent('.errmsg');
  assert.equal(await page.getAttribute('.errmsg', 'data-code'), 'unknown_field');
  assert.match(msg, /the die/, msg);
  assert.doesNotMatch(msg, /gameSeed|selected\b|\bface\b/, msg);
  // Too few client seeds: how many were given, how many the game needs, how to write an empty one.
  const bridge = cases.find((x) => x.record.game === 'bridge' && x.expect.commitmentOk);
  await page.goto('about:blank');
  assert.equal((await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url({ ...bridge.record, clientSeeds: bridge.record.clientSeeds.slice(0, 3) })))).verdict, 'error');
  assert.match(await page.textContent('.errmsg'), /3 seeds given; this game needs exactly 4, one per player\. An empty seed .* \["a", "b", "c", ""\]/);
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('only the first deal of a match as played: compared as far as it goes, the rest said as not compared (never a red)', async () => {
  const { page, blocked, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const c = cases.find((x) => x.record.game === 'bridge' && x.expect.commitmentOk && x.expect.deals.length > 2);
  const n = c.expect.deals.length;
  await nextVerdict(page, () => page.goto(PAGE_URL + '#lang=ro&record=' + b64url({ ...c.record, played: { deals: c.expect.deals.slice(0, 1) } })));
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'pass');
  const note = await page.$eval('[data-not-shown="deals"]', (e) => [e.dataset.count, e.textContent]);
  assert.equal(note[0], String(n - 1));
  // The deals by their plural name, never "N items" (turn 7: ro.json diff.notShown.deals).
  const ro = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/ro.json'), 'utf8'))['diff.notShown.deals'];
  const want = (ro[new Intl.PluralRules('ro').select(n - 1)] || ro.other).replace('{count}', String(n - 1));
  assert.equal(note[1], want, note[1]);
  assert.doesNotMatch(await page.textContent('#result'), /deals\[|null/);
  // One card changed in that deal: a fail for that card alone, the rest still not compared.
  const deals = JSON.parse(JSON.stringify(c.expect.deals.slice(0, 1)));
  deals[0][0][0] = (deals[0][0][0] + 1) % 52;
  await page.goto('about:blank');
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url({ ...c.record, played: { deals } })));
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'fail');
  assert.equal(await page.$$eval('ul.diffs li', (l) => l.length), 1);
  assert.equal(await page.getAttribute('[data-not-shown="deals"]', 'data-count'), String(n - 1));
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});
