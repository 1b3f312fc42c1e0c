// A verdict belongs to what it checked, and a player can hand over the evidence
// (issue 23): a change to an input withdraws the verdict at once (form, paste box,
// the badge's record and fingerprint); a copy of the page saved after a verdict
// shows none, with scripts or without; "Save evidence" writes one HTML file that
// reads with scripts off, and that verifier.js and the page verify again.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { launch, openPage, PAGE, PAGE_URL, ARTIFACTS, b64url, shot, nextVerdict } from './browser.mjs';
import { VERIFIER, ROOT, loadCases, runCli } from '../node/helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const cases = loadCases();
const en = JSON.parse(fs.readFileSync(path.join(path.dirname(PAGE), '../www/i18n/en.json'), 'utf8'));
const sha256 = (b) => createHash('sha256').update(b).digest('hex');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'fv-evidence-'));
const passing = (pred) => cases.find((c) => c.record.scheme && pred(c.record) && c.expect.error === undefined
  && fv.verify(c.record).verdict === 'pass');
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** Opens `record` by a #record= link and waits for its final verdict. */
async function openRecord(page, record) {
  await nextVerdict(page, () => page.goto(PAGE_URL + '#record=' + b64url(record)));
  return page.getAttribute('#verdict', 'data-verdict');
}

/** What the page shows right now: the banner's verdict and whether a pass is anywhere. */
const shownNow = (page) => page.evaluate(() => ({
  verdict: document.querySelector('#verdict') && document.querySelector('#verdict').dataset.verdict,
  anyPass: !!document.querySelector('#result [data-verdict="pass"]'),
  report: !!document.querySelector('#result').fvReport,
}));

