// @ts-check
// What the player was shown (`played`) against the recomputation, in the game's own
// terms ("Deal 2, West, card 6: you were shown 3♦, the seeds deal 7♦"), each also
// marked in place on the drawing at its data-path. The machine form (path, values)
// stays in data-* attributes.
import { el, bdi } from '../ui/dom.js';
import { t, has, decimalText, parts, listParts } from '../i18n/i18n.js';
import { notShownLines } from './keys.js';
import { section, fmt } from './common.js';
import { cardShort } from './cards.js';
import { tileName } from './tiles.js';
import { seatName, rollLabels } from './seats.js';
import { historyLabel } from './chain.js';
import { ordinal, ltrText } from './words.js';

/** A value as the item it is: a card "3♦", a tile "west wind", a die "5", a crash point "2.71×". */
/** @param {string} item @param {any} v @param {Pick<import('./types').Ctx, 'desc'>} ctx @returns {string} */
export function itemValue(item, v, ctx) {
  if (v === undefined) return t('render.diff.nothing');
  switch (item) {
    case 'card': return cardShort(v, ctx.desc.cards || 'rank_major');
    case 'tile': return tileName(v);
    case 'multiplier': return t('draw.multiplier', { value: typeof v === 'string' ? decimalText(v) : fmt(v) });
    case 'player': return Number.isInteger(v) ? t('render.diff.playerValue', { n: v + 1 }) : fmt(v);
    case 'winner': return Number.isInteger(v) ? t('render.diff.playerValue', { n: v + 1 }) : fmt(v);
    case 'mine': return Number.isInteger(v) ? t('render.diff.cell', { n: v }) : fmt(v);
    case 'win': return typeof v === 'boolean' ? t(v ? 'draw.win' : 'draw.loss') : fmt(v);
    case 'white': return typeof v === 'boolean' ? t(v ? 'render.diff.aWhite' : 'render.diff.aBlack') : fmt(v);
    default: return fmt(v);
  }
}

/** A value as it is shown inside a sentence: a card code ("Q♠") is an isolated
 *  left-to-right run, so that a right-to-left sentence does not turn it into "♠Q". */
/** @param {string} item @param {unknown} v @param {import('./types').Ctx} ctx */
function valueNode(item, v, ctx) {
  const text = itemValue(item, v, ctx);
  if (ctx.plain) return item === 'card' && v !== undefined ? ltrText(text) : text;
  return item === 'card' && v !== undefined ? bdi(text) : text;
}

