// @ts-check
// Board games: chess colours (chess_colour_v1). A is the owner of the seek or
// challenge, B the other player (or the bot when B has no seed).
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { section } from './common.js';

/** @param {import('./types').Report} r @param {Element} out */
export function drawChess(r, out) {
  const a = r.aPlaysWhite;
  const bot = r.bot;
  const other = bot ? (a ? 'draw.botBlack' : 'draw.botWhite') : (a ? 'draw.bBlack' : 'draw.bWhite');
  out.append(section(t('draw.colours'), el('div', { class: 'chess', 'data-a-plays-white': String(a), 'data-path': 'aPlaysWhite' },
    el('p', { class: `side ${a ? 'white' : 'black'}`, text: t(a ? 'draw.aWhite' : 'draw.aBlack') }),
    el('p', { class: `side ${a ? 'black' : 'white'}`, text: t(other) }))));
}
