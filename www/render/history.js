// @ts-check
// A chain's whole history and a bet list's spread in words, tables, data and charts,
// from the core's summaries (a history walker's summary(), betsHistory()): the page's
// #chain-history and #bets-history and `verifier.js --history` say the same
// sentences from here, from the summary's generic `view` (src/history/view.rs: facts
// as message ids with typed params, a table, a chart's bins, the test). Nothing is
// computed here, and no game is named: the counts, every expected share and the
// chi-square test are the core's.
// Round numbers are ids (never digit-grouped, as the other round labels); counts and
// shares are numbers in the page's language.
import { el } from '../ui/dom.js';
import { t, formatNumber, decimalText, direction } from '../i18n/i18n.js';
import { shareChart, barChart } from './chart.js';

const P_TINY = 0.0001;
const P_LOW = 0.05;
const P_VERY_LOW = 0.001;

/** A share (0…1) as a percentage in the page's numbers; a dash for none. */
/** @param {unknown} share */
export function pct(share) {
  if (typeof share !== 'number' || !Number.isFinite(share)) return '—';
  if (share === 0) return formatNumber(0, undefined, { style: 'percent' });
  return formatNumber(share, undefined, { style: 'percent', maximumSignificantDigits: 3 });
}

const num = (/** @type {unknown} */ n) => (typeof n === 'number' && Number.isFinite(n) ? formatNumber(n) : '—');

/** The chi-square test in plain words: the figures, then what they mean. */
/** @param {NonNullable<import('./types').HistoryView['test']>} s */
export function testLines(s) {
  if (typeof s.pValue !== 'number') return [t('history.test.none')];
  const chi = formatNumber(s.chiSquare, undefined, { maximumFractionDigits: 2 });
  const lines = [s.pValue < P_TINY
    ? t('history.test.resultTiny', { chi, dof: s.degreesOfFreedom, p: formatNumber(P_TINY) })
    : t('history.test.result', { chi, dof: s.degreesOfFreedom, p: formatNumber(s.pValue, undefined, { maximumSignificantDigits: 2 }) })];
  if (s.pValue >= P_LOW) lines.push(t('history.test.fine', { limit: formatNumber(P_LOW) }));
  else if (s.pValue >= P_VERY_LOW) lines.push(t('history.test.low', { limit: formatNumber(P_LOW) }));
  else lines.push(t('history.test.veryLow', { limit: formatNumber(P_VERY_LOW) }));
  if (s.smallSample) lines.push(t('history.test.small'));
  return lines;
}

/** A threshold such as "1000.00" as the page writes a multiplier: never grouped (1000×),
 *  as the crash points themselves (decimalText), so one screen spells a multiplier one way. */
const threshold = (/** @type {string} */ text) => formatNumber(Number(text), undefined, { useGrouping: false });

/** One typed value of the core's view (src/history/view.rs) as text: a number is a
 *  count, a string an id as it is, an object says how to write it. */
/** @param {import('./types').ViewValue} v @returns {string} */
export function valueText(v) {
  if (typeof v === 'number') return num(v);
  if (typeof v === 'string') return v;
  if (!v || typeof v !== 'object') return '—';
  if ('share' in v) return pct(v.share);
  if ('decimal' in v) return decimalText(v.decimal);
  if ('threshold' in v) return threshold(v.threshold);
  if ('about' in v) return typeof v.about === 'number' ? formatNumber(v.about, undefined, { maximumFractionDigits: 1 }) : '—';
  if ('key' in v) return words(v);
  return '—';
}

/** Words of the view ({key, params}): counts stay numbers (the catalogs' plurals
 *  read them), every other value is written by valueText. */
/** @param {import('./types').ViewWords} w */
function words(w) {
  /** @type {Record<string, unknown>} */
  const params = {};
  for (const [k, v] of Object.entries(w.params || {})) params[k] = typeof v === 'number' ? v : valueText(v);
  return t(w.key, params);
}

/** The figures in sentences, for the page and `--human`. */
/** @param {import('./types').HistorySummary} s */
export function factLines(s) {
  const v = s.view;
  return v.facts.map(words).concat(v.test ? testLines(v.test) : []);
}

/** The first line: how many rounds (or bets) were counted. */
/** @param {import('./types').HistorySummary} s */
export function headLine(s) {
  return words(s.view.head);
}

