// @ts-check
// Seats named as each game names them (`seat.<game>.<n>`), numbered from 1 where a
// number is shown. Seat 0 is the seat that moves or deals first (SPEC §2):
// - bridge: seat 0 = North, the dealer, then East, South, West (a choice: the
//   published text names no compass point; North deals the first board);
// - mahjong: seat 0 = East, the dealer, then South, West, North (the seat winds);
// - xiangqi: Red (moves first), Black; dame (draughts): White (moves first), Black;
// - tarneeb, trix, baloot: Seat 1…4, seat 1 deals first ("Seat", not "Player", so
//   that it is never confused with the client seed's player number);
// - backgammon (table): Seat 1, Seat 2 (the opening roll decides who moves).
// The note after the first seat ("moves first", "deals first", "dealer", none for
// backgammon) is chosen by what the game recomputes: render/words.js firstSeatKey.
import { el, bdi } from '../ui/dom.js';
import { t, has, parts } from '../i18n/i18n.js';

/** @param {import('./types').Desc | null | undefined} desc @param {string | undefined} game @param {number | string} seat */
export function seatName(desc, game, seat) {
  const g = desc && desc.games ? desc.games.find((x) => x.id === game) : null;
  const key = g && g.seats ? `seat.${g.seats}.${seat}` : null;
  return key && has(key) ? t(key) : t('seat.n', { n: Number(seat) + 1 });
}

/** Where a listed player sat, as the form names the client seeds (issue 41: "Player 2
 *  on the site's list (client seed “…”) sat at South"): `seat` the seat, `player` the
 *  index of the player in the site's list (the record's `seats[seat]`), `seeds` the
 *  record's client seeds (or null), `first` the note after the first seat's name. */
/** @param {import('./types').Desc | null | undefined} desc @param {string | undefined} game @param {number} seat
 *  @param {number} player @param {unknown[] | null | undefined} seeds @param {string | null | undefined} first */
export function seatHolder(desc, game, seat, player, seeds, first) {
  const seed = seeds && seeds[player] !== undefined ? seeds[player] : undefined;
  const key = seed === '' ? 'render.seat.satEmpty' : seed !== undefined ? 'render.seat.satSeed' : 'render.seat.sat';
  return parts(key, {
    n: player + 1, seed: bdi(seed !== undefined ? String(seed) : ''),
    seat: [el('strong', { text: seatName(desc, game, seat) }), first ? el('span', { text: t(first) }) : null],
  });
}

/** Labels of backgammon roll pairs: the opening (re-rolled while tied), then Roll 1, 2… */
/** @param {unknown[]} rolls */
export function rollLabels(rolls) {
  let opening = true;
  let move = 0;
  return rolls.map((pair) => {
    if (opening) {
      const tie = Array.isArray(pair) && pair[0] === pair[1];
      opening = tie;
      return t(tie ? 'draw.openingTie' : 'draw.openingRoll');
    }
    move += 1;
    return t('draw.roll', { n: String(move) });
  });
}
