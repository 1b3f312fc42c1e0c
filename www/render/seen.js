// @ts-check
// What the player said they were shown (`played`), drawn in the game's own pictures
// beside what the seeds give at the same place: a hand beside the recomputed hand,
// a roll beside the roll, the mines board beside the board, the crash point beside
// the crash point. A row is marked as differing when the core reported a difference
// at or under its place; the core alone compares (by meaning), this only draws.
import { el } from '../ui/dom.js';
import { t, has, decimalText, listParts } from '../i18n/i18n.js';
import { section } from './common.js';
import { card, orderCards } from './cards.js';
import { die } from './dice.js';
import { seatName, rollLabels } from './seats.js';
import { entryParts, gather, notShown } from '../core/seen.js';

/** At most this many things entered are drawn beside the recomputation. */
const MAX_ROWS = 8;

const isObject = (/** @type {unknown} */ v) => !!v && typeof v === 'object' && !Array.isArray(v);

/** The value at `steps` (with `picks`) under `root`, or undefined. */
/** A step of a pattern: a member, or the index a pick names.
 *  @typedef {{member?: string, at?: string}} Step */

/** @param {any} root @param {Step[]} steps @param {Record<string, number>} picks @returns {any} */
function valueAt(root, steps, picks) {
  let v = root;
  for (const s of steps) {
    if (v === null || v === undefined) return undefined;
    v = s.member ? v[s.member] : v[picks[String(s.at)]];
  }
  return v;
}

/** @param {string} key @param {Step[]} steps @param {Record<string, number>} picks */
function pathOf(key, steps, picks) {
  return key + steps.map((s) => (s.member ? `.${s.member}` : `[${picks[String(s.at)]}]`)).join('');
}

const verbatim = (/** @type {unknown} */ v) => el('code', { class: 'seenraw', dir: 'ltr', text: typeof v === 'string' ? v : JSON.stringify(v) });

/** A row of cards (the scheme's card numbers); `sorted`: by suit, as the recomputed
 *  hands are shown, so that a hand shown in any order lines up with the hand dealt. */
/** @param {unknown[]} list @param {string} order @param {boolean} sorted */
function cardsPicture(list, order, sorted) {
  const box = el('div', { class: 'cards' }, ...list.map((c, i) => {
    const e = typeof c === 'number' && Number.isInteger(c) ? card(c, order, undefined) : verbatim(c);
    e.setAttribute('data-index', String(i));
    return e;
  }));
  if (sorted) orderCards(box, true);
  return box;
}

/** @param {unknown} cells */
function minesPicture(cells) {
  const set = new Set(Array.isArray(cells) ? cells : []);
  const body = el('tbody');
  for (let row = 0; row < 5; row++) {
    body.append(el('tr', {}, ...[1, 2, 3, 4, 5].map((col) => {
      const n = row * 5 + col;
      return el('td', { class: `cell${set.has(n) ? ' mine' : ''}`, 'data-cell': n }, el('span', { class: 'cellno', text: n }));
    })));
  }
  return el('table', { class: 'mines', dir: 'ltr', role: 'img', 'aria-label': set.size ? t('draw.minesAt', { cells: listParts([...set].sort((a, b) => a - b).map(String)).join('') }) : t('draw.noMinesAt') }, body);
}

/** One value drawn as what it is. Both sides come in the recomputation's own
 *  representation: the recomputed value, and what the player was shown as the core
 *  read it (the report's `playedRead`): no notation is read here (issue 45). */
/** @param {{kind: string, choose: (string | undefined)[]}} part @param {any} v @param {string} order */
function picture(part, v, order) {
  if (v === undefined || v === null) return el('span', { class: 'note', text: t('seen.result.nothing') });
  switch (part.kind) {
    // A hand (a seat's, a player's) sorted by suit; the board in its order (flop, turn, river).
    case 'cards': return Array.isArray(v) ? cardsPicture(v, order, part.choose.length > 0) : verbatim(v);
    case 'card': return Number.isInteger(v) ? card(v, order, undefined) : verbatim(v);
    case 'rolls': return Array.isArray(v) && v.length === 2 && v.every(Number.isInteger) ? el('span', { class: 'seenroll' }, die(v[0], undefined), die(v[1], undefined)) : verbatim(v);
    case 'mines': return Array.isArray(v) ? minesPicture(v) : verbatim(v);
    case 'multiplier': return el('span', { text: t('draw.multiplier', { value: typeof v === 'string' ? decimalText(v) : String(v) }) });
    case 'face': return Number.isInteger(v) ? die(v, undefined, true) : verbatim(v);
    case 'winner': return Number.isInteger(v) ? el('span', { text: t('render.diff.playerValue', { n: v + 1 }) }) : verbatim(v);
    case 'platform': return Number.isInteger(v) ? el('span', { text: t('draw.platform', { n: v }) }) : verbatim(v);
    case 'win': return typeof v === 'boolean' ? el('span', { text: t(v ? 'draw.win' : 'draw.loss') }) : verbatim(v);
    case 'white': return typeof v === 'boolean' ? el('span', { text: t(v ? 'render.diff.aWhite' : 'render.diff.aBlack') }) : verbatim(v);
    default: return verbatim(v);
  }
}

/** "Your hand · Deal 1 · South". */
/** @param {{id: string, choose: (string | undefined)[]}} part @param {Record<string, number>} picks @param {import('./types').Desc} desc
 *  @param {string | undefined} game @param {string} [extra] */