test('a change to an input withdraws the verdict at once: the dice nonce, a bridge server seed, the paste box', async () => {
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const dice = passing((r) => r.scheme === 'dice' && r.nonce !== undefined && r.serverSeedHash);
  assert.equal(await openRecord(page, dice.record), 'pass');
  await page.fill('#f-nonce', String(dice.record.nonce + 1));
  assert.deepEqual(await shownNow(page), { verdict: 'stale', anyPass: false, report: false }, 'nonce edited');
  await shot(page, 'evidence-360-stale', { fullPage: false });
  // Verify again: the verdict of what is typed now.
  await nextVerdict(page, () => page.click('#verify-again'));
  const again = await page.evaluate(() => document.querySelector('#result').fvReport);
  assert.equal(again.gameSeed, fv.verify({ ...dice.record, nonce: dice.record.nonce + 1 }).gameSeed);

  const bridge = passing((r) => r.game === 'bridge');
  assert.equal(await openRecord(page, bridge.record), 'pass');
  await page.fill('#f-serverSeed', bridge.record.serverSeed + 'x');
  assert.deepEqual(await shownNow(page), { verdict: 'stale', anyPass: false, report: false }, 'server seed edited');

  // A pasted record: typing in the box withdraws it too.
  await page.fill('#paste', JSON.stringify(dice.record));
  await nextVerdict(page, () => page.click('#paste-go'));
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'pass');
  await page.type('#paste', ' ');
  assert.deepEqual(await shownNow(page), { verdict: 'stale', anyPass: false, report: false }, 'paste box edited');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the badge: a new record or a new fingerprint withdraws the verdict at once', async () => {
  // A table page with the badge, beside a copy of widget.js.
  const dir = tmp();
  fs.copyFileSync(path.join(path.dirname(PAGE), 'widget.js'), path.join(dir, 'widget.js'));
  fs.writeFileSync(path.join(dir, 'table.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><script src="widget.js"></script></body></html>');
  const url = 'file://' + path.join(dir, 'table.html');
  const { page, errors, context } = await openPage(browser, { allowed: [url, 'file://' + path.join(dir, 'widget.js')] });
  await page.goto(url);
  await page.waitForFunction(() => window.FairVerify);
  const dice = passing((r) => r.scheme === 'dice' && r.serverSeedHash);
  const other = passing((r) => r.scheme === 'dice' && r.serverSeedHash && r.serverSeedHash !== dice.record.serverSeedHash);
  const states = await page.evaluate(async ([a, b]) => {
    const el = document.createElement('fair-verify');
    el.setAttribute('commitment', a.serverSeedHash);
    document.body.append(el);
    const result = () => new Promise((resolve) => el.addEventListener('fair-verify:result', (e) => resolve(e.detail.verdict), { once: true }));
    let r = result();
    el.record = a;
    const first = await r;
    // A new record: at once no verdict of the old one.
    r = result();
    el.record = b;
    const right = el.getAttribute('data-state');
    const second = await r;
    // A new fingerprint (the next game): the verdict goes, the fingerprint shows.
    el.setAttribute('commitment', 'cd'.repeat(32));
    return { first, right, second, afterCommitment: el.getAttribute('data-state'), result: el.result };
  }, [dice.record, other.record]);
  assert.equal(states.first, 'pass');
  assert.equal(states.right, 'checking', 'not the old pass while the new record is checked');
  assert.equal(states.second, 'fail', 'the other record does not carry the fingerprint shown');
  assert.equal(states.afterCommitment, 'shown');
  assert.equal(states.result, null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a copy saved after a verdict shows none: scripts off, with or without <noscript>; scripts on, it starts clean', async () => {
  const { page, context } = await openPage(browser);
  const dice = passing((r) => r.scheme === 'dice');
  assert.equal(await openRecord(page, dice.record), 'pass');
  const dom = '<!DOCTYPE html>' + await page.evaluate(() => document.documentElement.outerHTML);
  await context.close();
  const dir = tmp();
  const copies = {
    saved: dom,
    // As a browser may save it: no <noscript>, every attribute the running page set kept.
    bare: dom.replace(/<noscript>[\s\S]*?<\/noscript>/g, ''),
  };
  assert.ok(/data-verdict="pass"/.test(dom), 'the saved DOM holds the old verdict');
  const off = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  for (const [name, html] of Object.entries(copies)) {
    const f = path.join(dir, `${name}.html`);
    fs.writeFileSync(f, html);
    const p = await off.newPage();
    await p.goto('file://' + f);
    await p.waitForSelector('[data-static-notice]', { state: 'visible' });
    assert.equal(await p.isVisible('#verdict'), false, `${name}: no verdict shown`);
    assert.equal(await p.isVisible('#result'), false, `${name}: no result shown`);
    if (name === 'bare') await shot(p, 'evidence-360-saved-noscript', { fullPage: false });
    await p.close();
  }
  await off.close();
  // With scripts: the copy goes back to its static markup, no old verdict.
  const on = await openPage(browser, { allowed: ['file://' + path.join(dir, 'saved.html')] });
  await on.page.goto('file://' + path.join(dir, 'saved.html'));
  await on.page.waitForSelector('html[data-ready]');
  assert.equal(await on.page.$('#verdict'), null);
  await on.context.close();
});

/** Opens `record`, saves its evidence; {file, name, html}. */
async function saveEvidence(page, record, dir) {
  await openRecord(page, record);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#evidence')]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { file, name: download.suggestedFilename(), html: fs.readFileSync(file, 'utf8') };
}

test('evidence of a pass and of a fail: read with scripts off, verified again by verifier.js and by the page', async () => {
  const dir = tmp();
  const dice = passing((r) => r.scheme === 'dice' && r.nonce !== undefined && r.serverSeedHash);
  const bridge = passing((r) => r.game === 'bridge');
  // A bridge deal with two cards swapped in what the player was shown: a fail.
  const deals = fv.verify(bridge.record).deals.map((d) => d.map((s) => s.slice()));
  [deals[0][1][5], deals[0][2][3]] = [deals[0][2][3], deals[0][1][5]];
  const tampered = { ...bridge.record, played: { deals } };
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  await page.goto(PAGE_URL);
  await page.waitForSelector('#download-sha[data-sha256]');
  const pageSha = sha256(fs.readFileSync(PAGE));
  const made = {};
  for (const [name, record, verdict, exit] of [['pass', dice.record, 'pass', 0], ['fail', tampered, 'fail', 1]]) {
    const ev = await saveEvidence(page, record, dir);
    made[name] = ev;
    assert.match(ev.name, new RegExp(`^fairverify-evidence-[A-Za-z0-9-]+-${verdict}\\.html$`), ev.name);
    assert.ok(ev.html.includes(`<script type="application/json" id="fairverify-record">`));
    assert.ok(!/<script(?![^>]*type="application\/json")/.test(ev.html), 'no script that runs');
    // verifier.js reads the record inside and verifies it again.
    const cli = runCli([ev.file]);
    assert.equal(cli.code, exit, `${name}: node verifier.js ${ev.name}: ${cli.stderr}`);
    assert.equal(JSON.parse(cli.stdout).verdict, verdict);
    // Read with scripts off: the verdict, the record's server seed, the verifier's SHA-256.
    const off = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const p = await off.newPage();
    await p.goto('file://' + ev.file);
    const seen = await p.evaluate(() => ({
      verdict: document.querySelector('#verdict').dataset.verdict,
      text: document.body.innerText,
      sha: document.querySelector('#verifier-sha').textContent,
    }));
    assert.equal(seen.verdict, verdict);
    assert.ok(seen.text.includes(en[`render.status.${verdict}`]), `${name}: the verdict in words`);
    assert.ok(seen.text.includes(record.serverSeed), `${name}: the record's server seed`);
    assert.equal(seen.sha, pageSha, `${name}: the SHA-256 of verifier.html`);
    await shot(p, `evidence-360-${name}`);
    if (name === 'fail') {
      // The differences come before the checks, on screen and on paper.
      const order = await p.evaluate(() => [...document.querySelectorAll('h2')].map((h) => h.textContent));
      assert.ok(order.indexOf(en['diff.heading']) < order.indexOf(en['check.heading']), order.join(' | '));
    }
    const pdf = await p.pdf({ format: 'A4', path: path.join(ARTIFACTS, `evidence-print-${name}.pdf`) });
    assert.ok(pdf.length > 1000);
    await off.close();
  }
  // The page verifies an evidence file opened as a record file, to the same verdict.
  for (const [name, ev] of Object.entries(made)) {
    await page.evaluate(() => { document.querySelector('#result').replaceChildren(); document.querySelector('#result').fvReport = null; });
    await nextVerdict(page, () => page.setInputFiles('#file', ev.file));
    assert.equal(await page.getAttribute('#verdict', 'data-verdict'), name);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// The readers of turn 9 (ru, ro, it): a slip's evidence looked like a fail (a red
// check, a "-fail.html" name), a quoted seed made the file 806 px wide at 360 px, a
// hint ran into its fix ("…1422».Copy…"), the side-by-side table showed the core's
// card numbers (47,45 | 51,0), the result headings were lowercase phrases.
test('evidence of a slip: amber as on the page, named -slip, fits 360 px, cards as cards, hints as sentences', async () => {
  const dir = tmp();
  // A hold'em hand entered under another player (the page's amber slip), and a dice
  // server seed with a Cyrillic «с» for its first "c" (a 64-hex seed quoted in a hint).
  const wrongPlayer = cases.find((c) => c.record.scheme === 'selfpoker' && c.record.played && Array.isArray(c.record.played.holeCards)
    && c.record.played.holeCards.length === 1 && fv.verify(c.record).verdict === 'fail');
  assert.ok(wrongPlayer, 'a hold\'em record with a hand entered under another player');
  const dice = passing((r) => r.scheme === 'dice' && r.serverSeedHash && /^[0-9a-f]{64}$/.test(r.serverSeed) && r.serverSeed.includes('c'));
  const cyrillic = { ...dice.record, serverSeed: dice.record.serverSeed.replace('c', '\u0441') };
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const off = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  for (const [name, record] of [['wrong-player', wrongPlayer.record], ['cyrillic-seed', cyrillic]]) {
    const ev = await saveEvidence(page, record, dir);
    assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'fail');
    const p = await off.newPage();
    await p.goto('file://' + ev.file);
    const seen = await p.evaluate(() => ({
      tone: document.querySelector('#verdict').dataset.tone,
      failed: [...document.querySelectorAll('.check[data-ok="false"]')].map((c) => ({
        box: c.className, lines: [...c.querySelectorAll(':scope > p:not(.hint)')].map((x) => x.className),
      })),
      // The slip's colour by its class and the file's own rules for it (never a computed RGB).
      rules: [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.selectorText || '')),
      hints: [...document.querySelectorAll('.check p.hint')].map((x) => x.textContent),
      width: document.documentElement.scrollWidth,
      headings: [...document.querySelectorAll('#results h3')].map((h) => h.textContent),
      table: [...document.querySelectorAll('table.sidebyside tr[data-diff]')].map((tr) => [...tr.cells].slice(1).map((td) => ({
        text: td.textContent, cards: [...td.querySelectorAll('[data-card]')].map((c) => c.getAttribute('data-card')) }))),
      header: [...document.querySelectorAll('table.sidebyside th')].slice(1).map((th) => th.textContent),
    }));
    await shot(p, `evidence-360-slip-${name}`);
    await p.close();
    // The page's tone, in the file and in its name.
    assert.equal(seen.tone, 'slip', name);
    assert.match(ev.name, /^fairverify-evidence-[A-Za-z0-9-]+-slip\.html$/, ev.name);
    assert.ok(seen.failed.length > 0, name);
    for (const f of seen.failed) {
      assert.match(f.box, /\bslip\b/, `${name}: the failed check's box`);
      assert.doesNotMatch(f.box, /\bbad\b/, `${name}: never red`);
      for (const c of f.lines) assert.doesNotMatch(c, /\bbad\b/, `${name}: the failed check's line`);
    }
    assert.ok(seen.rules.some((r) => /\.check\.slip\b/.test(r)), `${name}: the file styles a slip's check`);
    // Every long value wraps at a phone's width.
    assert.ok(seen.width <= 360, `${name}: ${seen.width} px wide at 360 px`);
    // A hint's sentence and its fix: two sentences, never "…».Copy".
    for (const h of seen.hints) assert.doesNotMatch(h, /[.!?][»”"]?\p{Lu}/u, `${name}: ${h}`);
    // The results by their names as labels ("Deck", not "the deck").
    for (const h of seen.headings) assert.match(h, /^(?![Tt]he )\p{Lu}/u, `${name}: ${h}`);
    if (name === 'wrong-player') {
      // What was shown beside what was recomputed: the cards, as the line above says them.
      const d = fv.verify(record).differences[0];
      assert.deepEqual(seen.table, [[
        { text: seen.table[0][0].text, cards: d.played.map(String) },
        { text: seen.table[0][1].text, cards: d.computed.map(String) }]]);
      for (const cell of seen.table[0]) assert.doesNotMatch(cell.text, /\d+,\d+/, cell.text);
      assert.deepEqual(seen.header, [en['field.played'], en['check.recomputed'].charAt(0).toUpperCase() + en['check.recomputed'].slice(1)]);
    } else {
      assert.ok(seen.hints.length >= 2, `${name}: the hint and its fix, two lines: ${seen.hints.join(' | ')}`);
    }
  }
  await off.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('evidence of a crash round in a chain the record brings: no ✓, and its terminal is "given in the record", as on the page', async () => {
  const dir = tmp();
  const own = cases.find((c) => c.record.scheme === 'crash' && !c.expect.error && (() => {
    const r = fv.verify(c.record);
    return r.terminalPublished === null && r.chainOk === true;
  })());
  assert.ok(own, 'a crash round found in a chain its record brings');
  const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/en.json'), 'utf8'));
  const { page, errors, context } = await openPage(browser, { width: 360, height: 740 });
  const ev = await saveEvidence(page, own.record, dir);
  const off = await browser.newContext({ javaScriptEnabled: false });
  const p = await off.newPage();
  await p.goto('file://' + ev.file);
  const chain = await p.$eval('.check[data-check="chainOk"]', (c) => ({
    box: c.className, lines: [...c.querySelectorAll(':scope > p:not(.hint)')].map((x) => [x.className, x.textContent]),
    labels: [...c.querySelectorAll('dt')].map((d) => d.textContent),
  }));
  await p.close();
  await off.close();
  assert.ok(!/\bok\b/.test(chain.box), `the check is not marked as held: ${chain.box}`);
  for (const [cls, text] of chain.lines) {
    assert.ok(!/\bok\b/.test(cls) && !text.startsWith('✓'), `a line marked as held: ${cls} ${text}`);
  }
  assert.ok(chain.labels.includes(en['check.given']) && !chain.labels.includes(en['check.published']), chain.labels.join(' | '));
  assert.deepEqual(errors, []);
  await context.close();
});
