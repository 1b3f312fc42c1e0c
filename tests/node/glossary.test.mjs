// The glossaries (docs/i18n/glossary-<lang>.md): one table per language with the columns
// | concept | use | avoid | source |, the avoided words in backticks. The catalog of that
// language never uses an avoided word: a whole word where the script spaces its words
// (Unicode letters, marks and digits around it are part of the word, so `semi` is not found
// in "semplice"), any substring in Chinese. Chinese puts no ASCII space after full-width
// punctuation; Arabic says one and two with the noun alone (singular, dual), never "1 اختلاف".
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './helpers.mjs';

const DOCS = path.join(ROOT, 'docs/i18n');
const I18N = path.join(ROOT, 'www/i18n');
const COLUMNS = ['concept', 'use', 'avoid', 'source'];
/** Scripts without spaces between words: an avoided word is found anywhere. */
const NO_WORD_SPACES = new Set(['zh', 'ja']);
/** The languages that must have a glossary (English has one for the source terms). */
const LANGS = ['en', 'ro', 'it', 'ru', 'ar', 'zh'];
/** Concepts every glossary names (the first column, as written in English). */
const REQUIRED = [
  'server seed', 'client seed', 'commitment', 'terminal hash', 'step limit', 'round', 'bet',
  'nonce', 'verified', 'not verified', 'unchecked', 'difference', 'deal', 'hand', 'board cards',
  'hole cards', 'seat', 'dealer', 'crash point', 'crash game', 'platforms game', 'battle game',
];

