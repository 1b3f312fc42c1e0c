// Bet lines in words: what www/page/betlines.js read ("Read 40 dice bets: nonce,
// selection, result.") or why it refused them, in the page's language.
import { t, language } from '../i18n/i18n.js';
import { readBetLines } from './betlines.js';
import { ltrText } from '../render/words.js';
import { verifyError } from '../core/errors.js';

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

/** The sentences that say what was read (a successful readBetLines). */
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
  // The player's own text, left to right inside a right-to-left sentence; line numbers
  // as they are (never grouped).
  return t(`bets.err.${e.code}`, { line: e.line === undefined ? '' : String(e.line), value: e.value === undefined ? '' : ltrText(String(e.value)) });
}

/** Bet lines as the record's `bets`, or throws a VerifyError-like error on field
 *  `bets` (code `bet_lines`) whose `text` says why. `read` gets the reading. */
let last = { text: null, game: null, r: null };

/** readBetLines, remembering the last text read (the paste box, the form and
 *  Verify read the same 10,000 lines once). */
export function readLines(text, game) {
  if (last.text !== text || last.game !== game) last = { text, game, r: readBetLines(text, { game }) };
  return last.r;
}

/** A reading made elsewhere (the paste box), kept for the form's game. */
export function rememberRead(text, r) {
  last = { text, game: r.game, r };
}

export function betsFromLines(text, game, read) {
  const r = readLines(text, game);
  if (read) read(r);
  if (!r.ok) {
    const sentence = errorText(r.error, r.game || game);
    throw Object.assign(verifyError('bet_lines', 'bets', sentence, { ...r.error }), { text: sentence });
  }
  return r.bets;
}
