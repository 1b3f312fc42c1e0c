// Playing cards, once for every surface (issue 45: RANKS was defined four times).
// Card ids 0–51 by the descriptor's `cards`: rank_major (rank = id % 13, suit =
// id / 13, suits c d h s) or value_major (selfpoker, SPEC §5: value = id / 4,
// suit = id % 4, ♣ ♦ ♥ ♠). What a player wrote is read by the core alone; this only
// names the ids the core gives and writes the picker's own SPEC text ("Q♥").

export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
export const SUITS = ['♣', '♦', '♥', '♠'];

/** Is `id` a card id (0–51)? */
export const isCard = (id) => Number.isInteger(id) && id >= 0 && id < RANKS.length * SUITS.length;

/** A card id in numbering `order` → {rank 0–12 (2…A), suit 0–3 (♣ ♦ ♥ ♠)}. */
export const cardParts = (id, order) => (order === 'value_major'
  ? { rank: Math.floor(id / SUITS.length), suit: id % SUITS.length }
  : { rank: id % RANKS.length, suit: Math.floor(id / RANKS.length) });

/** {rank, suit} → its id in numbering `order`. */
export const cardId = ({ rank, suit }, order) => (order === 'value_major' ? rank * SUITS.length + suit : suit * RANKS.length + rank);

/** {rank, suit} → the SPEC text the picker writes ("Q♥"). */
export const cardText = (rank, suit) => `${RANKS[rank]}${SUITS[suit]}`;
