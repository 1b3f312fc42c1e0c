// A form field's text and back, by descriptor `kind`: text (trimmed), hash (trimmed,
// 64 hex), int (digit grouping allowed: 10,000,000 · 10.000.000 · 10 000 000),
// list (one per line or a JSON array), seats (seat=seed lines or JSON), numbers
// (separated by commas, spaces, semicolons or lines, or JSON; a decimal comma where
// that is unambiguous: 2,71; 97,29 or 2,71 97,29), json, bets (JSON, or bet lines,
// kept as typed: the core reads them, www/page/betsui.js withBetsRead), buyers
// (baloot), select. Values that do not parse are passed on as typed, so the core's
// error names the field.
import { verifyError } from '../core/errors.js';

/** The text a field shows for a record's value. */
export function toText(f, v) {
  if (v === undefined || v === null) return '';
  switch (f.kind) {
    case 'list':
      // An empty list or one empty seed (a form's own empty box read back)
      // shows as an empty box, never as `[""]`.
      if (Array.isArray(v) && v.length <= 1 && v.every((s) => s === '')) return '';
      return Array.isArray(v) && v.every((s) => typeof s === 'string' && !s.includes('\n') && s === s.trim() && s !== '')
        ? v.join('\n') : JSON.stringify(v);
    case 'seats': return v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((s) => typeof s === 'string' && s === s.trim() && !s.includes('\n'))
      ? Object.entries(v).map(([k, s]) => `${k}=${s}`).join('\n') : JSON.stringify(v);
    case 'numbers': return Array.isArray(v) ? v.join(', ') : JSON.stringify(v);
    case 'buyers': return Array.isArray(v) ? v.map((h) => (h && h.buyer !== null && h.buyer !== undefined ? h.buyer : '-')).join(', ') : JSON.stringify(v);
    // One bet a line.
    case 'bets': return typeof v === 'string' ? v
      : Array.isArray(v) ? `[\n${v.map((b) => JSON.stringify(b)).join(',\n')}\n]` : JSON.stringify(v, null, 1);
    case 'json': return JSON.stringify(v, null, 1);
    default: return typeof v === 'string' ? v : JSON.stringify(v);
  }
}

function parseJsonOr(text, fallback) {
  const t = text.trim();
  if (t.startsWith('[') || t.startsWith('{')) {
    try { return parseTyped(t); } catch (e) { return fallback(); }
  }
  return fallback();
}

/** JSON typed into a field, by the value `JSON.parse` made of it: the page sends the
 *  core the text itself (`recordText`), since a parsed number has lost how it was
 *  written, and SPEC refuses an integer written `7.0`, `7e0` or `1e-400`. */
const TYPED = new WeakMap();

/** `JSON.parse(text)`, remembering the text of an object or a list. */
function parseTyped(text) {
  const v = JSON.parse(text);
  if (v !== null && typeof v === 'object') TYPED.set(v, text);
  return v;
}

/** A record from the form as JSON text: each field's value as typed where it was
 *  JSON (`bets`, `played`, lists), the rest as JSON writes it (the form's integers
 *  are read from digits only: `parseInteger`). */
export function recordText(record) {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return JSON.stringify(record);
  const entries = Object.entries(record).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${(v !== null && typeof v === 'object' && TYPED.get(v)) || JSON.stringify(v)}`).join(',')}}`;
}

/** An integer typed with digit grouping: 10,000,000 · 10.000.000 · 10 000 000 ·
 *  10'000'000 (an int field has no fraction, so the grouping is unambiguous). */
