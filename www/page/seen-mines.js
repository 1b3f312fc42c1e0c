// The mines board of "What you were shown": cells 1–25 (the core's item table), row by row from the top
// left (SPEC §7, never mirrored), each a toggle button (aria-pressed) named by its
// cell; the cells tapped are the mines the player saw, a set in any order.
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { spanned } from './seen-dice.js';

/** `value`: the cells marked; `onChange(cells)`, ascending; `range`: the cells. */
export function minesBoard({ value, onChange, range }) {
  const marked = new Set(value || []);
  const count = el('p', { class: 'seencount', 'aria-live': 'polite' });
  const cells = [];
  const draw = () => {
    for (const { b, n } of cells) {
      b.setAttribute('aria-pressed', String(marked.has(n)));
      b.lastChild.textContent = marked.has(n) ? t('draw.mine') : '';
    }
    count.textContent = t('seen.mines.count', { count: marked.size });
  };
  const grid = el('div', { class: 'seenmines', dir: 'ltr', role: 'group', 'aria-label': t('draw.minesBoard') });
  for (const n of spanned(range)) {
    // Named "Cell 9" by hidden text (WCAG 2.5.3: no aria-label that leaves out what
    // is shown); a mine is said by aria-pressed.
    const b = el('button', { type: 'button', class: 'seencell', 'data-cell': n, 'aria-pressed': 'false' },
      el('span', { class: 'visually-hidden', text: t('seen.mines.cell', { n }) }),
      el('span', { class: 'cellno', text: n, 'aria-hidden': 'true' }), el('span', { class: 'minemark', 'aria-hidden': 'true' }));
    b.addEventListener('click', () => {
      if (marked.has(n)) marked.delete(n); else marked.add(n);
      draw();
      onChange([...marked].sort((a, c) => a - c));
    });
    cells.push({ b, n });
    grid.append(b);
  }
  draw();
  return el('div', { class: 'seenminesbox' }, grid, count);
}
