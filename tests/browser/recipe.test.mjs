// "Check it without this verifier" (issue 37): under every verdict a fold with the
// record's recipe (the operator's own code with its values, written by the core in
// the page's language): the command, the script, a copy button, a download, where to
// run it; at 360 px nothing overflows the page. The evidence file of a failing record
// carries the same script.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE_URL, b64url, shot, nextVerdict } from './browser.mjs';
import { ROOT, VERIFIER, loadCases } from '../node/helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const cases = loadCases().filter((c) => c.expect.error === undefined);
const catalog = (lang) => JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
const wordsOf = (lang) => {
  const en = catalog('en');
  const own = catalog(lang);
  // As www/i18n/recipe.js gives them: the language too, for a count's plural form.
  return { ...Object.fromEntries(Object.keys(en).filter((k) => k.startsWith('recipe.')).map((k) => [k, own[k] ?? en[k]])), '@lang': lang };
};
let browser;
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-recipe-'));
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); fs.rmSync(TMP, { recursive: true, force: true }); });

async function openRecord(page, record, lang) {
  await nextVerdict(page, () => page.goto(PAGE_URL + (lang ? `#lang=${lang}&` : '#') + 'record=' + b64url(record)));
  await page.waitForSelector('#recipe[data-language]', { state: 'attached' });
}

test('the recipe fold at 360 px, in English and Russian: the core\'s script, command, copy, download', async () => {
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const crash = cases.find((c) => c.record.scheme === 'crash' && c.record.terminal && c.record.maxSteps).record;
  const bridge = cases.find((c) => c.record.game === 'bridge').record;
  for (const [record, lang] of [[crash, 'en'], [bridge, 'ru']]) {
    await openRecord(page, record, lang);
    const want = fv.recipe(record, wordsOf(lang));
    await page.click('#recipe > summary');
    assert.equal(await page.textContent('#recipe-text'), want.text, `${lang}: the core's script, as it is`);
    assert.equal(await page.textContent('#recipe-command'), want.command);
    assert.equal(await page.getAttribute('#recipe', 'data-language'), want.language);
    assert.equal(await page.textContent('#recipe > summary'), catalog(lang)['recipe.panel.title']);
    assert.equal(await page.textContent('#recipe-where'), catalog(lang)[`recipe.panel.where.${want.language}`]);
    // The page does not scroll sideways; the script scrolls inside its own box.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lang}: no sideways scroll`);
    // The download is the script, named as its first line says.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#recipe-download')]);
    assert.equal(download.suggestedFilename(), want.file);
    const file = path.join(TMP, `${lang}-${want.file}`);
    await download.saveAs(file);
    assert.equal(fs.readFileSync(file, 'utf8'), want.text);
    await page.$eval('#recipe', (d) => d.scrollIntoView());
    await shot(page, `recipe-360-${lang}`, { fullPage: false });
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the evidence file of a failing record carries its recipe; a pass\'s does not', async () => {
  const { page, errors, context } = await openPage(browser, { width: 1000, height: 900 });
  const dice = cases.find((c) => c.record.scheme === 'dice' && c.record.serverSeedHash).record;
  const report = fv.verify(dice);
  const failing = { ...dice, played: { face: (report.face % 6) + 1 } };
  const save = async (record) => {
    await openRecord(page, record);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#evidence')]);
    const file = path.join(TMP, `evidence-${record.played ? 'fail' : 'pass'}.html`);
    await download.saveAs(file);
    return fs.readFileSync(file, 'utf8');
  };
  const fail = await save(failing);
  assert.match(fail, /data-verdict="fail"/);
  const want = fv.recipe(failing, wordsOf('en')).text;
  // The script as the file shows it: the <pre>'s text, its entities decoded.
  const pre = fail.match(/<pre dir="ltr" id="recipe">([^<]*)<\/pre>/);
  assert.ok(pre, 'the recipe in the evidence');
  const shown = pre[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&nbsp;/g, '\u00a0').replace(/&amp;/g, '&');
  assert.equal(shown, want);
  const pass = await save(dice);
  assert.match(pass, /data-verdict="pass"/);
  assert.ok(!pass.includes('id="recipe"'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a pasted round history: the fold holds one Go script over its rounds', async () => {
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const crash = cases.find((c) => c.record.scheme === 'crash' && c.expect.history && c.record.terminal);
  const text = 'hash,crash point\n' + crash.expect.history.map((r) => `${r.hash},${r.multiplier}`).join('\n') + '\n';
  await page.goto(PAGE_URL);
  await page.fill('#paste', text);
  await page.waitForSelector('#paste-rounds:not([hidden])');
  await page.selectOption('#rounds-game', 'crash');
  await page.fill('#rounds-terminal', crash.record.terminal);
  await nextVerdict(page, () => page.click('#paste-go'));
  assert.ok(await page.$('#rounds-summary'), 'drawn: #rounds-summary');
  await page.waitForSelector('#recipe[data-language="go"]', { state: 'attached' });
  const want = fv.recipeRounds('crash', text, { terminal: crash.record.terminal }, wordsOf('en'));
  assert.equal(await page.textContent('#recipe-text'), want.text);
  assert.ok(want.text.includes('for _, r := range rounds {'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the code view in Arabic at 360 px: two Arabic literals side by side in source order, comments right to left, wrapped (issue 44)', async () => {
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const bridge = cases.find((c) => c.record.game === 'bridge' && Array.isArray(c.record.clientSeeds) && c.record.clientSeeds.length >= 2).record;
  const seeds = bridge.clientSeeds.slice();
  [seeds[0], seeds[1]] = ['بذرة', 'لاعب'];
  const record = { ...bridge, clientSeeds: seeds };
  await openRecord(page, record, 'ar');
  await page.click('#recipe > summary');
  const want = fv.recipe(record, wordsOf('ar'));
  // What is shown is the script as it runs, character for character.
  assert.equal(await page.textContent('#recipe-text'), want.text);
  const view = await page.$eval('#recipe-text', (pre) => {
    const lits = [...pre.querySelectorAll('.rs')];
    const a = lits.find((e) => e.textContent === 'بذرة');
    const b = lits.find((e) => e.textContent === 'لاعب');
    const ra = a && a.getBoundingClientRect();
    const rb = b && b.getBoundingClientRect();
    const comments = [...pre.querySelectorAll('.rc')].filter((e) => /[\u0600-\u06ff]/.test(e.textContent));
    return {
      found: !!(a && b), sameLine: !!(ra && rb && Math.abs(ra.top - rb.top) < 2), aLeft: ra ? ra.left : 0, bLeft: rb ? rb.left : 0,
      rtl: comments.length > 0 && comments.every((e) => getComputedStyle(e).direction === 'rtl'),
      wrapped: pre.scrollWidth <= pre.clientWidth + 1,
    };
  });
  assert.ok(view.found, 'the two Arabic seeds are literals of their own');
  // In a left-to-right block the first literal stands left of the second (a bare
  // `", "` between two right-to-left runs would swap them on screen).
  if (view.sameLine) assert.ok(view.aLeft < view.bLeft, `the seeds display swapped: ${view.aLeft} ≥ ${view.bLeft}`);
  assert.ok(view.rtl, 'an Arabic comment does not read right to left');
  assert.ok(view.wrapped, 'the script scrolls sideways at 360 px instead of wrapping');
  await page.$eval('#recipe-text', (d) => d.scrollIntoView());
  await shot(page, 'recipe-360-ar-bidi', { fullPage: false });
  assert.deepEqual(errors, []);
  await context.close();
});
