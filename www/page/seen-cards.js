// The card picker of "What you were shown": 52 toggle buttons (13 ranks × 4 suits,
// spades and hearts first, the ace first in each suit), each at least 44 px tall
// and 7 to a row at 360 px, named by the card ("queen of hearts"), aria-pressed when
// chosen. What was chosen is drawn above it as real cards, in the order tapped (the
// board's flop, turn and river are that order). `single`: one card (baloot's
// face-up card); tapping another replaces it.
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { card } from '../render/cards.js';
import { RANKS, SUITS, cardText, cardId } from '../core/cards.js';

const SUIT_ROWS = [3, 2, 0, 1];
const RANK_ORDER = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];

const same = (a, b) => a.rank === b.rank && a.suit === b.suit;

/** A picker holding `value` ([{rank, suit}] or, single, {rank, suit} | null);
 *  `onChange(value)` after every tap. */
export function cardPicker({ value, single = false, onChange }) {
  let chosen = single ? (value ? [value] : []) : (value || []).slice();
  const shown = el('div', { class: 'cards seenchosen', 'aria-hidden': 'true' });
  const count = el('p', { class: 'seencount', 'aria-live': 'polite' });
  const buttons = [];
  const draw = () => {
    shown.replaceChildren(...chosen.map((c) => card(cardId(c, 'rank_major'), 'rank_major', null)));
    count.textContent = chosen.length
      ? t('seen.cards.chosen', { count: chosen.length, cards: chosen.map((c) => cardText(c.rank, c.suit)).join(' ') })
      : t(single ? 'seen.cards.noneOne' : 'seen.cards.none');
    for (const b of buttons) b.el.setAttribute('aria-pressed', String(chosen.some((c) => same(c, b.c))));
    clear.hidden = !chosen.length;
  };
  const tap = (c) => {
    const at = chosen.findIndex((x) => same(x, c));
    if (at >= 0) chosen.splice(at, 1);
    else if (single) chosen = [c];
    else chosen.push(c);
    draw();
    onChange(single ? chosen[0] || null : chosen.slice());
  };
  const grid = el('div', { class: 'cardpicker', dir: 'ltr' }, ...SUIT_ROWS.map((suit) => el('div', {
    class: 'suitrow', role: 'group', 'aria-label': t(`card.suit.${suit}`),
  }, ...RANK_ORDER.map((rank) => {
    const c = { rank, suit };
    const name = t('card.name', { rank: t(`card.rank.${rank}`), suit: t(`card.suit.${suit}`) });
    // Named in words by text of its own (not aria-label, which would not hold the
    // visible "Q♥": WCAG 2.5.3); the picture is hidden from screen readers.
    const b = el('button', {
      type: 'button', class: `pickcard ${suit === 1 || suit === 2 ? 'red' : 'black'}`, 'data-card': cardText(rank, suit),
      'aria-pressed': 'false', title: name,
    }, el('span', { class: 'rank', text: RANKS[rank], 'aria-hidden': 'true' }),
    el('span', { class: 'suit', text: `${SUITS[suit]}\uFE0E`, 'aria-hidden': 'true' }),
    el('span', { class: 'visually-hidden', text: name }));
    b.addEventListener('click', () => tap(c));
    buttons.push({ el: b, c });
    return b;
  }))));
  const clear = el('button', { type: 'button', class: 'link seenclear', text: t('seen.clear') });
  clear.addEventListener('click', () => { chosen = []; draw(); onChange(single ? null : []); });
  draw();
  return el('div', { class: 'seencards' }, shown, el('div', { class: 'seencountrow' }, count, clear), grid);
}
