// The progress box of long jobs (chain walks, batches): bar, rate, time left, Cancel.
// It sits at the top of the result, right under the verdict banner ("checking"), so
// it is in view on a phone; when hidden it waits where the page put it.
import { $ } from './dom.js';
import { t, formatNumber } from '../i18n/i18n.js';

let box = null;
let home = null; // where the page's markup put it: [parent, next sibling]

function theBox() {
  if (!box) {
    box = $('#chain-progress');
    if (box) home = [box.parentNode, box.nextSibling];
  }
  return box;
}

/** Puts the progress box right after `anchor` (the verdict banner), or back home. */
export function placeProgress(anchor) {
  const b = theBox();
  if (!b) return;
  if (anchor && anchor.isConnected) anchor.after(b);
  else if (!b.isConnected && home) home[0].insertBefore(b, home[1] && home[1].parentNode === home[0] ? home[1] : null);
}

/** Shows progress {steps, maxSteps, elapsed} of `unit` ('links' | 'records'), or hides it (null). */
export function showProgress(p, unit = 'links') {
  const b = theBox();
  if (!b) return;
  if (!p) {
    b.hidden = true;
    if (!b.isConnected) placeProgress(null);
    return;
  }
  if (!b.isConnected) placeProgress(null);
  b.hidden = false;
  const pct = p.maxSteps > 0 ? (100 * p.steps) / p.maxSteps : 0;
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
  const b = theBox();
  if (b) b.querySelector('label').textContent = t(key);
}
