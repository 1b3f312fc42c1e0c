// Many records (a JSON array, JSON lines, a file): verified in the worker with
// progress, then a summary above a paged list in which each record opens to its
// drawing.
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { showProgress, progressTitle } from '../ui/progress.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { verdictView } from '../render/checks.js';
import { recordEntry } from '../core/records.js';
import { scheme } from './schemes.js';
import { runJob, cancelJob } from './jobs.js';

const BATCH_PAGE = 200;

function itemView(it, i) {
  const r = it.report;
  const d = it.record && typeof it.record === 'object' ? scheme(it.record.scheme) : null;
  const what = [it.name, d ? t(d.label) : '?'];
  if (r && r.multiplier) what.push(t('draw.multiplier', { value: r.multiplier }));
  const summary = el('summary', { 'data-verdict': it.status },
    el('span', { class: `badge ${it.status}`, text: t(`batch.badge.${it.status}`) }),
    el('span', { text: ` ${what.join(' · ')}` }));
  const det = el('details', { class: 'batch-item', 'data-index': i }, summary);
  // Drawn when opened, so thousands of rows stay cheap.
  det.addEventListener('toggle', () => {
    if (det.open && det.childElementCount === 1) {
      det.append(r ? render.report(r, it.record, d) : render.error(it.error));
      det.querySelectorAll('#verdict').forEach((v) => v.removeAttribute('id'));
    }
  });
  return el('li', {}, det);
}

export async function runBatch(values) {
  cancelJob();
  const items = values.map((v, i) => recordEntry(v, t('batch.unnamed', { n: i + 1 })));
  for (const it of items) it.name = String(it.name);
  progressTitle('progress.records');
  const res = await runJob({ type: 'batch', texts: items.map((it) => it.text) }, (p) => showProgress(p, 'records'));
  showProgress(null);
  if (!res) { showResult(verdictView('fail', t('verdict.batchCancelled'))); return; }
  const count = { pass: 0, fail: 0, invalid: 0 };
  items.forEach((it, i) => {
    const out = JSON.parse(res.results[i]);
    it.report = out.report || null;
    it.error = out.error || null;
    it.status = it.report ? it.report.verdict : 'error';
    if (it.status === 'pass') count.pass++; else if (it.status === 'fail') count.fail++; else count.invalid++;
  });
  const list = el('ol', { class: 'batch' });
  const pager = makePager(items.length, BATCH_PAGE, (start, end) => {
    list.replaceChildren(...items.slice(start, end).map((it, k) => itemView(it, start + k)));
    list.start = start + 1;
  });
  const params = { count: items.length, passed: count.pass, failed: count.fail, invalid: count.invalid };
  const summary = el('p', {
    id: 'batch-summary', 'data-passed': count.pass, 'data-failed': count.fail, 'data-invalid': count.invalid,
    text: t('batch.summary', params),
  });
  const overall = count.invalid === 0 && count.fail === 0 ? 'pass' : 'fail';
  showResult(verdictView(overall, t('verdict.batch', params)), summary, list, pager);
}
