// match_seed_v2: seat order, then dice rolls, card deals, baloot hands or mahjong tiles.
import { el, bdi } from '../ui/dom.js';
import { t, parts, has } from '../i18n/i18n.js';
import { section } from './common.js';
import { cards } from './cards.js';
import { die } from './dice.js';
import { tile } from './tiles.js';

/** A seat's name in the game's words (`seat.<game>.<n>`), else "Seat n". */
function seatName(desc, game, seat) {
  const g = desc.games.find((x) => x.id === game);
  const key = g && g.seats ? `seat.${g.seats}.${seat}` : null;
  return key && has(key) ? t(key) : t('seat.n', { n: seat });
}

/** Short label for a hand: seat and player. */
function handLabel(ctx, seat) {
  const player = ctx.r.seats ? ctx.r.seats[seat] : seat;
  return t('draw.seat', { seat: seatName(ctx.desc, ctx.game, seat), player });
}

function seatLabel(ctx, seat) {
  const player = ctx.r.seats ? ctx.r.seats[seat] : seat;
  const seeds = ctx.record && Array.isArray(ctx.record.clientSeeds) ? ctx.record.clientSeeds : null;
  const seed = seeds && seeds[player] !== undefined ? parts('draw.seatSeed', { seed: bdi(String(seeds[player])) }) : null;
  return [handLabel(ctx, seat), seat === 0 ? t('draw.seatFirst') : null, seed];
}

function seatsView(ctx) {
  return section(t('draw.seatOrder'),
    el('ol', { class: 'seats', start: 0 }, ...ctx.r.seats.map((p, s) => el('li', {
      'data-seat': s, 'data-player': p, 'data-path': `seats[${s}]`,
    }, seatLabel(ctx, s)))));
}

function rollsView(r) {
  const list = el('ol', { class: 'rolls', start: 0 });
  // A tied opening pair is re-rolled by the next pair (SPEC §2); moves count from
  // the first untied opening.
  let opening = true;
  let move = 0;
  r.rolls.forEach((pair, i) => {
    let label;
    if (opening) {
      const tie = pair[0] === pair[1];
      label = t(tie ? 'draw.openingTie' : 'draw.openingRoll');
      opening = tie;
    } else {
      move += 1;
      label = t('draw.roll', { n: move });
    }
    list.append(el('li', { 'data-roll': i },
      el('span', { class: 'rollno', text: label }),
      die(pair[0], `rolls[${i}][0]`), die(pair[1], `rolls[${i}][1]`)));
  });
  return section(t('draw.dice', { count: r.rolls.length }), list);
}

function dealView(ctx, deal, d) {
  const { r, desc } = ctx;
  const box = el('div', { class: 'deal', 'data-deal': d });
  deal.forEach((hand, s) => box.append(el('div', { class: 'hand', 'data-seat': s },
    el('h4', { text: handLabel(ctx, s) }), cards(hand, desc.cards, `deals[${d}][${s}]`))));
  return section(t('draw.deal', { n: d + 1 }), box);
}

function balootHand(ctx, h, n) {
  const { desc } = ctx;
  const box = el('div', { class: 'deal', 'data-hand': n });
  box.append(el('h4', { text: t('draw.firstDeal') }));
  h.first.forEach((c, s) => box.append(el('div', { class: 'hand', 'data-seat': s, 'data-round': 'first' },
    el('h5', { text: handLabel(ctx, s) }), cards(c, desc.cards, `hands[${n}].first[${s}]`))));
  const faceUp = cards([h.faceUp], desc.cards, `hands[${n}].faceUp`);
  faceUp.firstChild.setAttribute('data-path', `hands[${n}].faceUp`);
  box.append(el('div', { class: 'faceup', 'data-faceup': h.faceUp }, el('h4', { text: t('draw.faceUp') }), faceUp));
  if (h.second) {
    box.append(el('h4', { text: t('draw.secondDeal') }));
    h.second.forEach((c, s) => box.append(el('div', { class: 'hand', 'data-seat': s, 'data-round': 'second' },
      el('h5', { text: c.length === 2 ? t('draw.buyer', { seat: handLabel(ctx, s) }) : handLabel(ctx, s) }),
      cards(c, desc.cards, `hands[${n}].second[${s}]`))));
  } else {
    box.append(el('p', { class: 'note', text: t('draw.allPassed') }));
  }
  return section(t('draw.hand', { n: n + 1 }), box);
}

export function drawMatch(r, record, out, desc) {
  const ctx = { r, record, desc, game: (record && record.game) || r.game };
  out.append(seatsView(ctx));
  if (r.rolls) out.append(rollsView(r));
  if (r.deals) r.deals.forEach((deal, d) => out.append(dealView(ctx, deal, d)));
  if (r.hands) r.hands.forEach((h, n) => out.append(balootHand(ctx, h, n)));
  if (r.tiles) {
    out.append(section(t('draw.tiles', { count: r.tiles.length }),
      el('div', { class: 'tiles' }, ...r.tiles.map((x, i) => tile(x, `tiles[${i}]`)))));
  }
}
