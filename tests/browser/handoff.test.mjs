// "Open this check on another device" (issue 46): under a record's verdict, a fold
// with a QR code of the page's own #record= link. The code, screenshotted at 1x as a
// player's camera would see it on a screen, decodes (jsQR) to the link beside it; the
// link carries the record in its fragment, never in its query, as the very text
// that was verified; opened in a fresh browser (nothing stored) at phone size it
// gives the same verdict. And the recipe's "Send to another device": the share sheet
// with the script as a file where the browser has one, else copied and downloaded.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import http from 'node:http';
import { launch, openPage, pageReady, PAGE, PAGE_URL, b64url, nextVerdict, ARTIFACTS } from './browser.mjs';
import { createRequire } from 'node:module';
import { loadCases, VERIFIER } from '../node/helpers.mjs';
import { base64urlToText } from '../../www/core/base64.js';

const PKG = path.dirname(PAGE);
const fv = createRequire(import.meta.url)(VERIFIER);
// Each vector's verdict as the core gives it.
const cases = loadCases().filter((c) => c.expect.error === undefined && c.record.scheme).map((c) => {
  try { return { ...c, verdict: fv.verify(c.record).verdict }; } catch (e) { return null; }
}).filter(Boolean);
let browser;
let server;
let ORIGIN;
test.before(async () => {
  browser = await launch();
  // The page over http, as a player's phone opens it from a web address: from a file
  // (file://) the link would open only on this device, and the fold says so instead.
  const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', webmanifest: 'application/manifest+json', png: 'image/png' };
  server = http.createServer((req, res) => {
    const p = new URL(req.url, 'http://x').pathname;
    const file = path.join(PKG, path.normalize(p));
    if (!file.startsWith(PKG + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': TYPES[file.split('.').pop()] || 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  ORIGIN = `http://127.0.0.1:${server.address().port}`;
});
test.after(async () => { if (browser) await browser.close(); if (server) server.close(); });

/** A page of the verifier over http (no service worker: nothing is installed, no
 *  request leaves the origin). */
async function webPage({ width, height, share = false }) {
  const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  const blocked = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(ORIGIN + '/')) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  if (share) await page.addInitScript(() => { Object.defineProperty(navigator, 'share', { configurable: true, value: () => Promise.resolve() }); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' && !/manifest|favicon/i.test(m.text())) errors.push(m.text()); });
  return { context, page, errors, blocked };
}

/** The fold opened and its code drawn; the code element's screenshot (1x) decoded. */
async function readHandoff(page) {
  await page.click('#handoff > summary');
  const qr = await page.waitForSelector('#handoff-qr');
  const png = PNG.sync.read(await qr.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  const link = await page.inputValue('#handoff-link');
  return { decoded: code ? code.data : null, link, width: png.width };
}

const recordText = (link) => {
  const u = new URL(link);
  const params = new URLSearchParams(u.hash.slice(1));
  return { search: u.search, text: base64urlToText(params.get('record') || ''), lang: params.get('lang') };
};

// A passing bridge match (Russian), and a tampered one: a fail, whose link carries
// the record as the evidence file does (the text that was verified).
const bridge = cases.find((c) => c.record.game === 'bridge' && c.verdict === 'pass');
const failing = cases.find((c) => c.verdict === 'fail' && c.record.scheme === 'selfpoker') || cases.find((c) => c.verdict === 'fail');

for (const [name, c, lang] of [['a pass', bridge, 'ru'], ['a fail', failing, 'en']]) {
  test(`${name}: the page's QR code decodes to the link beside it, which opens the same verdict in a fresh context at 360 px`, async () => {
    assert.ok(c, 'a vector for the case');
    const text = JSON.stringify(c.record);
    const { page, errors, blocked, context } = await webPage({ width: 1280, height: 900, share: c.verdict === 'pass' });
    const { verdict } = await nextVerdict(page, async () => { await page.goto(`${ORIGIN}/verifier.html#lang=${lang}&record=${b64url(c.record)}`); await pageReady(page); });
    assert.equal(verdict, c.verdict);
    const h = await readHandoff(page);
    assert.ok(h.decoded, 'the QR code decodes from a 1x screenshot');
    assert.equal(h.decoded, h.link, 'the code is the link beside it');
    const r = recordText(h.link);
    assert.equal(r.search, '', 'nothing in the query');
    assert.equal(r.text, text, 'the fragment carries the verified record\'s own text');
    assert.equal(r.lang, lang, 'and the language');
    assert.ok(h.link.startsWith(`${ORIGIN}/verifier.html#`), 'a link to this very page');
    assert.equal(await page.$('#handoff-file'), null, 'from a web address, no "only on this device"');
    // The share sheet's button where the browser has one (given to the pass here).
    assert.equal(!!(await page.$('#handoff-share')), c.verdict === 'pass', 'Share only with a share sheet');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await (await page.$('#handoff')).screenshot({ path: path.join(ARTIFACTS, `handoff-1280-${c.verdict}.png`) });

    // The other device: a fresh context (nothing stored), phone size.
    const phone = await webPage({ width: 360, height: 740 });
    const there = await nextVerdict(phone.page, async () => { await phone.page.goto(h.decoded); await pageReady(phone.page); });
    assert.equal(there.verdict, verdict, 'the same verdict on the other device');
    const again = await readHandoff(phone.page);
    assert.equal(again.decoded, h.link, 'its own code is the same link');
    assert.ok(again.width <= 360, `the code fits a 360 px screen (${again.width} px)`);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'nothing wider than the phone');
    await (await phone.page.$('#handoff')).screenshot({ path: path.join(ARTIFACTS, `handoff-360-${c.verdict}.png`) });
    assert.deepEqual([...errors, ...phone.errors], []);
    assert.deepEqual([...blocked, ...phone.blocked], [], 'no network');
    await phone.context.close();
    await context.close();
  });
}

test('a record too long for a QR code: the fold says so and still gives the link', async () => {
  const dice = cases.find((c) => c.record.scheme === 'dice' && c.verdict === 'pass');
  assert.ok(dice, 'a dice vector');
  // The same bet with a long client seed: the link is past version 40's 2,953 bytes.
  const record = { ...dice.record, clientSeed: 'x'.repeat(3000) };
  const { page, errors, context } = await webPage({ width: 1280, height: 900 });
  await nextVerdict(page, async () => { await page.goto(`${ORIGIN}/verifier.html#record=${b64url(record)}`); await pageReady(page); });
  await page.click('#handoff > summary');
  await page.waitForSelector('#handoff[data-drawn]');
  assert.equal(await page.$('#handoff-qr'), null);
  assert.equal(await page.isVisible('#handoff-toolong'), true);
  assert.equal(recordText(await page.inputValue('#handoff-link')).text, JSON.stringify(record));
  assert.deepEqual(errors, []);
  await context.close();
});

test('from a file (file://): the fold says the link opens only on this device, with no code to scan and no link to send', async () => {
  const { page, errors, blocked, context } = await openPage(browser, { width: 360, height: 740 });
  await nextVerdict(page, () => page.goto(`${PAGE_URL}#lang=ro&record=${b64url(bridge.record)}`));
  await page.click('#handoff > summary');
  await page.waitForSelector('#handoff[data-drawn]');
  assert.equal(await page.isVisible('#handoff-file'), true);
  assert.deepEqual(await page.$$eval('#handoff-qr, #handoff-link, #handoff-copy, #handoff-share', (n) => n.length), 0);
  assert.deepEqual(errors, []);
  assert.deepEqual(blocked, []);
  await context.close();
});

test('the recipe\'s "Send to another device": the script as a file to the share sheet; without one, copied and downloaded', async () => {
  const crash = (cases.find((c) => c.record.scheme === 'crash' && c.verdict === 'pass') || bridge).record;
  const open = async (withShare) => {
    const o = await openPage(browser, { width: 360, height: 740 });
    if (withShare) {
      await o.page.addInitScript(() => {
        window.__shared = [];
        Object.defineProperty(navigator, 'share', { configurable: true, value: (data) => { window.__shared.push({ title: data.title, text: data.text, files: (data.files || []).map((f) => f.name) }); return Promise.resolve(); } });
        Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data) => !!(data && data.files) });
      });
    } else {
      await o.page.addInitScript(() => { delete Navigator.prototype.share; delete Navigator.prototype.canShare; });
    }
    await nextVerdict(o.page, () => o.page.goto(`${PAGE_URL}#record=${b64url(crash)}`));
    await o.page.click('#recipe > summary');
    await o.page.waitForSelector('#recipe[data-language]', { state: 'attached' });
    return o;
  };
  const a = await open(true);
  await a.page.click('#recipe-send');
  await a.page.waitForFunction(() => window.__shared.length === 1);
  const [shared] = await a.page.evaluate(() => window.__shared);
  const file = await a.page.textContent('#recipe code[dir="ltr"]');
  assert.deepEqual(shared.files, [file], 'the script shared as its file');
  await a.context.close();

  const b = await open(false);
  const [download] = await Promise.all([b.page.waitForEvent('download'), b.page.click('#recipe-send')]);
  assert.equal(download.suggestedFilename(), await b.page.textContent('#recipe code[dir="ltr"]'));
  await b.page.waitForFunction(() => document.getElementById('recipe-status').textContent !== '');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await b.context.close();
});
