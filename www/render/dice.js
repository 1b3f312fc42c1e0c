// @ts-check
// A die drawn with CSS pips (a 3×3 grid; no emoji, no font glyph) and its number.
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';

/** The pip cells (0–8, row by row) lit for each face. */
/** @type {Record<number, number[]>} */
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/** @param {number} value */
export function pips(value) {
  const on = PIPS[value] || [];
  return el('span', { class: 'pips', 'aria-hidden': 'true' },
    ...Array.from({ length: 9 }, (_, i) => el('span', { class: on.includes(i) ? 'pip on' : 'pip' })));
}

/** @param {number} value @param {string | undefined} path @param {boolean} [big] */
export function die(value, path, big) {
  return el('span', {
    class: `die${big ? ' big' : ''}`, 'data-die': value, 'data-path': path, role: 'img', 'aria-label': t('draw.die', { n: value }),
    title: `${value}`,
  }, pips(value), el('span', { class: 'num', text: value, 'aria-hidden': 'true' }));
}
