// Verifying one record (from the form, an example, a link, a paste or a file).
// The core verifies it with the chain walk pending: a record with no walk (or a
// short one) is final at once; otherwise the page shows that report (verdict
// "checking", neutral, never a fail for a walk not yet done) with progress right
// under the banner, the warm worker walks (from remembered positions of the same
// terminal when that is ticked), and the core builds the final report from the
// walk's outcome. Cancel leaves "cancelled: not checked", neutral.
// Records given as text (links, pastes, files) are verified by the core from that
// very text; the page parses a copy only to fill the form.
// After every verify the verdict banner is the first thing of the result, scrolled
// into view and focused, so screen readers announce it.
import { el, $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { showProgress, progressTitle, placeProgress } from '../ui/progress.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { verdictView } from '../render/checks.js';
import { V } from './verifier.js';
import { scheme } from './schemes.js';
import { state } from './state.js';
import { runJob, cancelJob } from './jobs.js';
import { clearFieldErrors, showFieldError } from './form.js';
import { memoryFor, remember, rememberChanged, showRememberFor } from './remember.js';
import { walkOption } from '../worker/tasks.js';

/** Walks longer than this go to the Web Worker, with progress and Cancel. */
const WORKER_THRESHOLD = 5000;
/** Records with more bets than this (dice, mines: SPEC §7) are verified in the
 *  Web Worker: 10,000 mines bets take the core about a second. */
const BETS_IN_WORKER = 200;
/** Texts longer than this are not parsed by the page to be drawn (the core still verifies them). */
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
  v.scrollIntoView({ block: 'start' });
  if (focus) v.focus({ preventScroll: true });
  return v;
}

/** The record a source describes, for drawing (null when it cannot be read). */
function recordOf(src) {
  if (src.record !== undefined) return src.record;
  if (src.parsed !== undefined) return src.parsed;
  src.parsed = null;
  if (src.text.length <= DRAW_LIMIT) {
    try { src.parsed = JSON.parse(src.text); } catch (e) { /* the core says what is wrong */ }
  }
  return src.parsed;
}

/** The core's report for a source, or throws its VerifyError. */
function run(src, options) {
  if (src.record !== undefined) return V().verify(src.record, options);
  const out = JSON.parse(V().verifyText(src.text, options));
  if (out.error) throw Object.assign(new Error(out.error.message), { name: 'VerifyError', ...out.error });
  return out.report;
}

export function showReport(report, record) {
  showRememberFor(!!(scheme(report.scheme) || {}).chain);
  showResult(render.report(report, record, scheme(report.scheme)));
}

export function showError(e, focus = true) {
  const err = e && e.name === 'VerifyError' ? e
    : { code: (e && e.code) || 'internal', message: String(e && e.message), field: (e && e.field) || '', params: e && e.params };
  showResult(render.error(err));
  showFieldError(err, render.errorText(err));
  verdictFirst(focus);
}

/** Verifies a record object (form, example). `focus` false: the verdict is
 *  scrolled into view but the keyboard stays where it is (the examples menu: a
 *  change of a menu's value must not move the focus, WCAG 3.2.2). */
export function verifyOne(record, { focus = true } = {}) {
  return verifySource({ record, focus });
}

/** Verifies a record's own text (link, paste, file). */
export function verifyRecordText(text) {
  return verifySource({ text: String(text) });
}

/** Verifies `src` ({record} | {text}); `full`: ignore remembered positions. */
export async function verifySource(src, { full = false } = {}) {
  clearFieldErrors();
  cancelJob();
  showProgress(null);
  const token = {};
  state.current = token;
  state.source = src;
  let pending;
  try {
    const rec = recordOf(src);
    const bets = rec && typeof rec === 'object' && Array.isArray(rec.bets) ? rec.bets.length : 0;
    if (bets > BETS_IN_WORKER) return await betsInWorker(src, bets, token);
    pending = run(src, { walk: 'pending' });
    const chain = (pending.checks || []).find((c) => c.pending && c.code === 'chainOk');
    if (!chain) return shown(pending, src);
    if (!(pending.maxSteps > WORKER_THRESHOLD) || typeof pending.hash !== 'string') return shown(run(src), src);
    return await walkAndVerify(src, pending, chain.expected, token, full);
  } catch (e) {
    if (state.current === token) showError(e, src.focus !== false);
    return null;
  }
}

