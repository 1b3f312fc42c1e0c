// Playing cards. Card ids 0–51 by the descriptor's `cards`: rank_major (rank = id % 13,
// suit = id / 13) or value_major (selfpoker, SPEC §5: rank = id / 4, suit = id % 4).
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['♣', '♦', '♥', '♠'];

function cardParts(id, order) {
  if (order === 'value_major') return { rank: Math.floor(id / 4), suit: id % 4 };
  return { rank: id % 13, suit: Math.floor(id / 13) };
}

export function cardName(id, order) {
  const p = cardParts(id, order);
  return t('card.name', { rank: t(`card.rank.${p.rank}`), suit: t(`card.suit.${p.suit}`) });
}

export function card(id, order, path) {
  const p = cardParts(id, order);
  const red = p.suit === 1 || p.suit === 2;
  const name = cardName(id, order);
  return el('span', {
    class: `card ${red ? 'red' : 'black'}`, 'data-card': id, 'data-path': path,
    role: 'img', 'aria-label': name, title: name,
  },
  el('span', { class: 'rank', text: RANKS[p.rank], 'aria-hidden': 'true' }),
  el('span', { class: 'suit', text: SUITS[p.suit], 'aria-hidden': 'true' }));
}

export function cards(ids, order, path) {
  return el('div', { class: 'cards' }, ...ids.map((c, i) => card(c, order, `${path}[${i}]`)));
}
