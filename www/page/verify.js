// Verifying one record (from the form, an example, a link, a paste or a file): the
// page's client (www/verify/client.js) has the core verify it in the worker with
// the chain walk pending; a record with a walk shows that report first (verdict
// "checking", neutral, never a fail for a walk not yet done) with progress right
// under the banner while the worker walks (from positions remembered for the same
// terminal when "Remember" is ticked), then the core's final report. Cancel leaves
// "cancelled: not checked", neutral.
// Records given as text (links, pastes, files) are verified by the core from that
// very text; the page parses a copy only to fill the form and draw.
// After every verify the verdict banner is the first thing of the result, scrolled
// into view and focused, so screen readers announce it.
import { el, $ } from '../ui/dom.js';
import { t, parts } from '../i18n/i18n.js';
import { showProgress, progressTitle, placeProgress } from '../ui/progress.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { verdictView } from '../render/checks.js';
import { scheme } from './schemes.js';
import { state } from './state.js';
import { client } from './client.js';
import { clearFieldErrors, showFieldError } from './form.js';
import { pageStore, rememberChanged, showRememberFor } from './remember.js';
import { offerHistory } from './history.js';
import { resultShown } from './stale.js';
import { evidenceButton } from './evidence.js';
import { handoffPanel } from './handoff.js';
import { offerKeep } from './keep.js';
import { recordText } from './fields.js';
import { recipePanel } from './recipe.js';
import { leadOf, recheckedRecord, terminalOwner } from '../render/lead.js';
import { resultDrawn } from './drawn.js';

/** Records with more bets than this (dice, mines: SPEC §7) show a busy bar while
 *  the core works through them: 10,000 mines bets take it about a second. */
const MANY_BETS = 200;
/** Texts longer than this are not parsed by the page (for the busy bar's bet count and
 *  the evidence file's name; the report alone is drawn, and the core still verifies them). */
const DRAW_LIMIT = 4 << 20;

/** The verdict banner first in the result, in view and focused (announced).
 *  `focus` false: in view only (a choice in a menu keeps the keyboard there). */
export function verdictFirst(focus = true) {
  const v = $('#verdict');
  const result = $('#result');
  if (!v || !result) return null;
  const host = v.closest('.report') && v.closest('.report').parentNode === result ? v.closest('.report') : result;
  if (host.firstChild !== v) host.prepend(v);
  v.setAttribute('tabindex', '-1');
  // Scrolled to and focused in the next frame, not here: both lay the whole result
  // out at once, and in the task that drew it that made one long task of the two (a
  // 52-card deal: 80 of its 180 ms at 4x CPU throttling, issue 25). The frame lays it
  // out anyway. A banner replaced before then is not scrolled to.
  requestAnimationFrame(() => {
    if (!v.isConnected) return;
    v.scrollIntoView({ block: 'start' });
    if (focus) v.focus({ preventScroll: true });
  });
  return v;
}

/** The record a source describes (null when it cannot be read): its bet count and id. */
function recordOf(src) {
  if (src.record !== undefined) return src.record;
  if (src.parsed !== undefined) return src.parsed;
  src.parsed = null;
  if (src.text.length <= DRAW_LIMIT) {
    try { src.parsed = JSON.parse(src.text); } catch (e) { /* the core says what is wrong */ }
  }
  return src.parsed;
}

export function showReport(report) {
  showRememberFor(!!(scheme(report.scheme) || {}).chain);
  showResult(render.report(report, scheme(report.scheme)));
  resultShown();
}

/** An error (the core's, as data) in words, at the top and beside its field. */
export function showError(err, focus = true) {
  showResult(render.error(err));
  resultShown();
  showFieldError(err, render.errorText(err));
  verdictFirst(focus);
  resultDrawn();
}

/** Verifies a record object (form, example). `focus` false: the verdict is
 *  scrolled into view but the keyboard stays where it is (the examples menu: a
 *  change of a menu's value must not move the focus, WCAG 3.2.2). */
export function verifyOne(record, { focus = true } = {}) {
  // The core reads the record's text: JSON typed into a field (bets, what was shown)
  // keeps its own spelling, so `1e-400` is refused as the CLI refuses it.
  return verifySource({ record, text: recordText(record), focus });
}

