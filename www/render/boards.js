// Board games: chess colours (chess_colour_v1).
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { section } from './common.js';

export function drawChess(r, record, out) {
  const a = r.aPlaysWhite;
  const other = r.bot ? (a ? 'draw.botBlack' : 'draw.botWhite') : (a ? 'draw.bBlack' : 'draw.bWhite');
  out.append(section(t('draw.colours'), el('div', { class: 'chess', 'data-a-plays-white': String(a) },
    el('p', { class: 'side', text: t(a ? 'draw.aWhite' : 'draw.aBlack') }),
    el('p', { class: 'side', text: t(other) }))));
}
