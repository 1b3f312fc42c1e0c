// @ts-check
// match_seed_v2: seat order, then dice rolls, card deals, baloot hands or mahjong tiles.
// Long matches get a navigator (one deal or hand a page, 60 rolls a page) that opens
// at the first difference; hands are sorted by suit by default, the dealt order one
// click away.
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { section } from './common.js';
import { cards, orderCards } from './cards.js';
import { die } from './dice.js';
import { tile } from './tiles.js';
import { seatName, seatHolder, rollLabels } from './seats.js';
import { firstSeatKey } from './words.js';

const ROLL_PAGE = 60;

/** What a match drawing reads: the report, its descriptor and game, and the one switch
 *  of sorted hands.
 *  @typedef {{r: import('./types').Report, desc: import('./types').Desc, game: string | undefined, sortable: boolean,
 *    view: {sorted: boolean}, mark: (root: Element) => void}} MatchCtx */

/** @param {MatchCtx} ctx */
function seatsView(ctx) {
  const seeds = Array.isArray(ctx.r.clientSeeds) ? ctx.r.clientSeeds : null;
  // Who moves or deals first, by what the game recomputes (no note for backgammon).
  const first = firstSeatKey(ctx.r);
  return section(t('draw.seatOrder'),
    el('ol', { class: 'seats' }, ...ctx.r.seats.map((/** @type {number} */ p, /** @type {number} */ s) => el('li', {
      'data-seat': s, 'data-player': p, 'data-path': `seats[${s}]`,
    },
    // "Player 4 on the site's list (client seed “…”) sat at North (deals first)":
    // the players numbered as the form's client-seed boxes are.
    seatHolder(ctx.desc, ctx.game, s, p, seeds, s === 0 && first ? first : null)))));
}

/** The first difference's index under `key` (deals → its deal), to open the navigator there. */
/** @param {import('./types').Report} r @param {string} key @param {string} name @returns {number} */
function firstDiff(r, key, name) {
  const d = (/** @type {import('./types').DifferenceLike[]} */ (r.differences || [])).find((x) => x.key === key && x.at && x.at[name] !== undefined);
  return d ? d.at[name] : 0;
}

/** @param {MatchCtx} ctx */
function rollsView(ctx) {
  const { r } = ctx;
  const labels = rollLabels(r.rolls);
  const list = el('ol', { class: 'rolls' });
  const pager = makePager(r.rolls.length, ROLL_PAGE, (start, end) => {
    list.replaceChildren(...r.rolls.slice(start, end).map((/** @type {number[]} */ pair, /** @type {number} */ k) => {
      const i = start + k;
      return el('li', { 'data-roll': i },
        el('span', { class: 'rollno', text: labels[i] }),
        die(pair[0], `rolls[${i}][0]`), die(pair[1], `rolls[${i}][1]`));
    }));
    ctx.mark(list);
  }, {
    start: Math.floor(firstDiff(r, 'rolls', 'roll') / ROLL_PAGE),
    label: (start, end, count) => t('render.nav.rolls', { from: String(start + 1), to: String(end), count }),
    jump: t('render.nav.jumpRoll'),
  });
  return section(t('draw.dice', { count: r.rolls.length }),
    el('p', { class: 'note', text: t('render.rolls.note') }),
    el('div', { class: 'navlist', 'data-count': r.rolls.length, 'data-list': 'rolls' }, pager, list));
}

/** @param {MatchCtx} ctx @param {string} title @param {number[]} ids @param {string} path @param {Record<string, unknown>} attrs */
function hand(ctx, title, ids, path, attrs) {
  return el('div', { class: 'hand', ...attrs },
    el('h4', { text: title }),
    cards(ids, ctx.desc.cards, path, { sortable: ctx.sortable, sorted: ctx.view.sorted }));
}

/** @param {MatchCtx} ctx @param {number[][]} deal @param {number} d */
function dealView(ctx, deal, d) {
  const box = el('div', { class: `deal seats-${deal.length}`, 'data-deal': d });
  deal.forEach((ids, s) => box.append(hand(ctx, seatName(ctx.desc, ctx.game, s) + (s === 0 ? t('render.seat.dealer') : ''),
    ids, `deals[${d}][${s}]`, { 'data-seat': s })));
  return el('section', { class: 'block dealbox' }, el('h3', { text: t('draw.deal', { n: d + 1 }) }), box);
}

