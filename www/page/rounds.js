// Round histories (crash, platforms, battle, bare chains): one round a line, checked
// in the worker against a published terminal (picked from the scheme's published
// list or pasted): the core checks every line with the walk pending, the worker
// walks the oldest line to the terminal (or to a remembered position of that
// terminal) with progress, and the core checks again with the outcome. The banner
// and the summary both come from the core's verdict and counts; failures first;
// no pager when everything fits one page.
import { recipePanel } from './recipe.js';
import { el, $, code } from '../ui/dom.js';
import { t, has, decimalText } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { showResult } from '../ui/notices.js';
import { showProgress, progressTitle, placeProgress } from '../ui/progress.js';
import { verdictView } from '../render/checks.js';
import { leadOf, terminalOwner } from '../render/lead.js';
import { schemes, scheme } from './schemes.js';
import { recordGameName } from './picker.js';
import { state } from './state.js';
import { client } from './client.js';
import { showError, verdictFirst, againAction } from './verify.js';
import { pageStore, rememberChanged, showRememberFor } from './remember.js';
import { resultShown } from './stale.js';
import { resultDrawn } from './drawn.js';

const ROUND_PAGE = 200;

/** The games a history can be checked for: the chain schemes. (The history's
 *  published-terminal buttons are drawn by the paste box, input.js.) */
export function fillRoundGames(select) {
  // Game names ("Platforme"), as the picker shows them; scheme ids stay under Details.
  select.replaceChildren(...schemes().filter((d) => d.chain).map((d) => el('option', { value: d.id, text: recordGameName(d.id) })));
}

/** Checks a history; `opts.game` and `opts.terminal` (else the history panel's). */
export async function checkRoundsText(text, opts = {}) {
  if (!text.trim()) return;
  client.cancel();
  const token = {};
  state.current = token;
  const live = () => state.current === token;
  const game = opts.game || $('#rounds-game').value;
  const terminal = (opts.terminal !== undefined ? opts.terminal : ($('#rounds-terminal') ? $('#rounds-terminal').value : '')).trim();
  showResult(verdictView('checking', t('flow.rounds.checking')));
  resultShown();
  placeProgress(verdictFirst());
  progressTitle('progress.chain');
  const res = await client.rounds({ game, text, terminal: terminal || undefined }, {
    store: pageStore(),
    onProgress: (p) => { if (live()) showProgress(p); },
  });
  if (!live()) return;
  showProgress(null);
  if (!res) {
    showResult(verdictView('cancelled', t('flow.rounds.cancelled')), againAction(() => checkRoundsText(text, { game, terminal })));
    verdictFirst();
    resultDrawn();
    return;
  }
  if (res.error) { showError(res.error); return; }
  if (res.walk) rememberChanged();
  renderRounds(res.data, res.walk, { game, text, terminal: terminal || undefined });
}

/** The summary line: every count the banner is made of, from the core; the chain
 *  named by whose terminal it is (`owner`: www/render/lead.js terminalOwner). */
function summaryText(s, owner) {
  const parts = [t('flow.rounds.counts', { count: s.rounds, verified: s.verified, mismatched: s.mismatched, invalid: s.invalid, unchecked: s.unchecked })];
  parts.push(s.breaks.length
    ? t('rounds.breaks', { lines: s.breaks.map((b) => t('rounds.break', { a: String(b[0]), b: String(b[1]) })).join(', ') })
    : t('rounds.linked'));
  const c = s.chain;
  if (!c) parts.push(t('flow.rounds.chain.none'));
  else if (c.ok === true) parts.push(t(owner ? `flow.rounds.chain.ok.${owner.kind}` : 'flow.rounds.chain.ok', { line: String(c.line), round: String(c.round), game: owner ? owner.game || '' : '' }));
  else if (c.ok === false) parts.push(t(owner ? 'flow.rounds.chain.bad.given' : 'flow.rounds.chain.bad', { line: String(c.line), maxSteps: c.maxSteps }));
  // The order the lines were listed in, in words (a single line has none to tell).
  const known = s.order === 'newest_first' || s.order === 'oldest_first';
  return parts.join('') + (known ? t('rounds.order', { order: t(`rounds.orderName.${s.order}`) }) : t('rounds.end'));
}

