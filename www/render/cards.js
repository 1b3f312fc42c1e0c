// @ts-check
// Playing cards. Card ids 0–51 by the descriptor's `cards`: rank_major (rank = id % 13,
// suit = id / 13, suits c d h s) or value_major (selfpoker, SPEC §5: value = id / 4,
// suit = id % 4, ♣ ♦ ♥ ♠). Every card keeps its id (data-card) and its path in the
// result (data-path), whatever order it is shown in.
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { RANKS, SUITS, isCard, cardParts } from '../core/cards.js';
/** Sorted by suit: ♠ ♥ ♣ ♦ (colours alternate), highest rank first. */
const SUIT_RANK = [2, 3, 1, 0];

/** @typedef {'rank_major' | 'value_major' | '' | string | undefined} CardOrder */

/** @param {unknown} id @param {CardOrder} order */
export function cardName(id, order) {
  if (typeof id !== 'number' || !isCard(id)) return String(id);
  const p = cardParts(id, order);
  return t('card.name', { rank: t(`card.rank.${p.rank}`), suit: t(`card.suit.${p.suit}`) });
}

/** "3♦", "10♠": the short form a player reads in a sentence. */
/** @param {unknown} id @param {CardOrder} order */
export function cardShort(id, order) {
  if (typeof id !== 'number' || !isCard(id)) return String(id);
  const p = cardParts(id, order);
  return `${RANKS[p.rank]}${SUITS[p.suit]}`;
}

/** One card; `opts.number` also shows its id (the operator's own numbering). */
/** @param {number} id @param {CardOrder} order @param {string | undefined} path (none: an undrawn card's picture) @param {{number?: boolean}} [opts] */
export function card(id, order, path, opts = {}) {
  const p = cardParts(id, order);
  const red = p.suit === 1 || p.suit === 2;
  const name = opts.number ? t('render.card.numbered', { card: cardName(id, order), n: id }) : cardName(id, order);
  return el('span', {
    class: `card ${red ? 'red' : 'black'}${opts.number ? ' numbered' : ''}`, 'data-card': id, 'data-path': path,
    'data-sort': SUIT_RANK[p.suit] * 13 + (12 - p.rank),
    role: 'img', 'aria-label': name, title: name,
  },
  el('span', { class: 'rank', text: RANKS[p.rank], 'aria-hidden': 'true' }),
  // U+FE0E (text presentation): ♣ ♦ ♥ ♠ also exist as emoji; this asks every
  // engine for the text glyph, never a colour-emoji font.
  el('span', { class: 'suit', text: `${SUITS[p.suit]}\uFE0E`, 'aria-hidden': 'true' }),
  opts.number ? el('span', { class: 'cardno', text: id, 'aria-hidden': 'true' }) : null);
}

/** A row of cards at `path[i]`; `opts.sortable`: may be shown sorted by suit. */
/** @param {number[]} ids @param {CardOrder} order @param {string} path
 *  @param {{number?: boolean, sortable?: boolean, sorted?: boolean}} [opts] */
export function cards(ids, order, path, opts = {}) {
  const box = el('div', { class: 'cards', 'data-sortable': opts.sortable ? 'true' : null },
    ...ids.map((c, i) => {
      const e = card(c, order, `${path}[${i}]`, opts);
      e.setAttribute('data-index', String(i));
      return e;
    }));
  if (opts.sortable && opts.sorted) orderCards(box, true);
  return box;
}

/** Shows a row sorted by suit (true) or in dealt order (false). */
/** @param {Element} box @param {boolean} sorted */
export function orderCards(box, sorted) {
  const key = (/** @type {Element} */ e) => Number(e.getAttribute(sorted ? 'data-sort' : 'data-index'));
  const items = Array.from(box.children).sort((a, b) => key(a) - key(b) || Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')));
  box.append(...items);
  box.setAttribute('data-shown', sorted ? 'suit' : 'dealt');
}
