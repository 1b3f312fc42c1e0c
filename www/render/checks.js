// @ts-check
// The list of checks, each in plain words from its code and params, with the hint
// for a likely typo next to a failed one; the published and recomputed values are
// folded under "details", out of the reader's way.
import { el } from '../ui/dom.js';
import { t, has, parts } from '../i18n/i18n.js';
import { hash } from './common.js';
import { cardName } from './cards.js';
import { fieldLabel } from './fields.js';
import { checkKey, computedText, typoHint, hintParams, hintKey } from './words.js';
import { hintTitle, hintTodoKey, leadHints, toneOf, todoShown } from './lead.js';

export { verdictView, statusBadge } from './verdict.js';

/** The params as a player reads them: positions from 1, card ids as card names, round
 *  numbers as written (an id, never grouped: "round 1161"). */
/** @param {import('./types').CheckLike} c @param {string} [cards] */
function shownParams(c, cards) {
  /** @type {import('./types').Params} */
  const p = { ...(c.params || {}) };
  if (typeof p.position === 'number') p.position += 1;
  if (typeof p.card === 'number') p.card = cardName(p.card, cards || 'rank_major');
  for (const k of ['round', 'rememberedRound']) if (typeof p[k] === 'number') p[k] = String(p[k]);
  return p;
}

/** What a check states, in the page's language (its code and params from the core);
 *  the widget words a failure as "it is not true that …" around it. */
/** @param {import('./types').CheckLike} c @param {string} [lang] @param {import('./types').Report} [report] */
export function checkText(c, lang, report) {
  const key = [checkKey(c, report), `check.${c.code}`].find((k) => has(k, lang));
  return key ? t(key, c.params || {}, lang) : c.code;
}

/** A check's state: `cancelled` (its walk was stopped: never "being checked" after a
 *  Cancel), `pending` (still running, or nothing to decide), `ok` or `bad`. */
export const checkState = (/** @type {import('./types').CheckLike & {cancelled?: boolean}} */ c) => (c.cancelled ? 'cancelled' : c.pending || c.ok === null ? 'pending' : c.ok ? 'ok' : 'bad');

/** The page's sentence for a check in its outcome: held, failed, still running or cancelled. */
/** @param {import('./types').CheckLike} c @param {string} [cards] @param {import('./types').Report} [report] */
export function checkSentence(c, cards, report) {
  const state = checkState(c);
  // A board card's leaf is not "your card" (the core's `leafClimbs[i].place`).
  const own = [`${checkKey(c, report, 'render.check')}.${state}`, `render.check.${c.code}.${state}`].find((k) => has(k));
  return own ? t(own, shownParams(c, cards)) : checkText(c);
}

/** A chain round that reached a terminal the record brought (none of the game's
 *  published ones): true, but it proves nothing, so it is never marked green. */
export const provesNothing = (/** @type {import('./types').CheckLike} */ c, /** @type {import('./types').Report | undefined} */ report) => c.code === 'chainOk' && c.ok === true && !!report && report.terminalPublished === null;

/** @param {import('./types').CheckLike} c @param {import('./types').Report} report @param {boolean} [slip] */
function mark(c, report, slip) {
  if (provesNothing(c, report)) {
    return el('span', { class: 'mark' }, el('span', { 'aria-hidden': 'true', text: '–' }), el('span', { class: 'word', text: t('lead.mark.nothing') }));
  }
  // Under an amber slip a failed check follows the banner's tone: ≠ "differs as
  // entered", never a red ✗ that reads as the operator's fault (issue 44).
  if (slip && checkState(c) === 'bad') {
    return el('span', { class: 'mark' }, el('span', { 'aria-hidden': 'true', text: '≠' }), el('span', { class: 'word', text: t('render.check.slipFails') }));
  }
  const state = { cancelled: 'notChecked', pending: 'pending', ok: 'holds', bad: 'fails' }[checkState(c)];
  return el('span', { class: 'mark' },
    el('span', { 'aria-hidden': 'true', text: { notChecked: '■', pending: '…', holds: '✓', fails: '✗' }[state] }),
    el('span', { class: 'word', text: t(`render.check.${state}`) }));
}

