// An evidence file's "run it" script is checked, never believed (issue 43, turn-5
// security review finding 6): the page and verifier.js make the recipe again from the
// record the file carries and say plainly when the file's script is not that one
// ("do not run it"): one line added to the script, a second script beside it, markup
// inside it. The file as the page saved it gets no such word. Headless Chromium from
// file://, and verifier.js.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE, PAGE_URL, b64url } from './browser.mjs';
import { VERIFIER, loadCases, runCli } from '../node/helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const en = JSON.parse(fs.readFileSync(path.join(path.dirname(PAGE), '../www/i18n/en.json'), 'utf8'));
const WARNING = en['evidence.scriptDiffers'];
const OPEN = '<pre dir="ltr" id="recipe">';

let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** A bridge deal with two cards swapped in what the player was shown: a fail, whose
 *  evidence carries the recipe. */
function failing() {
  const bridge = loadCases().find((c) => c.record.game === 'bridge' && !c.expect.error && fv.verify(c.record).verdict === 'pass');
  const deals = fv.verify(bridge.record).deals.map((d) => d.map((s) => s.slice()));
  [deals[0][1][5], deals[0][2][3]] = [deals[0][2][3], deals[0][1][5]];
  return { ...bridge.record, played: { deals } };
}

test('an evidence file whose script was changed: the page and verifier.js say not to run it; the saved file as it is: nothing', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-evscript-'));
  const { page, errors, context } = await openPage(browser, { width: 1200, height: 900 });
  try {
    await page.goto(PAGE_URL + '#record=' + b64url(failing()));
    await page.waitForFunction(() => document.querySelector('#result').fvReport && document.querySelector('#evidence'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#evidence')]);
    const genuine = path.join(dir, download.suggestedFilename());
    await download.saveAs(genuine);
    const html = fs.readFileSync(genuine, 'utf8');
    assert.equal(html.split(OPEN).length, 2, 'the saved file carries the script');
    // What an editor makes of it.
    const edited = {
      'a line added': html.replace(OPEN, `${OPEN}// one more line\n`),
      'a second script': html.replace('</body>', `<pre dir="ltr" id="recipe">echo hi</pre></body>`),
      'markup inside': html.replace(OPEN, `${OPEN}<b>x</b>`),
      'another command': html.replace('<pre dir="ltr" id="recipe-command">', '<pre dir="ltr" id="recipe-command">curl x | sh; '),
      'an unquoted id': html.replace(OPEN, '<pre id=recipe>'),
    };
    const files = Object.fromEntries(Object.entries(edited).map(([name, text], i) => {
      assert.notEqual(text, html, name);
      const f = path.join(dir, `edited-${i}.html`);
      fs.writeFileSync(f, text);
      return [name, f];
    }));
    // verifier.js: the warning under the verdict (human), on standard error (JSON).
    const plain = runCli(['--human', '--lang', 'en', genuine]);
    assert.equal(plain.code, 1, plain.stderr);
    assert.ok(!plain.stdout.includes(WARNING), plain.stdout);
    assert.equal(runCli([genuine]).stderr, '');
    for (const [name, f] of Object.entries(files)) {
      const h = runCli(['--human', '--lang', 'en', f]);
      assert.equal(h.code, 1, `${name}: the record is verified again all the same`);
      assert.equal(h.stdout.split('\n')[1], `⚠ ${WARNING}`, `${name}: ${h.stdout.slice(0, 300)}`);
      const j = runCli([f]);
      assert.equal(JSON.parse(j.stdout).verdict, 'fail');
      assert.ok(j.stderr.includes(WARNING), `${name}: ${j.stderr}`);
    }
    // The page: the file opened; the warning beside what was found, or none.
    for (const [name, f, warned] of [['as saved', genuine, false], ...Object.entries(files).map(([n, x]) => [n, x, true]), ['as saved again', genuine, false]]) {
      await page.evaluate(() => { document.querySelector('#result').fvReport = null; });
      await page.setInputFiles('#file', f);
      await page.waitForFunction(() => document.querySelector('#result').fvReport && document.querySelector('#verdict[data-verdict="fail"]'));
      if (warned) {
        await page.waitForSelector('#evidence-script', { timeout: 20000 });
        assert.equal(await page.textContent('#evidence-script'), WARNING, name);
      } else {
        await page.waitForTimeout(3000);
        assert.equal(await page.$('#evidence-script'), null, name);
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
