// The glossaries' table (docs/i18n/glossary-<lang>.md) and the matching of an avoided
// word, shared by tests/node/glossary.test.mjs (the catalogs) and
// tests/browser/words.test.mjs (what the page shows).
import path from 'node:path';
import { ROOT } from './helpers.mjs';

export const DOCS = path.join(ROOT, 'docs/i18n');
export const I18N = path.join(ROOT, 'www/i18n');
export const COLUMNS = ['concept', 'use', 'avoid', 'source'];
/** Scripts without spaces between words: an avoided word is found anywhere. */
export const NO_WORD_SPACES = new Set(['zh', 'ja']);
/** The languages that must have a glossary (English has one for the source terms). */
export const LANGS = ['en', 'ro', 'it', 'ru', 'ar', 'zh'];
/** Concepts every glossary names (the first column, as written in English). */
export const REQUIRED = [
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
