// The verifier on a phone (issue 36), in Chromium at 360 × 740 over tools/serve.py
// (the "Keep it offline" panel is there only over http):
// - after a pass, one line offers to keep the verifier on this device (#keep-offline),
//   in view right under the verdict without scrolling past the result, worded for
//   the browser by its user agent (iPhone, Android, a computer) as the panel is, in
//   the page's language; it leads to the panel (scrolled to, its heading focused);
//   the link beside the language menu leads there too; from file://, where there is
//   no panel, neither is offered;
// - the game tiles are one tab stop: Tab from the language menu reaches the paste box
//   in at most three stops, and the arrow keys move along the tiles and choose.
// Screenshots: tests/artifacts/phone-360-*.png (the offer, the panel it leads to).
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage, shot, b64url, PAGE_URL, nextVerdict } from './browser.mjs';
import { ROOT, VERIFIER, loadCases } from '../node/helpers.mjs';
import { registeredCatalogs } from '../node/i18ntest_langs.mjs';

const FV = createRequire(import.meta.url)(VERIFIER);
const CATS = registeredCatalogs();
const BRIDGE = loadCases().find((c) => !c.expect.error && c.record.scheme === 'match_seed_v2' && c.record.game === 'bridge' && FV.verify(c.record).verdict === 'pass').record;
const UA = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  desktop: null,
};

let server;
let origin;
let browser;
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-phone-'));

test.before(async () => {
  const dir = path.join(TMP, 'site');
  fs.cpSync(path.join(ROOT, 'pkg'), dir, { recursive: true });
  server = spawn('python3', [path.join(ROOT, 'tools/serve.py'), '0', dir], { stdio: ['ignore', 'pipe', 'ignore'] });
  origin = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (b) => { out += b; const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out); if (m) resolve(m[0]); });
    server.once('exit', (code) => reject(new Error(`tools/serve.py exited (${code})`)));
  });
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
  fs.rmSync(TMP, { recursive: true, force: true });
});

/** A 360 × 740 page of `origin` (a phone's user agent when given); other requests refused. */
async function phonePage(ua) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, ...(ua ? { userAgent: ua, isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  const errors = [];
  const strays = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) return route.continue();
    strays.push(url);
    return route.abort();
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { context, page, errors, strays };
}

/** Where `sel` is against the viewport: {top, bottom, height (the viewport's)}. */
const place = (page, sel) => page.evaluate((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, height: window.innerHeight };
}, sel);

for (const [platform, ua] of Object.entries(UA)) {
  test(`360 px, ${platform}: after a pass #keep-offline is in view under the verdict, worded for it, and leads to the panel; so does the link by the language menu`, { timeout: 120000 }, async () => {
    const { context, page, errors, strays } = await phonePage(ua);
    try {
      for (const lang of ['en', 'ru', 'ar']) {
        await page.goto('about:blank');
        assert.equal((await nextVerdict(page, () => page.goto(`${origin}/verifier.html#lang=${lang}&record=${b64url(BRIDGE)}`))).verdict, 'pass');
        await page.waitForSelector('#keep-offline');
        // The verdict is scrolled to in the next frame; then: the offer in view, under the
        // verdict and the evidence row, inside the result (not past it).
        await page.waitForFunction(() => { const y = document.querySelector('#verdict').getBoundingClientRect().top; return y > -1 && y < 40; });
        const offer = await place(page, '#keep-offline');
        const verdict = await place(page, '#verdict');
        assert.ok(offer.top >= verdict.bottom && offer.bottom <= offer.height, `${platform} ${lang}: the offer at ${offer.top}–${offer.bottom} of ${offer.height} px, the verdict ending at ${verdict.bottom}`);
        assert.equal(await page.evaluate(() => !!document.querySelector('#result #keep-offline')), true, 'inside the result');
        assert.equal(await page.evaluate(() => document.querySelectorAll('#keep-offline').length), 1);
        assert.equal((await page.textContent('#keep-offline')).trim(), CATS[lang][`install.offer.${platform}`], `${platform} ${lang}: the words for this browser`);
        assert.equal(await page.getAttribute('#offline', 'data-platform'), platform, 'the panel says the same browser');
        if (lang === 'en') await shot(page, `phone-360-offer-${platform}`, { fullPage: false });
        // It leads to the panel: in view, its heading focused.
        await page.click('#keep-offline button');
        await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'h-offline');
        const panel = await place(page, '#offline');
        // In view (at the top, or lower where the page ends below it).
        const heading = await place(page, '#h-offline');
        assert.ok(panel.top >= -1 && heading.bottom < heading.height, `${platform} ${lang}: the panel's top at ${panel.top}, its heading ending at ${heading.bottom}`);
        assert.equal((await page.textContent('#offline .steps')), CATS[lang][`install.${platform}`]);
        if (lang === 'en') await shot(page, `phone-360-panel-${platform}`, { fullPage: false });
        // Back at the top: the link beside the language menu, in the language, leads there too.
        await page.evaluate(() => { window.scrollTo(0, 0); document.querySelector('#lang').focus(); });
        assert.equal(await page.isVisible('#to-offline'), true);
        assert.equal((await page.textContent('#to-offline')).trim(), CATS[lang]['install.heading']);
        const top = await place(page, '#to-offline');
        const menu = await place(page, '#lang');
        assert.ok(Math.abs(top.top - menu.top) < 40, 'beside the language menu');
        await page.click('#to-offline');
        await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'h-offline');
        const again = await place(page, '#h-offline');
        assert.ok(again.top >= -1 && again.bottom < again.height, `${platform} ${lang}: the panel from the top link at ${again.top}`);
        // The page is no wider than the phone with the offer and the link.
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 360), true, `${lang}: no sideways scroll`);
      }
      assert.deepEqual(errors, []);
      assert.deepEqual(strays, []);
    } finally {
      await context.close();
    }
  });
}

