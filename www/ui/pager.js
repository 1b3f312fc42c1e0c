// The one pager for long lists (batches, round histories, crash histories): only a
// page of rows is in the DOM. `draw(start, end)` renders rows start…end-1.
//   mode 'pages' (default): ← previous · page i of n · next →, draw replaces the rows;
//   mode 'more': a "Show N more" button, draw appends the next rows.
import { el } from './dom.js';
import { t } from '../i18n/i18n.js';

export function makePager(count, size, draw, { mode = 'pages' } = {}) {
  const pages = Math.max(1, Math.ceil(count / size));
  let page = 0;
  if (mode === 'more') {
    const more = el('button', { type: 'button', class: 'more' });
    const show = () => {
      const start = page * size;
      const end = Math.min(count, start + size);
      draw(start, end);
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
  const info = el('span', { role: 'status' });
  const box = el('div', { class: 'actions' }, prev, info, next);
  const show = () => {
    draw(page * size, Math.min(count, (page + 1) * size));
    info.textContent = t('pager.page', { page: page + 1, pages });
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
    box.hidden = pages === 1;
  };
  prev.addEventListener('click', () => { page--; show(); });
  next.addEventListener('click', () => { page++; show(); });
  show();
  return box;
}
