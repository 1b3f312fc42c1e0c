// Text with records (a paste, a file, a drop): the core finds the records in it
// (`splitRecords`) in the worker, without parsing them in JavaScript. One record
// comes back to be verified (and shown in the form); many are each verified by the
// core from their own text under one batch rule, with progress: the core's verdict
// of the batch and its counts, then the records, failed ones first, each opening
// to its drawing.
import { el } from '../ui/dom.js';
import { t, decimalText } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { showProgress, progressTitle, placeProgress } from '../ui/progress.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { verdictView, statusBadge } from '../render/checks.js';
import { batchSlips } from '../render/lead.js';
import { scheme } from './schemes.js';
import { state } from './state.js';
import { client } from './client.js';
import { clearFieldErrors } from './form.js';
import { verdictFirst, showError, againAction } from './verify.js';
import { recordGameName } from './picker.js';
import { resultShown } from './stale.js';
import { resultDrawn } from './drawn.js';

const BATCH_PAGE = 200;
/** The order of the list: what needs looking at first. */
const SHOWN_FIRST = ['fail', 'invalid', 'unchecked', 'pass'];

function itemView(it, i, slip) {
  const what = [it.name === undefined || it.name === null ? t('batch.unnamed', { n: String(it.index + 1) }) : String(it.name)];
  const r = it.report;
  const d = r ? scheme(r.scheme) : null;
  // The game as the player knows it ("Bridge", "Zaruri"), never the scheme's id.
  what.push(d ? recordGameName(d.id, r.game || undefined) : '?');
  if (r && r.multiplier) what.push(t('draw.multiplier', { value: decimalText(r.multiplier) }));
  // A fail what was entered explains: ≠ in amber, as its own banner says (lead.js toneOf).
  const summary = el('summary', { 'data-verdict': it.status, 'data-tone': slip ? 'slip' : null },
    statusBadge(slip ? 'slip' : it.status),
    el('span', { text: ` ${what.join(' · ')}` }));
  const det = el('details', { class: 'batch-item', 'data-index': it.index, 'data-status': it.status, 'data-tone': slip ? 'slip' : null }, summary);
  // Drawn when opened, so thousands of rows stay cheap.
  det.addEventListener('toggle', () => {
    if (det.open && det.childElementCount === 1) {
      det.append(r ? render.report(r, d) : render.error(it.error));
      det.querySelectorAll('#verdict').forEach((v) => v.removeAttribute('id'));
    }
  });
  return el('li', { value: i + 1 }, det);
}

/** The batch's banner: the core's verdict of the whole batch (one rule for the
 *  page, `verifier.js --jsonl` and several files), with its counts in words. A fail
 *  that what was entered explains (`slips`) is counted apart and never sends anyone
 *  to the operator's support; when only such fails are there, the banner is amber. */
function batchVerdict(s, slips) {
  const params = { count: s.count, failed: s.fail, invalid: s.invalid, unchecked: s.unchecked, passed: s.pass };
  const failed = s.fail - slips;
  const slipLine = slips ? t('flow.batch.slips', { count: slips, total: s.count }) : null;
  switch (s.verdict) {
    case 'fail': return failed > 0
      ? verdictView('fail', t('flow.batch.fail', { ...params, count: failed, total: s.count }), { next: t('flow.batch.fail.next'), lead: slipLine ? [slipLine] : null })
      // Only slips: the banner's word says "does not match as entered" already; the
      // headline only counts them.
      : verdictView('fail', t('flow.batch.slips.count', { count: slips, total: s.count }), { tone: 'slip', next: t('flow.batch.slips.next') });
    case 'invalid': return verdictView('invalid', t('flow.batch.invalid', { ...params, count: s.invalid, total: s.count }));
    case 'unchecked': return verdictView('unchecked', t('flow.batch.unchecked', { ...params, count: s.unchecked, total: s.count }));
    default: return verdictView('pass', t('flow.batch.pass', params));
  }
}

/** Text or a file's bytes with one record or many: `loadOne(text, name)` for one. */
export async function verifyInput(input, loadOne) {
  clearFieldErrors();
  client.cancel();
  const token = {};
  state.current = token;
  showResult(verdictView('checking', t('flow.batch.checking')));
  resultShown();
  placeProgress(verdictFirst());
  progressTitle('progress.records');
  const res = await client.batch(typeof input === 'string' ? { text: input } : input, {
    onProgress: (p) => { if (state.current === token) showProgress(p, 'records'); },
  });
  if (state.current !== token) return;
  showProgress(null);
  if (!res) {
    showResult(verdictView('cancelled', t('flow.batch.cancelled')), againAction(() => verifyInput(input, loadOne)));
    verdictFirst();
    resultDrawn();
    return;
  }
  if (res.error) { showError(res.error); return; }
  if (res.kind === 'empty') { showResult(verdictView('unchecked', t('flow.batch.empty'))); verdictFirst(); resultDrawn(); return; }
  if (res.kind === 'one') { loadOne(res.item.text, res.item.name); return; }
  showBatch(res.results, res.summary);
}

/** The batch's counts in words, the zero counts left out (turn-9 reading, ru 3): "3
 *  passed, 1 with an entry mistake (of 4 records)".
 * @param {any} s @param {number} slips */
function summaryText(s, slips) {
  const counts = [['passed', s.pass], ['failed', s.fail - slips], ['slips', slips], ['unchecked', s.unchecked], ['invalid', s.invalid]];
  const list = counts.filter(([, n]) => n > 0).map(([k, n]) => t(`flow.batch.part.${k}`, { n }))
    .reduce((a, b) => (a ? t('flow.batch.parts.join', { a, b }) : b), '');
  return t('flow.batch.parts', { count: s.count, list });
}

function showBatch(results, s) {
  // Failed first, then invalid, then unchecked, then passed; each in input order.
  // Fails that nothing explains before the slips (the same rule as one record's banner).
  const { slips, slip } = batchSlips(results);
  const rank = (it) => SHOWN_FIRST.indexOf(it.status) * 2 + (slip(it) ? 1 : 0);
  const order = results.slice().sort((a, b) => rank(a) - rank(b) || a.index - b.index);
  const list = el('ol', { class: 'batch' });
  const draw = (start, end) => list.replaceChildren(...order.slice(start, end).map((it, k) => itemView(it, start + k, slip(it))));
  const pager = order.length > BATCH_PAGE ? makePager(order.length, BATCH_PAGE, draw) : (draw(0, order.length), null);
  const summary = el('p', {
    id: 'batch-summary', 'data-verdict': s.verdict, 'data-exit': s.exit, 'data-passed': s.pass, 'data-failed': s.fail - slips,
    'data-unchecked': s.unchecked, 'data-invalid': s.invalid, 'data-count': s.count, 'data-slips': slips,
    text: summaryText(s, slips),
  });
  showResult(...[batchVerdict(s, slips), summary, list, pager].filter(Boolean));
  resultShown();
  verdictFirst();
  resultDrawn();
}
