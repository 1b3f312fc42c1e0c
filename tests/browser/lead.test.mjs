// Issue 41's journeys on a phone (360 px), in Romanian and Russian: what explains a
// difference leads the verdict (SPEC "When what was shown differs"), and the
// operator's support is named only when nothing does.
// - a hold'em hand entered under the wrong player names the right player, does not
//   name support, and its one tap ("check again as player 3") passes;
// - a bridge hand entered under the wrong seat names the seat;
// - table client seeds in another order are named as such;
// - a stray space in a client seed leads with it (input_slip trim / lookalike_char);
// - a seed copied with its quotes: the hint's own title heads the banner, the hint sits
//   at the top of its check, and the outcome computed from the typo is folded;
// - a crash round of the record's own chain is not green (unchecked, the hint first,
//   its chain check marked "proves nothing").
// Each waits for the page's own count of finished results (`#result[data-drawn]`,
// browser.mjs nextVerdict), never for text or a delay. Screenshots: tests/artifacts/lead-<lang>-<journey>-360.png.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launch, openPage, shot, b64url, PAGE_URL, nextVerdict } from './browser.mjs';
import { VERIFIER, loadCases } from '../node/helpers.mjs';
import { registeredCatalogs } from '../node/i18ntest_langs.mjs';

const CATS = registeredCatalogs();
const LANGS = ['ro', 'ru'];
const cases = loadCases();
const fv = createRequire(import.meta.url)(VERIFIER);
const find = (pred, what) => {
  const c = cases.find((x) => !x.expect.error && pred(x.record, x.expect));
  assert.ok(c, `no vector for ${what}`);
  return c;
};
/** The word for the operator's support, per language (as tests/browser/words.test.mjs). */
const SUPPORT = { en: /support/i, ro: /asisten/i, it: /assistenza/i, ru: /поддержк/i, ar: /دعم/, zh: /客服/ };

function journeys() {
  const out = [];
  const hold = find((r, e) => r.scheme === 'selfpoker' && Array.isArray(e.holeCards) && e.holeCards.length >= 3, 'a selfpoker hand of three players or more');
  out.push({ name: 'holdem-wrong-player', record: { ...hold.record, played: { holeCards: [hold.expect.holeCards[2]] } }, lead: 'diagnosis shown_elsewhere', recheck: 'player', key: 'lead.elsewhere.player' });
  const bridge = find((r, e) => r.game === 'bridge' && e.commitmentOk === true && e.deals, 'a bridge deal');
  out.push({ name: 'bridge-wrong-seat', record: { ...bridge.record, played: { deals: [[null, null, null, bridge.expect.deals[0][1]]] } }, lead: 'diagnosis shown_elsewhere', recheck: 'seat', key: 'lead.elsewhere.seat' });
  const table = find((r, e) => r.scheme === 'match_seed_v2' && Array.isArray(r.clientSeeds) && r.clientSeeds.length >= 2
    && new Set(r.clientSeeds).size === r.clientSeeds.length && e.commitmentOk === true && e.rolls, 'a backgammon match with client seeds');
  out.push({ name: 'seeds-order', record: { ...table.record, clientSeeds: [...table.record.clientSeeds].reverse(), played: { rolls: table.expect.rolls } }, lead: 'diagnosis input_slip order', key: 'lead.slip.order' });
  out.push({ name: 'seed-space', record: { ...table.record, clientSeeds: table.record.clientSeeds.map((s, i) => (i === 1 ? `${s} ` : s)), played: { rolls: table.expect.rolls } }, lead: 'diagnosis input_slip trim', key: 'lead.slip.trim', folded: true, hint: 'lookalike_char' });
  const dice = find((r, e) => r.scheme === 'dice' && e.commitmentOk === true && r.clientSeed && !r.bets, 'a dice bet');
  out.push({ name: 'seed-quoted', record: { ...dice.record, serverSeed: `"${dice.record.serverSeed}"` }, lead: 'hint seed_wrapped', key: 'lead.title.seed_wrapped', folded: true, hint: 'seed_wrapped', hintCheck: 'commitmentOk' });
  const crash = find((r, e) => r.scheme === 'crash' && r.terminal && r.maxSteps && e.chainOk === true && !r.history, 'a crash round with its chain');
  out.push({ name: 'crash-own-chain', record: crash.record, lead: 'hint terminal_unpublished', key: 'lead.title.terminal_unpublished', verdict: 'unchecked' });
  for (const j of out) {
    // The core says it first (the page only words it).
    const r = fv.verify(j.record);
    assert.equal(r.verdict, j.verdict || 'fail', `${j.name}: ${r.verdict}`);
  }
  return out;
}

