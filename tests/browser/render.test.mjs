// The result as a player reads it (www/render/): axe-core finds no WCAG 2.1 A/AA
// violation on any scheme's example result (verdicts, differences, errors, bets,
// batches) at 360 and 1280 px; differences are worded in the game's terms and
// marked at their item; verdict states are in words; screenshots for looking at
// (tests/artifacts/render-*.png).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, openPage, PAGE_URL, b64url, shot, ARTIFACTS } from './browser.mjs';
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
      await page.goto(PAGE_URL + '#record=' + b64url(ex.record));
      await page.waitForSelector('#verdict');
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

test('a one-card change in a bridge record: the seat and the card named, the card marked at its path', async () => {
  const { page, blocked, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const c = cases.find((x) => x.record.game === 'bridge' && x.expect.commitmentOk);
  const deals = JSON.parse(JSON.stringify(c.expect.deals));
  const real = deals[0][1][5];
  const other = (real + 20) % 52;
  deals[0][1][5] = other;
  await page.goto(PAGE_URL + '#record=' + b64url({ ...c.record, played: { deals } }));
  await page.waitForSelector('#verdict');
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'fail');
  const text = await page.textContent('[data-diff="deals[0][1][5]"]');
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
  await page.goto(PAGE_URL + '#record=' + b64url({ scheme: 'crash', hash: crash.record.hash }));
  await page.waitForSelector('#verdict');
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'unchecked');
  assert.ok(await page.$eval('#verdict', (e) => e.classList.contains('neutral')));
  assert.match(await page.textContent('#verdict'), /ask the operator for the chain’s published terminal/);
  const chain = cases.find((c) => c.record.scheme === 'crash' && c.record.history && c.expect.round);
  await page.goto('about:blank');
  await page.goto(PAGE_URL + '#record=' + b64url(chain.record));
  await page.waitForSelector('#verdict');
  const rows = await page.$$eval('.history tbody tr th', (th) => th.map((x) => x.textContent));
  const r = chain.expect.round;
  assert.deepEqual(rows.slice(0, 3), [`Round ${r.toLocaleString('en')}`, `Round ${(r - 1).toLocaleString('en')}`, `Round ${(r - 2).toLocaleString('en')}`]);
  await page.goto('about:blank');
  await page.goto(PAGE_URL + '#record=' + b64url({ scheme: 'crash', hash: `0x${'a'.repeat(64)}` }));
  await page.waitForSelector('#verdict[data-verdict="error"]');
  assert.match(await page.textContent('.errmsg'), /starts with “0x”/);
  assert.ok(await page.$eval('#verdict', (e) => e.classList.contains('neutral')));
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});
