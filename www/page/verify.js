// Verifying one record: in the page for short work; chain records with a long walk
// get the walk in the worker (with progress and Cancel) and the rest here.
import { $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { showProgress, progressTitle } from '../ui/progress.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { V } from './verifier.js';
import { scheme } from './schemes.js';
import { state } from './state.js';
import { runJob, cancelJob } from './jobs.js';
import { clearFieldErrors, showFieldError } from './form.js';

/** Walks longer than this go to the Web Worker, with progress and Cancel. */
const WORKER_THRESHOLD = 5000;
// TEMPORARY until main's "core: verdicts" (verify(record, {walk}) builds the chain
// check): the core's default step limit, repeated here.
const DEFAULT_MAX_STEPS = 10000000;

const isChain = (record) => {
  const d = record && typeof record === 'object' ? scheme(record.scheme) : null;
  return !!(d && d.chain);
};

export function showReport(report, record) {
  showResult(render.report(report, record, { chain: isChain(record) }));
}

export function showError(e) {
  const err = e && e.name === 'VerifyError' ? e
    : { code: (e && e.code) || 'internal', message: String(e && e.message), field: (e && e.field) || '', params: e && e.params };
  showResult(render.error(err));
  showFieldError(err, render.errorText(err));
}

/** Does this record need a long chain walk (done in the worker)? */
function longWalk(record) {
  if (!isChain(record) || record.terminal === undefined || record.terminal === null) return false;
  const m = record.maxSteps === undefined || record.maxSteps === null ? DEFAULT_MAX_STEPS : record.maxSteps;
  return Number.isSafeInteger(m) && m >= 1 && m <= 100000000 && m > WORKER_THRESHOLD;
}

export function verifyOne(record) {
  clearFieldErrors();
  cancelJob();
  showProgress(null);
  state.lastRecord = record;
  if (longWalk(record)) return verifyWithWalk(record);
  try {
    const report = V().verify(record);
    showReport(report, record);
    return report;
  } catch (e) {
    showError(e);
    return null;
  }
}

/** Everything but the walk here (with one step, which also validates every field),
 *  then the walk in the worker.
 *  TEMPORARY until main's "core: verdicts": this completes the chain check and the
 *  verdict itself; then verify(record, {walk: {steps, found}}) does it in the core. */
async function verifyWithWalk(record) {
  const maxSteps = record.maxSteps === undefined || record.maxSteps === null ? DEFAULT_MAX_STEPS : record.maxSteps;
  let report;
  try {
    report = V().verify({ ...record, maxSteps: 1 });
  } catch (e) {
    showError(e);
    return null;
  }
  report.maxSteps = maxSteps;
  if (report.round === 1) { showReport(report, record); return report; }
  const chainCheck = report.checks.find((c) => c.name === 'chainOk');
  chainCheck.computed = t('check.walking');
  showReport(report, record);
  progressTitle('progress.chain');
  showProgress({ steps: 0, maxSteps, elapsed: 0 });
  const hash = String(record.hash).toLowerCase();
  const res = await runJob({ type: 'walk', hash, terminal: String(record.terminal), maxSteps }, showProgress);
  showProgress(null);
  if (state.lastRecord !== record) return null;
  if (!res) {
    chainCheck.ok = false;
    chainCheck.computed = t('check.walkCancelled');
    report.chainOk = false;
    report.verdict = 'fail';
    showReport(report, record);
    $('#verdict').textContent = t('verdict.cancelled');
    return report;
  }
  if (res.type !== 'walked') { showError(res); return null; }
  chainCheck.ok = res.found;
  chainCheck.computed = res.found ? t('check.walkFound', { steps: res.steps }) : t('check.walkNotFound', { maxSteps });
  report.chainOk = res.found;
  if (res.found) report.round = res.steps; else delete report.round;
  report.verdict = report.checks.every((c) => c.ok) ? 'pass' : 'fail';
  report.walk = { steps: res.steps, seconds: res.elapsed / 1000 };
  showReport(report, record);
  return report;
}
