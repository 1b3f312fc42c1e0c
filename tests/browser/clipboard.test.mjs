// A copy from the page carries no direction isolate of the page's own (turn-6 Arabic
// reading): in a right-to-left language a seed inside a sentence is wrapped in
// U+2066…U+2069 so it reads in order, and a player who copies the seed a hint
// proposes ("without the quotes, the seed is …") must get the seed, not the seed and
// an invisible mark that hashes to something else and earns the same hint again.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, b64url, PAGE_URL, nextVerdict } from './browser.mjs';
import { loadCases } from '../node/helpers.mjs';

let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

const dice = loadCases().find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === true && c.record.clientSeed && !c.record.bets);

test('ar: the seed a hint proposes, copied from its sentence, is the seed (no isolate marks)', { timeout: 120000 }, async () => {
  const { context, page, errors } = await openPage(browser, { width: 360, height: 780 });
  try {
    const seed = dice.record.serverSeed;
    const record = { ...dice.record, serverSeed: `"${seed}"` };
    await page.goto('about:blank');
    await nextVerdict(page, () => page.goto(`${PAGE_URL}#lang=ar&record=${b64url(record)}`));
    // The sentence that names the seed, as drawn: it holds the seed isolated.
    const copied = await page.evaluate((s) => {
      const walker = document.createTreeWalker(document.querySelector('#result'), NodeFilter.SHOW_TEXT);
      let node;
      while ((node = walker.nextNode())) {
        const at = node.data.indexOf(s);
        if (at > 0 && /[\u2066-\u2069]/.test(node.data)) {
          // The player's selection: the seed with the marks around it, as a double tap
          // or a drag over it takes them.
          const from = node.data.lastIndexOf('\u2066', at);
          const to = node.data.indexOf('\u2069', at) + 1;
          const range = document.createRange();
          range.setStart(node, from < 0 ? at : from);
          range.setEnd(node, to > 0 ? to : at + s.length);
          const sel = document.getSelection();
          sel.removeAllRanges();
          sel.addRange(range);
          const selected = String(sel);
          const e = new ClipboardEvent('copy', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
          document.body.dispatchEvent(e);
          return { selected, clip: e.clipboardData.getData('text/plain'), cancelled: e.defaultPrevented };
        }
      }
      return null;
    }, seed);
    assert.ok(copied, 'no sentence names the seed with direction isolates');
    assert.match(copied.selected, /[\u2066-\u2069]/, 'the selection holds the marks');
    assert.equal(copied.cancelled, true, 'the page wrote the copy itself');
    assert.equal(copied.clip, seed, 'the clipboard holds the seed alone');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
