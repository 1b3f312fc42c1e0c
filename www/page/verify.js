// Verifying one record: in the page for short work; a chain record with a long walk
// is verified with the walk pending (the report says "checking"), the walk runs in
// the worker (with progress and Cancel), and the core finishes the report from the
// walk's outcome (verify(record, {walk: {steps, found}})).
import { $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { showProgress, progressTitle } from '../ui/progress.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { verdictView } from '../render/checks.js';
import { V } from './verifier.js';
import { scheme } from './schemes.js';
import { state } from './state.js';
import { runJob, cancelJob } from './jobs.js';
import { clearFieldErrors, showFieldError } from './form.js';

/** Walks longer than this go to the Web Worker, with progress and Cancel. */
const WORKER_THRESHOLD = 5000;

const descOf = (record) => (record && typeof record === 'object' ? scheme(record.scheme) : undefined);

export function showReport(report, record) {
  showResult(render.report(report, record, descOf(record)));
}

export function showError(e) {
  const err = e && e.name === 'VerifyError' ? e
    : { code: (e && e.code) || 'internal', message: String(e && e.message), field: (e && e.field) || '', params: e && e.params };
  showResult(render.error(err));
  showFieldError(err, render.errorText(err));
}

export function verifyOne(record) {
  clearFieldErrors();
  cancelJob();
  showProgress(null);
  state.lastRecord = record;
  const d = descOf(record);
  try {
    if (d && d.chain && record.terminal !== undefined && record.terminal !== null) {
      const pending = V().verify(record, { walk: 'pending' });
      const chain = (pending.checks || []).find((c) => c.pending);
      if (chain && pending.maxSteps > WORKER_THRESHOLD) return verifyWithWalk(record, pending);
    }
    const report = V().verify(record);
    showReport(report, record);
    return report;
  } catch (e) {
    showError(e);
    return null;
  }
}

/** Shows the pending report, walks in the worker, then the core's final report. */
async function verifyWithWalk(record, pending) {
  showReport(pending, record);
  const maxSteps = pending.maxSteps;
  progressTitle('progress.chain');
  showProgress({ steps: 0, maxSteps, elapsed: 0 });
  const hash = String(record.hash).trim().toLowerCase();
  const terminal = String(record.terminal).trim().toLowerCase();
  const res = await runJob({ type: 'walk', hash, terminal, maxSteps }, showProgress);
  showProgress(null);
  if (state.lastRecord !== record) return null;
  if (!res) {
    // Cancelled: the chain check never finished, so nothing is verified.
    showReport(pending, record);
    $('#verdict').replaceWith(verdictView('fail', t('verdict.cancelled')));
    return pending;
  }
  if (res.type !== 'walked') { showError(res); return null; }
  try {
    const report = V().verify(record, { walk: { steps: res.steps, found: res.found } });
    showReport(report, record);
    return report;
  } catch (e) {
    showError(e);
    return null;
  }
}
