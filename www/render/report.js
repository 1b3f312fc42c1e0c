// Draws a verification report: checks, verdict, differences, then the recomputed
// game (one drawing per scheme), or an invalid record's error. Every user-supplied
// string is set with textContent; nothing here builds HTML from strings.
import { el } from '../ui/dom.js';
import { t, has, language } from '../i18n/i18n.js';
import { section } from './common.js';
import { verdictView, checksView } from './checks.js';
import { differencesView, markDifferences, hintsView } from './differences.js';
import { drawMatch } from './match.js';
import { drawPokerHmac, drawSelfpoker } from './poker.js';
import { drawChess } from './boards.js';
import { drawCrash, drawPlatforms, drawBattle, drawHashChain, chainNote } from './chain.js';
import { drawDice, drawMines } from './casino.js';

/** Each scheme's drawing: (report, record, out) appends to `out`. */
const DRAW = {
  match_seed_v2: drawMatch,
  poker_hmac_v1: drawPokerHmac,
  chess_colour_v1: drawChess,
  selfpoker: drawSelfpoker,
  crash: drawCrash,
  platforms: drawPlatforms,
  battle: drawBattle,
  hash_chain: drawHashChain,
  dice: drawDice,
  mines: drawMines,
};

/** The schemes that have a drawing (a test checks every descriptor has one). */
export const drawnSchemes = () => Object.keys(DRAW);

/** What to ask the operator for when nothing published before the game was given. */
function missingView(r) {
  if (!r.missing || r.missing.length === 0) return null;
  const fields = new Intl.ListFormat(language(), { type: 'conjunction' }).format(r.missing.map((f) => t(`field.${f}`)));
  return el('p', { class: 'note missing', 'data-missing': r.missing.join(' '), text: t('missing.heading', { fields }) });
}

/** The whole result for one report, in order: checks, verdict, drawing.
 *  `desc`: the scheme's descriptor (chain or not, how its cards are numbered, games). */
export function report(r, record, desc) {
  const d0 = desc || { chain: false, cards: '', games: [] };
  const out = el('div', { class: 'report', 'data-scheme': r.scheme });
  out.append(section(t('check.heading'), checksView(r, d0.chain)));
  out.append(verdictView(r.verdict));
  const missing = missingView(r);
  if (missing) out.append(missing);
  const hints = hintsView(r);
  if (hints) out.append(hints);
  const d = differencesView(r);
  if (d) out.append(d);
  const drawing = el('div', { class: 'drawing' });
  (DRAW[r.scheme] || (() => {}))(r, record, drawing, d0);
  if (r.chainOk !== undefined && DRAW[r.scheme] !== drawHashChain) drawing.append(chainNote(r));
  out.append(drawing);
  markDifferences(out, r);
  return out;
}

/** An error's sentence in the page's language; on an English page, the core's
 *  developer detail follows (it is English only). */
export function errorText(e) {
  const code = e.code || 'internal';
  const lead = t(has(`err.${code}`) ? `err.${code}` : 'err.invalid', { field: e.field || '', ...(e.params || {}) });
  return language() === 'en' && e.message ? `${lead} ${e.message}` : lead;
}

export function error(e) {
  const out = el('div', { class: 'report error' });
  out.append(verdictView('error'));
  out.append(el('p', { class: 'errmsg', 'data-code': e.code || 'internal', 'data-field': e.field || '', text: errorText(e) }));
  return out;
}
