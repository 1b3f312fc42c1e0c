// A list of one record (`[ {record} ]`, or a named record in a list) pasted over a
// form that holds another record is shown as that one record: the form takes it and
// the verdict is its own, never "(of 1 record)" beside the old form (issue 43, turn-5
// security review finding 10), in headless Chromium from file://.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE_URL, b64url, nextVerdict } from './browser.mjs';
import { loadCases, VERIFIER } from '../node/helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const dice = loadCases().filter((c) => !c.expect.error && c.record.scheme === 'dice' && c.record.nonce !== undefined
  && fv.verify(c.record).verdict === 'pass').map((c) => c.record);

let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** The verdict drawn, the form's server seed and whether a list view is shown. */
const SHOWN = () => {
  const v = document.querySelector('#verdict[data-verdict]');
  const verdict = v && v.getAttribute('data-verdict');
  if (!verdict) return null;
  const seed = document.querySelector('#f-serverSeed');
  return { verdict, serverSeed: seed ? seed.value : null, list: !!document.querySelector('#batch-summary'), text: v.textContent };
};

test('a one-record list pasted over a failing form: the form takes the record, and the verdict is its own', async () => {
  assert.ok(dice.length >= 2, 'passing dice records');
  const { page, errors, context } = await openPage(browser, { width: 1200, height: 900 });
  try {
    const [good, other] = dice;
    const lists = [
      JSON.stringify([good]),
      ` [\n  ${JSON.stringify(good, null, 2)}\n] `,
      JSON.stringify([{ name: 'my bet', record: good }]),
    ];
    for (const list of lists) {
      // A failing record from a link: its server seed in the form.
      const bad = { ...other, serverSeed: 'not the seed' };
      assert.equal((await nextVerdict(page, () => page.goto(`${PAGE_URL}#record=${b64url(bad)}`))).verdict, 'fail');
      assert.equal(await page.$eval('#f-serverSeed', (e) => e.value), 'not the seed');
      await page.evaluate(() => { location.hash = ''; });
      await page.fill('#paste', list);
      await page.waitForFunction((n) => document.querySelector('#paste-found').getAttribute('data-text-length') === String(n)
        && document.querySelector('#paste-found').getAttribute('data-kind'), list.length);
      await nextVerdict(page, () => page.click('#paste-go'));
      const shown = await page.evaluate(SHOWN);
      assert.ok(shown, `${list.slice(0, 40)}: no verdict drawn`);
      assert.deepEqual([shown.verdict, shown.serverSeed, shown.list], ['pass', good.serverSeed, false], `${list.slice(0, 40)}: ${shown.text}`);
      assert.doesNotMatch(shown.text, /of 1 record/);
    }
    // Two records are still a list.
    const two = JSON.stringify([good, other]);
    await page.fill('#paste', two);
    await page.waitForFunction((n) => document.querySelector('#paste-found').getAttribute('data-text-length') === String(n)
      && document.querySelector('#paste-found').getAttribute('data-kind'), two.length);
    await nextVerdict(page, () => page.click('#paste-go'));
    assert.ok(await page.$('#batch-summary[data-count="2"]'), 'two records: not shown as a list of 2');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
