// A chain's whole history and a bet list's spread in words, tables, data and charts,
// from the core's summaries (HistoryWalker.summary(), betsHistory()): the page's
// #chain-history and #bets-history and `verifier.js --history` say the same
// sentences from here. Nothing is computed here but shares for display: the counts,
// the formula's shares and the chi-square test are the core's.
// Round numbers are ids (never digit-grouped, as the other round labels); counts and
// shares are numbers in the page's language.
import { el } from '../ui/dom.js';
import { t, formatNumber, decimalText, direction } from '../i18n/i18n.js';
import { shareChart, barChart } from './chart.js';

const P_TINY = 0.0001;
const P_LOW = 0.05;
const P_VERY_LOW = 0.001;

/** A share (0…1) as a percentage in the page's numbers; a dash for none. */
export function pct(share) {
  if (typeof share !== 'number' || !Number.isFinite(share)) return '—';
  if (share === 0) return formatNumber(0, undefined, { style: 'percent' });
  return formatNumber(share, undefined, { style: 'percent', maximumSignificantDigits: 3 });
}

const num = (n) => (typeof n === 'number' && Number.isFinite(n) ? formatNumber(n) : '—');
const share = (count, of) => (of > 0 ? count / of : null);
const id = (n) => String(n);

/** The chi-square test in plain words: the figures, then what they mean. */
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
const threshold = (text) => formatNumber(Number(text), undefined, { useGrouping: false });

function crashFacts(s) {
  const n = s.rounds;
  const e = s.expectedShares || {};
  const line = (key, point, count, expected) => t(key, { point, count, share: pct(share(count, n)), expected: pct(expected) });
  const out = [
    line('history.crash.instant', decimalText('1.00'), s.instant, e.instant),
    line('history.crash.atLeast', threshold('2'), s.over2, e.over2),
    line('history.crash.atLeast', threshold('10'), s.over10, e.over10),
    line('history.crash.atLeast', threshold('100'), s.over100, e.over100),
  ];
  if (s.highest && s.highest.round !== null) out.push(t('history.crash.highest', { point: decimalText(s.highest.point), round: id(s.highest.round) }));
  const run = s.longestBelow2 || { length: 0 };
  out.push(run.length > 0 && run.endRound !== null
    ? t('history.crash.longest', { count: run.length, point: threshold('2'), round: id(run.endRound) })
    : t('history.crash.longestNone', { point: threshold('2') }));
  return out;
}

/** Indexes of the largest and the smallest count (the first of each). */
function extremes(counts) {
  let hi = 0;
  let lo = 0;
  counts.forEach((c, i) => { if (c > counts[hi]) hi = i; if (c < counts[lo]) lo = i; });
  return [hi, lo];
}

function platformFacts(s) {
  const [hi, lo] = extremes(s.platforms);
  return [
    t('history.platforms.expected', { share: pct(s.expectedShare) }),
    t('history.platforms.most', { n: id(hi + 1), count: s.platforms[hi], share: pct(share(s.platforms[hi], s.rounds)) }),
    t('history.platforms.least', { n: id(lo + 1), count: s.platforms[lo], share: pct(share(s.platforms[lo], s.rounds)) }),
    ...testLines(s),
  ];
}

function battleFacts(s) {
  const out = s.winners.map((c, i) => t('history.battle.player', {
    n: id(i + 1), count: c, share: pct(share(c, s.rounds)), expected: pct(s.bandShares[i]),
  }));
  if (s.noWinner > 0) out.push(t('history.battle.noWinner', { count: s.noWinner, share: pct(share(s.noWinner, s.rounds)), expected: pct(s.noWinnerShare) }));
  return out.concat(testLines(s));
}

function betFacts(s) {
  if (s.game === 'dice') {
    return [
      t('history.bets.dice.expected', { share: pct(1 / 6) }),
      t('history.bets.wins', { count: s.wins, expected: formatNumber(s.expectedWins, undefined, { maximumFractionDigits: 1 }) }),
      ...testLines(s),
    ];
  }
  return [t('history.bets.mines.expected', { count: s.mines, share: pct(1 / 25) }), ...testLines(s)];
}