function rowTitle(part, picks, desc, game, extra) {
  const bits = [has(`seen.part.${part.id}`) ? t(`seen.part.${part.id}`) : part.id];
  for (const name of part.choose) {
    // "Deal 1", "第 1 副牌": the drawing's own words for the place where it has them.
    bits.push(name === 'seat' ? seatName(desc, game, picks.seat)
      : has(`draw.${name}`) ? t(`draw.${name}`, { n: String(picks[String(name)] + 1) })
        : t('seen.at.value', { step: has(`seen.at.${name}`) ? t(`seen.at.${name}`) : name, n: String(picks[String(name)] + 1) }));
  }
  if (extra) bits.push(extra);
  return bits.join(' · ');
}

/** @param {string} title @param {string} path @param {Element} shown @param {Element} computed @param {import('./types').Report} r */
function row(title, path, shown, computed, r) {
  /** @type {import('./types').DifferenceLike[]} */
  const diffs = r.differences || [];
  const differs = diffs.some((d) => typeof d.path === 'string' && (d.path === path || d.path.startsWith(`${path}[`) || d.path.startsWith(`${path}.`)));
  const status = differs ? t('seen.result.differs') : t('seen.result.same');
  // A set that differs: the cards (or cells) shown but not recomputed, and the reverse, outlined.
  const set = diffs.find((d) => d.path === path && d.set);
  if (set) {
    const mark = (/** @type {Element} */ root, /** @type {unknown[] | undefined} */ values) => {
      for (const v of values || []) {
        for (const n of root.querySelectorAll(`[data-card="${Number(v)}"], [data-cell="${Number(v)}"]`)) n.classList.add('seenoff');
      }
    };
    mark(shown, set.shownOnly);
    mark(computed, set.computedOnly);
  }
  return el('div', { class: `seenrow${differs ? ' differs' : ''}`, 'data-seen': path, 'data-differs': String(differs) },
    // The language's colon ("爆点：一致"), never one written in code.
    el('h4', { text: t('render.join.colon', { label: title, text: status }) }),
    // Side by side where both fit (a board, dice, a value), one under the other else (a hand).
    el('div', { class: 'seenpair' },
      el('figure', { class: 'seenshown' }, el('figcaption', { text: t('seen.result.shown') }), shown),
      el('figure', { class: 'seencomputed' }, el('figcaption', { text: t('seen.result.computed') }), computed)));
}

/** The section, or null when `played` holds nothing the entry knows how to draw. */
/** @param {import('./types').Report} r @param {import('./types').Desc} desc @param {import('./types').Ctx} ctx */
export function seenView(r, desc, ctx) {
  // What the core read (the page's core always gives it beside `played`).
  const played = isObject(r.playedRead) ? r.playedRead : null;
  if (!played || !desc || !desc.results) return null;
  const order = desc.cards || 'rank_major';
  const rows = [];
  for (const part of entryParts(desc, ctx.game)) {
    if (!(part.key in played)) continue;
    for (const { picks, value } of gather(part, played[part.key])) {
      const computed = valueAt(r[part.key], part.steps, picks);
      const path = pathOf(part.key, part.steps, picks);
      if (part.kind === 'rolls' && Array.isArray(value)) {
        // Each roll named as the recomputation names it (the opening roll, Roll 1…).
        const names = rollLabels(Array.isArray(computed) ? computed : []);
        value.forEach((v, i) => {
          if (notShown(v)) return;
          const title = rowTitle(part, picks, desc, ctx.game, names[i] || String(i + 1));
          rows.push(row(title, `${path}[${i}]`, picture(part, v, order), picture(part, Array.isArray(computed) ? computed[i] : undefined, order), r));
        });
      } else {
        rows.push(row(rowTitle(part, picks, desc, ctx.game), path, picture(part, value, order), picture(part, computed, order), r));
      }
    }
  }
  if (!rows.length) return null;
  // A whole match pasted as played: the rows that differ first, a few of them; the
  // drawing below marks every difference anyway.
  const shown = rows.filter((x) => x.classList.contains('differs')).concat(rows.filter((x) => !x.classList.contains('differs'))).slice(0, MAX_ROWS);
  const listed = shown.filter((x) => x.classList.contains('differs')).map((x) => x.getAttribute('data-seen') || '');
  const more = unlistedNote(r, listed, rows.length - shown.length);
  return section(t('seen.result.heading'), el('div', { class: 'seenrows' }, ...shown),
    more ? el('p', { class: 'note', 'data-unlisted': more.count, text: t(more.key, { count: more.count }) }) : null);
}

/** What the rows left out hold, counted as the CLI counts it (`diff.more`: the core's
 *  differences less those the listed rows show), so one record never gives two counts
 *  of its differences (turn-8 reading ar/zh 6: "29 differences", then "24 more" where
 *  the CLI says 21): {key, count}, or null when nothing is left out. `listed`: the
 *  paths of the rows listed that differ; `hidden`: how many rows are left out.
 * @param {import('./types').Report} r @param {string[]} listed @param {number} hidden
 * @returns {{key: string, count: number} | null} */
export function unlistedNote(r, listed, hidden) {
  if (hidden <= 0) return null;
  /** @type {import('./types').DifferenceLike[]} */
  const diffs = r.differences || [];
  const total = typeof r.differenceCount === 'number' ? r.differenceCount : diffs.length;
  const under = (/** @type {string} */ path, /** @type {string} */ p) => path === p || path.startsWith(`${p}[`) || path.startsWith(`${p}.`);
  const covered = diffs.filter((d) => typeof d.path === 'string' && listed.some((p) => under(d.path, p))).length;
  const more = Math.max(0, total - covered);
  // Only rows that match are left out: said as such, never as differences.
  return more > 0 ? { key: 'seen.result.more', count: more } : { key: 'seen.result.moreSame', count: hidden };
}
