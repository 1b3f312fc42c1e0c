// An evidence file's "run it" script is checked, never believed (issue 43, turn-5
// security review finding 6): the page and verifier.js make the recipe again from the
// record the file carries and say plainly when the file's script is not that one
// ("do not run it"): one line added to the script, a second script beside it, markup
// inside it. The file as the page saved it gets no such word. Headless Chromium from
// file://, and verifier.js. Each file's verdict is waited for with nextVerdict
// (browser.mjs); the script is checked after it (a call of the core per catalog), so
// "no word" is asserted once every `recipe` call the page sent its worker has been
// answered or cancelled (counted in the page below), never after a delay.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE, PAGE_URL, b64url, nextVerdict } from './browser.mjs';
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

/** Counts, in the page, the `recipe` calls it sends its worker (www/page/input.js
 *  checkScript) and those still unanswered: `window.__fvRecipes()` → {asked, open}.
 *  A call cancelled is no longer open. */
function watchRecipes() {
  const open = new Set();
  let asked = 0;
  window.__fvRecipes = () => ({ asked, open: open.size });
  const post = Worker.prototype.postMessage;
  const watched = new WeakSet();
  Worker.prototype.postMessage = function (m, ...rest) {
    if (m && m.type === 'call' && m.method === 'recipe') {
      asked += 1;
      open.add(m.id);
      if (!watched.has(this)) {
        watched.add(this);
        this.addEventListener('message', (e) => {
          const d = e.data;
          if (d && d.type !== 'progress' && d.type !== 'pending') open.delete(d.id);
        });
      }
    } else if (m && m.type === 'cancel') {
      open.delete(m.id);
    }
    return post.call(this, m, ...rest);
  };
}

test('an evidence file whose script was changed: the page and verifier.js say not to run it; the saved file as it is: nothing', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-evscript-'));
  const { page, errors, context } = await openPage(browser, { width: 1200, height: 900 });
  await context.addInitScript(watchRecipes);
  try {
    assert.equal((await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(failing())))).verdict, 'fail');
    assert.ok(await page.evaluate(() => document.querySelector('#result').fvReport && !!document.querySelector('#evidence')), 'no report or no evidence button');
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
      // A second script whose id a browser decodes or reads past a quoted `>`.
      'a second script, its id with a reference': html.replace('</body>', '<pre id="r&#101;cipe">echo hi</pre></body>'),
      'a second script, its id without a semicolon': html.replace('</body>', '<pre id=&#114ecipe>echo hi</pre></body>'),
      'a second script after a quoted >': html.replace('</body>', '<pre title=">" id="recipe">echo hi</pre></body>'),
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
      const before = await page.evaluate(() => window.__fvRecipes().asked);
      assert.equal((await nextVerdict(page, () => page.setInputFiles('#file', f))).verdict, 'fail', name);
      assert.ok(await page.evaluate(() => !!document.querySelector('#result').fvReport), `${name}: no report`);
      if (warned) {
        // The warning of the file before was taken away when this one was opened.
        await page.waitForSelector('#evidence-script', { timeout: 20000 });
        assert.equal(await page.textContent('#evidence-script'), WARNING, name);
      } else {
        // The script checked: this file's recipes asked and every one answered.
        await page.waitForFunction((n) => { const r = window.__fvRecipes(); return r.asked > n && r.open === 0; }, before, { timeout: 20000 });
        assert.equal(await page.$('#evidence-script'), null, name);
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
