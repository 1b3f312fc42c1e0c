// The <fair-verify> badge in headless Chromium: www/embed.html (a mock poker table
// with loud global CSS) and a bare page that only includes pkg/widget.js.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, openPage, shot } from './browser.mjs';
import { ROOT, loadCases } from '../node/helpers.mjs';

const EMBED = 'file://' + path.join(ROOT, 'www/embed.html');
const WIDGET = 'file://' + path.join(ROOT, 'pkg/widget.js');
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** Text and state inside a badge's shadow root, once it is no longer checking. */
async function badge(page, id) {
  await page.waitForFunction((i) => {
    const el = document.getElementById(i);
    return el && el.getAttribute('data-state') !== 'checking';
  }, id);
  return page.$eval(`#${id}`, (el) => ({
    state: el.getAttribute('data-state'),
    text: el.shadowRoot.textContent,
    href: (el.shadowRoot.querySelector('a[part="details"]') || {}).href || null,
    font: getComputedStyle(el.shadowRoot.querySelector('.badge')).fontFamily,
    bg: getComputedStyle(el.shadowRoot.querySelector('.badge')).backgroundColor,
    size: getComputedStyle(el.shadowRoot.querySelector('.badge')).fontSize,
    role: el.shadowRoot.querySelector('[role="status"]') !== null,
  }));
}

function events(page) {
  return page.evaluate(() => {
    window.__events = [];
    for (const t of ['fair-verify:result', 'fair-verify:error']) {
      document.addEventListener(t, (e) => window.__events.push({ type: t, id: e.target.id, detail: JSON.parse(JSON.stringify(e.detail)) }));
    }
  });
}

