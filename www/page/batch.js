// Text with records (a paste, a file, a drop): the worker finds the records in it
// without parsing them in JavaScript. One record comes back to be verified (and
// shown in the form); many are each verified by the core from their own text, in
// the worker, with progress: a banner that agrees with the summary (pass, fail,
// unchecked and invalid counted apart), then the records, failed ones first, each
// opening to its drawing.
import { el } from '../ui/dom.js';
import { t, decimalText } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { showProgress, progressTitle, placeProgress } from '../ui/progress.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { verdictView, statusBadge } from '../render/checks.js';
import { scheme } from './schemes.js';
import { state } from './state.js';
import { runJob, cancelJob } from './jobs.js';
import { clearFieldErrors } from './form.js';
import { verdictFirst, showError } from './verify.js';
import { recordGameName } from './picker.js';

const BATCH_PAGE = 200;
const STATUSES = ['fail', 'invalid', 'unchecked', 'pass'];

function parsed(text) {
  try { return JSON.parse(text); } catch (e) { return null; }
}

function itemView(it, i) {
  const what = [it.name === undefined || it.name === null ? t('batch.unnamed', { n: it.index + 1 }) : String(it.name)];
  const d = it.scheme ? scheme(it.scheme) : null;
  // The game as the player knows it ("Bridge", "Zaruri"), never the scheme's id.
  what.push(d ? recordGameName(d.id, it.game || undefined) : '?');
  if (it.multiplier) what.push(t('draw.multiplier', { value: decimalText(it.multiplier) }));
  const summary = el('summary', { 'data-verdict': it.status },
    statusBadge(it.status),
    el('span', { text: ` ${what.join(' · ')}` }));
  const det = el('details', { class: 'batch-item', 'data-index': it.index, 'data-status': it.status }, summary);
  // Drawn when opened, so thousands of rows stay cheap.
  det.addEventListener('toggle', () => {
    if (det.open && det.childElementCount === 1) {
      const out = parsed(it.result) || { error: { code: 'internal', field: '', message: '' } };
      det.append(out.report ? render.report(out.report, parsed(it.text), d) : render.error(out.error));
      det.querySelectorAll('#verdict').forEach((v) => v.removeAttribute('id'));
    }
  });
  return el('li', { value: i + 1 }, det);
}

/** The batch's verdict: fail over invalid over unchecked over pass, with its words. */
function batchVerdict(count, total) {
  const params = { count: total, failed: count.fail, invalid: count.invalid, unchecked: count.unchecked, passed: count.pass };
  if (count.fail) return verdictView('fail', t('flow.batch.fail', { ...params, count: count.fail, total }), { next: t('render.verdict.fail.next') });
  if (count.invalid) return verdictView('invalid', t('flow.batch.invalid', { ...params, count: count.invalid, total }));
  if (count.unchecked) return verdictView('unchecked', t('flow.batch.unchecked', { ...params, count: count.unchecked, total }));
  return verdictView('pass', t('flow.batch.pass', params));
}

/** Text that holds one record or many: `loadOne(text, name)` for one. */
export async function verifyInput(text, loadOne) {
  clearFieldErrors();
  cancelJob();
  const token = {};
  state.current = token;
  showResult(verdictView('checking', t('flow.batch.checking')));
  placeProgress(verdictFirst());
  progressTitle('progress.records');
  const res = await runJob({ type: 'batch', text: String(text) }, (p) => { if (state.current === token) showProgress(p, 'records'); });
  if (state.current !== token) return;
  showProgress(null);
  if (!res) { showResult(verdictView('cancelled', t('flow.batch.cancelled'))); verdictFirst(); return; }
  if (res.type === 'error') { showError(res); return; }
  if (res.kind === 'empty') { showResult(verdictView('unchecked', t('flow.batch.empty'))); verdictFirst(); return; }
  if (res.kind === 'one') { loadOne(res.text, res.name); return; }
  showBatch(res.results);
}

function showBatch(results) {
  const count = { pass: 0, fail: 0, unchecked: 0, invalid: 0 };
  const items = results.map((r, index) => {
    const status = STATUSES.includes(r.status) ? r.status : 'invalid';
    count[status]++;
    return { ...r, status, index };
  });
  // Failed first, then invalid, then unchecked, then passed; each in input order.
  const order = items.slice().sort((a, b) => STATUSES.indexOf(a.status) - STATUSES.indexOf(b.status) || a.index - b.index);
  const list = el('ol', { class: 'batch' });
  const draw = (start, end) => list.replaceChildren(...order.slice(start, end).map((it, k) => itemView(it, start + k)));
  const pager = order.length > BATCH_PAGE ? makePager(order.length, BATCH_PAGE, draw) : (draw(0, order.length), null);
  const summary = el('p', {
    id: 'batch-summary', 'data-passed': count.pass, 'data-failed': count.fail, 'data-unchecked': count.unchecked,
    'data-invalid': count.invalid, 'data-count': items.length,
    text: t('flow.batch.summary', { count: items.length, passed: count.pass, failed: count.fail, unchecked: count.unchecked, invalid: count.invalid }),
  });
  showResult(...[batchVerdict(count, items.length), summary, list, pager].filter(Boolean));
  verdictFirst();
}
