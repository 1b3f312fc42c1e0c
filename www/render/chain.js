// @ts-check
// Chain games: crash (with its history), platforms, battle, and the bare hash chain.
// No inline style attributes anywhere (the page's CSP): the battle wheel is SVG with
// geometry in attributes, everything else is classes.
import { el } from '../ui/dom.js';
import { t, decimalText } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { section, hash, svg } from './common.js';

const HISTORY_PAGE = 500;

/** A history row's name: this round first, then the rounds before it, descending
 *  (round numbers when the chain check found this round's number). */
/** @param {import('./types').Report} r @param {number} back */
export function historyLabel(r, back) {
  // A round number is an id: written as it is, never grouped ("Round 1161").
  if (r.round) return t('render.round', { round: String(r.round - back) });
  return back === 0 ? t('render.history.this') : t('render.history.back', { count: back });
}

/** @param {import('./types').Report} r @param {(root: Element) => void} mark */
function historyTable(r, mark) {
  const body = el('tbody');
  const table = el('table', {},
    el('caption', { class: 'visually-hidden', text: t('render.history.caption') }),
    el('thead', {}, el('tr', {}, ...['round', 'crash', 'hash'].map((/** @type {string} */ h) => el('th', { scope: 'col', text: t(`render.history.col.${h}`) })))), body);
  const more = makePager(r.history.length, HISTORY_PAGE, (/** @type {number} */ start, /** @type {number} */ end) => {
    const frag = document.createDocumentFragment();
    for (let i = start; i < end; i++) {
      const h = r.history[i];
      frag.append(el('tr', { 'data-back': i },
        el('th', { scope: 'row', text: historyLabel(r, i) }),
        el('td', { class: 'mult', 'data-multiplier': h.multiplier, 'data-path': `history[${i}].multiplier`, text: t('draw.multiplier', { value: decimalText(h.multiplier) }) }),
        el('td', {}, hash(h.hash))));
    }
    body.append(frag);
    mark(body);
  }, { mode: 'more' });
  return el('div', { class: 'history' }, table, more);
}

/** @param {import('./types').Report} r @param {Element} out @param {import('./types').Desc} [desc] @param {import('./types').Ctx} [ctx] */
export function drawCrash(r, out, desc, ctx) {
  const mark = (ctx && ctx.mark) || ((/** @type {Element} */ _root) => {});
  out.append(section(t('draw.crashPoint'), el('div', {
    class: 'multiplier', 'data-multiplier': r.multiplier, 'data-path': 'multiplier',
    text: t('draw.multiplier', { value: decimalText(r.multiplier) }),
  })));
  if (r.history) {
    out.append(section(t('draw.history', { count: r.history.length }),
      el('p', { class: 'note', text: t('render.history.order') }), historyTable(r, mark)));
  }
}

/** @param {import('./types').Report} r @param {Element} out */
export function drawPlatforms(r, out) {
  // Platforms 1 to 25 in the game's own order: never mirrored in right-to-left
  // languages (style.css sets the grid left to right; its words keep their own).
  const grid = el('ol', { class: 'platforms', 'data-last-platform': r.lastPlatform, 'data-path': 'lastPlatform', 'aria-label': t('render.platforms.label') });
  for (let p = 1; p <= 25; p++) {
    const last = p === r.lastPlatform;
    grid.append(el('li', { class: `platform${last ? ' last' : ''}`, 'data-platform': p },
      el('span', { text: p }), last ? el('span', { class: 'flag', text: t('render.platforms.last') }) : null));
  }
  out.append(section(t('draw.lastPlatform', { n: r.lastPlatform }), grid));
}

/** @param {import('./types').Report} r @param {Element} out */
export function drawBattle(r, out) {
  /** @type {unknown[]} */
  const chances = Array.isArray(r.chances) ? r.chances : [];
  const total = chances.map(Number).filter((c) => c > 0).reduce((a, c) => a + c, 0) || 100;
  const bar = svg('svg', { class: 'wheel', viewBox: '0 0 1000 40', preserveAspectRatio: 'none', role: 'img', 'aria-label': t('render.battle.wheel', { n: r.winner + 1 }) });
  let x = 0;
  chances.forEach((c, i) => {
    const w = (Math.max(0, Number(c)) / total) * 1000;
    bar.append(svg('rect', { x: x.toFixed(2), y: 0, width: w.toFixed(2), height: 40, class: `seg${i === r.winner ? ' winner' : i % 2 ? ' odd' : ''}` }));
    x += w;
  });
  const px = Math.min(1000, Math.max(0, Number(r.point) * 1000));
  bar.append(svg('rect', { x: (px - 3).toFixed(2), y: 0, width: 6, height: 40, class: 'point' }));
  const legend = el('ol', { class: 'shares' }, ...chances.map((c, i) => el('li', {
    class: i === r.winner ? 'winner' : '', 'data-player': i,
  }, el('span', { text: t('render.battle.share', { n: i + 1, chance: decimalText(String(c)) }) }),
  i === r.winner ? el('strong', { class: 'flag', text: t('render.battle.won') }) : null)));
  out.append(section(t('draw.winner', { n: r.winner + 1 }), bar, legend,
    el('p', { 'data-winner': r.winner, 'data-path': 'winner', text: t('render.battle.point', { point: decimalText(String(r.point)), n: r.winner + 1 }) })));
}

/** @param {import('./types').Report} r @param {Element} out */
export function drawHashChain(r, out) {
  // A walk still running or cancelled has found nothing yet: never "not found".
  const walk = (/** @type {import('./types').CheckLike[]} */ (r.checks || [])).find((c) => c.code === 'chainOk' && (c.pending || c.cancelled));
  out.append(section(t('draw.chain'), el('p', {
    text: r.round ? t('draw.chainRound', { round: String(r.round) })
      : walk ? t(walk.cancelled ? 'render.check.chainOk.cancelled' : 'render.check.chainOk.pending', walk.params || {})
        : t('draw.chainNotFound', { maxSteps: r.maxSteps }),
  })));
}

/** The chain check's outcome under a game's drawing (crash, platforms, battle). */
/** @param {import('./types').Report} r */
export function chainNote(r) {
  return section(t('draw.chain'), el('p', {
    'data-round': r.round || '',
    text: r.chainOk ? t('draw.chainRoundOf', { round: String(r.round) }) : t('draw.chainNotFound', { maxSteps: r.maxSteps }),
  }));
}
