// Chain games: crash (with its history), platforms, battle, and the bare hash chain.
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { section, hash } from './common.js';

const HISTORY_PAGE = 500;

function historyTable(r) {
  const body = el('tbody');
  const table = el('table', {},
    el('thead', {}, el('tr', {}, ...['round', 'hash', 'crash'].map((h) => el('th', { text: t(`draw.history.${h}`) })))), body);
  const more = makePager(r.history.length, HISTORY_PAGE, (start, end) => {
    const frag = document.createDocumentFragment();
    for (let i = start; i < end; i++) {
      const h = r.history[i];
      const round = r.round ? r.round + i : null;
      frag.append(el('tr', { class: parseFloat(h.multiplier) >= 2 ? 'high' : '' },
        el('td', { text: round ? `${round}` : i === 0 ? t('draw.history.this') : t('draw.history.back', { n: i }) }),
        el('td', {}, hash(h.hash)),
        el('td', { 'data-multiplier': h.multiplier, text: t('draw.multiplier', { value: h.multiplier }) })));
    }
    body.append(frag);
  }, { mode: 'more' });
  return el('div', { class: 'history' }, table, more);
}

export function drawCrash(r, record, out) {
  out.append(section(t('draw.crashPoint'), el('div', {
    class: `multiplier ${parseFloat(r.multiplier) >= 2 ? 'high' : ''}`, 'data-multiplier': r.multiplier, 'data-path': 'multiplier',
    text: t('draw.multiplier', { value: r.multiplier }),
  })));
  if (r.history) out.append(section(t('draw.history', { count: r.history.length }), historyTable(r)));
}

export function drawPlatforms(r, record, out) {
  const grid = el('div', { class: 'platforms', 'data-last-platform': r.lastPlatform, 'data-path': 'lastPlatform' });
  for (let p = 1; p <= 25; p++) {
    grid.append(el('span', {
      class: `platform ${p === r.lastPlatform ? 'last' : ''}`, 'data-platform': p,
      'aria-label': t(p === r.lastPlatform ? 'draw.platformLast' : 'draw.platform', { n: p }), text: p,
    }));
  }
  out.append(section(t('draw.lastPlatform', { n: r.lastPlatform }), grid));
}

export function drawBattle(r, record, out) {
  const chances = (record && record.chances) || [];
  const bar = el('div', { class: 'wheel', role: 'img', 'aria-label': t('draw.winnerLabel', { n: r.winner }) });
  let start = 0;
  chances.forEach((c, i) => {
    const seg = el('span', { class: `seg ${i === r.winner ? 'winner' : ''}`, 'data-player': i, title: t('draw.share', { n: i, chance: c }) },
      el('span', { text: `${i}` }));
    seg.style.insetInlineStart = `${start}%`;
    seg.style.width = `${c}%`;
    start += c;
    bar.append(seg);
  });
  const mark = el('span', { class: 'point', 'aria-hidden': 'true' });
  mark.style.insetInlineStart = `${Math.min(100, r.point * 100)}%`;
  bar.append(mark);
  out.append(section(t('draw.winner', { n: r.winner }), bar,
    el('p', { 'data-winner': r.winner, 'data-path': 'winner', text: t('draw.wheel', { point: String(r.point), n: r.winner }) })));
}

export function drawHashChain(r, record, out) {
  out.append(section(t('draw.chain'), el('p', {
    text: r.round ? t('draw.chainRound', { round: r.round }) : t('draw.chainNotFound', { maxSteps: r.maxSteps }),
  })));
}

/** The chain check's outcome under a game's drawing (crash, platforms, battle). */
export function chainNote(r) {
  return section(t('draw.chain'), el('p', {
    'data-round': r.round || '',
    text: r.chainOk ? t('draw.chainRoundOf', { round: r.round }) : t('draw.chainNotFound', { maxSteps: r.maxSteps }),
  }));
}