/** The one table of a glossary: {rows: [{concept, use, avoid: [terms], source}], problems}. */
export function parseGlossary(md) {
  const problems = [];
  const lines = md.split(/\r?\n/);
  const blocks = [];
  let cur = null;
  for (const line of lines) {
    if (/^\s*\|/.test(line)) {
      if (!cur) blocks.push((cur = []));
      cur.push(line.trim());
    } else cur = null;
  }
  if (blocks.length !== 1) return { rows: [], problems: [`${blocks.length} tables, not one`] };
  const cells = (line) => (line.endsWith('|') ? line.slice(1, -1) : line.slice(1)).split('|').map((c) => c.trim());
  const [head, rule, ...body] = blocks[0];
  if (cells(head).join('|') !== COLUMNS.join('|')) problems.push(`columns are ${cells(head).join(', ')}`);
  if (!rule || !cells(rule).every((c) => /^:?-{3,}:?$/.test(c)) || cells(rule).length !== COLUMNS.length) problems.push('no separator line under the header');
  const rows = [];
  for (const line of body) {
    const c = cells(line);
    if (c.length !== COLUMNS.length) { problems.push(`${c.length} cells: ${line}`); continue; }
    const [concept, use, avoidCell, source] = c;
    if (!/^(\s*`[^`]+`)*\s*$/.test(avoidCell)) problems.push(`avoid cell is not backticked terms only: ${avoidCell}`);
    const avoid = [...avoidCell.matchAll(/`([^`]+)`/g)].map((m) => m[1].normalize('NFC'));
    if (!concept) problems.push(`a row without a concept: ${line}`);
    if (!use) problems.push(`${concept}: no term to use`);
    if (!source) problems.push(`${concept}: no source`);
    rows.push({ concept, use, avoid, source });
  }
  return { rows, problems };
}

/** A regular expression finding `term` as a word of `lang` (case-insensitive). */
export function matcher(term, lang) {
  const esc = term.normalize('NFC').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (NO_WORD_SPACES.has(lang)) return new RegExp(esc, 'iu');
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_])${esc}(?![\\p{L}\\p{M}\\p{N}_])`, 'iu');
}

/** Every text of a message (each plural form), its placeholders blanked out. */
const texts = (msg) => (msg && typeof msg === 'object' ? Object.values(msg) : [msg])
  .map((s) => String(s).normalize('NFC').replace(/\{[A-Za-z0-9_]+\}/g, '\u0000'));

/** "key: term" for every catalog value that uses an avoided term. */
export function avoidedIn(catalog, terms, lang) {
  const res = terms.map((term) => [term, matcher(term, lang)]);
  const out = [];
  for (const [key, msg] of Object.entries(catalog)) {
    for (const s of texts(msg)) for (const [term, re] of res) if (re.test(s)) out.push(`${key}: ${term}`);
  }
  return [...new Set(out)];
}

/** Chinese values with an ASCII space after full-width punctuation. */
export function zhSpacing(catalog) {
  return Object.entries(catalog).filter(([, msg]) => texts(msg).some((s) => /[，。：；！？、）] /.test(s))).map(([k]) => k);
}

/** Arabic plural messages with a count whose one/two forms keep the numeral or are the same. */
export function arDuals(catalog) {
  const out = [];
  for (const [key, msg] of Object.entries(catalog)) {
    if (!msg || typeof msg !== 'object' || !Object.values(msg).some((s) => s.includes('{count}'))) continue;
    if (typeof msg.one !== 'string' || typeof msg.two !== 'string') { out.push(`${key}: no one/two forms`); continue; }
    if (msg.one.includes('{count}')) out.push(`${key}.one says the numeral`);
    if (msg.two.includes('{count}')) out.push(`${key}.two says the numeral`);
    if (msg.one === msg.two) out.push(`${key}: one and two are the same`);
  }
  return out;
}

const readGlossary = (lang) => {
  const file = path.join(DOCS, `glossary-${lang}.md`);
  assert.ok(fs.existsSync(file), `docs/i18n/glossary-${lang}.md is missing`);
  return parseGlossary(fs.readFileSync(file, 'utf8'));
};
const readCatalog = (lang) => JSON.parse(fs.readFileSync(path.join(I18N, `${lang}.json`), 'utf8'));

test('every glossary is one table | concept | use | avoid | source | naming the concepts players meet', () => {
  for (const lang of LANGS) {
    const g = readGlossary(lang);
    assert.deepEqual(g.problems, [], `glossary-${lang}.md`);
    const concepts = new Set(g.rows.map((r) => r.concept.toLowerCase()));
    assert.deepEqual(REQUIRED.filter((c) => !concepts.has(c)), [], `glossary-${lang}.md lacks concepts`);
    if (lang !== 'en') assert.ok(g.rows.some((r) => r.avoid.length), `glossary-${lang}.md avoids nothing`);
  }
});

test('no catalog value uses a word its glossary says to avoid', () => {
  const found = {};
  for (const lang of LANGS) {
    const hits = avoidedIn(readCatalog(lang), readGlossary(lang).rows.flatMap((r) => r.avoid), lang);
    if (hits.length) found[lang] = hits;
  }
  assert.deepEqual(found, {});
});

test('the avoided-word check finds a planted word, as a whole word, and not inside a longer one', () => {
  const clean = { 'x.clean': 'Controlla il seme rivelato.', 'x.other': { one: '{count} seme', other: '{count} round' } };
  assert.deepEqual(avoidedIn({ ...clean, 'x.planted': 'Controlla i semi rivelati.' }, ['semi'], 'it'), ['x.planted: semi']);
  assert.deepEqual(avoidedIn({ 'x.one': { one: 'FALLITO', other: 'x' } }, ['fallito'], 'it'), ['x.one: fallito'], 'case and plural forms');
  for (const s of ['Un controllo semplice.', 'seminare', 'semicerchio', 'Semiramide']) {
    assert.deepEqual(avoidedIn({ k: s }, ['semi'], 'it'), [], `"${s}" is not "semi"`);
  }
  assert.deepEqual(avoidedIn({ k: 'Сверка с хэш-обязательством' }, ['хэш-обязательством'], 'ru'), ['k: хэш-обязательством']);
  assert.deepEqual(avoidedIn({ k: 'листья и лист' }, ['лист'], 'ru'), ['k: лист']);
  assert.deepEqual(avoidedIn({ k: 'листья' }, ['лист'], 'ru'), [], 'Cyrillic letters around a term are part of the word');
  assert.deepEqual(avoidedIn({ k: '✓ الموضع 7، متعهَّد به' }, ['متعهَّد'], 'ar'), ['k: متعهَّد']);
  assert.deepEqual(avoidedIn({ k: 'المتعهَّد به' }, ['متعهَّد'], 'ar'), [], 'an Arabic article is part of the word');
  assert.deepEqual(avoidedIn({ k: '至少有一项检查不成立' }, ['成立'], 'zh'), ['k: 成立'], 'Chinese: any substring');
  assert.deepEqual(avoidedIn({ k: '{semi} is a placeholder' }, ['semi'], 'it'), [], 'placeholder names are not words');
});

test('the glossary parser refuses two tables, other columns and loose words in the avoid column', () => {
  const ok = '| concept | use | avoid | source |\n|---|---|---|---|\n| seed | seme | `semi` `x y` | seeds/003 |\n';
  assert.deepEqual(parseGlossary(ok).problems, []);
  assert.deepEqual(parseGlossary(ok).rows[0].avoid, ['semi', 'x y']);
  assert.match(parseGlossary(ok + '\ntext\n\n' + ok).problems.join(), /2 tables/);
  assert.match(parseGlossary(ok.replace('| source |', '| source | extra |')).problems.join(), /columns/);
  assert.match(parseGlossary(ok.replace('`semi` `x y`', 'semi, `x y`')).problems.join(), /backticked/);
  assert.match(parseGlossary(ok.replace('| seme |', '|  |')).problems.join(), /no term to use/);
});

test('Chinese: no ASCII space after full-width punctuation', () => {
  const zh = readCatalog('zh');
  assert.deepEqual(zhSpacing(zh), []);
  assert.deepEqual(zhSpacing({ ...zh, 'x.a': '验证通过。 所有检查均通过。', 'x.b': { other: '共 {count} 条：通过' } }), ['x.a']);
  assert.deepEqual(zhSpacing({ 'x.c': { other: '（共 2 条） 记录' } }), ['x.c'], 'plural forms are read too');
});

test('Arabic: counts of one and two said with the singular and the dual, without the numeral', () => {
  const ar = readCatalog('ar');
  assert.deepEqual(arDuals(ar), []);
  const plurals = Object.values(ar).filter((m) => m && typeof m === 'object');
  assert.ok(plurals.length > 40, `only ${plurals.length} plural messages in ar.json`);
  // The check fails on the old forms and on one and two left the same.
  assert.deepEqual(arDuals({ 'x.a': { zero: '{count}', one: 'ما عُرض عليك: {count} اختلاف', two: 'اختلافان', few: '{count} اختلافات', many: '{count}', other: '{count}' } }), ['x.a.one says the numeral']);
  assert.deepEqual(arDuals({ 'x.b': { one: 'اختلاف', two: 'اختلاف', other: '{count} اختلاف' } }), ['x.b: one and two are the same']);
  assert.deepEqual(arDuals({ 'x.c': { one: 'سطر', other: 'أسطر' } }), [], 'a message without a count is not checked');
});