/** Verifies a record's own text (link, paste, file). */
export function verifyRecordText(text) {
  return verifySource({ text: String(text) });
}

function shown(report, src, after, final = true) {
  showReport(report);
  // The final report as the core made it, for tests that compare the page with
  // verifier.js; `data-walking` while the verdict is not final: the core's answer not
  // back yet, or a walk still running (a pending report can already fail on what was
  // shown, before the walk ends).
  const result = $('#result');
  result.fvReport = final ? report : null;
  if (final) result.removeAttribute('data-walking'); else result.setAttribute('data-walking', 'true');
  const v = verdictFirst(src.focus !== false);
  if (after && v) after(v);
  return report;
}

/** A record with many bets: a busy bar while the core works (one call: no steps). */
function manyBets(src) {
  const rec = recordOf(src);
  const count = rec && typeof rec === 'object' && Array.isArray(rec.bets) ? rec.bets.length : 0;
  if (count <= MANY_BETS) return;
  progressTitle('bets.progress');
  showProgress({ steps: 0, maxSteps: count, elapsed: 0 });
  $('#chain-bar').removeAttribute('value');
  $('#chain-rate').textContent = t('bets.progressCount', { count });
}

/** "Verify again" beside a banner that decided nothing or failed (cancelled, an
 *  error, a fail): `run` checks the same inputs again, which are what the form or
 *  the paste box holds (any change to them withdraws the banner first: stale.js). */
export function againAction(run) {
  const b = el('button', { type: 'button', id: 'verify-again', text: t('flow.stale.again') });
  b.addEventListener('click', () => run());
  return el('p', { class: 'actions again' }, b);
}

const againButton = (src) => againAction(() => verifySource(src));

/** How a changed record is loaded (the form filled, then verified): main.js's. */
let loadChanged = (record) => verifyOne(record);
export function onRecheck(load) { loadChanged = load; }

/** "Check again as player 3": when the core found the hand entered elsewhere (the
 *  diagnosis' `shown_elsewhere`), one tap verifies the same record with that entry
 *  moved to where the seeds put it; "Check again with the seeds in the site's order"
 *  (`input_slip` order) with the client seeds reordered (the form shows the change). */
function recheckButton(report, record) {
  const lead = leadOf(report, scheme(report.scheme));
  const moved = lead && lead.recheck ? recheckedRecord(record, lead.recheck) : null;
  if (!moved) return null;
  const b = el('button', { type: 'button', id: 'recheck-as', 'data-recheck': lead.recheck.kind, text: lead.recheck.label });
  b.addEventListener('click', () => loadChanged(moved));
  return el('p', { class: 'actions recheck' }, b);
}

/** Where the player enters what they were shown: the entry of it (`#played-entry`),
 *  else the form's `played` field. */
const playedTarget = () => document.getElementById('played-entry') || document.getElementById('f-played');

/** "Enter what you were shown" under a pass: opens that part of the form (a closed
 *  <details> is opened), brings it into view and puts the keyboard in it. */
function enterPlayedButton() {
  const b = el('button', { type: 'button', id: 'enter-played', text: t('render.verdict.pass.enter') });
  b.addEventListener('click', () => {
    const target = playedTarget();
    if (!target) return;
    for (let d = target.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) d.open = true;
    if (target instanceof HTMLDetailsElement) target.open = true;
    const focusable = 'input, textarea, select, button, summary, [tabindex]';
    const first = /** @type {HTMLElement | null} */ (target.matches(focusable) ? target : target.querySelector(focusable));
    target.scrollIntoView({ block: 'start' });
    if (first) first.focus({ preventScroll: true });
  });
  return el('p', { class: 'actions enter-played' }, b);
}

/** The report a cancelled walk leaves: the checks that were still running are not
 *  checked (never "being checked" under a cancelled banner). */
function cancelledReport(r) {
  return { ...r, checks: (r.checks || []).map((c) => (c.pending ? { ...c, pending: false, cancelled: true } : c)) };
}

