// @ts-check
// Poker decks: poker_hmac_v1 (full reveal, or your own cards proved against the deck
// commitment: shown as hole cards and board, the Merkle climbs folded) and selfpoker
// (NumPy-shuffled hold'em, the deck shown with its numbers as the operator lists them).
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { section, hash } from './common.js';
import { cards, card } from './cards.js';

/** @param {import('./types').Report} r @param {import('./types').Desc} desc @param {(j: number) => string} label @param {{number?: boolean}} [opts] */
function holeCards(r, desc, label, opts) {
  const holes = el('div', { class: 'players' });
  r.holeCards.forEach((/** @type {number[]} */ h, /** @type {number} */ j) => holes.append(el('div', { class: 'hand', 'data-seat': j },
    el('h4', { text: label(j) }), cards(h, desc.cards, `holeCards[${j}]`, opts))));
  return section(t('draw.holeCards'), holes);
}

/** @param {import('./types').Report} r @param {import('./types').Desc} desc @param {{number?: boolean}} [opts] */
function board(r, desc, opts) {
  return section(t('draw.board'), el('div', { 'data-board': '' }, cards(r.board, desc.cards, 'board', opts)));
}

/** The deck in order, positions numbered from 1; `numbers`: each card's own id too. */
/** @param {import('./types').Report} r @param {import('./types').Desc} desc @param {string} titleKey @param {boolean} numbers */
function deck(r, desc, titleKey, numbers) {
  const list = el('ol', { class: 'deck', 'data-deck': '' }, ...r.deck.map((/** @type {number} */ c, /** @type {number} */ i) => el('li', {},
    el('span', { class: 'pos', text: i + 1, 'aria-hidden': 'true' }),
    card(c, desc.cards, `deck[${i}]`, { number: numbers }))));
  return section(t(titleKey), numbers ? el('p', { class: 'note', text: t('render.deck.numbers') }) : null, list);
}

/** A leaf's climb to the root: folded, for those who want to follow it. Whether
 *  its top is the committed root is the core's `rootOk`. */
/** @param {import('./types').LeafClimb} l @param {number} i */
function leafClimb(l, i) {
  const levels = el('ol', { class: 'merkle' });
  l.hashes.forEach((h, lvl) => {
    const top = lvl === l.hashes.length - 1;
    levels.append(el('li', { class: top ? (l.rootOk ? 'ok' : 'bad') : '' },
      el('span', { class: 'lvl', text: lvl === 0 ? t('draw.leaf') : top ? t('draw.root') : t('draw.level', { n: lvl }) }),
      hash(h),
      top ? el('span', { class: 'mark', text: t(l.rootOk ? 'draw.rootMatches' : 'draw.rootDiffers') }) : null));
  });
  return el('details', { class: 'climb', 'data-leaf': i },
    el('summary', { text: t('render.poker.climb', { position: l.position + 1 }) }), levels);
}

/** Your cards of a partial reveal where the core placed them (SPEC §3's display
 *  rule): each player's hole cards by seat, the board, the rest of the deck. */
/** @param {import('./types').Report} r @param {Element} out @param {import('./types').Desc} desc */
function partialReveal(r, out, desc) {
  /** @type {import('./types').LeafClimb[]} */
  const climbs = r.leafClimbs;
  /** @type {Map<string, {p: import('./types').LeafClimb['place'], items: {l: import('./types').LeafClimb, i: number}[]}>} */
  const groups = new Map();
  climbs.forEach((l, i) => {
    const p = l.place;
    const key = p.kind === 'hole' ? `hole${p.player}` : p.kind;
    const group = groups.get(key) || { p, items: [] };
    groups.set(key, group);
    group.items.push({ l, i });
  });
  const view = el('div', { class: 'players reveal' });
  for (const { p, items } of groups.values()) {
    const title = p.kind === 'hole' ? t('render.poker.holeOf', { seat: p.seat })
      : p.kind === 'board' ? t('draw.board') : t('render.poker.otherCards');
    view.append(el('div', { class: 'hand', 'data-place': p.kind }, el('h4', { text: title }),
      el('div', { class: 'cards' }, ...items.map(({ l, i }) => el('span', { class: 'revealed' },
        card(l.card, desc.cards, `leafClimbs[${i}].card`),
        el('span', { class: `proof ${l.rootOk ? 'ok' : 'bad'}`, text: t(l.rootOk ? 'render.poker.proved' : 'render.poker.notProved', { position: l.position + 1 }) }))))));
  }
  out.append(section(t('render.poker.yourCards'), el('p', { class: 'note', text: t('render.poker.partialNote') }), view,
    el('details', { class: 'climbs' }, el('summary', { text: t('render.poker.climbs', { count: climbs.length }) }),
      ...climbs.map((l, i) => leafClimb(l, i)))));
}

/** @param {import('./types').Report} r @param {Element} out @param {import('./types').Desc} desc */
export function drawPokerHmac(r, out, desc) {
  if (r.deck) {
    const seats = r.seatOrder || [];
    out.append(holeCards(r, desc, (/** @type {number} */ j) => t('render.poker.seat', { seat: seats[j] })));
    out.append(board(r, desc));
    out.append(deck(r, desc, 'render.deck.inOrder', false));
  }
  if (r.leafClimbs) partialReveal(r, out, desc);
}

/** @param {import('./types').Report} r @param {Element} out @param {import('./types').Desc} desc */
export function drawSelfpoker(r, out, desc) {
  out.append(holeCards(r, desc, (/** @type {number} */ p) => t('draw.player', { n: p + 1 }), { number: true }));
  out.append(board(r, desc, { number: true }));
  out.append(deck(r, desc, 'render.deck.numpy', true));
  // What this page adds to the operator's own check, which cannot rebuild the order.
  out.append(el('p', { class: 'note', text: t('render.deck.rebuilt') }));
}