// The gate once failed here: the panel was drawn again (its installed copy's
// fingerprint arrived) just after the offer took the player to it, and the keyboard
// fell to the page's start. A redraw keeps it on the heading.
test('360 px: the panel drawn again after the offer took the player there keeps the heading focused', { timeout: 120000 }, async () => {
  const { context, page, errors, strays } = await phonePage(UA.android);
  try {
    assert.equal((await nextVerdict(page, () => page.goto(`${origin}/verifier.html#lang=en&record=${b64url(BRIDGE)}`))).verdict, 'pass');
    await page.waitForSelector('#keep-offline button');
    await page.click('#keep-offline button');
    await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'h-offline');
    // The browser says the app was installed: install.js draws the panel again (a new
    // heading element, not the one that had the focus).
    const after = await page.evaluate(() => {
      document.getElementById('h-offline').fvOld = true;
      window.dispatchEvent(new Event('appinstalled'));
      const h = document.getElementById('h-offline');
      return { redrawn: !h.fvOld, focused: document.activeElement === h };
    });
    assert.deepEqual(after, { redrawn: true, focused: true }, 'the keyboard stays on the panel\'s heading');
    assert.deepEqual(errors, []);
    assert.deepEqual(strays, []);
  } finally {
    await context.close();
  }
});

test('from file:// neither the offer nor the link (there is no panel there)', { timeout: 60000 }, async () => {
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  try {
    assert.equal((await nextVerdict(page, () => page.goto(`${PAGE_URL}#record=${b64url(BRIDGE)}`))).verdict, 'pass');
    await page.waitForSelector('#result .evidence-row');
    assert.equal(await page.evaluate(() => !!document.querySelector('#keep-offline, #offline')), false);
    assert.equal(await page.isVisible('#to-offline'), false);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Tab from the language menu reaches the paste box in at most three stops; the tiles are one radio group moved by the arrow keys', { timeout: 60000 }, async () => {
  const { context, page, errors } = await phonePage(UA.android);
  try {
    await page.goto(`${origin}/verifier.html`);
    await page.waitForSelector('#picker .game');
    await page.focus('#lang');
    const stops = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => document.activeElement.id || document.activeElement.tagName));
      if (stops[stops.length - 1] === 'paste') break;
    }
    assert.equal(stops[stops.length - 1], 'paste', `stops after the language menu: ${stops.join(', ')}`);
    assert.equal(stops.filter((s) => s.startsWith('game-')).length, 1, 'one stop among the tiles');
    // The group: one tile in the tab order, the arrow keys move it and choose that game.
    const roles = await page.evaluate(() => ({
      group: document.querySelector('#picker').getAttribute('role'),
      radios: [...document.querySelectorAll('#picker .game')].map((b) => [b.getAttribute('role'), b.tabIndex]),
    }));
    assert.equal(roles.group, 'radiogroup');
    assert.ok(roles.radios.length > 8);
    assert.ok(roles.radios.every(([r]) => r === 'radio'));
    assert.equal(roles.radios.filter(([, ti]) => ti === 0).length, 1);
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    const tiles = await page.$$eval('#picker .game', (bs) => bs.map((b) => b.id));
    let at = tiles.indexOf(await page.evaluate(() => document.activeElement.id));
    assert.ok(at >= 0, 'Shift+Tab from the paste box is back on a tile');
    for (const [key, step] of [['ArrowRight', 1], ['ArrowDown', 1], ['ArrowLeft', -1], ['ArrowUp', -1], ['ArrowUp', -1]]) {
      await page.keyboard.press(key);
      at = (at + step + tiles.length) % tiles.length;
      const now = await page.evaluate(() => ({ id: document.activeElement.id, checked: [...document.querySelectorAll('#picker [aria-checked="true"]')].map((b) => b.id), zero: [...document.querySelectorAll('#picker .game')].filter((b) => b.tabIndex === 0).map((b) => b.id) }));
      assert.deepEqual(now, { id: tiles[at], checked: [tiles[at]], zero: [tiles[at]] }, key);
      const game = tiles[at].replace(/^game-/, '');
      assert.ok((await page.textContent('#h-input')).length > 0);
      assert.equal(await page.evaluate((g) => document.querySelector(`#game-${g}`).getAttribute('aria-checked'), game), 'true');
    }
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => document.activeElement.id), tiles[tiles.length - 1]);
    await page.keyboard.press('Home');
    assert.equal(await page.evaluate(() => document.activeElement.id), tiles[0]);
    // The chosen tile is the group's stop: Tab leaves the group, Shift+Tab comes back to it.
    await page.keyboard.press('Tab');
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    assert.equal(await page.evaluate(() => document.activeElement.id), tiles[0]);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