test('embed.html: commitment shown, then a passing and a tampered reveal', async () => {
  const { page, blocked, errors, context } = await openPage(browser, { allowed: [EMBED, WIDGET] });
  await page.goto(EMBED);
  await events(page);
  const hand = await page.evaluate(() => HAND);
  let b = await badge(page, 'badge-fair');
  assert.equal(b.state, 'shown');
  assert.ok(b.text.includes(hand.commit), 'the fingerprint is shown in full');
  assert.ok(!/Georgia/.test(b.font), `host font leaked: ${b.font}`);
  assert.notEqual(b.bg, 'rgb(255, 105, 180)', 'host button background leaked');
  assert.equal(b.size, '13px');
  assert.ok(b.role);
  // Keyboard: focusing the element focuses its badge and shows the fingerprint;
  // Escape hides it again.
  await page.focus('#badge-fair');
  assert.equal(await page.$eval('#badge-fair', (el) => getComputedStyle(el.shadowRoot.querySelector('.pop')).display), 'block');
  await shot(page, 'widget-before');
  await page.keyboard.press('Escape');
  assert.equal(await page.$eval('#badge-fair', (el) => getComputedStyle(el.shadowRoot.querySelector('.pop')).display), 'none');

  await page.click('#reveal-fair');
  await page.waitForFunction(() => document.getElementById('badge-fair').getAttribute('data-state') === 'pass');
  b = await badge(page, 'badge-fair');
  assert.match(b.text, /deck matches the commitment/);
  assert.match(b.text, /shown to you at/);
  const u = new URL(b.href);
  assert.equal(u.pathname, new URL('verifier.html', WIDGET).pathname, 'details link: verifier.html beside the widget');
  // The full check opens in the badge's language, then the record (issue 34).
  const fragment = new URLSearchParams(u.hash.slice(1));
  assert.equal(fragment.get('lang'), 'en');
  const rec = JSON.parse(Buffer.from(fragment.get('record'), 'base64url').toString('utf8'));
  assert.equal(rec.seed, hand.seed);

  await page.click('#reveal-tampered');
  await page.waitForFunction(() => document.getElementById('badge-tampered').getAttribute('data-state') === 'fail');
  b = await badge(page, 'badge-tampered');
  // The first difference in the game's words, and what to do.
  // Whose cards, as the page says it (a player's hole cards are a set: SPEC).
  assert.match(b.text, /Player 2’s hole cards: you were shown 8♠, the recomputation gives 7♥/);
  assert.match(b.text, /contact the operator’s support/);
  const ev = await page.evaluate(() => window.__events);
  assert.deepEqual(ev.map((e) => [e.id, e.detail.verdict]), [['badge-fair', 'pass'], ['badge-tampered', 'fail']]);
  for (const e of ev) assert.equal(e.detail.verdict, e.detail.report.verdict);
  assert.equal(ev[1].detail.report.differenceCount, 1);
  await shot(page, 'widget-after');
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a record whose commitment differs from the one shown first fails with that reason', async () => {
  const { page, blocked, errors, context } = await openPage(browser, { allowed: [EMBED, WIDGET] });
  await page.goto(EMBED);
  await events(page);
  const other = loadCases().find((c) => c.record.scheme === 'selfpoker' && c.expect.commitmentOk && c.record.commit !== '');
  await page.evaluate((rec) => {
    const el = document.createElement('fair-verify');
    el.id = 'badge-switch';
    el.setAttribute('commitment', 'ab'.repeat(32));
    document.body.append(el);
    el.record = rec; // valid on its own, but not what this badge showed
  }, other.record);
  const b = await badge(page, 'badge-switch');
  assert.equal(b.state, 'fail');
  assert.match(b.text, /commitment changed after it was shown/);
  const ev = await page.evaluate(() => window.__events);
  assert.equal(ev[0].detail.commitmentChanged, true);
  // One verdict: the switch is a check inside the report (shownOk), not a second verdict.
  assert.equal(ev[0].detail.report.verdict, 'fail');
  assert.equal(ev[0].detail.verdict, ev[0].detail.report.verdict);
  assert.equal(ev[0].detail.report.commitmentOk, true, 'the record verifies on its own');
  const shown = ev[0].detail.report.checks.find((c) => c.code === 'shownOk');
  assert.deepEqual([shown.ok, shown.expected, shown.computed], [false, 'ab'.repeat(32), other.record.commit]);
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a malformed record shows an error and the host page keeps working', async () => {
  const { page, blocked, errors, context } = await openPage(browser, { allowed: [EMBED, WIDGET] });
  await page.goto(EMBED);
  await events(page);
  await page.evaluate(() => {
    const el = document.createElement('fair-verify');
    el.id = 'badge-bad';
    document.body.append(el);
    el.setAttribute('record', '{"scheme": "selfpoker", "seed": "007"');
    const el2 = document.createElement('fair-verify');
    el2.id = 'badge-bad2';
    document.body.append(el2);
    el2.record = { scheme: 'selfpoker', seed: '7', commit: '00', players: 3 }; // a 2-digit commitment: bad_hex
  });
  assert.equal((await badge(page, 'badge-bad')).state, 'error');
  assert.equal((await badge(page, 'badge-bad2')).state, 'error');
  const ev = await page.evaluate(() => window.__events);
  assert.deepEqual(ev.map((e) => [e.type, e.detail.code]), [['fair-verify:error', 'bad_json'], ['fair-verify:error', 'bad_hex']]);
  // The badge's core has no sentences of its own: the event carries the English
  // catalog's, the field and the params (what was wrong with the hash).
  assert.equal(ev[1].detail.field, 'commit');
  assert.equal(ev[1].detail.message, 'A hash is not 64 hexadecimal digits.');
  assert.equal(ev[1].detail.params.reason, 'length');
  // The host page still runs its own code.
  await page.click('#reveal-fair');
  await page.waitForFunction(() => document.getElementById('badge-fair').getAttribute('data-state') === 'pass');
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bare page with only widget.js: FairVerify.mount, remembered commitment after reload', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-widget-'));
  const file = path.join(dir, 'bare.html');
  fs.writeFileSync(file, `<!doctype html><meta charset="utf-8"><body><div id="slot"></div><script src="${WIDGET}"></script></body>`);
  const url = 'file://' + file;
  const { page, blocked, errors, context } = await openPage(browser, { allowed: [url, WIDGET] });
  const dice = loadCases().find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk);
  await page.goto(url);
  await page.evaluate((c) => {
    window.b = FairVerify.mount(document.getElementById('slot'), { commitment: c, page: 'https://example.invalid/v.html' });
    window.b.id = 'm';
  }, dice.record.serverSeedHash);
  assert.equal((await badge(page, 'm')).state, 'shown');
  // The gzipped wasm inside widget.js inflates to exactly pkg/widget.wasm (the size-optimised build).
  const { createHash } = await import('node:crypto');
  const want = createHash('sha256').update(fs.readFileSync(path.join(ROOT, 'pkg/widget.wasm'))).digest('hex');
  assert.equal(await page.evaluate(async () => { await FairVerify.ready; return FairVerify.wasmSha256; }), want);
  // Reload: a new badge without a commitment still knows when this one was shown.
  await page.reload();
  await page.evaluate((rec) => {
    window.b = FairVerify.mount(document.getElementById('slot'), { record: rec, page: 'https://example.invalid/v.html' });
    window.b.id = 'm2';
  }, dice.record);
  const b = await badge(page, 'm2');
  assert.equal(b.state, 'pass');
  assert.match(b.text, /shown to you at/);
  assert.ok(b.href.startsWith('https://example.invalid/v.html#lang=en&record='), b.href);
  // remember="off": nothing stored.
  // The badge stores a fingerprint in a timer task set from the next animation frame:
  // a frame callback requested after its own, then a timer, run after it, so the
  // store is read once it would have been written.
  const stored = await page.evaluate(async () => {
    localStorage.clear();
    const el = document.createElement('fair-verify');
    el.setAttribute('remember', 'off');
    el.setAttribute('commitment', 'cd'.repeat(32));
    document.body.append(el);
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return localStorage.getItem('fair-verify:shown');
  });
  assert.equal(stored, null);
  assert.deepEqual(blocked, []);
  assert.deepEqual(errors, []);
  await context.close();
  // Issues 15 and 35: one badge's file, measured as the issues do (`gzip -9 <
  // pkg/widget.js | wc -c`), at most 100 KiB. It was 111,604 bytes once the core read
  // what the player saw by meaning; the allocator, the packed catalogs, the payloads at
  // the end of the file and the trimmed glue brought it to 99,907 (CHANGELOG.md).
  const { execFileSync } = await import('node:child_process');
  const shipped = fs.readFileSync(path.join(ROOT, 'pkg/widget.js'));
  const gz = execFileSync('gzip', ['-9'], { input: shipped, maxBuffer: 1 << 24 }).length;
  assert.ok(gz <= 102400, `widget.js is ${gz} bytes gzipped (at most 102,400)`);
  // No network call in the badge's file: wasm-bindgen's loader (a fetch of
  // `<script>_bg.wasm`) is cut from its glue (tools/bundle.mjs syncGlue).
  for (const f of ['widget.js', 'widget.mjs']) {
    const text = fs.readFileSync(path.join(ROOT, 'pkg', f), 'utf8');
    assert.doesNotMatch(text, /\bfetch\s*\(|XMLHttpRequest|sendBeacon|WebSocket|EventSource|importScripts/, f);
  }
});

