// The progress box of long jobs (chain walks, batches): bar, rate, time left, Cancel.
import { $ } from './dom.js';
import { t, formatNumber } from '../i18n/i18n.js';

/** Shows progress {steps, maxSteps, elapsed} of `unit` ('links' | 'records'), or hides it (null). */
export function showProgress(p, unit = 'links') {
  const box = $('#chain-progress');
  if (!p) { box.hidden = true; return; }
  box.hidden = false;
  const pct = (100 * p.steps) / p.maxSteps;
  $('#chain-bar').value = pct;
  const rate = p.elapsed > 0 ? (p.steps / p.elapsed) * 1000 : 0;
  const left = rate > 0 ? (p.maxSteps - p.steps) / rate : 0;
  $('#chain-rate').textContent = t(`progress.rate.${unit}`, {
    percent: formatNumber(pct, undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    rate: formatNumber(Math.round(rate)),
    left: formatNumber(left, undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });
}

/** The progress box's title: what is being done. */
export function progressTitle(key) {
  $('#chain-progress label').textContent = t(key);
}