/** Where a difference is, in the game's words. */
/** @param {import('./types').DifferenceLike} d @param {import('./types').Ctx} ctx @returns {string} */
export function placeText(d, ctx) {
  /** @type {Record<string, any>} */
  const at = d.at || {};
  const n = (/** @type {unknown} */ x) => Number(x) + 1;
  const seat = (/** @type {number | string} */ s) => seatName(ctx.desc, ctx.game, s);
  const bet = () => {
    const b = ctx.r.bets && ctx.r.bets[at.bet];
    // Bet numbers and nonces are ids: written as they are, never grouped.
    return b ? t('render.diff.at.bet', { n: String(n(at.bet)), nonce: String(b.nonce) }) : t('render.diff.at.betOnly', { n: String(n(at.bet)) });
  };
  switch (d.key) {
    case 'deals':
      if (d.set && at.seat !== undefined) return t('render.diff.at.dealHand', { deal: n(at.deal), seat: seat(at.seat) });
      if (at.card !== undefined) return t('render.diff.at.dealCard', { deal: n(at.deal), seat: seat(at.seat), nth: ordinal('card', n(at.card)) });
      break;
    case 'hands':
      // Which part of the hand the core's pattern named: first deal, second, face-up.
      if (d.part === 'faceUp') return t('render.diff.at.faceUp', { hand: n(at.hand) });
      if (d.set && at.seat !== undefined) {
        return t(d.part === 'second' ? 'render.diff.at.handSecondSet' : 'render.diff.at.handFirstSet', { hand: n(at.hand), seat: seat(at.seat) });
      }
      if (at.card !== undefined) {
        return t(d.part === 'second' ? 'render.diff.at.handSecond' : 'render.diff.at.handFirst', { hand: n(at.hand), seat: seat(at.seat), nth: ordinal('card', n(at.card)) });
      }
      break;
    case 'rolls':
      // A roll after the opening one, compared as a pair: the roll's own name.
      if (d.set && at.roll !== undefined) return rollLabels(ctx.r.rolls || [])[at.roll] || t('render.diff.at.rollN', { n: n(at.roll) });
      if (at.die !== undefined) return t('render.diff.at.roll', { roll: rollLabels(ctx.r.rolls || [])[at.roll] || n(at.roll), nth: ordinal('die', n(at.die)) });
      break;
    case 'seats':
      if (at.seat !== undefined) return seat(at.seat);
      break;
    case 'tiles':
      if (at.draw !== undefined) return t('render.diff.at.draw', { n: n(at.draw) });
      break;
    case 'holeCards':
      if (d.set && at.player !== undefined) return t('render.diff.at.holeSet', { player: n(at.player) });
      if (at.card !== undefined) return t('render.diff.at.hole', { player: n(at.player), nth: ordinal('card', n(at.card)) });
      break;
    case 'board':
      if (d.set) return t('render.diff.at.flop');
      if (at.card !== undefined) return t('render.diff.at.board', { nth: ordinal('card', n(at.card)) });
      break;
    case 'deck':
      if (at.position !== undefined) {
        // Whose card it is (the core's `at.owner`): a player's hole card or a board
        // card (else an undealt one).
        const who = at.owner;
        if (who && who.key === 'holeCards') return t('render.diff.at.deckHole', { player: n(who.player), nth: ordinal('card', n(who.card)), position: n(at.position) });
        if (who && who.key === 'board') return t('render.diff.at.deckBoard', { nth: ordinal('card', n(who.card)), position: n(at.position) });
        return t('render.diff.at.deck', { position: n(at.position) });
      }
      break;
    case 'mines':
      if (at.mine !== undefined) return t('render.diff.at.mine', { n: n(at.mine) });
      if (d.set) return t('render.diff.at.mines');
      break;
    case 'history':
      if (at.back !== undefined) return historyLabel(ctx.r, at.back);
      break;
    case 'bets':
      if (at.bet !== undefined) {
        if (at.mine !== undefined) return t('render.diff.at.betMine', { bet: bet(), mine: n(at.mine) });
        if (d.set && d.part === 'mines') return t('render.diff.at.betMines', { bet: bet() });
        return bet();
      }
      break;
    default:
      break;
  }
  // Never the path ("mines", "rolls[5]"): the result's own name, else the item's kind
  // (issue 44: a raw key opened the sentence).
  if (has(`render.diff.at.${d.key}`)) return t(`render.diff.at.${d.key}`);
  if (has(`seen.part.${d.key}`)) return t(`seen.part.${d.key}`);
  return t('diff.heading');
}

/** Values in the order a player reads them: cells and numbers ascending, cards and
 *  tiles as dealt. */
const readingOrder = (/** @type {string} */ item, /** @type {any[]} */ vs) => (['mine', 'die', 'face', 'platform'].includes(item) && vs.every(Number.isInteger)
  ? vs.slice().sort((a, b) => a - b) : vs.slice());

/** The values of a set, each as the item it is, listed as the language lists ("Q♥ and
 *  7♣", "cells 3 и 9"); `bare`: numbers only (the sentence names the cells). */
/** @param {string} item @param {unknown} vs @param {import('./types').Ctx} ctx @param {boolean} [bare] */
function valuesNode(item, vs, ctx, bare = false) {
  const list = Array.isArray(vs) ? readingOrder(item, vs) : [];
  if (!list.length) return t('render.diff.nothing');
  const items = listParts(list.map((v) => (bare ? String(v) : valueNode(item, v, ctx))));
  if (ctx.plain) return items.join('');
  const out = el('span', { class: 'values' });
  out.append(...items);
  return out;
}