function shown(report, src, after) {
  showReport(report, recordOf(src));
  // The report as the core made it, for tests that compare the page with verifier.js.
  $('#result').fvReport = report;
  const v = verdictFirst(src.focus !== false);
  if (after && v) after(v);
  return report;
}

/** A record of many bets, verified by the core in the worker (the page stays
 *  responsive; Cancel stops it). */
async function betsInWorker(src, count, token) {
  const text = src.text !== undefined ? src.text : JSON.stringify(src.record);
  progressTitle('bets.progress');
  showProgress({ steps: 0, maxSteps: count, elapsed: 0 });
  // One call of the core: no steps to count, so the bar runs without a value.
  $('#chain-bar').removeAttribute('value');
  $('#chain-rate').textContent = t('bets.progressCount', { count });
  const res = await runJob({ type: 'verify', text });
  if (state.current !== token) return null;
  showProgress(null);
  if (!res) {
    showResult(verdictView('cancelled', t('flow.cancelled')));
    verdictFirst(src.focus !== false);
    return null;
  }
  if (res.type !== 'verified') throw res;
  const out = JSON.parse(res.result);
  if (out.error) throw Object.assign(new Error(out.error.message), { name: 'VerifyError', ...out.error });
  return shown(out.report, src);
}

async function walkAndVerify(src, pending, terminal, token, full) {
  const memory = full ? null : memoryFor(terminal);
  shown(pending, src, (v) => {
    v.setAttribute('aria-busy', 'true');
    placeProgress(v);
  });
  progressTitle('progress.chain');
  showProgress({ steps: 0, maxSteps: pending.maxSteps, elapsed: 0 });
  const res = await runJob({ type: 'walk', hash: pending.hash, terminal, maxSteps: pending.maxSteps, memory },
    (p) => { if (state.current === token) showProgress(p); });
  if (state.current !== token) return null;
  showProgress(null);
  if (!res) {
    // Cancelled: the chain check never finished, so nothing is decided either way.
    showReport(pending, recordOf(src));
    $('#verdict').replaceWith(verdictView('cancelled', t('flow.cancelled')));
    verdictFirst(src.focus !== false);
    return pending;
  }
  if (res.type !== 'walked') throw res;
  const report = run(src, { walk: walkOption(res) });
  const check = (report.checks || []).find((c) => c.code === 'chainOk');
  if (check && check.ok === true && res.remember) {
    remember(terminal, res.remember);
    rememberChanged();
  }
  return shown(report, src, (v) => walkNote(v, report, check, res, src));
}

/** Under the banner: where the walk stopped, when a remembered position ended it,
 *  and "Check fully" (a walk to the terminal that ignores what is remembered). */
function walkNote(v, report, check, res, src) {
  const result = $('#result');
  result.setAttribute('data-links-walked', String(res.linksWalked));
  result.setAttribute('data-via-memory', String(!!res.viaMemory));
  const p = check && check.params;
  if (!p || p.rememberedRound === undefined) return;
  const full = el('button', { type: 'button', id: 'check-fully', class: 'link', text: t('flow.checkFully') });
  full.addEventListener('click', () => verifySource(src, { full: true }));
  v.after(el('p', { class: 'note walk-memory', id: 'chain-remembered', 'data-remembered-round': p.rememberedRound, 'data-links': p.links },
    t('flow.remembered', { round: p.rememberedRound, count: p.links }), ' ', full));
}