/** The banner, from the core's verdict and the summary's counts. */
function banner(data) {
  const s = data.summary;
  const chainBad = s.chain && s.chain.ok === false ? 1 : 0;
  const problems = s.mismatched + s.invalid + s.breaks.length + chainBad;
  switch (data.verdict) {
    case 'pass': return verdictView('pass', t('flow.rounds.pass', { count: s.rounds }));
    case 'fail': return verdictView('fail', t('flow.rounds.fail', { count: problems, rounds: s.rounds }), { next: t('render.verdict.fail.next') });
    case 'invalid': return verdictView('invalid', t('flow.rounds.invalid', { count: s.invalid, rounds: s.rounds }));
    case 'checking': return verdictView('checking', t('flow.rounds.checking'));
    default: {
      // What would prove the rounds: the game's published terminal, one tap away;
      // a terminal given that is none of them (or another game's) said first.
      const d = scheme(data.game);
      const lead = leadOf(/** @type {any} */ ({ verdict: 'unchecked', hints: data.hints || [] }), d);
      return verdictView('unchecked', t('flow.rounds.unchecked', { count: s.rounds }), {
        missing: ['terminal'], terminals: d && d.terminals, why: lead ? lead.why : undefined, leadKind: lead ? `${lead.kind} ${lead.code}` : null,
      });
    }
  }
}

const STATUS = { pass: 'ok', fail: 'mismatch', invalid: 'invalid', unchecked: 'unchecked' };

function errorWords(e) {
  return has(`err.${e.code}`) ? t(`err.${e.code}`, { field: e.field || '', ...(e.params || {}) }) : e.code;
}

/** The column names, as the header shows them (on a phone each cell says its own). */
const columnNames = () => ['line', 'round', 'hash', 'claimed', 'recomputed', 'links']
  .map((h) => t(h === 'round' ? 'flow.rounds.col.round' : `rounds.col.${h}`));

function rowView(r, names) {
  const [line, round, hash, claimed, recomputed, links] = names;
  const status = STATUS[r.status] || 'unchecked';
  const mark = { ok: '✓', mismatch: '✗', invalid: '!' }[status] || '';
  // The status first: at 360 px it is what a player must see without scrolling sideways.
  return el('tr', { class: status, 'data-line': r.line, 'data-status': status, 'data-round': r.round === null ? null : r.round },
    el('td', { class: 'status', text: mark, 'aria-label': t(`flow.rounds.status.${status}`) }),
    el('td', { 'data-label': line, text: r.line }),
    el('td', { 'data-label': round, text: r.round === null || r.round === undefined ? '' : r.round }),
    el('td', { 'data-label': hash }, code(r.hash || '', 'hash')),
    el('td', { 'data-label': claimed, text: r.claimed === null || r.claimed === undefined ? '' : decimalText(r.claimed) }),
    el('td', { 'data-label': recomputed, text: r.error ? errorWords(r.error) : r.computed === null || r.computed === undefined ? '' : decimalText(r.computed) }),
    el('td', { 'data-label': links, text: r.linksToNext === null || r.linksToNext === undefined ? '' : t(r.linksToNext ? 'rounds.links' : 'rounds.break.mark') }));
}

function renderRounds(data, walked, source) {
  showRememberFor(true);
  const s = data.summary;
  const c = s.chain;
  const summary = el('p', {
    id: 'rounds-summary', 'data-verdict': data.verdict, 'data-rounds': s.rounds, 'data-verified': s.verified,
    'data-mismatched': s.mismatched, 'data-invalid': s.invalid, 'data-unchecked': s.unchecked, 'data-breaks': s.breaks.length,
    'data-chain': !c ? 'none' : c.ok === true ? 'ok' : c.ok === false ? 'fail' : 'pending',
    'data-links-walked': walked ? walked.linksWalked : null, 'data-via-memory': walked ? String(!!walked.viaMemory) : null,
    text: summaryText(s, terminalOwner(data)),
  });
  // Failures first, then lines that cannot be read, then breaks in the chain, each
  // in the order of the text: what a player must look at, at the top.
  const rank = (r) => (r.status === 'fail' ? 0 : r.status === 'invalid' ? 1 : r.linksToNext === false ? 2 : 3);
  const rows = data.rows.slice().sort((a, b) => rank(a) - rank(b) || a.line - b.line);
  const body = el('tbody');
  const names = columnNames();
  const head = ['', ...names].map((h) => el('th', { text: h }));
  const table = el('table', { class: 'roundtable' }, el('thead', {}, el('tr', {}, ...head)), body);
  const draw = (start, end) => body.replaceChildren(...rows.slice(start, end).map((r) => rowView(r, names)));
  const pager = rows.length > ROUND_PAGE ? makePager(rows.length, ROUND_PAGE, draw) : (draw(0, rows.length), null);
  const memo = c && c.rememberedRound !== undefined
    ? el('p', { class: 'note walk-memory', id: 'chain-remembered', 'data-remembered-round': c.rememberedRound,
      text: t('flow.remembered', { round: String(c.rememberedRound), count: c.links }) })
    : null;
  // The operator's own functions over these rounds, to run without this verifier.
  showResult(...[banner(data), memo, summary, el('div', { class: 'history' }, table), pager, recipePanel(source)].filter(Boolean));
  resultShown();
  verdictFirst();
  resultDrawn();
}
