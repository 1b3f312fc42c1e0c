// @ts-check
// Dice and mines: the die against your numbers, the 5×5 mines board (a real table:
// rows of cells, each cell's name keeping its visible "MINE"), and the bets made
// under one server seed (SPEC §7) as a table, differing bets first, each row opening
// to its die or board.
import { el, code } from '../ui/dom.js';
import { t, listParts } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { section } from './common.js';
import { die } from './dice.js';
import { statusBadge } from './verdict.js';

const BET_PAGE = 100;

/** Your numbers 1–6: each picked one says so in words, the rolled one too. */
/** @param {number[] | undefined} selected @param {number} face @param {Node | string} [prefix] */
function picks(selected, face, prefix) {
  return el('ol', { class: 'selected', 'aria-label': t('draw.yourNumbers') }, ...[1, 2, 3, 4, 5, 6].map((f) => {
    const picked = (selected || []).includes(f);
    const hit = f === face;
    return el('li', { class: `pick${picked ? ' on' : ''}${hit ? ' hit' : ''}`, 'data-face': f, 'data-picked': String(picked) },
      el('span', { class: 'n', text: f }),
      el('span', { class: 'tag', text: hit ? t(picked ? 'render.dice.rolledPicked' : 'render.dice.rolled') : picked ? t('render.dice.picked') : '' }));
  }), prefix);
}

/** @param {number} face @param {boolean} win @param {number[] | undefined} selected @param {string} path */
function diceBody(face, win, selected, path) {
  return [
    el('div', { class: 'diceroll', 'data-win': String(win) }, die(face, path, true),
      el('p', { class: `outcome ${win ? 'win' : 'loss'}`, text: t(win ? 'render.dice.win' : 'render.dice.loss', { face }) })),
    el('p', { text: t('draw.yourNumbers') }), picks(selected, face)];
}

/** @param {import('./types').Report} r @param {Element} out @param {import('./types').Desc} [desc] @param {import('./types').Ctx} [ctx] */
export function drawDice(r, out, desc, ctx) {
  if (r.bets) { out.append(betsView(r, 'dice', ctx)); return; }
  out.append(section(t('draw.rollResult', { face: r.face, result: t(r.win ? 'draw.win' : 'draw.loss') }),
    ...diceBody(r.face, r.win, r.selected, 'face')));
}

/** The 5×5 board as a table, cells 1–25 row by row from the top left (SPEC §7). */
/** @param {number[]} mines @param {string} prefix */
function board(mines, prefix) {
  const at = new Map(mines.map((c, i) => [c, i]));
  const body = el('tbody');
  for (let row = 0; row < 5; row++) {
    const tr = el('tr');
    for (let col = 1; col <= 5; col++) {
      const cell = row * 5 + col;
      const mine = at.has(cell);
      tr.append(el('td', {
        class: `cell${mine ? ' mine' : ''}`, 'data-cell': cell, 'data-mine': mine ? 'true' : 'false',
        'data-path': mine ? `${prefix}mines[${at.get(cell)}]` : null,
      }, el('span', { class: 'cellno', text: cell }), mine ? el('span', { class: 'minemark', text: t('draw.mine') }) : null));
    }
    body.append(tr);
  }
  // Cells 1–25 run row by row from the top left (SPEC §7): the board is never mirrored
  // in right-to-left languages.
  return el('table', { class: 'mines', dir: 'ltr' }, el('caption', { class: 'visually-hidden', text: t('draw.minesBoard') }), body);
}

// The cells in ascending order, listed as the language lists ("5, 7, 10 и 20", "5、7、10和20"):
// never run together ("11 5 10 20 7" read as one number, issue 44).
const cellList = (/** @type {number[]} */ mines) => (mines.length ? listParts(mines.slice().sort((a, b) => a - b).map(String)).join('') : t('draw.noMines'));
/** "Mine at cell 19", "3 mines, at cells 3, 7, 12", "No mines": the count's plural form. */
const minesText = (/** @type {number[]} */ mines) => (mines.length ? t('draw.minesAtCount', { count: mines.length, cells: cellList(mines) }) : t('draw.noMinesAt'));

/** @param {import('./types').Report} r @param {Element} out @param {import('./types').Desc} [desc] @param {import('./types').Ctx} [ctx] */
export function drawMines(r, out, desc, ctx) {
  if (r.bets) { out.append(betsView(r, 'mines', ctx)); return; }
  out.append(section(minesText(r.mines), board(r.mines, '')));
}

/** Every bet: a table, the bets that differ first, each row opening to its die or board;
 *  each bet's status is the core's (`bets[i].status`). */
/** @param {import('./types').Report} r @param {'dice' | 'mines'} game @param {import('./types').Ctx} [ctx] */
function betsView(r, game, ctx) {
  /** @type {NonNullable<import('./types').Report['bets']>} */
  const bets = r.bets || [];
  const bad = new Set(bets.flatMap((b, i) => (b.status === 'fail' ? [i] : [])));
  const order = bets.map((_, i) => i).sort((a, b) => (Number(bad.has(b)) - Number(bad.has(a))) || a - b);
  const body = el('tbody');
  const mark = (ctx && ctx.mark) || ((/** @type {Element} */ _root) => {});
  const row = (/** @type {number} */ i) => {
    /** @type {Record<string, any>} */
    const b = bets[i];
    const differs = bad.has(i);
    const result = game === 'dice'
      ? t(b.win ? 'render.dice.win' : 'render.dice.loss', { face: b.face })
      : minesText(b.mines || []);
    const open = el('details', { class: 'betdetail' }, el('summary', { text: t('render.bets.open') }));
    open.addEventListener('toggle', () => {
      if (open.open && open.childElementCount === 1) {
        open.append(...(game === 'dice' ? diceBody(b.face, b.win, b.selected, `bets[${i}].face`) : [board(b.mines || [], `bets[${i}].`)]));
        mark(open);
      }
    });
    const status = b.status;
    return el('tr', { 'data-bet': i, class: differs ? 'differs' : '' },
      el('th', { scope: 'row' }, el('span', { class: 'betno', text: t('render.bets.bet', { n: String(i + 1) }) }), ' ', code(String(b.nonce)), ' ',
        statusBadge(status, t(`render.bets.status.${status}`))),
      el('td', {}, el('span', { 'data-path': game === 'dice' ? `bets[${i}].face` : null, text: result }), open));
  };
  const pager = makePager(order.length, BET_PAGE, (start, end) => {
    body.replaceChildren(...order.slice(start, end).map(row));
    mark(body);
  }, { label: (start, end, count) => t('render.nav.bets', { from: String(start + 1), to: String(end), count }), jump: null });
  const table = el('table', { class: 'bets' },
    el('caption', { class: 'visually-hidden', text: t('render.bets.caption') }),
    el('thead', {}, el('tr', {}, ...['bet', 'result'].map((/** @type {string} */ h) => el('th', { scope: 'col', text: t(`render.bets.col.${h}`) })))),
    body);
  return section(t('render.bets.heading', { count: bets.length, differ: bad.size }),
    bad.size ? el('p', { class: 'note', text: t('render.bets.differFirst') }) : null,
    el('div', { class: 'history' }, table), pager);
}