/** @param {MatchCtx} ctx @param {{first: number[][], faceUp: number, second?: number[][] | null}} h @param {number} n */
function balootHand(ctx, h, n) {
  const box = el('div', { class: 'deal', 'data-hand': n });
  box.append(el('h4', { class: 'round', text: t('draw.firstDeal') }));
  h.first.forEach((c, s) => box.append(hand(ctx, seatName(ctx.desc, ctx.game, s), c, `hands[${n}].first[${s}]`, { 'data-seat': s, 'data-round': 'first' })));
  const faceUp = cards([h.faceUp], ctx.desc.cards, `hands[${n}].faceUp`);
  const up = faceUp.firstElementChild;
  if (up) up.setAttribute('data-path', `hands[${n}].faceUp`);
  box.append(el('div', { class: 'faceup', 'data-faceup': h.faceUp }, el('h4', { text: t('draw.faceUp') }), faceUp));
  if (h.second) {
    box.append(el('h4', { class: 'round', text: t('draw.secondDeal') }));
    h.second.forEach((c, s) => box.append(hand(ctx,
      c.length === 2 ? t('draw.buyer', { seat: seatName(ctx.desc, ctx.game, s) }) : seatName(ctx.desc, ctx.game, s),
      c, `hands[${n}].second[${s}]`, { 'data-seat': s, 'data-round': 'second' })));
  } else {
    box.append(el('p', { class: 'note', text: t('draw.allPassed') }));
  }
  return el('section', { class: 'block dealbox' }, el('h3', { text: t('draw.hand', { n: n + 1 }) }), box);
}

/** One deal (or baloot hand) a page, with a navigator when there are several. */
/**
 * @template T
 * @param {MatchCtx} ctx @param {T[]} items @param {string} key @param {string} name
 * @param {(ctx: MatchCtx, item: T, n: number) => Node} view @param {string} titleKey @param {string} navKey @param {string} jumpKey
 */
function navigated(ctx, items, key, name, view, titleKey, navKey, jumpKey) {
  const holder = el('div', { class: 'navpage' });
  const pager = makePager(items.length, 1, (start) => {
    holder.replaceChildren(view(ctx, items[start], start));
    ctx.mark(holder);
  }, {
    start: firstDiff(ctx.r, key, name),
    label: (start, end, count) => t(navKey, { n: start + 1, count }),
    jump: t(jumpKey),
  });
  return section(t(titleKey, { count: items.length }), sortToggle(ctx),
    el('div', { class: 'navlist', 'data-count': items.length, 'data-list': key }, pager, holder));
}

/** "Sorted by suit · Show in dealt order": one switch for every hand of the report. */
/** @param {MatchCtx} ctx */
function sortToggle(ctx) {
  if (!ctx.sortable) return null;
  const state = el('span', { class: 'note' });
  const button = el('button', { type: 'button', class: 'sorttoggle' });
  const show = () => {
    state.textContent = t(ctx.view.sorted ? 'render.cards.sorted' : 'render.cards.dealt');
    button.textContent = t(ctx.view.sorted ? 'render.cards.showDealt' : 'render.cards.showSorted');
    button.setAttribute('aria-pressed', ctx.view.sorted ? 'false' : 'true');
  };
  button.addEventListener('click', () => {
    ctx.view.sorted = !ctx.view.sorted;
    const root = button.closest('.report') || document;
    for (const box of root.querySelectorAll('.cards[data-sortable]')) orderCards(box, ctx.view.sorted);
    show();
  });
  show();
  return el('div', { class: 'actions sortbar' }, state, button);
}

/** @param {import('./types').Report} r @param {Element} out @param {import('./types').Desc} desc @param {import('./types').Ctx} [ctx0] */
export function drawMatch(r, out, desc, ctx0) {
  const game = r.game;
  // The games whose hands players hold sorted by suit (the descriptor's `sortedHands`):
  // shown sorted by default, the dealt order one click away.
  const g = ((desc && desc.games) || []).find((x) => x.id === game);
  const sorted = !!(g && g.sortedHands);
  /** @type {MatchCtx} */
  const ctx = {
    r, desc, game, sortable: sorted, view: { sorted },
    mark: (ctx0 && ctx0.mark) || ((_root) => {}),
  };
  out.append(seatsView(ctx));
  if (r.rolls) out.append(rollsView(ctx));
  if (r.deals) out.append(navigated(ctx, r.deals, 'deals', 'deal', dealView, 'render.deals', 'render.nav.deal', 'render.nav.jumpDeal'));
  if (r.hands) out.append(navigated(ctx, r.hands, 'hands', 'hand', balootHand, 'render.hands', 'render.nav.hand', 'render.nav.jumpHand'));
  if (r.tiles) {
    out.append(section(t('draw.tiles', { count: r.tiles.length }),
      el('div', { class: 'tiles' }, ...r.tiles.map((/** @type {number} */ x, /** @type {number} */ i) => tile(x, `tiles[${i}]`)))));
  }
}
