// The one pager for long lists (batches, round histories, crash histories, deals,
// rolls, bets): only a page of rows is in the DOM. `draw(start, end)` renders rows
// start…end-1.
//   mode 'pages' (default): ← previous · page i of n · next →, draw replaces the rows;
//     options: `start` (the page shown first), `label(start, end, count)` (the text
//     between the buttons), `jump` (a label: a number box to go straight to an item),
//     `toItem(n)` (the item index, from 0, of the number typed there: default n − 1;
//     a list of rounds newest first maps a round number to its place);
//   mode 'more': a "Show N more" button, draw appends the next rows.
// A list of one page shows no pager.
import { el } from './dom.js';
import { t } from '../i18n/i18n.js';

let pagers = 0;

/**
 * @param {number} count @param {number} size @param {(start: number, end: number) => void} draw
 * @param {{mode?: 'pages' | 'more', start?: number, label?: ((start: number, end: number, count: number) => string) | null,
 *   jump?: string | null, toItem?: (n: number) => number}} [options]
 */
export function makePager(count, size, draw, { mode = 'pages', start = 0, label = null, jump = null, toItem = (n) => n - 1 } = {}) {
  const pages = Math.max(1, Math.ceil(count / size));
  let page = Math.min(Math.max(0, start), pages - 1);
  if (mode === 'more') {
    const more = el('button', { type: 'button', class: 'more' });
    const show = () => {
      const from = page * size;
      const end = Math.min(count, from + size);
      draw(from, end);
      page++;
      more.hidden = end >= count;
      more.textContent = t('pager.more', { count: Math.min(size, count - end), shown: end, total: count });
    };
    more.addEventListener('click', show);
    show();
    return more;
  }
  const prev = el('button', { type: 'button', text: t('pager.previous') });
  const next = el('button', { type: 'button', text: t('pager.next') });
  const info = el('span', { role: 'status', class: 'pageinfo' });
  const box = el('div', { class: 'actions pager', 'data-count': count, 'data-pages': pages }, prev, info, next);
  let input = null;
  if (jump) {
    const id = `pager-jump-${++pagers}`;
    input = el('input', { type: 'number', id, min: 1, max: count, inputmode: 'numeric', class: 'jump' });
    const go = el('button', { type: 'button', text: t('pager.go') });
    const to = () => {
      const n = Number(input.value);
      const i = Number.isInteger(n) ? toItem(n) : -1;
      if (Number.isInteger(i) && i >= 0 && i < count) { page = Math.floor(i / size); show(); }
    };
    go.addEventListener('click', to);
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); to(); } });
    box.append(el('span', { class: 'jumpbox' }, el('label', { for: id, text: jump }), input, go));
  }
  const show = () => {
    const from = page * size;
    const end = Math.min(count, (page + 1) * size);
    draw(from, end);
    info.textContent = label ? label(from, end, count) : t('pager.page', { page: page + 1, pages });
    box.setAttribute('data-page', page);
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
    box.hidden = pages === 1;
  };
  prev.addEventListener('click', () => { page--; show(); });
  next.addEventListener('click', () => { page++; show(); });
  show();
  return box;
}
