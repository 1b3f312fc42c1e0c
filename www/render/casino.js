// Dice and mines bets: the die against your numbers, the 5×5 mines board.
import { el } from '../ui/dom.js';
import { t, language } from '../i18n/i18n.js';
import { section } from './common.js';
import { die } from './dice.js';

export function drawDice(r, record, out) {
  const sel = el('div', { class: 'selected' });
  for (let f = 1; f <= 6; f++) {
    const picked = (r.selected || []).includes(f);
    sel.append(el('span', { class: `pick ${picked ? 'on' : ''} ${f === r.face ? 'hit' : ''}`, text: f, 'aria-label': t(picked ? 'draw.picked' : 'draw.pick', { n: f }) }));
  }
  out.append(section(t('draw.rollResult', { face: r.face, result: t(r.win ? 'draw.win' : 'draw.loss') }),
    el('div', { class: 'diceroll', 'data-win': String(r.win) }, die(r.face, 'face')),
    el('p', { text: t('draw.yourNumbers') }), sel));
}

export function drawMines(r, record, out) {
  const grid = el('div', { class: 'mines', role: 'grid', 'aria-label': t('draw.minesBoard') });
  const set = new Set(r.mines);
  for (let cell = 1; cell <= 25; cell++) {
    const i = r.mines.indexOf(cell);
    const mine = set.has(cell);
    grid.append(el('span', {
      class: `cell ${mine ? 'mine' : ''}`, 'data-cell': cell, 'data-mine': mine ? 'true' : 'false',
      'data-path': i >= 0 ? `mines[${i}]` : null, role: 'gridcell',
      'aria-label': t(mine ? 'draw.cellMine' : 'draw.cell', { n: cell }),
    }, el('span', { text: cell, 'aria-hidden': 'true' }),
    mine ? el('span', { class: 'minemark', text: t('draw.mine'), 'aria-hidden': 'true' }) : null));
  }
  const cells = r.mines.length ? new Intl.ListFormat(language(), { type: 'unit' }).format(r.mines.map(String)) : t('draw.noMines');
  out.append(section(t('draw.minesAt', { cells }), grid));
}
