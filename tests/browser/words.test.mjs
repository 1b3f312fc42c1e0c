// Issue 26 in the browser: what every screen says, per game, in every language of
// www/i18n/catalogs.js. For one record per scheme (tests/node/helpers.mjs onePerScheme)
// and the failures the readers met (a walk cut by the step limit, a hint, a deck
// difference, one and two differences), in each language:
// - no visible text holds a raw value or id: `null`, `undefined`, `NaN`, a catalog key,
//   an unfilled {placeholder}, a scheme id, a menu option that is its own id, two
//   brackets in a row, a glossary's avoided word (docs/i18n/glossary-<lang>.md);
// - the chain games (crash, platforms, battle, hash_chain) never mention seeds;
// - a walk cut by a lowered `maxSteps` says so in the verdict's advice, names the field
//   and sends nobody to support; round numbers are not grouped, decimals take the
//   language's sign;
// - Arabic says one and two differences with the singular and the dual; Chinese puts no
//   ASCII space after full-width punctuation (as rendered: innerText, joins in code too);
// - card codes in sentences are isolated left to right.
// Screenshots at 360 px, one passing and one failing record (and two more) per language:
// tests/artifacts/words-<lang>-<name>-360.png (the result), words-<lang>-page-360.png.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, openPage, shot, b64url, PAGE_URL, ARTIFACTS, nextVerdict } from './browser.mjs';
import { ROOT, VERIFIER, loadCases, onePerScheme } from '../node/helpers.mjs';
import { registeredCatalogs } from '../node/i18ntest_langs.mjs';
import { parseGlossary, matcher } from '../node/glossary.mjs';

const CATS = registeredCatalogs();
const LANGS = Object.keys(CATS);
const cases = loadCases();
const fv = createRequire(import.meta.url)(VERIFIER);
const descriptors = fv.schemes();
const CHAIN = new Set(descriptors.filter((d) => d.chain).map((d) => d.id));
/** Each chain scheme's default step limit, as SPEC §6 says it: 10,000,000. */
const DEFAULT_STEPS = Object.fromEntries([...CHAIN].map((id) => [id, 10_000_000]));
let browser;
test.before(async () => { browser = await launch(); });
test.after(async () => { if (browser) await browser.close(); });

