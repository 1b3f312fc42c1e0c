// @ts-check
// The verdict banner: the first thing a player reads. Plain words and an icon for
// every state (nothing carried by colour alone): green only for pass, red only for
// a fail nothing explains, amber ("does not match as entered", ≠) for a fail the entry
// explains (lead.js toneOf), neutral for unchecked, checking, cancelled and invalid.
// `#verdict[data-verdict]` is the hook the page focuses and the tests read.
import { el } from '../ui/dom.js';
import { t, has, language, parts } from '../i18n/i18n.js';
import { fieldLabel } from './fields.js';
import { terminalName } from './words.js';

/** The icon (text, never a colour emoji) and the tone of each state. */
/** @type {Record<string, string>} */
const ICON = { pass: '✓', fail: '✗', unchecked: '?', checking: '…', cancelled: '■', error: '!', invalid: '!', unsupported: '–', recomputed: '=', stale: '↺' };
/** @type {Record<string, string>} */
const TONE = { pass: 'pass', fail: 'fail' };
/** A fail the entry explains (www/render/lead.js toneOf): its own icon and word, amber,
 *  never the red of an operator's fault. */
const SLIP_ICON = '≠';

/** What to ask the operator for, in the player's words ("the chain's published terminal"). */
/** @param {string[]} fields */
export function askFor(fields) {
  const names = fields.map((f) => (has(`render.ask.${f}`) ? t(`render.ask.${f}`) : t('render.ask.field', { field: fieldLabel(f) })));
  return new Intl.ListFormat(language(), { type: 'conjunction' }).format(names);
}

/** What to do about a missing commitment: a chain terminal the page already lists
 *  (`terminals`: the scheme's published ones) is one tap away in the form. */
/** @param {string[]} missing @param {{name: string}[] | undefined} terminals */
function askText(missing, terminals) {
  if (terminals && terminals.length && missing.length === 1 && missing[0] === 'terminal') {
    const names = new Intl.ListFormat(language(), { type: 'disjunction' }).format(terminals.map((x) => t('render.quoted', { text: terminalName(x.name) })));
    // The label as the form shows it, without its colon ("Published:" → “Published”).
    return t('render.verdict.askPublished', { names, published: t('page.terminals.published').replace(/\s*[:：]\s*$/, '') });
  }
  return t('render.verdict.ask', { fields: askFor(missing) });
}

/**
 * The banner. `verdict`: pass | fail | unchecked | checking | cancelled | error | invalid
 * | unsupported | stale (the inputs changed after a check: withdrawn, neutral).
 * `text` (optional) replaces the headline (batch and history summaries); `opts.missing`
 * names what to ask the operator for (unchecked; `opts.terminals`, the scheme's published
 * terminals, to point at them instead), `opts.why` replaces the second line, `opts.next`
 * says what to do (fail; `opts.nextKind`, which advice it is, in `data-advice`),
 * `opts.lead` the lines after a headline that explains a difference (`opts.leadKind`
 * in `data-lead`),
 * `opts.proven` ({moment, text}) what a pass proves and what it does not, `opts.tone`
 * 'slip' a fail that what was entered explains (its word says "as entered, no match";
 * `data-tone`), `opts.kind` 'incomplete' an error that is only a field left empty (its
 * own words, "not checked yet"; `data-kind`).
 * @param {string} verdict @param {string | null} [text]
 * @param {{missing?: string[] | null, terminals?: {name: string}[], why?: string | null, next?: string | null,
 *   nextKind?: string | null, lead?: string[] | null, leadKind?: string | null,
 *   proven?: {moment: string, text: string} | null, tone?: string | null, kind?: string}} [opts]
 */
export function verdictView(verdict, text, opts = {}) {
  const v = ICON[verdict] ? verdict : 'invalid';
  // An error that is only something missing: its own words, the same neutral banner.
  const words = v === 'error' && opts.kind === 'incomplete' ? 'incomplete' : v;
  const headline = text !== undefined && text !== null ? text : t(`render.verdict.${words}`);
  const why = opts.why !== undefined ? opts.why : (text !== undefined && text !== null ? null : t(`render.verdict.${words}.why`));
  const missing = opts.missing && opts.missing.length
    ? el('p', { class: 'ask missing', 'data-missing': opts.missing.join(' '), text: askText(opts.missing, opts.terminals) })
    : null;
  const next = opts.next ? el('p', { class: 'ask next', 'data-advice': opts.nextKind || null, text: opts.next }) : null;
  // After a lead (what explains a difference): its further lines, right under it.
  const lead = (opts.lead || []).map((line) => el('p', { class: 'vwhy lead', text: line }));
  // A pass: what it proves, and what to check when the result is not the one played.
  const proven = opts.proven ? el('p', { class: 'ask proven', 'data-proven': opts.proven.moment, text: opts.proven.text }) : null;
  const slip = v === 'fail' && opts.tone === 'slip';
  return el('div', {
    id: 'verdict', class: `verdict ${slip ? 'slip' : TONE[v] || 'neutral'}`, 'data-verdict': verdict, role: 'status', tabindex: '-1',
    'data-tone': slip ? 'slip' : null,
    // What the headline leads with, for tests and styles: "diagnosis shown_elsewhere", "hint seed_case".
    'data-lead': opts.leadKind || null,
    'data-kind': words !== v ? words : null,
  },
  el('span', { class: 'vicon', 'aria-hidden': 'true', text: slip ? SLIP_ICON : ICON[v] }),
  el('div', { class: 'vtext' },
    // The word and the headline joined as the language joins two sentences (no space
    // after a Chinese full stop).
    el('p', { class: 'vhead' }, parts('render.join.sentence', {
      // A pass that a hint leads (a character that only looks right, a nonce in
      // seconds): "verified, with a caveat", never "Verified." beside "a copying
      // mistake", which reads as a contradiction (issue 44).
      first: el('span', { class: 'vword', text: t(slip ? 'render.status.slip' : v === 'pass' && opts.lead ? 'render.status.pass.lead' : `render.status.${words}`) }), then: el('span', { text: headline }),
    })),
    why ? el('p', { class: 'vwhy', text: why }) : null,
    ...lead, proven, missing, next));
}

/** A small status badge for list rows (batches, round histories, bets): icon + word. */
/** @param {string} status @param {string} [word] */
export function statusBadge(status, word) {
  // A fail what was entered explains (a batch's row): ≠ in the banner's amber.
  if (status === 'slip') {
    return el('span', { class: 'badge slip', 'data-status': status }, el('span', { 'aria-hidden': 'true', text: `${SLIP_ICON} ` }), word || t('render.badge.slip'));
  }
  const s = ICON[status] ? status : 'invalid';
  return el('span', { class: `badge ${TONE[s] || (s === 'error' || s === 'invalid' ? 'invalid' : 'neutral')}`, 'data-status': status },
    el('span', { 'aria-hidden': 'true', text: `${ICON[s]} ` }), word || t(`render.badge.${s}`));
}