let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

/** Opens the record by link in `lang` (a new document: about:blank first, as only
 *  the fragment would change) and waits for its first drawn result, with no walk
 *  left under way. */
async function open(page, lang, record) {
  await page.goto('about:blank');
  await nextVerdict(page, () => page.goto(`${PAGE_URL}#lang=${lang}&record=${b64url(record)}`));
  assert.equal(await page.evaluate(() => !!document.querySelector('#result[data-walking], #chain-progress:not([hidden])')), false, 'a walk under way');
}

/** The catalog's sentence with its placeholders as a pattern (values vary). */
const pattern = (text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[a-z]+\\\}/gi, '.+?'));

for (const lang of LANGS) {
  test(`${lang}: at 360 px the verdict leads with what explains a difference`, { timeout: 300000 }, async () => {
    const cat = CATS[lang];
    const { context, page, errors } = await openPage(browser, { width: 360, height: 780 });
    try {
      for (const j of journeys()) {
        const at = `${lang} ${j.name}`;
        await open(page, lang, j.record);
        const v = await page.$eval('#verdict', (e) => ({
          verdict: e.getAttribute('data-verdict'), lead: e.getAttribute('data-lead'), tone: e.className,
          head: e.querySelector('.vhead').innerText, text: e.innerText,
        }));
        assert.equal(v.verdict, j.verdict || 'fail', at);
        assert.equal(v.lead, j.lead, at);
        assert.ok(!/\bpass\b/.test(v.tone), `${at}: the banner is green`);
        // The headline is the lead's sentence, in the page's language.
        const want = cat[j.key];
        assert.ok(typeof want === 'string', `${at}: ${j.key} in ${lang}`);
        assert.match(v.head, pattern(want), at);
        // Nobody is sent to support while something explains the difference.
        assert.doesNotMatch(v.text, SUPPORT[lang], `${at}: names support: ${v.text}`);
        // No raw path, key or placeholder in the banner.
        assert.doesNotMatch(v.text, /\[\d+\]|\{[a-z]+\}|\blead\.|\bhint\.|clientSeeds|holeCards/, `${at}: ${v.text}`);
        if (j.folded) {
          // The outcome computed from the typo is folded, closed.
          const folded = await page.$eval('[data-from-hint]', (d) => d.tagName === 'DETAILS' && !d.open);
          assert.ok(folded, `${at}: the outcome from the typo is not folded`);
        }
        if (j.hint) {
          // The hint sits at the top inside the failed check.
          const first = await page.$eval(`ul.checks > li[data-ok="false"]`, (li) => li.firstElementChild && li.firstElementChild.getAttribute('data-hint'));
          assert.equal(first, j.hint, `${at}: the hint is not first in its check`);
        }
        if (j.verdict === 'unchecked') {
          // The round of the record's own chain: nothing green anywhere in the checks.
          const green = await page.$$eval('ul.checks > li.ok', (l) => l.length);
          assert.equal(green, 0, `${at}: a check is green`);
        }
        await shot(page, `lead-${lang}-${j.name}-360`, { fullPage: false });
        if (j.recheck) {
          // One tap re-checks as the player or seat the hand belongs to: it passes.
          const button = await page.$('#recheck-as');
          assert.ok(button, `${at}: no re-check button`);
          assert.equal(await button.getAttribute('data-recheck'), j.recheck, at);
          const label = await button.innerText();
          assert.match(label, pattern(cat[`lead.recheck.${j.recheck}`]), at);
          const { verdict } = await nextVerdict(page, () => button.click());
          assert.equal(verdict, 'pass', `${at}: the re-check does not pass`);
          const lead = await page.$eval('#verdict', (e) => e.getAttribute('data-lead'));
          assert.ok(!lead, `${at}: the re-check's verdict leads with ${lead}`);
          assert.equal(await page.evaluate(() => !!document.querySelector('#result[data-walking]')), false, `${at}: a walk under way`);
          await shot(page, `lead-${lang}-${j.name}-recheck-360`, { fullPage: false });
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