export function parseInteger(t) {
  const s = t.trim();
  if (/^-?\d+$/.test(s)) return Number(s);
  const m = /^(-?)(\d{1,3})((?:([,.'\s\u00a0\u202f])\d{3})(?:\4\d{3})*)$/.exec(s);
  if (!m) return NaN;
  return Number(m[1] + m[2] + m[3].replace(/[^\d]/g, ''));
}

/** A list of numbers. Separators: semicolons, white space, lines, and a comma
 *  followed by a space; a comma alone separates too, unless the text has one of
 *  the other separators, in which case a comma between digits is a decimal comma
 *  ("2,71; 97,29", "2,71 97,29", "2.71, 97.29" and "50,50" all read as meant). */
export function parseNumbers(t) {
  const other = /[;\s]/.test(t.replace(/,\s+/g, ';'));
  const tokens = t.replace(/,\s+/g, ';').split(other ? /[;\s]+/ : /[;\s,]+/).filter(Boolean);
  return tokens.map((tok) => {
    const s = other && /^[-+]?\d+,\d+$/.test(tok) ? tok.replace(',', '.') : tok;
    return s.trim() !== '' && !isNaN(Number(s)) ? Number(s) : tok;
  });
}

const SKIP = Symbol('skip');
export { SKIP };

/** The record value of a field's text: SKIP to leave the key out. A `json` field
 *  that does not parse throws {code: 'bad_json'} unless `partial`; `bets` lines are
 *  kept as typed (the core reads them before the record is verified). */
export function fromText(f, raw, partial) {
  const t = raw.trim();
  if (t === '' && f.empty !== 'keep') return f.empty === 'null' ? null : SKIP;
  switch (f.kind) {
    case 'int': { const n = parseInteger(t); return Number.isSafeInteger(n) ? n : t; }
    case 'list': return parseJsonOr(raw, () => raw.replace(/\r/g, '').replace(/\n+$/, '').split('\n').map((s) => s.trim()));
    case 'seats': return parseJsonOr(raw, () => Object.fromEntries(raw.split(/\r?\n/).filter((l) => l.trim()).map((l) => {
      const i = l.indexOf('=');
      return i < 0 ? [l.trim(), ''] : [l.slice(0, i).trim(), l.slice(i + 1).trim()];
    })));
    case 'numbers': return parseJsonOr(raw, () => parseNumbers(t));
    case 'buyers': return parseJsonOr(raw, () => t.split(/[\s,;]+/).filter(Boolean).map((s) => ({ buyer: /^\d+$/.test(s) ? Number(s) : (s === '-' || s === 'null' ? null : s) })));
    case 'bets':
      // Bet lines: kept as typed, the core reads them (betsui.js withBetsRead).
      if (!/^[[{]/.test(t)) return raw;
      // falls through: JSON
    case 'json':
      try { return parseTyped(t); } catch (e) {
        if (!partial) throw verifyError('bad_json', f.name, e.message);
        return t;
      }
    default: return t;
  }
}

/** Inputs that take several lines. */
export const MULTILINE = ['list', 'seats', 'json', 'numbers', 'buyers', 'bets'];

/** How a phone keyboard treats what is typed into a field: seeds, ids, hashes and
 *  nonces are case-sensitive and exact, so never capitalised, corrected or
 *  spell-checked; integers (nonces, counts) get the digit keyboard. From the field's
 *  descriptor kind, for every input the form draws. */
export function typingAttrs(f) {
  return {
    autocapitalize: 'off', autocorrect: 'off', spellcheck: 'false', autocomplete: 'off',
    inputmode: f.kind === 'int' ? 'numeric' : 'text',
  };
}

/** The number of seats a game fixes (the descriptor's `players`), when the field is
 *  the players' client seeds given as a list: one input per seat. 0 otherwise. */
export function seatCount(f, game) {
  return f.kind === 'list' && f.role === 'client' && game && Number.isInteger(game.players) && game.players > 0 ? game.players : 0;
}

/** A record's list of client seeds as one text per seat (`count` of them), or null
 *  when it cannot be shown that way without changing it (not exactly one one-line
 *  string per seat, without spaces around it): the form then shows the list as it
 *  is, and the core says what is wrong with it. No list at all: empty seats. */
export function seatTexts(v, count) {
  if (v === undefined || v === null) return Array(count).fill('');
  // A seed with spaces around it would be trimmed when read back: shown as the list it is.
  if (!Array.isArray(v) || v.length !== count) return null;
  return v.every((s) => typeof s === 'string' && s === s.trim() && !/[\r\n]/.test(s)) ? v.slice() : null;
}