/** A roll whose one die differs (a pair compared as a set): which die, by its place
 *  in what was shown, or -1. */
/** @param {import('./types').DifferenceLike} d */
function oneDie(d) {
  if (d.item !== 'die' || !Array.isArray(d.played) || !Array.isArray(d.computed)) return -1;
  if ((d.shownOnly || []).length !== 1 || (d.computedOnly || []).length !== 1) return -1;
  const i = d.played.indexOf((d.shownOnly || [])[0]);
  return i >= 0 && d.played.length === d.computed.length ? i : -1;
}

/** The whole sentence for one difference (text and isolated card codes). A set (a
 *  hand, the flop, the mines of a board) names what was shown but not recomputed
 *  and what was recomputed but not shown. */
/** @param {import('./types').DifferenceLike} d @param {import('./types').Ctx} ctx */
export function differenceText(d, ctx) {
  const die = d.set ? oneDie(d) : -1;
  if (die >= 0) {
    // Backgammon's roll with one die changed: that die, by its number.
    const roll = rollLabels(ctx.r.rolls || [])[d.at && d.at.roll] || t('render.diff.at.rollN', { n: Number(d.at && d.at.roll) + 1 });
    return parts('render.diff.line', {
      place: t('render.diff.at.roll', { roll, nth: ordinal('die', die + 1) }),
      says: parts('render.diff.says.die', { played: valueNode('die', (d.shownOnly || [])[0], ctx), computed: valueNode('die', (d.computedOnly || [])[0], ctx) }),
    });
  }
  const shownOnly = d.shownOnly || [];
  const computedOnly = d.computedOnly || [];
  if (d.set && d.item === 'mine' && shownOnly.length && shownOnly.length === computedOnly.length) {
    // Mines moved: "a mine at cell 1 … puts it at cell 9", said for as many as moved.
    return parts('render.diff.set.mine', {
      count: shownOnly.length,
      place: placeText(d, ctx),
      shownOnly: valuesNode('mine', shownOnly, ctx, true),
      computedOnly: valuesNode('mine', computedOnly, ctx, true),
    });
  }
  if (d.set) {
    return parts('render.diff.set', {
      place: placeText(d, ctx),
      shownOnly: valuesNode(d.item, d.shownOnly, ctx),
      computedOnly: valuesNode(d.item, d.computedOnly, ctx),
    });
  }
  const verb = has(`render.diff.says.${d.item}`) ? `render.diff.says.${d.item}` : 'render.diff.says.value';
  return parts('render.diff.line', {
    place: placeText(d, ctx),
    says: parts(verb, { played: valueNode(d.item, d.played, ctx), computed: valueNode(d.item, d.computed, ctx) }),
  });
}

/** The same sentence as text, for the CLI (card codes isolated with LRI…PDI). */
/** @param {unknown} x @returns {string} */
const flat = (x) => (Array.isArray(x) ? x.map(flat).join('') : String(x));
/** @param {import('./types').DifferenceLike} d @param {import('./types').Ctx} ctx */
export const differencePlain = (d, ctx) => flat(differenceText(d, { ...ctx, plain: true }));

/** What the player was not shown (a `played` list shorter than the recomputed one):
 *  not compared, said per key ("The deals: 11 items not compared…"). */
const notShownView = (/** @type {import('./types').Report} */ report) => notShownLines(report)
  .map(({ key, count, text }) => el('p', { class: 'note notshown', 'data-not-shown': key, 'data-count': count, text }));