const tag = (c) => c.name.replace(/^public\//, '').replace(/[^a-z0-9_-]+/gi, '-');
const find = (pred, what) => {
  const c = cases.find(pred);
  assert.ok(c, `no vector for ${what}`);
  return c;
};

/** The records every language is read with. */
function records() {
  // A vector's chain walk stopped within a limit below the published length is a step
  // limit: unchecked (SPEC §6).
  const lowered = (c) => c.expect.verdict === 'unchecked' && c.expect.walked !== undefined && c.record.maxSteps < DEFAULT_STEPS[c.record.scheme];
  const out = onePerScheme(cases).map((c) => ({ name: tag(c), record: c.record, stepLimit: lowered(c) }));
  const chain = find((c) => c.record.scheme === 'crash' && c.record.terminal && c.expect.round >= 1000 && !c.record.history, 'a crash round ≥ 1000');
  // Cut by a step limit below the round: not found, and the player's own limit.
  out.push({ name: 'crash-step-limit', record: { ...chain.record, maxSteps: 10 }, verdict: 'unchecked', stepLimit: true });
  // The vectors' chain is none of the published ones: its round is found but proves
  // nothing (SPEC §6's terminal rule), so it is unchecked and the hint leads.
  out.push({ name: 'crash-chain', record: chain.record, verdict: 'unchecked', round: chain.expect.round, advice: 'hint', folded: false });
  // The same chain's round as a platforms round (the terminal is the chain's, not the game's).
  out.push({ name: 'platforms-chain', record: { scheme: 'platforms', hash: chain.record.hash, terminal: chain.record.terminal, maxSteps: chain.record.maxSteps }, verdict: 'unchecked', advice: 'hint', folded: false });
  out.push({ name: 'platforms-step-limit', record: { scheme: 'platforms', hash: chain.record.hash, terminal: chain.record.terminal, maxSteps: 10 }, verdict: 'unchecked', stepLimit: true });
  // Played differs though the chain holds: the advice is not the step limit.
  // (On a chain the record brought, what leads is that it proves nothing: the hint.)
  out.push({ name: 'crash-played', record: { ...chain.record, played: { multiplier: chain.expect.multiplier === '1.01' ? '1.02' : '1.01' } }, verdict: 'fail', advice: 'hint', folded: false });
  const dice = find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk && c.record.clientSeed && !c.record.bets, 'a dice bet');
  out.push({ name: 'dice-hash-as-seed', record: { ...dice.record, serverSeed: dice.record.serverSeedHash }, verdict: 'fail', advice: 'hint' });
  const partial = find((c) => c.record.scheme === 'poker_hmac_v1' && c.record.leaves && c.expect.leavesOk !== false, 'a partial reveal');
  out.push({ name: 'poker-partial', record: partial.record, verdict: 'pass' });
  const self = find((c) => c.record.scheme === 'selfpoker' && c.expect.deck, 'a selfpoker deck');
  const deck = self.expect.deck.slice();
  [deck[2], deck[3]] = [deck[3], deck[2]]; // player 2's hole cards (deck positions 3 and 4)
  out.push({ name: 'selfpoker-difference', record: { ...self.record, played: { deck } }, verdict: 'fail', advice: 'played', cards: true });
  const bridge = find((c) => c.record.game === 'bridge' && c.expect.commitmentOk && c.expect.deals, 'a bridge deal');
  const deals = () => JSON.parse(JSON.stringify(bridge.expect.deals));
  const two = deals();
  [two[0][0][0], two[0][1][0]] = [two[0][1][0], two[0][0][0]]; // two cards swapped: two places
  const one = deals();
  one[0][0][0] = one[0][1][0]; // one card changed: one place
  out.push({ name: 'bridge-two-differences', record: { ...bridge.record, played: { deals: two } }, verdict: 'fail', differences: 2 });
  out.push({ name: 'bridge-one-difference', record: { ...bridge.record, played: { deals: one } }, verdict: 'fail', differences: 1 });
  // Issue 44: a moved mine and one changed die, said from the report's typed facts.
  const mines = find((c) => c.record.scheme === 'mines' && !c.record.bets && Array.isArray(c.expect.mines) && c.expect.mines.length >= 3, 'a mines board');
  const moved = mines.expect.mines.slice();
  moved[0] = [...Array(25).keys()].map((x) => x + 1).find((x) => !moved.includes(x));
  out.push({ name: 'mines-moved', record: { ...mines.record, played: { mines: moved } }, verdict: 'fail', differences: 1, place: 'mines' });
  const table = find((c) => Array.isArray(c.expect.rolls) && c.expect.rolls.length > 9 && c.expect.commitmentOk, 'a backgammon match');
  const rolls = JSON.parse(JSON.stringify(table.expect.rolls));
  rolls[8][1] = rolls[8][1] === 6 ? 5 : rolls[8][1] + 1;
  // What was shown that cannot be read: the field by the part's name, never its key or
  // path ("(multiplier)", "(at played.mines[0])").
  out.push({ name: 'crash-3-decimals', record: { ...chain.record, played: { multiplier: '2.735' } }, verdict: 'error', rawKey: 'multiplier' });
  out.push({ name: 'mines-cell-0', record: { ...mines.record, played: { mines: [0, ...mines.expect.mines.slice(1)] } }, verdict: 'error', rawKey: 'mines' });
  out.push({ name: 'backgammon-die', record: { ...table.record, played: { rolls } }, verdict: 'fail', differences: 1, place: 'rolls', die: 2 });
  return out;
}

/** The text a player can read: text nodes (closed <details> opened first, menus'
 *  options, accessible names), without code, bdi, [dir=ltr] (verbatim values), the
 *  expert scheme menu (its options are the specification's scheme names), the folded
 *  English developer detail and the static no-script notice. */