/** The figures in sentences, for the page and `--human`. */
export function factLines(s) {
  if (s.game === 'crash') return crashFacts(s);
  if (s.game === 'platforms') return platformFacts(s);
  if (s.game === 'battle') return battleFacts(s);
  return betFacts(s);
}

/** The first line: how many rounds (or bets) were counted. */
export function headLine(s) {
  if (s.game === 'dice' || s.game === 'mines') return t(`history.bets.${s.game}.count`, { count: s.bets });
  return t('history.rounds', { count: s.rounds, round: id(s.round) });
}

/** The same numbers as the chart, as a table: {caption, head, rows} of text. */
export function numbersTable(s) {
  const cols = (...keys) => keys.map((k) => t(k));
  if (s.game === 'crash') {
    return {
      head: cols('history.col.atLeast', 'history.col.rounds', 'history.col.share', 'history.col.formula'),
      rows: s.shares.map((x) => [t('draw.multiplier', { value: threshold(x.atLeast) }), num(x.count), pct(x.observed), pct(x.expected)]),
    };
  }
  if (s.game === 'platforms') {
    return {
      head: cols('history.col.platform', 'history.col.rounds', 'history.col.share', 'history.col.expected'),
      rows: s.platforms.map((c, i) => [id(i + 1), num(c), pct(share(c, s.rounds)), pct(s.expectedShare)]),
    };
  }
  if (s.game === 'battle') {
    // The expected share is the player's chance (exactly: its band of the wheel).
    const rows = s.winners.map((c, i) => [t('history.battle.playerN', { n: id(i + 1) }), num(c), pct(share(c, s.rounds)), pct(s.bandShares[i])]);
    if (s.noWinner > 0) rows.push([t('history.row.noWinner'), num(s.noWinner), pct(share(s.noWinner, s.rounds)), pct(s.noWinnerShare)]);
    return { head: cols('history.col.player', 'history.col.wins', 'history.col.share', 'history.col.expected'), rows };
  }
  if (s.game === 'dice') {
    return {
      head: cols('history.col.face', 'history.col.bets', 'history.col.share', 'history.col.expected'),
      rows: s.faces.map((c, i) => [id(i + 1), num(c), pct(share(c, s.bets)), pct(1 / 6)]),
    };
  }
  return {
    head: cols('history.col.cell', 'history.col.mines', 'history.col.share', 'history.col.expected'),
    rows: s.cells.map((c, i) => [id(i + 1), num(c), pct(share(c, s.mines)), pct(1 / 25)]),
  };
}

/** The figures as data attributes of the history's element (plain numbers, for tests
 *  and scripts: no words, no locale). */
export function dataAttributes(s) {
  const test = typeof s.pValue === 'number'
    ? { 'data-chi-square': s.chiSquare, 'data-dof': s.degreesOfFreedom, 'data-p-value': s.pValue, 'data-small-sample': String(!!s.smallSample) }
    : {};
  if (s.game === 'crash') {
    const run = s.longestBelow2 || {};
    return {
      'data-rounds': s.rounds, 'data-round': s.round, 'data-instant': s.instant, 'data-by40': s.by40,
      'data-over2': s.over2, 'data-over10': s.over10, 'data-over100': s.over100,
      'data-highest': s.highest ? s.highest.point : null, 'data-highest-round': s.highest ? s.highest.round : null,
      'data-longest-below2': run.length, 'data-longest-end-round': run.endRound,
    };
  }
  if (s.game === 'platforms') return { 'data-rounds': s.rounds, 'data-round': s.round, 'data-platforms': s.platforms.join(','), ...test };
  if (s.game === 'battle') return { 'data-rounds': s.rounds, 'data-round': s.round, 'data-winners': s.winners.join(','), 'data-no-winner': s.noWinner, ...test };
  if (s.game === 'dice') return { 'data-bets': s.bets, 'data-faces': s.faces.join(','), 'data-wins': s.wins, ...test };
  return { 'data-bets': s.bets, 'data-mines': s.mines, 'data-cells': s.cells.join(','), ...test };
}

