// Poker decks: poker_hmac_v1 (full reveal, or your own cards climbing the Merkle
// tree to the deck commitment) and selfpoker (NumPy-shuffled hold'em).
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { section, hash } from './common.js';
import { cards } from './cards.js';

function holeCards(r, desc, seatOf, label) {
  const holes = el('div', { class: 'players' });
  r.holeCards.forEach((h, j) => holes.append(el('div', { class: 'hand', 'data-seat': seatOf(j) },
    el('h4', { text: label(j) }), cards(h, desc.cards, `holeCards[${j}]`))));
  return section(t('draw.holeCards'), holes);
}

function deckAndBoard(r, desc, out, deckTitle) {
  out.append(section(t('draw.board'), el('div', { 'data-board': '' }, cards(r.board, desc.cards, 'board'))));
  out.append(section(t(deckTitle), el('div', { 'data-deck': '' }, cards(r.deck, desc.cards, 'deck'))));
}

function leafClimb(desc, record, l, i) {
  const root = record && record.deckRoot ? String(record.deckRoot).toLowerCase() : '';
  const levels = el('ol', { class: 'merkle', start: 0 });
  l.hashes.forEach((h, lvl) => {
    const top = lvl === l.hashes.length - 1;
    const match = top ? h === root : null;
    const sibling = !top && record && record.leaves && record.leaves[i] && record.leaves[i].path
      ? String(record.leaves[i].path[lvl]).slice(0, 12) : null;
    levels.append(el('li', { class: top ? (match ? 'ok' : 'bad') : '' },
      el('span', { class: 'lvl', text: lvl === 0 ? t('draw.leaf') : top ? t('draw.root') : t('draw.level', { n: lvl }) }),
      hash(h),
      top ? el('span', { class: 'mark', text: t(match ? 'draw.rootMatches' : 'draw.rootDiffers') }) : null,
      sibling !== null ? el('span', { class: 'sib', dir: 'ltr', text: t('draw.sibling', { hash: sibling }) }) : null));
  });
  return section(t('draw.yourCard', { position: l.position }),
    el('div', { class: 'leaf', 'data-leaf': i }, cards([l.card], desc.cards, `leafClimbs[${i}].card`), levels));
}

export function drawPokerHmac(r, record, out, desc) {
  if (r.deck) {
    const seats = r.seatOrder || [];
    out.append(holeCards(r, desc, (j) => seats[j], (j) => t('draw.seatOnly', { seat: seats[j] })));
    deckAndBoard(r, desc, out, 'draw.deckInOrder');
  }
  if (r.leafClimbs) r.leafClimbs.forEach((l, i) => out.append(leafClimb(desc, record, l, i)));
}

export function drawSelfpoker(r, record, out, desc) {
  out.append(holeCards(r, desc, (p) => p, (p) => t('draw.player', { n: p + 1 })));
  deckAndBoard(r, desc, out, 'draw.deckNumpy');
}