function readText(page) {
  return page.evaluate(() => {
    const SKIP = 'code, bdi, [dir="ltr"]:not(html), script, style, template, noscript, textarea, #scheme, .devdetail';
    const out = [];
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = w.currentNode; n; n = w.nextNode()) {
      if (n.nodeType === 3) {
        const p = n.parentElement;
        if (p && !p.closest(SKIP) && !p.closest('[hidden]')) out.push(n.nodeValue);
        continue;
      }
      if (n.closest(SKIP)) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (n.hasAttribute(a)) out.push(n.getAttribute(a));
    }
    return out.join('\n');
  });
}

/** In the verbatim values (<code>, <bdi>): `null` and friends; and each check's
 *  published and recomputed value is a hash or words, never a bare number ("1161"). */
function rawCode(page) {
  return page.evaluate(() => {
    const out = [];
    for (const e of document.querySelectorAll('#result code, #result bdi')) {
      // The recipe is the operator's code, verbatim: a program, not words for a player.
      if (e.closest('#recipe pre')) continue;
      if (/(^|[^\p{L}\p{N}_])(null|undefined|NaN)([^\p{L}\p{N}_]|$)|\[object /u.test(e.textContent)) out.push(`a raw value: “${e.textContent}”`);
    }
    for (const dd of document.querySelectorAll('#result dl.pair dd')) {
      const v = dd.textContent.trim();
      if (!/^[0-9a-f]{64}$/i.test(v) && !/\p{L}/u.test(v.replace(/^[0-9a-f]{64}$/i, ''))) out.push(`a check's value is neither a hash nor words: “${v}”`);
    }
    return out;
  });
}

/** Menus whose options show their own id ("table", "bridge") instead of a name. */
function rawOptions(page) {
  return page.$$eval('select:not(#scheme) option', (os) => os
    .filter((o) => o.value && (o.textContent.trim() === o.value || /^[a-z][a-z0-9_]*$/.test(o.textContent.trim())))
    .map((o) => `${o.parentElement.id}: ${o.textContent}`));
}

/** Every id a report or descriptor names, as it would leak into a sentence. */
const SCHEME_IDS = descriptors.map((d) => d.id).filter((id) => /[_\d]/.test(id));
const KEY_PREFIXES = [...new Set(Object.keys(CATS.en).map((k) => k.split('.')[0]))];

function rawValues(text) {
  const found = [];
  const lines = text.split('\n');
  for (const line of lines) {
    for (const [what, re] of [
      ['null', /(?<![\p{L}\p{N}_])(null|undefined|NaN)(?![\p{L}\p{N}_])/u],
      ['[object …]', /\[object /],
      ['a placeholder', /\{[A-Za-z][A-Za-z0-9_]*\}/],
      ['a catalog key', new RegExp(`(?<![\\w.])(${KEY_PREFIXES.join('|')})\\.[A-Za-z_][\\w]*(\\.[\\w]+)*`)],
      ['a scheme id', new RegExp(`(?<![\\w])(${SCHEME_IDS.join('|')})(?![\\w])`)],
      ['two brackets in a row', /\)\s*\(|）\s*（/],
    ]) {
      const m = re.exec(line);
      if (m) found.push(`${what}: “${line.trim().slice(Math.max(0, m.index - 40), m.index + 60)}”`);
    }
  }
  return found;
}

const glossaries = Object.fromEntries(LANGS.map((l) => {
  const file = path.join(ROOT, 'docs/i18n', `glossary-${l}.md`);
  const terms = fs.existsSync(file) ? parseGlossary(fs.readFileSync(file, 'utf8')).rows.flatMap((r) => r.avoid) : [];
  return [l, terms.map((term) => [term, matcher(term, l)])];
}));

/** The word for a seed in each language (a chain game's screen never says it). */
const SEED = {
  en: /(?<![\p{L}])seeds?(?![\p{L}])/iu,
  ro: /(?<![\p{L}])seed/iu,
  it: /(?<![\p{L}])sem[ei](?![\p{L}])/iu,
  ru: /(?<![\p{L}])сид/iu,
  ar: /بذر|بذور/u,
  zh: /种子/u,
};
/** The word for the operator's support (a walk cut by the player's own limit never sends there). */
const SUPPORT = { en: /support/i, ro: /asisten/i, it: /assistenza/i, ru: /поддержк/i, ar: /دعم/, zh: /客服/ };

async function open(page, lang, record) {
  await page.goto('about:blank');
  // The final verdict: a chain round's walk has ended (a pending report may already
  // fail on its `played`, with the advice of a report still being checked).
  await nextVerdict(page, () => page.goto(`${PAGE_URL}#lang=${lang}&record=${b64url(record)}`));
}

for (const lang of LANGS) {
  test(`${lang}: every scheme's screen in the players' words, with no raw value or id`, { timeout: 600000 }, async () => {
    const cat = CATS[lang];
    const { page, blocked, errors, context } = await openPage(browser, { width: 360, height: 740 });
    const problems = [];
    for (const r of records()) {
      await open(page, lang, r.record);
      const at = `${lang} ${r.name}`;
      const verdict = await page.getAttribute('#verdict', 'data-verdict');
      if (r.verdict) assert.equal(verdict, r.verdict, at);
      await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; }));
      const text = await readText(page);
      for (const p of rawValues(text)) problems.push(`${at}: ${p}`);
      // Verbatim values too (a check's details are <code>): never `null`, never a bare number.
      for (const p of await rawCode(page)) problems.push(`${at}: ${p}`);
      for (const p of await rawOptions(page)) problems.push(`${at}: a menu shows an id: ${p}`);
      for (const [term, re] of glossaries[lang]) if (re.test(text.normalize('NFC'))) problems.push(`${at}: avoided word “${term}”`);
      // The result in words (the recipe's script is code: the operator's, with its
      // seeds and `HashSeed`, left out).
      const result = await page.$eval('#result', (e) => { const c = e.cloneNode(true); c.querySelectorAll('#recipe pre').forEach((p) => p.remove()); return c.textContent; });
      // Chain games: the round hash and the published terminal, never a seed.
      if (CHAIN.has(r.record.scheme) && SEED[lang] && SEED[lang].test(result)) {
        problems.push(`${at}: a chain game's result mentions seeds: ${SEED[lang].exec(result)[0]}`);
      }
      const advice = await page.$('#verdict .next');
      const kind = advice ? await advice.getAttribute('data-advice') : null;
      if (r.stepLimit) {
        // Unchecked, with the core's hint: how far it walked and the field to empty.
        const hint = await page.$('[data-hint="step_limit"]');
        const said = hint ? await hint.textContent() : '';
        if (!hint) problems.push(`${at}: a walk cut by its step limit has no step_limit hint`);
        if (!said.includes(cat['field.maxSteps'])) problems.push(`${at}: the hint does not name “${cat['field.maxSteps']}”: ${said}`);
        const banner = await page.textContent('#verdict');
        if (SUPPORT[lang].test(banner + said)) problems.push(`${at}: a walk cut by the player's own limit is sent to support: ${said}`);
      } else if (r.advice && kind !== r.advice) {
        problems.push(`${at}: the advice is “${kind}”, expected “${r.advice}”`);
      }
      if (verdict === 'fail' && !r.stepLimit && kind === 'stepLimit') problems.push(`${at}: step-limit advice for another failure`);
      if (r.round) {
        // A round number is an id: as written, never grouped ("1 843", "1.843", "1,843").
        // (A count is grouped: "Recompute all 2,627 rounds" on #chain-history-go counts
        // the rounds up to this one, and is left out here.)
        const ids = await page.evaluate(() => {
          const copy = document.querySelector('#result').cloneNode(true);
          for (const n of copy.querySelectorAll('#chain-history-go')) n.remove();
          return copy.textContent;
        });
        const grouped = new Intl.NumberFormat(lang).format(r.round);
        if (grouped !== String(r.round) && ids.includes(grouped)) problems.push(`${at}: round ${r.round} written grouped: ${grouped}`);
        if (!result.includes(String(r.round))) problems.push(`${at}: round ${r.round} not shown`);
      }
      if (r.cards) {
        // Card codes in sentences are isolated left to right ("Q♠", not "♠Q" in Arabic).
        const loose = await page.$$eval('#result .diffs li, #result .shown', (els) => els.filter((e) => /[♣♦♥♠]/.test([...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.nodeValue).join(''))).length);
        if (loose) problems.push(`${at}: ${loose} card codes outside an isolated run`);
        // Whose card it is (the player's words of the catalog's "player n's hole card").
        const where = await page.textContent('#result .diffs li');
        const whose = String(cat['render.diff.at.deckHole'] || '').split('{')[0].trim();
        if (!whose || !where.includes(whose)) problems.push(`${at}: the deck difference does not say whose card: ${where}`);
        // Every tag says it was the shown value ("shown Q♠"), the deck's too: a bare "Q♠"
        // under a card reads as that card's real name (turn-4 readers, ar and zh).
        const word = String(cat['diff.shown'] || '').split('{')[0].trim();
        const tags = await page.$$eval('#result .shown', (els) => els.map((e) => e.textContent));
        for (const tag of tags) if (!word || !tag.includes(word)) problems.push(`${at}: a tag does not say it was shown: ${tag}`);
        // The changed hole card is marked in its owner's hand too, where the player looks first.
        const inHand = await page.$$eval('#result .hand .mismatch', (els) => els.length);
        if (inHand < 1) problems.push(`${at}: the changed hole card is not marked in the player's hand`);
        // The tags of two neighbouring cards do not run into each other.
        const overlaps = await page.$$eval('#result .shown', (els) => {
          const rs = els.map((e) => e.getBoundingClientRect());
          const out = [];
          for (let i = 0; i < rs.length; i++) {
            for (let j = i + 1; j < rs.length; j++) {
              const [a, b] = [rs[i], rs[j]];
              if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) out.push(`${els[i].textContent} / ${els[j].textContent}`);
            }
          }
          return out;
        });
        for (const o of overlaps) problems.push(`${at}: two "shown" tags overlap: ${o}`);
      }
      if (r.rawKey) {
        const msg = await page.textContent('#result .errmsg');
        if (new RegExp(`played|\\[\\d|\\(${r.rawKey}\\)`).test(msg)) problems.push(`${at}: the error names a key or path: ${msg}`);
      }
      if (r.place) {
        // A difference in the game's words: never the report's key or path ("mines:",
        // "rolls[8]"), cells in ascending order with the language's separators, a
        // changed die by its number (issue 44).
        const said = await page.$$eval('#result .diffs li', (els) => els.map((e) => e.textContent));
        for (const line of said) {
          if (new RegExp(`(^|[^\\p{L}])${r.place}(\\[|:|：|$)`, 'u').test(line) || /\w\[\d/.test(line)) problems.push(`${at}: a raw key or path in a difference: ${line}`);
          if (/\d \d/.test(line)) problems.push(`${at}: numbers run together: ${line}`);
        }
        if (r.die) {
          const nth = String(cat[`ordinal.die.${r.die}`] || '');
          if (!nth || !said.some((l) => l.includes(nth))) problems.push(`${at}: the changed die is not named (“${nth}”): ${said.join(' | ')}`);
        }
        if (r.place === 'mines') {
          const cells = said.join(' ').match(/\d+/g) || [];
          if (cells.length < 2) problems.push(`${at}: the moved mine's cells are not said: ${said.join(' | ')}`);
          // The drawing's list of mines: ascending, with the language's separators.
          const heads = await page.$$eval('#result h3', (els) => els.map((e) => e.textContent));
          for (const h of heads) {
            const ns = (h.match(/\d+/g) || []).map(Number);
            if (/\d \d/.test(h) || ns.some((x, i) => i > 1 && x < ns[i - 1])) problems.push(`${at}: cells run together or unsorted: ${h}`);
          }
        }
      }
      if (lang === 'zh' && r.differences) {
        // The comparison rows and the difference lines: the catalog's full-width colon,
        // no space between two Chinese characters (「东家 的手牌」, 「你看到的 格子 1」).
        const rows = await page.$$eval('#result .diffs li, #result .seenrow h4', (els) => els.map((e) => e.textContent));
        for (const l of rows) if (/[\u4e00-\u9fff]\s*:|[\u4e00-\u9fff] [\u4e00-\u9fff]/u.test(l)) problems.push(`${at}: an ASCII colon or a space between Chinese characters: “${l}”`);
      }
      if (r.advice === 'hint' && r.folded !== false) {
        // The drawing from the wrong input is folded under a summary that says so (a
        // terminal that commits to nothing is no wrong input: its round is drawn).
        const folded = await page.$eval('#result', (e) => !!e.querySelector('details.fromhint .drawing') && !e.querySelector(':scope > .report > .drawing'));
        if (!folded) problems.push(`${at}: the result from the wrong input is shown as the outcome`);
      }
      if (r.record.scheme === 'battle' && !['en', 'zh', 'ar'].includes(lang)) {
        // The wheel's point in the language's decimal sign.
        const sign = new Intl.NumberFormat(lang).formatToParts(0.5).find((p) => p.type === 'decimal').value;
        const point = await page.textContent('#result [data-winner]');
        if (!/\d/.test(point) || /\d\.\d/.test(point) || !point.includes(sign)) problems.push(`${at}: the wheel point is not in ${lang}'s decimal sign: ${point}`);
      }
      if (lang === 'zh') {
        // As rendered, joins made in code included.
        const lines = (await page.evaluate(() => document.body.innerText)).split('\n');
        for (const l of lines) if (/[，。：；！？、）] /.test(l)) problems.push(`${at}: ASCII space after full-width punctuation: “${l.trim().slice(0, 80)}”`);
      }
      if (lang === 'ar' && r.differences) {
        // One and two said by the noun alone (singular, dual), never "1 اختلاف".
        const heads = await page.$$eval('#result h3, #result .checks .label', (els) => els.map((e) => e.textContent).filter((s) => s.includes('اختلاف')));
        if (!heads.length) problems.push(`${at}: no difference count in words`);
        for (const h of heads) {
          if (/(^|[^\d])[12]\s*اختلاف/.test(h)) problems.push(`${at}: the numeral is said with the noun: ${h}`);
          if (r.differences === 1 && !/اختلاف واحد/.test(h)) problems.push(`${at}: one difference is not “اختلاف واحد”: ${h}`);
          if (r.differences === 2 && !/اختلافان|اختلافين/.test(h)) problems.push(`${at}: two differences are not the dual: ${h}`);
        }
      }
      if (r.name === 'poker-partial') {
        // The revealed cards of one hand stand side by side (their captions wrap under them).
        const rows = await page.$$eval('#result .reveal .cards', (cs) => cs.map((c) => new Set([...c.children].map((x) => Math.round(x.getBoundingClientRect().top))).size / c.children.length));
        if (!rows.length || rows.some((x) => x > 0.5)) problems.push(`${at}: the revealed cards are stacked one per line`);
      }
      if (['crash-step-limit', 'poker-partial', 'dice-hash-as-seed', 'selfpoker-difference'].includes(r.name) || r.record.scheme === 'mines') {
        // As a player first sees it: details folded. The result, and once the whole page.
        await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = false; }));
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        await page.locator('#result').screenshot({ path: path.join(ARTIFACTS, `words-${lang}-${r.name}-360.png`) });
        if (r.name === 'crash-step-limit') await shot(page, `words-${lang}-page-360`);
      }
    }
    assert.deepEqual(blocked, []);
    assert.deepEqual(errors, []);
    await context.close();
    assert.deepEqual([...new Set(problems)], []);
  });
}

test('the checks find what they look for', () => {
  assert.deepEqual(rawValues('recomputed null'), ['null: “recomputed null”']);
  assert.equal(rawValues('Nullam annulled').length, 0, 'a word containing null is not null');
  assert.equal(rawValues('Deal {n} of 3').length, 1);
  assert.equal(rawValues('see render.verdict.pass.why').length, 1);
  assert.equal(rawValues(`scheme ${SCHEME_IDS[0]} here`).length, 1);
  assert.equal(rawValues('Seed (revealed) (optional)').length, 1);
  assert.equal(rawValues('(100·2^52 − h) / (2^52 − h)').length, 0, 'a formula is not two labels in brackets');
  assert.ok(SEED.ru.test('по сидам') && !SEED.ru.test('сидение'.replace('сид', 'сад')));
  assert.ok(SEED.it.test('i semi') && !SEED.it.test('semplice'));
});
