// A server seed typed on a Cyrillic layout (read 4, ru, point 1; issue 44's false
// accusation): the Cyrillic с, а, е look like the hex letters c, a, e, the seed misses
// its hash, but with the Latin letters in their place it hashes to it. The core ties
// that fact to the failed check (lookalike_char with `check` and `to`), so the page's
// banner is the amber slip led by the look-alike hint (data-tone, data-lead), never
// the red fail; its one-tap re-check with the seed in Latin passes. A look-alike whose
// Latin fold still misses keeps the red fail. Dice and mines, in Russian and English.
// Waits for the page's own count of drawn results (browser.mjs nextVerdict).
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, shot, b64url, PAGE_URL, nextVerdict } from './browser.mjs';
import { loadCases } from '../node/helpers.mjs';

const cases = loadCases();
const bet = (scheme) => {
  const c = cases.find((x) => !x.expect.error && x.record.scheme === scheme && !x.record.bets && x.expect.commitmentOk === true && /[ace]/.test(x.record.serverSeed));
  assert.ok(c, `a ${scheme} vector`);
  return c.record;
};
const cyrillic = (s) => s.replace(/c/g, 'с').replace(/a/g, 'а').replace(/e/g, 'е');

let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** The banner's state once the record opened by link in `lang` is drawn. */
async function banner(page, lang, record) {
  await page.goto('about:blank');
  await nextVerdict(page, () => page.goto(`${PAGE_URL}#lang=${lang}&record=${b64url(record)}`));
  return page.$eval('#verdict', (e) => ({ verdict: e.getAttribute('data-verdict'), tone: e.getAttribute('data-tone'), lead: e.getAttribute('data-lead') }));
}

for (const lang of ['ru', 'en']) {
  test(`${lang}: a Cyrillic letter in the server seed whose Latin fold hashes is an amber slip, not a red fail`, { timeout: 240000 }, async () => {
    const { context, page, errors } = await openPage(browser, { width: 360, height: 780 });
    try {
      for (const scheme of ['dice', 'mines']) {
        const rec = bet(scheme);
        const at = `${lang} ${scheme}`;
        const typed = { ...rec, serverSeed: cyrillic(rec.serverSeed) };
        const v = await banner(page, lang, typed);
        assert.deepEqual(v, { verdict: 'fail', tone: 'slip', lead: 'hint lookalike_char' }, at);
        await shot(page, `lookalike-${lang}-${scheme}-360`);
        // The one-tap re-check verifies the seed in Latin: a pass.
        const button = await page.$('#recheck-as[data-recheck="value"]');
        assert.ok(button, `${at}: no re-check`);
        await nextVerdict(page, () => button.click());
        assert.equal(await page.$eval('#verdict', (e) => e.getAttribute('data-verdict')), 'pass', `${at}: the re-check`);
        // A look-alike whose fold still misses its hash: red, no slip.
        const end = rec.serverSeed.endsWith('0') ? '1' : '0';
        const wrong = { ...rec, serverSeed: cyrillic(`${rec.serverSeed.slice(0, -1)}${end}`) };
        const w = await banner(page, lang, wrong);
        assert.deepEqual({ verdict: w.verdict, tone: w.tone }, { verdict: 'fail', tone: null }, `${at}: wrong seed`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
