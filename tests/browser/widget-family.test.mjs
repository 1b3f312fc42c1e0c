// The per-family badges (issue 46): pkg/widget-chain.js and pkg/widget-cards.js, the
// same <fair-verify> element over a core built with one family's schemes (Cargo
// features family-chain, family-cards). Each verifies every vector of its family with
// the report the page's core gives (pkg/verifier.js), through its API and, for one
// record of each scheme, through the element; a record of the other family is
// refused with `other_badge` naming the file that checks it, never a pass or a fail.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage } from './browser.mjs';
import { ROOT, VERIFIER, loadCases, onePerScheme } from '../node/helpers.mjs';

const full = createRequire(import.meta.url)(VERIFIER);
const EN = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/en.json'), 'utf8'));
/** The split the issue names (the core's own list is src/schemes/mod.rs FAMILIES). */
const FAMILIES = {
  chain: ['crash', 'platforms', 'battle', 'hash_chain', 'dice', 'mines'],
  cards: ['match_seed_v2', 'poker_hmac_v1', 'chess_colour_v1', 'selfpoker'],
};
const CASES = loadCases();

let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** What the badge's core leaves out by design (tests/node/widget_core.test.mjs): the
 *  diagnosis of a player's slips, typing hints, the notes it never renders and `playedRead`. */
const TYPING_HINTS = ['lookalike_char', 'seed_wrapped', 'unknown_field', 'seeds_equal'];
function pageOutcome(record) {
  try {
    const { diagnosis, diagnosisWhere, playedRead, ...report } = full.verify(record);
    if (report.hints) {
      report.hints = report.hints.filter((h) => !TYPING_HINTS.includes(h.code));
      if (!report.hints.length) delete report.hints;
    }
    return { report };
  } catch (e) {
    assert.equal(e.name, 'VerifyError', String(e));
    return { error: { code: e.code, field: e.field, params: e.params || {} } };
  }
}

/** A bare host page with only the family's file, its API ready. */
async function familyPage(name) {
  const widget = 'file://' + path.join(ROOT, `pkg/widget-${name}.js`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-family-'));
  const file = path.join(dir, 'host.html');
  fs.writeFileSync(file, `<!doctype html><meta charset="utf-8"><body lang="en"><fair-verify id="b"></fair-verify><script src="${widget}"></script></body>`);
  const url = 'file://' + file;
  const opened = await openPage(browser, { width: 800, height: 600, allowed: [url, widget] });
  await opened.page.goto(url);
  await opened.page.waitForFunction(() => globalThis.FairVerify && customElements.get('fair-verify'));
  await opened.page.evaluate(() => FairVerify.ready);
  return opened;
}

/** Each record through the family badge's API: a report or {code, field, params}. */
function badgeOutcomes(page, records) {
  return page.evaluate((list) => list.map((r) => {
    try {
      return { report: FairVerifier.verify(r) };
    } catch (e) {
      return { error: { code: e.code, field: e.field, params: e.params || {} } };
    }
  }), records);
}

/** The badge element's outcome for a record: its data-state, the event it sent and
 *  the text it shows. */
function elementOutcome(page, record) {
  return page.evaluate((rec) => new Promise((resolve) => {
    const el = document.getElementById('b');
    const done = (e) => {
      document.removeEventListener('fair-verify:result', done);
      document.removeEventListener('fair-verify:error', done);
      requestAnimationFrame(() => resolve({
        type: e.type, state: el.getAttribute('data-state'),
        verdict: e.detail.verdict, code: e.detail.code, params: e.detail.params,
        text: el.shadowRoot.textContent,
      }));
    };
    document.addEventListener('fair-verify:result', done);
    document.addEventListener('fair-verify:error', done);
    el.record = rec;
  }), record);
}

for (const [name, ids] of Object.entries(FAMILIES)) {
  const other = Object.keys(FAMILIES).find((n) => n !== name);
  test(`widget-${name}.js verifies its family's vectors as the page's core does, and refuses the other family's`, async () => {
    const { page, context, blocked, errors } = await familyPage(name);
    assert.deepEqual(await page.evaluate(() => FairVerifier.schemes().map((d) => d.id)), ids, 'its core has its family\'s schemes, in the page\'s order');

    const own = CASES.filter((c) => ids.includes(c.record.scheme));
    assert.ok(own.length >= 30, `${own.length} vectors of ${ids}`);
    const got = await badgeOutcomes(page, own.map((c) => c.record));
    const bad = [];
    own.forEach((c, i) => {
      const want = pageOutcome(c.record);
      const { line, column, ...params } = (got[i].error || {}).params || {};
      const badge = got[i].error ? { error: { ...got[i].error, params: want.error && 'line' in want.error.params ? got[i].error.params : params } } : got[i];
      if (JSON.stringify(badge) !== JSON.stringify(want)) bad.push(`${c.name}: page ${JSON.stringify(want).slice(0, 200)}\n  badge ${JSON.stringify(badge).slice(0, 200)}`);
    });
    assert.deepEqual(bad, [], bad.slice(0, 5).join('\n'));
    assert.ok(got.some((o) => o.report && o.report.verdict === 'pass') && got.some((o) => o.report && o.report.verdict === 'fail'),
      'passes and fails among them');

    // Through the element: one record of each scheme and game, the verdict the page gives.
    for (const c of onePerScheme(own, { bets: false })) {
      const seen = await elementOutcome(page, c.record);
      const want = full.verify(c.record).verdict;
      assert.equal(seen.type, 'fair-verify:result', `${c.name}: ${JSON.stringify(seen).slice(0, 200)}`);
      assert.equal(seen.verdict, want, c.name);
      assert.equal(seen.state, want, c.name);
    }

    // The other family: a typed refusal naming the file that checks it, by the API and
    // by the element; never a verdict.
    const theirs = onePerScheme(CASES.filter((c) => FAMILIES[other].includes(c.record.scheme)), { bets: false });
    assert.deepEqual([...new Set(theirs.map((c) => c.record.scheme))].sort(), [...FAMILIES[other]].sort());
    const refused = await badgeOutcomes(page, theirs.map((c) => c.record));
    theirs.forEach((c, i) => {
      assert.equal(full.verify(c.record).verdict !== undefined, true, `${c.name} verifies on the page`);
      assert.deepEqual(refused[i], { error: { code: 'other_badge', field: 'scheme', params: { scheme: c.record.scheme, badge: `widget-${other}.js` } } }, c.name);
    });
    const words = EN['err.other_badge'].replace('{badge}', `widget-${other}.js`);
    for (const c of theirs.slice(0, 2)) {
      const seen = await elementOutcome(page, c.record);
      assert.deepEqual([seen.type, seen.state, seen.code, seen.params.badge], ['fair-verify:error', 'error', 'other_badge', `widget-${other}.js`], c.name);
      assert.ok(seen.text.includes(words), `${c.name}: the badge says which file checks it: ${seen.text}`);
      assert.doesNotMatch(seen.text, new RegExp(EN['widget.state.pass'].split('{label}')[0].trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'no pass words');
    }
    assert.deepEqual(blocked, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