/** The same numbers as the chart, as a table: {head, rows} of text. */
/** @param {import('./types').HistorySummary} s */
export function numbersTable(s) {
  const { columns, rows } = s.view.table;
  return { head: columns.map((k) => t(k)), rows: rows.map((r) => r.map((v) => valueText(v))) };
}

/** The figures as data attributes of the history's element (plain numbers, for tests
 *  and scripts: no words, no locale), with the test's where it has one. */
/** @param {import('./types').HistorySummary} s */
export function dataAttributes(s) {
  const v = s.view;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [k, x] of Object.entries(v.data)) out[`data-${k}`] = Array.isArray(x) ? x.join(',') : x;
  if (v.test && typeof v.test.pValue === 'number') {
    Object.assign(out, { 'data-chi-square': v.test.chiSquare, 'data-dof': v.test.degreesOfFreedom, 'data-p-value': v.test.pValue, 'data-small-sample': String(!!v.test.smallSample) });
  }
  return out;
}

/** The chart of a summary (an <svg>), or null when there is nothing to draw. */
/** @param {import('./types').HistorySummary} s */
export function chartOf(s) {
  const c = s.view.chart;
  if (!c) return null;
  const common = {
    title: t(c.title), xLabel: t(c.xLabel), yLabel: t(c.yLabel), counted: t('history.chart.counted'),
    expected: t(c.expected), fmtY: (/** @type {number} */ y) => pct(y), dir: direction(),
  };
  if (c.kind === 'shares') {
    return shareChart({
      ...common, rounds: s.rounds || 0,
      points: c.bins.map((b) => ({ x: Number(b.x), observed: b.observed, expected: b.expected })),
      fmtX: (/** @type {number} */ x) => t('draw.multiplier', { value: formatNumber(x, undefined, { useGrouping: false }) }),
    });
  }
  return barChart({ ...common, bars: c.bins.map((b) => ({ label: valueText(b.label), observed: b.observed, expected: b.expected })) });
}

/** The table as DOM (the chart's text alternative). */
/** @param {import('./types').HistorySummary} s @param {string} caption */
export function tableView(s, caption) {
  const { head, rows } = numbersTable(s);
  return el('div', { class: 'history' }, el('table', { class: 'numbers' },
    el('caption', { class: 'visually-hidden', text: caption }),
    el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', {}, ...rows.map((r) => el('tr', {}, el('th', { scope: 'row', text: r[0] }), ...r.slice(1).map((c) => el('td', { text: c })))))));
}

/** The figures, the chart and its table: what the history shows once counted. */
/** @param {import('./types').HistorySummary} s */
export function summaryView(s) {
  const chart = chartOf(s);
  return [
    el('p', { class: 'history-head', text: headLine(s) }),
    el('ul', { class: 'facts' }, ...factLines(s).map((line) => el('li', { text: line }))),
    chart ? el('figure', { class: 'chartbox' }, chart, el('figcaption', { class: 'note', text: chart.getAttribute('aria-label') })) : null,
    el('details', { class: 'numbers' }, el('summary', { text: t('history.numbers') }), tableView(s, t('history.numbers'))),
  ];
}

// Columns a character takes at a terminal (East Asian wide characters take two).
const wide = (/** @type {string} */ c) => /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(c);
const columns = (/** @type {string} */ s) => [...s].reduce((n, c) => n + (wide(c) ? 2 : 1), 0);
const pad = (/** @type {string} */ s, /** @type {number} */ w, /** @type {boolean} */ end) => (end ? s + ' '.repeat(Math.max(0, w - columns(s))) : ' '.repeat(Math.max(0, w - columns(s))) + s);

/** `--human`: the sentences, then the table as aligned columns. */
/** @param {import('./types').HistorySummary} s */
export function humanLines(s) {
  const lines = [t(s.view.heading), `  ${headLine(s)}`, ...factLines(s).map((l) => `  ${l}`)];
  const { head, rows } = numbersTable(s);
  const all = [head, ...rows];
  const width = head.map((_, c) => Math.max(...all.map((r) => columns(r[c]))));
  lines.push('', ...all.map((r) => `  ${r.map((cell, c) => pad(cell, width[c], c === 0)).join('  ')}`));
  lines.push('', t(s.view.caveat));
  return lines;
}
