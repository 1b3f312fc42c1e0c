// Bet lines in words: what the core read of them (`betLines`, src/bet_lines/:
// "Read 40 dice bets: nonce, selection, result.") or why it refused them, in the
// page's language; and a form's bet lines read by the core before it is verified.
import { t, language, formatNumber } from '../i18n/i18n.js';
import { ltrText } from '../render/words.js';
import { verifyError, toVerifyError } from '../core/errors.js';
import { client } from './client.js';

// A unit list; where the language's unit list has no separator at all (Chinese joins
// "9", "13" into "913"), its narrow conjunction list instead ("9、13").
const list = (xs) => {
  const s = new Intl.ListFormat(language(), { type: 'unit', style: 'short' }).format(xs);
  return xs.length > 1 && s === xs.join('') ? new Intl.ListFormat(language(), { type: 'conjunction', style: 'narrow' }).format(xs) : s;
};

function columnName(c) {
  let name = t(`bets.col.${c.role}`);
  if (c.role === 'nonce' && c.from === 'date') name = t('bets.col.nonceDate');
  if (c.role === 'nonce' && c.from === 'both') name = t('bets.col.nonceBoth');
  return c.header !== undefined && c.header !== name ? t('bets.col.named', { column: name, header: c.header }) : name;
}

/** The sentences that say what was read (a reading of the core's betLines, ok). */
export function readText(r) {
  const out = [t(`bets.read.${r.game}`, { count: r.count, columns: list(r.columns.map(columnName)) })];
  if (r.header) out.push(t('bets.header'));
  if (r.selection) out.push(t('bets.selectionRead', { text: r.selection.text, faces: list(r.selection.faces.map(String)) }));
  if (r.columns.some((c) => c.role === 'positions')) out.push(t('bets.positionsOrder'));
  if (r.ignored.length) {
    out.push(t('bets.ignored', {
      columns: list(r.ignored.map((c) => (c.header ? t('bets.ignoredNamed', { n: c.column, header: c.header }) : t('bets.ignoredColumn', { n: c.column })))),
    }));
  }
  return out.join(' ');
}

/** The sentence for a refusal ({code, line, value}) of bet lines of `game`. */
export function errorText(e, game) {
  if (e.code === 'columns') return t(`bets.err.columns.${game === 'mines' ? 'mines' : 'dice'}`, { line: String(e.line) });
  // More lines than bets a record may hold: none was read (the limit in the page's numbers).
  if (e.code === 'tooMany') return t('bets.err.tooMany', { line: String(e.line), max: formatNumber(Number(e.value)) });
  // The player's own text, left to right inside a right-to-left sentence; line numbers
  // as they are (never grouped).
  return t(`bets.err.${e.code}`, { line: e.line === undefined ? '' : String(e.line), value: e.value === undefined ? '' : ltrText(String(e.value)) });
}

let last = { text: null, game: null, r: null };

/** The core's reading of bet lines as `game`'s, remembering the last text read (the
 *  paste box, the form and Verify read the same 10,000 lines once): a promise of
 *  the reading, or null when the call was cancelled; a failed call throws. */
export async function readLines(text, game) {
  if (last.text === text && last.game === game) return last.r;
  const res = await client.betLines(text, { game });
  if (!res) return null;
  if (res.error) throw toVerifyError(res.error);
  last = { text, game, r: res.value };
  return res.value;
}

/** A reading made elsewhere (the paste box's classification), kept for its game. */
export function rememberRead(text, r) {
  last = { text, game: r.game, r };
}

/** The record with its bet lines (a `bets` text that is not JSON: the form keeps
 *  them as typed) read by the core as its scheme's game; `read` gets the reading.
 *  Lines that cannot be read throw a VerifyError-like error on field `bets` (code
 *  `bet_lines`) whose `text` says why. Null when the reading was cancelled. */
export async function withBetsRead(record, read) {
  if (!record || typeof record.bets !== 'string') return record;
  const r = await readLines(record.bets, record.scheme);
  if (!r) return null;
  if (read) read(r);
  if (!r.ok) {
    const sentence = errorText(r.error, r.game || record.scheme);
    throw Object.assign(verifyError('bet_lines', 'bets', sentence, { ...r.error }), { text: sentence });
  }
  return { ...record, bets: r.bets };
}
