// The whole history from one hash (issue 27), under a verified report:
// - a round of a chain game whose descriptor has a history (crash, platforms, battle)
//   that passed against its terminal offers
//   "Every round since the chain began" (#chain-history): on #chain-history-go the
//   page's worker walks the chain again with the core's history walker, which
//   recomputes every round from this one down to round 1 and counts them at flat
//   memory (progress and Cancel here); then the figures (also as data-* on the
//   element), the chart with its table, and every round in pages, newest first,
//   each page recomputed by the core from the nearest proven position;
// - a dice or mines record of bets shows how its faces or mine cells spread
//   (#bets-history), against uniform, with the chi-square test in plain words.
// The numbers and tests are the core's; words come from the catalogs.
import { el, $, code } from '../ui/dom.js';
import { t, formatNumber } from '../i18n/i18n.js';
import { makePager } from '../ui/pager.js';
import { summaryView, dataAttributes, headLine, valueText } from '../render/history.js';
import { errorText } from '../render/errors.js';
import { terminalOwner } from '../render/lead.js';
import { client } from './client.js';
import { scheme } from './schemes.js';

const PAGE = 100;

/** After a final report: the history it offers, appended to the report. `input`:
 *  the record as it was verified (an object, or its text); `spread`: a list of
 *  bets' spread as the worker counted it with the report ({value} | {error}). */
export function offerHistory(report, input, spread) {
  const host = $('#result .report');
  if (!host || !report) return;
  const d = scheme(report.scheme);
  if (d && d.history && report.chainOk === true && Number.isSafeInteger(report.round) && report.round >= 1) {
    host.append(chainHistory(report, input));
  } else if (spread && Array.isArray(report.bets)) {
    host.append(betsHistory(report, spread));
  }
}

function progressText(p) {
  const pct = p.maxSteps > 0 ? Math.min(100, (100 * p.steps) / p.maxSteps) : 0;
  const rate = p.elapsed > 0 ? (p.steps / p.elapsed) * 1000 : 0;
  const left = rate > 0 ? Math.max(0, p.maxSteps - p.steps) / rate : 0;
  const one = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  return {
    pct,
    text: t('progress.rate.links', { percent: formatNumber(pct, undefined, one), rate: formatNumber(Math.round(rate)), left: formatNumber(left, undefined, one) }),
  };
}

function chainHistory(report, input) {
  const owner = terminalOwner(report);
  const box = el('section', {
    id: 'chain-history', class: 'block chainhistory', 'data-game': report.scheme, 'data-state': 'offered',
    'data-newest': report.round, 'aria-labelledby': 'chain-history-h',
  });
  const go = el('button', { type: 'button', id: 'chain-history-go', text: t('history.go', { count: report.round }) });
  const bar = el('progress', { id: 'chain-history-bar', max: 100, value: 0 });
  const status = el('p', { id: 'chain-history-rate', role: 'status' });
  const cancel = el('button', { type: 'button', id: 'chain-history-cancel', text: t('progress.cancel') });
  const progress = el('div', { class: 'hprogress', id: 'chain-history-progress', hidden: true },
    el('label', { for: 'chain-history-bar', text: t('history.progress') }), bar, status, cancel);
  const result = el('div', { class: 'hresult' });
  // What a screen reader hears when the walk ends: one line, not the whole table.
  const said = el('p', { class: 'visually-hidden', role: 'status', id: 'chain-history-status' });
  box.append(said,
    el('h3', { id: 'chain-history-h', text: t('history.heading') }),
    // Which terminal the hashes lead to, from the report's facts: a terminal the
    // record brought or another game's is never called "the published terminal".
    el('p', { class: 'note', id: 'chain-history-intro', 'data-terminal-owner': owner ? owner.kind : 'published', text: owner ? t(`history.intro.${owner.kind}`, { game: owner.game || '' }) : t('history.intro') }),
    el('p', { class: 'note caveat', text: t('history.caveat') }),
    el('div', { class: 'actions' }, go), progress, result);

  cancel.addEventListener('click', () => client.cancel());
  go.addEventListener('click', async () => {
    go.disabled = true;
    box.setAttribute('data-state', 'walking');
    result.replaceChildren();
    progress.hidden = false;
    bar.value = 0;
    status.textContent = '';
    const res = await client.history({ record: input, round: report.round }, {
      onProgress: (p) => { const v = progressText(p); bar.value = v.pct; status.textContent = v.text; },
    });
    progress.hidden = true;
    go.disabled = false;
    if (!box.isConnected) return;
    if (!res) {
      box.setAttribute('data-state', 'cancelled');
      said.textContent = t('history.cancelled');
      result.replaceChildren(el('p', { class: 'note', text: t('history.cancelled') }));
      return;
    }
    if (res.error) {
      box.setAttribute('data-state', 'error');
      result.replaceChildren(el('p', { class: 'errmsg', text: errorText(res.error) }));
      return;
    }
    const s = res.summary;
    if (!s.found) {
      box.setAttribute('data-state', 'not-found');
      result.replaceChildren(el('p', { class: 'errmsg', text: t('history.notFound', { maxSteps: s.maxSteps }) }));
      return;
    }
    for (const [k, v] of Object.entries(dataAttributes(s))) if (v !== null && v !== undefined) box.setAttribute(k, String(v));
    box.setAttribute('data-state', 'done');
    go.hidden = true;
    said.textContent = headLine(s);
    result.replaceChildren(...summaryView(s).filter(Boolean), roundsView(report, input, s, res.positions));
  });
  return box;
}

