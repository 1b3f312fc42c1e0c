// The badge's "Check on your phone" (issue 46): in the popover of a final verdict, a
// fold with a QR code of the full check's link. On www/embed.html (a pass and a
// tampered hand), at 1280 and 360 px: the code, screenshotted at 1x as a phone's
// camera would see it on a screen, decodes (jsQR) to exactly the link shown beside
// it; the link is the verifier beside widget.js with the record and the badge's
// language (English; Russian and Arabic at 360 px) in its fragment, the query empty,
// and is what the share sheet gets; opened in a fresh browser context at
// 360 px (nothing stored) it gives the badge's verdict. Screenshots of each popover
// in tests/artifacts/.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { launch, openPage, nextVerdict, ARTIFACTS, PAGE_URL } from './browser.mjs';
import { ROOT } from '../node/helpers.mjs';
import { base64urlToText } from '../../www/core/base64.js';

const EMBED = 'file://' + path.join(ROOT, 'www/embed.html');
const WIDGET = 'file://' + path.join(ROOT, 'pkg/widget.js');
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

for (const width of [1280, 360]) {
  test(`at ${width} px: each popover's QR code decodes to the link beside it, which gives the badge's verdict on a fresh 360 px page`, async () => {
    const { page, blocked, errors } = await openPage(browser, { width, height: 900, allowed: [EMBED, WIDGET] });
    // A share sheet where the test can see what it was given (headless Chromium has none).
    await page.addInitScript(() => { navigator.share = async (d) => { window.__shared = d; }; });
    await page.goto(EMBED);
    // At 360 px the badges speak Russian and Arabic: the link carries their language.
    const langs = width === 360 ? { 'badge-fair': 'ru', 'badge-tampered': 'ar' } : { 'badge-fair': 'en', 'badge-tampered': 'en' };
    await page.evaluate((l) => { for (const id in l) document.getElementById(id).setAttribute('lang', l[id]); }, langs);
    const hand = await page.evaluate(() => HAND);
    await page.click('#reveal-fair');
    await page.click('#reveal-tampered');
    await page.waitForFunction(() => document.getElementById('badge-fair').getAttribute('data-state') === 'pass'
      && document.getElementById('badge-tampered').getAttribute('data-state') === 'fail');
    const seen = [];
    for (const [id, verdict] of [['badge-fair', 'pass'], ['badge-tampered', 'fail']]) {
      await page.click(`#${id}`); // the badge: its popover, pinned
      await page.click(`#${id} summary`);
      const qr = await page.waitForSelector(`#${id} svg.qr`);
      const box = await qr.boundingBox();
      const png = PNG.sync.read(await qr.screenshot());
      const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
      const link = await page.$eval(`#${id}`, (el) => el.shadowRoot.querySelector('[part="link"]').textContent);
      assert.ok(code, `${id}: the code decodes from a 1x screenshot (${png.width} px)`);
      assert.equal(code.data, link, `${id}: the code is exactly the link beside it`);
      assert.ok(png.width >= 200, `${id}: large enough to scan from a screen (${png.width} px)`);
      assert.ok(box.x >= 0 && box.x + box.width <= width, `${id}: the code inside a ${width} px screen`);
      const u = new URL(link);
      assert.equal(u.search, '', 'nothing in the query');
      assert.equal(u.href.split('#')[0], PAGE_URL, 'the verifier beside widget.js (the `page` attribute\'s default)');
      const fragment = new URLSearchParams(u.hash.slice(1));
      assert.equal(fragment.get('lang'), langs[id], 'the badge\'s language');
      const rec = JSON.parse(base64urlToText(fragment.get('record')));
      assert.equal(rec.seed, hand.seed, 'the record');
      assert.equal(await page.$eval(`#${id}`, (el) => el.shadowRoot.querySelector('a[part="details"]').href), link, 'the same link as "details"');
      await page.click(`#${id} [part="share"]`);
      assert.deepEqual(await page.evaluate(() => window.__shared), { url: link }, 'the share sheet gets the link');
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      await page.$eval(`#${id}`, (el) => el.shadowRoot.querySelector('.pop').scrollTo(0, 0));
      await page.screenshot({ path: path.join(ARTIFACTS, `widget-phone-${width}-${verdict}.png`) });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, 'nothing wider than the screen');
      await page.keyboard.press('Escape');
      seen.push([link, verdict, langs[id]]);
    }
    assert.deepEqual(errors, []);
    assert.deepEqual(blocked, [], 'no network');
    // The other device: a fresh context (nothing stored), phone size.
    for (const [link, verdict, lang] of seen) {
      const phone = await openPage(browser, { width: 360, height: 740 });
      const there = await nextVerdict(phone.page, () => phone.page.goto(link));
      assert.equal(there.verdict, verdict, 'the badge\'s verdict on the other device');
      assert.equal(await phone.page.evaluate(() => document.documentElement.lang), lang, 'in the badge\'s language');
      assert.deepEqual(phone.errors, []);
      assert.deepEqual(phone.blocked, [], 'no network');
      await phone.context.close();
    }
  });
}

// The turn-7 attack: the link (and so its QR) must carry exactly the record this badge
// verified. A fragment left in the `page` attribute (`#record=<another>&`) came first
// and the page read that one; a javascript: or data: `page` went into the link as it
// was; an object's toJSON was asked again when the link was made.
test('the link carries exactly the record checked: the page attribute\'s fragment dropped, javascript: refused, an object read once', async () => {
  const { page, errors } = await openPage(browser, { width: 1280, height: 900, allowed: [EMBED, WIDGET] });
  await page.goto(EMBED);
  await page.evaluate(() => { window.__results = 0; document.addEventListener('fair-verify:result', () => { window.__results++; }); });
  await page.click('#reveal-fair');
  await page.waitForFunction(() => window.__results > 0 && document.getElementById('badge-fair').getAttribute('data-state') === 'pass');
  const link = () => page.$eval('#badge-fair', (el) => el.shadowRoot.querySelector('a[part="details"]').href);
  const recordsIn = (href) => new URLSearchParams(href.split('#').slice(1).join('#')).getAll('record').map(base64urlToText);
  const checked = await page.$eval('#badge-fair', (el) => (typeof el.record === 'string' ? el.record : JSON.stringify(el.record)));
  await page.$eval('#badge-fair', (el) => el.setAttribute('page', 'verifier.html#record=eyJ4IjoxfQ&'));
  let href = await link();
  assert.equal(href.split('#').length, 2, href);
  assert.deepEqual(recordsIn(href), [checked], 'one record, the one checked');
  assert.equal(href.split('#')[0], PAGE_URL);
  for (const bad of ['javascript:alert(1)', 'data:text/html,<p>x</p>']) {
    await page.$eval('#badge-fair', (el, b) => el.setAttribute('page', b), bad);
    href = await link();
    assert.equal(href.split('#')[0], PAGE_URL, `${bad}: the default verifier`);
  }
  // An object whose toJSON answers another record from its second call on.
  const seen = await page.evaluate(() => window.__results);
  await page.evaluate(() => {
    const el = document.getElementById('badge-fair');
    const good = JSON.parse(typeof el.record === 'string' ? el.record : JSON.stringify(el.record));
    let n = 0;
    window.__good = JSON.stringify(good);
    el.record = { toJSON() { n++; return n === 1 ? good : { ...good, seed: 'another seed' }; } };
  });
  await page.waitForFunction((k) => window.__results > k, seen);
  href = await link();
  assert.deepEqual(recordsIn(href), [await page.evaluate(() => window.__good)], 'the text that was verified');
  assert.deepEqual(errors, []);
  await page.context().close();
});