/** A hint's sentence and what to do, for people. */
/** @param {import('./types').HintLike} h @param {boolean} [todo] what to do, said (lead.js todoShown) */
export function hintView(h, todo = true) {
  const params = hintParams(h, fieldLabel);
  // One title per kind of hint ("Possibly a copying mistake: two fields swapped."), the
  // banner's headline when the hint leads.
  return el('div', { class: 'hint', 'data-hint': h.code, role: 'note' },
    el('p', {}, parts('render.join.sentence', { first: el('strong', { text: hintTitle(h) }), then: t(hintKey(h), params) })),
    todo && hintTodoKey(h) ? el('p', { text: t(/** @type {string} */ (hintTodoKey(h)), params) }) : null);
}

/** @param {import('./types').Report} report @param {boolean} chainScheme @param {string} [cards] */
export function checksView(report, chainScheme, cards) {
  /** @type {import('./types').HintLike[]} */
  const hints = report.hints || [];
  if (!report.checks || report.checks.length === 0) {
    // No check ran; a hint may still say why (a walk cut by its step limit).
    if (hints.length) return el('ul', { class: 'checks' }, ...hints.map((h) => el('li', { class: typoHint(h) ? 'bad' : 'note' }, hintView(h, todoShown(report, h)))));
    return el('p', { class: 'note', text: t(chainScheme ? 'check.noneChain' : 'check.none') });
  }
  const list = el('ul', { class: 'checks' });
  // A fail the entry explains (lead.js toneOf): its failed checks in the banner's amber.
  const slip = toneOf(report) === 'slip';
  // A hint about the input (a look-alike character, a seed in seconds) that leads a
  // fail sits inside the first failed check, as a check's own hint does.
  const firstBad = report.checks.find((c) => c.ok === false);
  const lead = new Set(leadHints(report).filter((h) => !h.check && firstBad));
  const placed = (/** @type {import('./types').HintLike} */ h) => report.checks.some((c) => c.name === h.check) || lead.has(h);
  for (const c of /** @type {import('./types').CheckLike[]} */ (report.checks)) {
    const state = checkState(c);
    const own = hints.filter((h) => h.check === c.name || (c === firstBad && lead.has(h)));
    const details = c.code === 'played' ? null : el('details', { class: 'values' },
      el('summary', { text: t('render.details') }),
      el('dl', { class: 'pair' },
        el('dt', { text: t('check.published') }), el('dd', {}, typeof c.expected === 'string' ? hash(c.expected) : t('render.check.computed.none')),
        // A hash as it is; a chain's round, a walk that did not reach, nothing: in words.
        el('dt', { text: t('check.recomputed') }), el('dd', {}, c.cancelled ? t('render.check.notChecked') : c.pending ? t('check.walkingNow')
          : typeof c.computed === 'string' ? hash(c.computed) : computedText(c))));
    // A hint sits at the top inside the check it explains, before the check's own line.
    list.append(el('li', { class: provesNothing(c, report) ? 'note' : slip && state === 'bad' ? 'bad slip' : state, 'data-check': c.name, 'data-ok': String(c.ok) },
      ...own.map((h) => hintView(h, todoShown(report, h))),
      el('p', { class: 'line' }, mark(c, report, slip), el('span', { class: 'label', text: checkSentence(c, cards, report) })), details));
  }
  // Hints not tied to a listed check (an error's hint is shown with the error).
  // A hint about the input itself (a nonce in seconds, an invisible character) may
  // come with a pass: a note, not a failed line.
  for (const h of hints.filter((x) => !placed(x))) list.append(el('li', { class: typoHint(h) ? 'bad' : 'note' }, hintView(h, todoShown(report, h))));
  return list;
}
