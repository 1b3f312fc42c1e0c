// @ts-check
// Draws a verification report, verdict first: the banner (with what to ask the
// operator for when unchecked), the differences in the game's words, the recomputed
// game (one drawing per scheme, differences marked in place), then the checks with
// their hashes folded. Or an invalid record's error. Every user-supplied string is
// set with textContent; nothing here builds HTML from strings.
import { el } from '../ui/dom.js';
import { t, language } from '../i18n/i18n.js';
import { section } from './common.js';
import { checksView } from './checks.js';
import { verdictView } from './verdict.js';
import { differencesView, markDifferences } from './differences.js';
import { seenView } from './seen.js';
import { errorText as errText, errorView } from './errors.js';
import { drawMatch } from './match.js';
import { drawPokerHmac, drawSelfpoker } from './poker.js';
import { drawChess } from './boards.js';
import { drawCrash, drawPlatforms, drawBattle, drawHashChain, chainNote } from './chain.js';
import { drawDice, drawMines } from './casino.js';
import { passWhy, uncheckedWhy, failNext, foundInParams, passMoment, unprovenFields } from './words.js';
import { leadOf, outcomeCaveat, toneOf } from './lead.js';

/** Each scheme's drawing: (report, out, desc, ctx) appends to `out`.
 *  @type {Record<string, (r: import('./types').Report, out: Element, desc: import('./types').Desc, ctx: import('./types').Ctx) => void>} */
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

/** The whole result for one report. `desc`: the scheme's descriptor (chain or not,
 *  how its cards are numbered, its games and seat names). The report alone says
 *  what to draw: it echoes the inputs a drawing needs (`played`, `chances`…). */
/** @param {import('./types').Report} r @param {import('./types').Desc | null | undefined} desc */
export function report(r, desc) {
  /** @type {import('./types').Desc} */
  const d0 = desc || { chain: false, cards: '', games: [] };
  /** @type {import('./types').Ctx} */
  const ctx = { r, desc: d0, game: r.game || (d0.games[0] && d0.games[0].id) };
  const mark = (/** @type {Element} */ root) => markDifferences(root, r, ctx);
  ctx.mark = mark;
  const out = el('div', { class: 'report', 'data-scheme': r.scheme });
  const failed = r.verdict === 'fail';
  // What explains the difference leads (SPEC "When what was shown differs"): the
  // core's diagnosis, else a hint; its title is the banner's headline and what to do
  // never names the operator's support.
  const lead = leadOf(r, d0);
  // The outcome computed from a typo or a slip, or from a seed its published hash does
  // not match, is folded and said so, never shown as the game's.
  const caveat = outcomeCaveat(r);
  // The second line and the advice say what is true for the proof that ran (a chain,
  // a seed, a partial reveal, bets) and for the check that failed.
  const why = lead ? lead.why
    : r.verdict === 'pass' ? passWhy(r)
      : r.verdict === 'unchecked' ? uncheckedWhy(r) : undefined;
  const next = failed && !lead ? failNext(r, d0) : null;
  out.append(verdictView(r.verdict, lead ? lead.title : undefined, {
    proven: r.verdict === 'pass' ? provenText(r, d0) : null,
    missing: r.verdict === 'unchecked' ? r.missing : null,
    terminals: d0.terminals,
    why,
    lead: lead ? lead.lines : null,
    leadKind: lead ? `${lead.kind} ${lead.code}${lead.slip ? ` ${lead.slip}` : ''}` : null,
    next: lead && (failed || lead.kind === 'hint') ? lead.next : next ? t(next.key, next.params) : null,
    nextKind: lead ? lead.kind : next ? next.key.split('.').slice(4).join('.') || 'any' : null,
    // A fail the entry explains: amber, "as entered, no match", never an operator's red.
    tone: toneOf(r, lead),
  }));
  // A round met in another published chain (SPEC §6 `foundIn`), said where the
  // advice after a failure does not already say it.
  const found = foundInParams(r);
  if (found && !failed) out.append(el('p', { class: 'note', id: 'found-in', text: t('render.chain.foundIn', found) }));
  // Under an amber slip the explanation and its fix lead; the raw list is folded, and
  // what differs is marked in the banner's amber, never the red of an operator's fault.
  const slip = toneOf(r, lead) === 'slip';
  if (slip) out.classList.add('slip');
  const diffs = differencesView(r, ctx, slip);
  if (diffs) out.append(diffs);
  // What the player entered, in the game's pictures, beside the recomputation.
  const seen = seenView(r, d0, ctx);
  if (seen) out.append(seen);
  const checks = section(t('check.heading'), checksView(r, d0.chain, d0.cards));
  // A failed check is read right under the banner, not after 52 cards.
  if (failed) out.append(checks);
  const drawing = el('div', { class: 'drawing' });
  (DRAW[r.scheme] || (() => {}))(r, drawing, d0, ctx);
  if (r.chainOk !== undefined && DRAW[r.scheme] !== drawHashChain) drawing.append(chainNote(r));
  // After a hint (the hash pasted as the seed, two fields swapped) the drawing comes
  // from the wrong input: folded and said so, never shown as the game's outcome.
  const from = caveat === 'commitment' ? 'render.result.fromFailed' : 'render.result.fromHint';
  // A seed that misses its hash: the outcome stays in view (an operator's fault may be
  // what it shows), under a heading that says whose it is.
  out.append(caveat ? el('details', { class: 'fromhint', 'data-from-hint': caveat, open: caveat === 'commitment' },
    el('summary', { text: t(`${from}.summary`) }),
    el('p', { class: 'note', role: 'note', text: t(from) }), drawing) : drawing);
  if (!failed) out.append(checks);
  mark(drawing);
  return out;
}

/** Under a pass: what it proves and what it does not ({moment, text} or null). Only
 *  what was published before the game is proven; the result is what these exact
 *  inputs give, so a result other than the one played points at an input copied
 *  wrong (a match id, a client seed, a nonce), said by name. */
/** @param {import('./types').Report} r @param {import('./types').Desc} desc */
function provenText(r, desc) {
  const moment = passMoment(r, desc);
  if (!moment) return null;
  const fields = unprovenFields(r, desc).map((f) => t('render.quoted', { text: t(f.label) }));
  const proven = t(`render.verdict.pass.proven.${moment}`);
  if (!fields.length) return { moment, text: proven };
  const list = new Intl.ListFormat(language(), { type: 'conjunction' }).format(fields);
  return { moment, text: t('render.join.sentence', { first: proven, then: t('render.verdict.pass.unproven', { fields: list }) }) };
}

/** An error's sentence in the page's language, from its code and params. */
export const errorText = errText;

/** @param {import('./types').ErrorLike} e */
export function error(e) {
  return errorView(e);
}
