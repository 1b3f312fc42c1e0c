// The badge's verdict word first at every width (issue 44: at 360 px an Italian fail
// read "…verifica NON" and a Russian one «…НЕ подтверждено» clipped): the verdict, then
// the label, so that a label too long for the table is what ends in "…". In it and ru,
// whole in a 360 px table, and first in a narrow 200 px cell; screenshot
// tests/artifacts/widget-verdict-360.png.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, openPage, ARTIFACTS } from './browser.mjs';
import { ROOT, loadCases } from '../node/helpers.mjs';
import { registeredCatalogs } from '../node/i18ntest_langs.mjs';

const WIDGET = 'file://' + path.join(ROOT, 'pkg/widget.js');
const CATS = registeredCatalogs();
const LANGS = ['it', 'ru'];
// A table's own long name for its game: longer than 360 px with any verdict.
const LABEL = 'Tavolo 12 · Texas Hold’em · mano 4432 del torneo serale';
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** The verdict words of a state in a language: the catalog's text before the label. */
const verdictWords = (lang, state) => String(CATS[lang][`widget.state.${state}`]).split('{label}')[0].replace(/[\s·:：]+$/u, '');

test('the badge says its verdict first and whole at 360 px (it, ru), the label after it ends in "…"', async () => {
  const crash = loadCases().find((c) => c.record.scheme === 'crash' && c.record.terminal && !c.record.history && c.expect.round < 5000);
  assert.ok(crash, 'a crash round with its terminal');
  const shown = crash.expect.multiplier === '20.71' ? '20.72' : '20.71';
  const record = { ...crash.record, played: { multiplier: shown } };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-widget-verdict-'));
  const file = path.join(dir, 'table.html');
  const ids = LANGS.flatMap((l) => [`w-${l}`, `n-${l}`]);
  fs.writeFileSync(file, `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<body>${LANGS.map((l) => `<p lang="${l}"><fair-verify id="w-${l}" label="${LABEL}"></fair-verify></p>
<div class="cell" lang="${l}"><fair-verify id="n-${l}" label="${LABEL}"></fair-verify></div>`).join('')}
<script src="${WIDGET}"></script></body>`);
  const url = 'file://' + file;
  const { page, blocked, errors, context } = await openPage(browser, { width: 360, height: 400, allowed: [url, WIDGET] });
  await page.goto(url);
  await page.addStyleTag({ content: '.cell { width: 200px; overflow: hidden; }' });
  await page.waitForFunction(() => customElements.get('fair-verify'));
  await page.evaluate(({ ids, rec }) => { for (const id of ids) document.getElementById(id).setAttribute('commitment', rec.terminal); }, { ids, rec: record });
  await page.evaluate(({ ids, rec }) => { for (const id of ids) document.getElementById(id).record = rec; }, { ids, rec: record });
  await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id).getAttribute('data-state') === 'fail'), ids, { timeout: 60000 });
  for (const id of ids) {
    const l = id.slice(2);
    const words = verdictWords(l, 'fail');
    assert.ok(words.length > 3, `${l}: no verdict words before {label}: ${CATS[l]['widget.state.fail']}`);
    const b = await page.$eval(`#${id}`, (el, n) => {
      const label = el.shadowRoot.querySelector('[part="label"]');
      const node = label.firstChild;
      const r = document.createRange();
      r.setStart(node, 0);
      r.setEnd(node, n);
      const words = r.getBoundingClientRect();
      const box = label.getBoundingClientRect();
      return { text: label.textContent, scroll: label.scrollWidth, client: label.clientWidth, wordsRight: words.right, boxRight: box.right };
    }, words.length);
    // The verdict first, then the label.
    assert.ok(b.text.startsWith(words), `${id}: the badge does not start with its verdict “${words}”: ${b.text}`);
    assert.ok(b.text.indexOf(LABEL) > 0, `${id}: the label is not after the verdict: ${b.text}`);
    // The label is too long for the width: it is what is cut, the verdict is whole.
    assert.ok(b.scroll > b.client, `${id}: the label fits, the test proves nothing: ${b.text}`);
    // Whole in the 360 px table; in a 200 px cell the verdict still comes first (what
    // is cut is the end).
    if (id.startsWith('w-')) assert.ok(b.wordsRight <= b.boxRight + 0.5, `${id}: the verdict “${words}” is cut (${b.wordsRight} > ${b.boxRight})`);
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'widget-verdict-360.png') });
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});