// Issue 25: <fair-verify> is defined a frame after widget.js runs (the badges' first
// drawing kept out of the script's own evaluation). A host that mounts a badge and
// sets its record before that still gets the record verified, with a commitment
// shown first kept as shown; a second copy of widget.js uses the same element.
// The definition is held by the test (customElements.define wrapped before any
// script runs) until the host's script has run, so that the badges are surely made
// before it whatever the machine's timing (the parser may let a frame through while
// it loads the second copy).
test('a badge mounted with its record before <fair-verify> is defined verifies that record', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-widget-'));
  const file = path.join(dir, 'early.html');
  const dice = loadCases().find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk);
  fs.writeFileSync(file, `<!doctype html><meta charset="utf-8"><body><div id="slot"></div>
<script src="${WIDGET}"></script><script src="${WIDGET}?copy=2"></script><script>
window.early = { defined: !!customElements.get('fair-verify') };
window.b = FairVerify.mount(document.getElementById('slot'), { record: ${JSON.stringify(dice.record)} });
window.b.id = 'early';
window.early.own = Object.prototype.hasOwnProperty.call(window.b, 'record');
// With the commitment shown first, as a table does: shown before the record, kept.
window.c = FairVerify.mount(document.getElementById('slot'), { commitment: ${JSON.stringify(dice.record.serverSeedHash)}, record: ${JSON.stringify(dice.record)} });
window.c.id = 'early-shown';
</script></body>`);
  const url = 'file://' + file;
  const { page, errors, context } = await openPage(browser, { allowed: [url, WIDGET, `${WIDGET}?copy=2`] });
  await page.addInitScript(() => {
    const real = customElements.define.bind(customElements);
    window.__held = [];
    customElements.define = (...a) => { window.__held.push(a); };
    window.__release = () => {
      customElements.define = real;
      for (const a of window.__held) if (!customElements.get(a[0])) real(...a);
      return window.__held.length;
    };
  });
  await page.goto(url);
  // The badge asks for its definition a frame after it runs.
  await page.waitForFunction(() => window.__held.length > 0);
  const early = await page.evaluate(() => window.early);
  assert.equal(early.defined, false, 'the element is not defined while the host page\'s script runs');
  assert.equal(early.own, true, 'so the record sits on the element itself');
  assert.ok(await page.evaluate(() => window.__release()) >= 1);
  const b = await badge(page, 'early');
  assert.equal(b.state, 'pass');
  const after = await page.evaluate(() => ({
    cls: customElements.get('fair-verify') === FairVerify.Element,
    own: Object.prototype.hasOwnProperty.call(window.b, 'record'),
    verdict: window.b.result && window.b.result.report && window.b.result.report.verdict,
  }));
  assert.equal(after.cls, true, 'the first copy\'s element is the one defined');
  assert.equal(after.own, false, 'the record moved to the element\'s own setter');
  assert.equal(after.verdict, 'pass');
  const shown = await badge(page, 'early-shown');
  assert.equal(shown.state, 'pass', 'a badge mounted with its commitment and record before the definition');
  assert.match(shown.text, /shown to you at/, 'the commitment counts as shown before the record');
  const codes = await page.evaluate(() => window.c.result.report.checks.map((c) => `${c.code}:${c.ok}`));
  assert.ok(codes.includes('shownOk:true'), `the shown commitment went to the core: ${codes.join(', ')}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the packed wasm unpacks in slices: timers in a visible tab, no timers in a hidden one', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-widget-'));
  const file = path.join(dir, 'hidden.html');
  // The script's load event fires as soon as it has run, in the same task: the wasm
  // must not be unpacked yet there.
  fs.writeFileSync(file, `<!doctype html><meta charset="utf-8"><body><script src="${WIDGET}" ` +
    'onload="window.readyDuringHostScripts = FairVerifier.isReady()"></script></body>');
  const url = 'file://' + file;
  const dice = loadCases().find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk);
  for (const hidden of [false, true]) {
    const { page, blocked, errors, context } = await openPage(browser, { allowed: [url, WIDGET] });
    // Count the timers the badge's script starts while it loads; a hidden tab throttles
    // them (to one a second, then one a minute), so there it must use none.
    await page.addInitScript((h) => {
      if (h) Object.defineProperty(Document.prototype, 'hidden', { get: () => true });
      window.timers = 0;
      const st = window.setTimeout;
      window.setTimeout = (...a) => { window.timers++; return st(...a); };
    }, hidden);
    await page.goto(url);
    const r = await page.evaluate(async (rec) => {
      const before = window.readyDuringHostScripts;
      await FairVerifier.ready;
      return { before, timers: window.timers, verdict: FairVerifier.verify(rec).verdict };
    }, dice.record);
    assert.equal(r.before, false, 'the wasm is unpacked after the host\'s scripts, not during them');
    assert.equal(r.verdict, 'pass');
    if (hidden) assert.equal(r.timers, 0, 'no timers in a hidden tab');
    else assert.ok(r.timers >= 5, `the unpacking yields between slices (${r.timers} timers)`);
    assert.deepEqual(blocked, []);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('verifier.js works as a classic script and as a module script (served on loopback)', async () => {
  // Chromium refuses module scripts from file://, so this one is served on 127.0.0.1.
  const http = await import('node:http');
  const js = fs.readFileSync(path.join(ROOT, 'pkg/verifier.js'));
  const server = http.createServer((req, res) => {
    if (req.url === '/verifier.js') { res.writeHead(200, { 'content-type': 'text/javascript' }); res.end(js); return; }
    const type = req.url === '/module.html' ? 'module' : 'text/javascript';
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><meta charset="utf-8"><script type="${type}" src="/verifier.js"></script>`);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  const rec = loadCases().find((c) => c.record.scheme === 'mines' && c.expect.commitmentOk);
  try {
    for (const name of ['classic.html', 'module.html']) {
      const url = `${base}/${name}`;
      const { page, blocked, errors, context } = await openPage(browser, { allowed: [url, `${base}/verifier.js`] });
      await page.goto(url);
      await page.waitForFunction(() => typeof FairVerifier === 'object');
      const out = await page.evaluate((r) => {
        const rep = FairVerifier.verify(r);
        let code = null;
        try { FairVerifier.verify({ scheme: 'mines' }); } catch (e) { code = [e.name, e.code, e.field]; }
        return { mines: rep.mines, selfTest: FairVerifier.selfTest().failed, code };
      }, rec.record);
      assert.deepEqual(out.mines, rec.expect.mines, name);
      assert.equal(out.selfTest, 0);
      assert.deepEqual(out.code, ['VerifyError', 'missing_field', 'serverSeed']);
      assert.deepEqual(blocked.filter((u) => !u.endsWith('/favicon.ico')), []);
      assert.deepEqual(errors.filter((e) => !/favicon/.test(e)), []);
      await context.close();
    }
  } finally {
    server.close();
  }
});