/** Verifies `src` ({record} | {text}); `full`: ignore remembered positions. */
export async function verifySource(src, { full = false } = {}) {
  clearFieldErrors();
  client.cancel();
  showProgress(null);
  const token = {};
  state.current = token;
  state.source = src;
  const live = () => state.current === token;
  // The verdict shown so far was for other inputs: gone at once, "checking" until
  // the core answers (a link opened over another's verdict never shows the old one).
  showResult(verdictView('checking', t('flow.checking')));
  $('#result').fvReport = null;
  // Not final yet (as during a walk): removed when the core's answer is shown.
  $('#result').setAttribute('data-walking', 'true');
  // From here the inputs are being checked: a change to them withdraws what comes.
  resultShown();
  let pending = null;
  manyBets(src);
  const res = await client.verify(src.text !== undefined ? { text: src.text } : { record: src.record }, {
    store: pageStore(),
    full,
    onPending: (report) => {
      if (!live()) return;
      pending = report;
      shown(report, src, (v) => { v.setAttribute('aria-busy', 'true'); placeProgress(v); }, false);
      progressTitle('progress.chain');
      showProgress({ steps: 0, maxSteps: report.walk.maxSteps, elapsed: 0 });
    },
    onProgress: (p) => { if (live()) showProgress(p); },
  });
  if (!live()) return null;
  showProgress(null);
  $('#result').removeAttribute('data-walking');
  if (!res) {
    // Cancelled: the chain check never finished, so nothing is decided either way.
    if (pending) showReport(cancelledReport(pending));
    const banner = verdictView('cancelled', t('flow.cancelled'));
    if ($('#verdict')) $('#verdict').replaceWith(banner); else showResult(banner);
    banner.after(againButton(src));
    verdictFirst(src.focus !== false);
    resultDrawn();
    return pending;
  }
  if (res.error) {
    showError(res.error, src.focus !== false);
    if ($('#verdict')) $('#verdict').after(againButton(src));
    return null;
  }
  if (res.walk) rememberChanged();
  const report = shown(res.report, src, (v) => {
    // Under every verdict: the evidence someone else can check again.
    const text = src.text !== undefined ? src.text : JSON.stringify(src.record);
    // … and the operator's own code with this record's values, to run without us.
    // … and the same check opened on another device (a QR code of its #record= link).
    v.after(evidenceButton(res.report, recordOf(src), text), recipePanel(text), handoffPanel(text));
    // The one tap a diagnosis offers comes first, right under the banner, and alone:
    // beside it a plain "Verify again" would repeat the same failing check under a
    // near-identical label (phone tour, turn 6, P7).
    const recheck = res.report.verdict === 'fail' ? recheckButton(res.report, recordOf(src)) : null;
    if (recheck) v.after(recheck);
    else if (res.report.verdict === 'fail') v.after(againButton(src));
    // A pass compared with nothing shown: one tap to enter what was shown.
    if (res.report.verdict === 'pass' && !res.report.differences && playedTarget()) v.after(enterPlayedButton());
    walkNote(v, res.report, res.walk, src);
    // And to keep this verifier on the device (www/page/keep.js).
    offerKeep(v);
  });
  // A chain round proven against its terminal offers its whole chain's history; a
  // list of bets shows how its results spread (www/page/history.js).
  offerHistory(report, src.record !== undefined ? src.record : src.text, res.betsSpread);
  resultDrawn();
  return report;
}

/** Under the banner: where the walk stopped, when a remembered position ended it,
 *  and "Check fully" (a walk to the terminal that ignores what is remembered). */
function walkNote(v, report, walk, src) {
  if (!walk) return;
  const result = $('#result');
  result.setAttribute('data-links-walked', String(walk.linksWalked));
  result.setAttribute('data-via-memory', String(!!walk.viaMemory));
  const check = (report.checks || []).find((c) => c.code === 'chainOk');
  const p = check && check.params;
  if (!p || p.rememberedRound === undefined) return;
  const owner = terminalOwner(report);
  const full = el('button', { type: 'button', id: 'check-fully', class: 'link', text: t(owner && owner.kind === 'private' ? 'flow.checkFully.private' : 'flow.checkFully') });
  full.addEventListener('click', () => verifySource(src, { full: true }));
  v.after(el('p', { class: 'note walk-memory', id: 'chain-remembered', 'data-remembered-round': p.rememberedRound, 'data-links': p.links },
    parts('render.join.sentence', { first: t('flow.remembered', { round: String(p.rememberedRound), count: p.links }), then: full })));
}