/** The chart of a summary (an <svg>), or null when there is nothing to draw. */
export function chartOf(s) {
  const counted = t('history.chart.counted');
  const fmtY = (v) => pct(v);
  const dir = direction();
  if (s.game === 'crash') {
    if (!s.rounds) return null;
    return shareChart({
      points: s.shares.map((x) => ({ x: Number(x.atLeast), observed: x.observed, expected: x.expected })),
      rounds: s.rounds, title: t('history.crash.chart'), xLabel: t('history.crash.axisX'), yLabel: t('history.crash.axisY'),
      counted, expected: t('history.chart.formula'), fmtX: (x) => t('draw.multiplier', { value: formatNumber(x, undefined, { useGrouping: false }) }), fmtY, dir,
    });
  }
  const bars = (counts, of, expected, label) => counts.map((c, i) => ({ label: label(i), observed: share(c, of) || 0, expected: expected(i) }));
  const common = { counted, expected: t('history.chart.expected'), fmtY, dir, yLabel: t('history.chart.axisRounds') };
  if (s.game === 'platforms') {
    if (!s.rounds) return null;
    return barChart({ ...common, bars: bars(s.platforms, s.rounds, () => s.expectedShare, (i) => id(i + 1)), title: t('history.platforms.chart'), xLabel: t('history.col.platform') });
  }
  if (s.game === 'battle') {
    if (!s.rounds) return null;
    return barChart({ ...common, bars: bars(s.winners, s.rounds, (i) => s.bandShares[i], (i) => id(i + 1)), title: t('history.battle.chart'), xLabel: t('history.col.player') });
  }
  if (s.game === 'dice') {
    if (!s.bets) return null;
    return barChart({ ...common, yLabel: t('history.chart.axisBets'), bars: bars(s.faces, s.bets, () => 1 / 6, (i) => id(i + 1)), title: t('history.bets.dice.chart'), xLabel: t('history.col.face') });
  }
  if (!s.mines) return null;
  return barChart({ ...common, yLabel: t('history.chart.axisMines'), bars: bars(s.cells, s.mines, () => 1 / 25, (i) => id(i + 1)), title: t('history.bets.mines.chart'), xLabel: t('history.col.cell') });
}

/** The table as DOM (the chart's text alternative). */
export function tableView(s, caption) {
  const { head, rows } = numbersTable(s);
  return el('div', { class: 'history' }, el('table', { class: 'numbers' },
    el('caption', { class: 'visually-hidden', text: caption }),
    el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', {}, ...rows.map((r) => el('tr', {}, el('th', { scope: 'row', text: r[0] }), ...r.slice(1).map((c) => el('td', { text: c })))))));
}

/** The figures, the chart and its table: what the history shows once counted. */
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
const wide = (c) => /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(c);
const columns = (s) => [...s].reduce((n, c) => n + (wide(c) ? 2 : 1), 0);
const pad = (s, w, end) => (end ? s + ' '.repeat(Math.max(0, w - columns(s))) : ' '.repeat(Math.max(0, w - columns(s))) + s);

/** `--human`: the sentences, then the table as aligned columns. */
export function humanLines(s) {
  const bets = s.game === 'dice' || s.game === 'mines';
  const lines = [t(bets ? `history.bets.${s.game}.heading` : 'history.heading'), `  ${headLine(s)}`, ...factLines(s).map((l) => `  ${l}`)];
  const { head, rows } = numbersTable(s);
  const all = [head, ...rows];
  const width = head.map((_, c) => Math.max(...all.map((r) => columns(r[c]))));
  lines.push('', ...all.map((r) => `  ${r.map((cell, c) => pad(cell, width[c], c === 0)).join('  ')}`));
  lines.push('', t(bets ? 'history.bets.caveat' : 'history.caveat'));
  return lines;
}
