// match_seed_v2: seat order, then dice rolls, card deals, baloot hands or mahjong tiles.
import { el, bdi } from '../ui/dom.js';
import { t, parts } from '../i18n/i18n.js';
import { section } from './common.js';
import { cards } from './cards.js';
import { die } from './dice.js';
import { tile } from './tiles.js';

/** Short label for a hand: seat and player. */
function handLabel(report, seat) {
  const player = report.seats ? report.seats[seat] : seat;
  return t('draw.seat', { seat, player });
}

function seatLabel(report, seat, record) {
  const player = report.seats ? report.seats[seat] : seat;
  const seeds = record && Array.isArray(record.clientSeeds) ? record.clientSeeds : null;
  const seed = seeds && seeds[player] !== undefined ? parts('draw.seatSeed', { seed: bdi(String(seeds[player])) }) : null;
  return [t('draw.seat', { seat, player }), seat === 0 ? t('draw.seatFirst') : null, seed];
}

function seatsView(report, record) {
  return section(t('draw.seatOrder'),
    el('ol', { class: 'seats', start: 0 }, ...report.seats.map((p, s) => el('li', {
      'data-seat': s, 'data-player': p, 'data-path': `seats[${s}]`,
    }, seatLabel(report, s, record)))));
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

function dealView(r, deal, d) {
  const box = el('div', { class: 'deal', 'data-deal': d });
  deal.forEach((hand, s) => box.append(el('div', { class: 'hand', 'data-seat': s },
    el('h4', { text: handLabel(r, s) }), cards(hand, r.scheme, `deals[${d}][${s}]`))));
  return section(t('draw.deal', { n: d + 1 }), box);
}

function balootHand(r, h, n) {
  const box = el('div', { class: 'deal', 'data-hand': n });
  box.append(el('h4', { text: t('draw.firstDeal') }));
  h.first.forEach((c, s) => box.append(el('div', { class: 'hand', 'data-seat': s, 'data-round': 'first' },
    el('h5', { text: handLabel(r, s) }), cards(c, r.scheme, `hands[${n}].first[${s}]`))));
  const faceUp = cards([h.faceUp], r.scheme, `hands[${n}].faceUp`);
  faceUp.firstChild.setAttribute('data-path', `hands[${n}].faceUp`);
  box.append(el('div', { class: 'faceup', 'data-faceup': h.faceUp }, el('h4', { text: t('draw.faceUp') }), faceUp));
  if (h.second) {
    box.append(el('h4', { text: t('draw.secondDeal') }));
    h.second.forEach((c, s) => box.append(el('div', { class: 'hand', 'data-seat': s, 'data-round': 'second' },
      el('h5', { text: c.length === 2 ? t('draw.buyer', { seat: handLabel(r, s) }) : handLabel(r, s) }),
      cards(c, r.scheme, `hands[${n}].second[${s}]`))));
  } else {
    box.append(el('p', { class: 'note', text: t('draw.allPassed') }));
  }
  return section(t('draw.hand', { n: n + 1 }), box);
}

export function drawMatch(r, record, out) {
  out.append(seatsView(r, record));
  if (r.rolls) out.append(rollsView(r));
  if (r.deals) r.deals.forEach((deal, d) => out.append(dealView(r, deal, d)));
  if (r.hands) r.hands.forEach((h, n) => out.append(balootHand(r, h, n)));
  if (r.tiles) {
    out.append(section(t('draw.tiles', { count: r.tiles.length }),
      el('div', { class: 'tiles' }, ...r.tiles.map((x, i) => tile(x, `tiles[${i}]`)))));
  }
}