/** One round of a page: its number, its outcome, its hash. */
function rowView(game, r) {
  const outcome = valueText(r.outcome);
  const names = columnNames(game);
  return el('tr', { 'data-round': r.round },
    el('th', { scope: 'row', 'data-label': names[0], text: String(r.round) }),
    el('td', { 'data-label': names[1], class: 'hout', text: outcome }),
    el('td', { 'data-label': names[2] }, code(r.hash, 'hash')));
}

const columnNames = (game) => [t('history.col.round'), t(`history.col.outcome.${game}`), t('history.col.hash')];

/** Every round, newest first, a page at a time: each page is recomputed by the core
 *  in the worker from the nearest proven position (at most 65,536 links away). */
function roundsView(report, input, s, positions) {
  const game = report.scheme;
  const newest = s.round;
  const body = el('tbody');
  const table = el('table', { class: 'roundtable allrounds', id: 'chain-history-rounds' },
    el('caption', { class: 'visually-hidden', text: t('history.table.heading') }),
    el('thead', {}, el('tr', {}, ...columnNames(game).map((h) => el('th', { scope: 'col', text: h })))), body);
  let asked = 0;
  const draw = async (start, end) => {
    const mine = ++asked;
    table.setAttribute('aria-busy', 'true');
    table.removeAttribute('data-from');
    const res = await client.call('historyPage', input, newest, positions, newest - start, end - start);
    if (mine !== asked) return;
    table.removeAttribute('aria-busy');
    if (!res || res.error) {
      body.replaceChildren(el('tr', {}, el('td', { colspan: 3, class: 'note', text: res ? errorText(res.error) : t('history.page.stopped') })));
      return;
    }
    body.replaceChildren(...res.value.rows.map((r) => rowView(game, r)));
    table.setAttribute('data-from', res.value.from);
    table.setAttribute('data-to', res.value.to);
  };
  const pager = makePager(newest, PAGE, draw, {
    label: (start, end) => t('history.page.label', { from: String(newest - start), to: String(newest - end + 1), count: String(newest) }),
    jump: t('history.page.jump'),
    toItem: (n) => newest - n,
  });
  return el('section', { class: 'allrounds-box' },
    el('h4', { text: t('history.table.heading') }), pager, el('div', { class: 'history' }, table));
}

function betsHistory(report, res) {
  const box = el('section', {
    id: 'bets-history', class: 'block chainhistory', 'data-game': report.scheme, 'aria-labelledby': 'bets-history-h',
  });
  box.append(el('h3', { id: 'bets-history-h', text: t(`history.bets.${report.scheme}.heading`) }),
    el('p', { class: 'note caveat', text: t('history.bets.caveat') }));
  if (res.error) {
    box.setAttribute('data-state', 'error');
    box.append(el('p', { class: 'errmsg', text: errorText(res.error) }));
    return box;
  }
  const s = res.value;
  for (const [k, v] of Object.entries(dataAttributes(s))) if (v !== null && v !== undefined) box.setAttribute(k, String(v));
  box.setAttribute('data-state', 'done');
  box.append(el('div', { class: 'hresult' }, ...summaryView(s).filter(Boolean)));
  return box;
}
