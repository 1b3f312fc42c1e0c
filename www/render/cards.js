// Playing cards. Card ids 0–51: rank = id % 13, suit = id / 13; selfpoker numbers
// cards value-major (SPEC §5): rank = id / 4, suit = id % 4.
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['♣', '♦', '♥', '♠'];

function cardParts(id, scheme) {
  if (scheme === 'selfpoker') return { rank: Math.floor(id / 4), suit: id % 4 };
  return { rank: id % 13, suit: Math.floor(id / 13) };
}

export function cardName(id, scheme) {
  const p = cardParts(id, scheme);
  return t('card.name', { rank: t(`card.rank.${p.rank}`), suit: t(`card.suit.${p.suit}`) });
}

export function card(id, scheme, path) {
  const p = cardParts(id, scheme);
  const red = p.suit === 1 || p.suit === 2;
  const name = cardName(id, scheme);
  return el('span', {
    class: `card ${red ? 'red' : 'black'}`, 'data-card': id, 'data-path': path,
    role: 'img', 'aria-label': name, title: name,
  },
  el('span', { class: 'rank', text: RANKS[p.rank], 'aria-hidden': 'true' }),
  el('span', { class: 'suit', text: SUITS[p.suit], 'aria-hidden': 'true' }));
}

export function cards(ids, scheme, path) {
  return el('div', { class: 'cards' }, ...ids.map((c, i) => card(c, scheme, `${path}[${i}]`)));
}