/** @param {import('./types').Report} report @param {import('./types').Ctx} ctx @param {boolean} [folded] */
export function differencesView(report, ctx, folded = false) {
  if (!report.differences) return null;
  if (report.differenceCount === 0) {
    return section(t('diff.heading'), el('p', { class: 'ok', text: t('diff.none') }), ...notShownView(report));
  }
  const list = el('ul', { class: 'diffs' }, ...report.differences.map((/** @type {import('./types').DifferenceLike} */ d) => el('li', {
    'data-diff': d.path, 'data-item': d.item, 'data-played': fmt(d.played), 'data-computed': fmt(d.computed),
  }, differenceText(d, ctx))));
  const more = (report.differenceCount || 0) > report.differences.length
    ? el('p', { text: t('diff.more', { count: (report.differenceCount || 0) - report.differences.length }) }) : null;
  const heading = t('diff.headingCount', { count: report.differenceCount });
  // Under an amber slip (the entry explains every difference) the list is evidence of
  // the typing, not of the operator: folded, closed, below the explanation and its
  // one-tap fix (issue 44).
  if (folded) {
    return el('section', { class: 'block' }, el('details', { class: 'diffs-fold', 'data-folded': 'slip' },
      el('summary', { text: heading }), list, more, ...notShownView(report)));
  }
  return section(heading, list, more, ...notShownView(report));
}

/** Marks, inside `root`, every drawn item whose data-path differs from what was
 *  played (a navigator calls it again for each page it draws). */
/** @param {Element} root @param {import('./types').Report} report @param {import('./types').Ctx} ctx */
export function markDifferences(root, report, ctx) {
  for (const d of /** @type {import('./types').DifferenceLike[]} */ (report.differences || [])) {
    if (d.set) { markSet(root, d, ctx); continue; }
    markOne(root.querySelector(`[data-path="${CSS.escape(d.path)}"]`), d, d.played, ctx, true);
    // The owner's card is marked (outlined), its tag is in the deck: two tags over two
    // neighbouring cards of one hand would run into each other.
    const owner = ownerPath(d);
    if (owner) markOne(root.querySelector(`[data-path="${CSS.escape(owner)}"]`), d, d.played, ctx, false);
  }
}

/** A set that differs (a hand, the mines, the flop, a roll): each value recomputed
 *  but not shown is marked where it is drawn under the set's path, tagged with a
 *  value shown in its place (in order), as a one-card change reads "shown Q♥". */
/** @param {Element} root @param {import('./types').DifferenceLike} d @param {import('./types').Ctx} ctx */
function markSet(root, d, ctx) {
  const shownOnly = d.shownOnly || [];
  (d.computedOnly || []).forEach((v, i) => {
    const under = `[data-path^=${JSON.stringify(`${d.path}[`)}]`;
    const target = Array.from(root.querySelectorAll(under)).find((e) => ['data-card', 'data-cell', 'data-die', 'data-tile']
      .some((a) => e.getAttribute(a) === String(v)) && !e.classList.contains('mismatch'));
    markOne(target, d, shownOnly[i], ctx, true);
  });
}

/** A deck position's card where the player looks first: in its owner's hand or on the
 *  board (the core's `at.owner`), else null. */
/** @param {import('./types').DifferenceLike} d */
function ownerPath(d) {
  const o = d.key === 'deck' && d.at ? d.at.owner : null;
  if (!o) return null;
  return o.key === 'holeCards' ? `holeCards[${o.player}][${o.card}]` : `board[${o.card}]`;
}

/** Marks one drawn item as differing; `tagged`: with what was shown there. */
/** @param {Element | null | undefined} target @param {import('./types').DifferenceLike} d @param {unknown} played @param {import('./types').Ctx} ctx @param {boolean} tagged */
function markOne(target, d, played, ctx, tagged) {
  if (!target || target.classList.contains('mismatch')) return;
  target.classList.add('mismatch');
  if (played === undefined) return;
  target.setAttribute('data-played', fmt(played));
  const shown = itemValue(d.item, played, ctx);
  const label = target.getAttribute('aria-label');
  // The tag says it was the shown value ("shown Q♠"): a bare "Q♠" under a card reads as
  // that card's real name. In the deck the cards stand a card's width apart, so there
  // the tag's words wrap above the value (the style's `ol.deck .shown`), not beside it.
  const tag = el('span', { class: 'shown', title: t('diff.shown', { played: shown }), 'aria-hidden': label ? 'true' : null },
    parts('diff.shown', { played: valueNode(d.item, played, ctx) }));
  if (tagged) target.append(tag);
  if (label) target.setAttribute('aria-label', t('diff.shownLabel', { label, played: shown }));
}
