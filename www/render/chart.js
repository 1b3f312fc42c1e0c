// @ts-check
// The history's charts as plain SVG (no library: two kinds of chart, a few hundred
// bytes of geometry each). Geometry and sizes are attributes, colours are classes
// (the page's CSP allows no inline style). Every chart is an <svg role="img"> with
// its title as its accessible name; the numbers it draws are also given as a table
// beside it (www/render/history.js), its text alternative.
//   shareChart: shares of rounds at or above each value, counted against expected,
//     both axes logarithmic (crash: the formula's share is close to 0.99/x, a line).
//   barChart: one bar a category (platforms, players, faces, cells), its share
//     against the expected share of that category.
// Axes are drawn left to right in every language (a number line); the words on
// them follow the page's language.
import { svg } from './common.js';

// A small canvas, so that its words stay readable when a phone shrinks it to 320 px
// (14 units are 11 px there; the page caps its width, so about 18 px on a computer).
const W = 400;
const H = 300;
const MARGIN = { right: 14, top: 58, bottom: 44 };
const FONT = 14;
/** How wide a tick label may be, in units, erring wide (issue 36: "1 000×" and
 *  "10 000×" met at 360 px): the common sans-serif fonts' digits are up to 0.64 em,
 *  "×" and other signs up to 0.84 em, spaces about 0.32 em; wide scripts 1 em. */
const textWidth = (/** @type {unknown} */ s) => [...String(s)].reduce((n, c) => n + FONT * (
  /[\u2e80-\ua4cf\uac00-\ud7a3\uff00-\uff60]/u.test(c) ? 1
    : /[\s\u00a0\u2009\u202f]/u.test(c) ? 0.34
      : /[0-9.,'\u066b\u066c]/u.test(c) ? 0.66
        : /[\u2066-\u2069\u200e\u200f]/u.test(c) ? 0 : 0.86), 0);

const log10 = (/** @type {number} */ x) => Math.log(x) / Math.LN10;
const fixed = (/** @type {number} */ x) => Number(x.toFixed(2));

/** Room on the left for the widest y tick label. */
const leftMargin = (/** @type {string[]} */ labels) => Math.ceil(Math.max(30, ...labels.map(textWidth)) + 10);

/** @param {string} title @param {string} cls */
function frame(title, cls) {
  const root = svg('svg', {
    class: `chart ${cls}`, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': title,
    preserveAspectRatio: 'xMidYMid meet', direction: 'ltr', 'font-size': FONT,
  });
  const t = svg('title', null);
  t.textContent = title;
  root.append(t);
  return root;
}

// The words of a right-to-left page: each label isolated right to left (U+2067 …
// U+2069), so "×2" and Arabic words read as on the page, while the chart's geometry
// (anchors, the number line) stays left to right.
let rtl = false;

/** @param {number} x @param {number} y @param {string} s @param {Record<string, unknown>} [attrs] */
function text(x, y, s, attrs = {}) {
  const e = svg('text', { x: fixed(x), y: fixed(y), ...attrs });
  e.textContent = rtl ? `\u2067${s}\u2069` : String(s);
  return e;
}

/** The legend along the top: a dot (or a bar) for what was counted, a line for the
 *  expected, each in its own half so no text length can make them overlap. */
/** @param {Element} root @param {string} counted @param {string} expected @param {'bar' | 'dot'} mark */
function legend(root, counted, expected, mark) {
  const y = 18;
  const x1 = 8;
  const x2 = W / 2 + 8;
  if (mark === 'bar') root.append(svg('rect', { x: x1, y: y - 11, width: 10, height: 13, class: 'bar' }));
  else root.append(svg('circle', { cx: x1 + 5, cy: y - 5, r: 5, class: 'observed' }));
  root.append(text(x1 + 16, y, counted, { class: 'legend' }));
  root.append(svg('line', { x1: fixed(x2), y1: y - 5, x2: fixed(x2 + 22), y2: y - 5, class: 'expected' }));
  root.append(text(x2 + 28, y, expected, { class: 'legend' }));
}

/** The axes, the y axis's name above it (read across, not turned on its side) and
 *  the x axis's below. */
/** @param {Element} root @param {{left: number, right: number, top: number, bottom: number}} M @param {string} xLabel @param {string} yLabel */
function axes(root, M, xLabel, yLabel) {
  const x0 = M.left;
  const y0 = H - M.bottom;
  root.append(svg('line', { x1: x0, y1: M.top, x2: x0, y2: y0, class: 'axis' }));
  root.append(svg('line', { x1: x0, y1: y0, x2: W - M.right, y2: y0, class: 'axis' }));
  root.append(text((x0 + W - M.right) / 2, H - 6, xLabel, { 'text-anchor': 'middle', class: 'axislabel' }));
  root.append(text(8, M.top - 16, yLabel, { class: 'axislabel' }));
}

/**
 * Shares at or above each value, counted and expected, on log–log axes.
 * `points`: [{x, observed (share, null when nothing to count), expected (share)}],
 * x ascending and above 1; the line starts at (1, 1) (every round is at or above
 * 1). `rounds`: how many rounds were counted (sets the lowest share worth drawing:
 * below one round in ten of them the formula's line stops). `fmtX(x)`, `fmtY(share)`:
 * tick labels in the page's numbers. `dir`: the page's direction (its words).
 * @param {import('./types').ChartWords & {points: {x: number, observed: number | null, expected: number}[], rounds: number,
 *   fmtX: (x: number) => string}} chart
 */
export function shareChart({ points, rounds, title, xLabel, yLabel, counted, expected, fmtX, fmtY, dir = 'ltr' }) {
  rtl = dir === 'rtl';
  const root = frame(title, 'sharechart');
  const floor = rounds > 0 ? 0.1 / rounds : 1e-6;
  const shown = points.filter((p) => p.expected >= floor || (p.observed !== null && p.observed > 0));
  const lowest = Math.min(...shown.map((p) => (p.observed !== null && p.observed > 0 ? Math.min(p.observed, p.expected) : p.expected)), 0.1);
  const yMinExp = Math.floor(log10(lowest));
  const xMaxExp = Math.max(2, Math.ceil(log10(Math.max(...shown.map((p) => p.x), 10))));
  const yTicks = Array.from({ length: 1 - yMinExp }, (_, i) => 10 ** -i);
  const M = { ...MARGIN, left: leftMargin(yTicks.map(fmtY)) };
  const px = (/** @type {number} */ x) => M.left + (log10(x) / xMaxExp) * (W - M.left - M.right);
  const py = (/** @type {number} */ s) => M.top + (log10(s) / yMinExp) * (H - M.top - M.bottom);
  // Grid and ticks: every power of ten on both axes.
  // Every decade a grid line; labels on as many as fit (every other one, or fewer,
  // when the longest would touch its neighbour), the last one kept inside the frame.
  const decade = (W - M.left - M.right) / xMaxExp;
  const widest = Math.max(...Array.from({ length: xMaxExp + 1 }, (_, e) => textWidth(fmtX(10 ** e))));
  const every = Math.max(1, Math.ceil((widest + 8) / decade));
  // A label moved left to stay inside the frame (the last) may come near the one
  // before it: a label is drawn only where it keeps 8 units from the one drawn last.
  let lastRight = -Infinity;
  for (let e = 0; e <= xMaxExp; e++) {
    const x = px(10 ** e);
    root.append(svg('line', { x1: fixed(x), y1: M.top, x2: fixed(x), y2: H - M.bottom, class: 'grid' }));
    if (e % every) continue;
    const w = textWidth(fmtX(10 ** e));
    const anchor = x + w / 2 > W - 2 ? 'end' : 'middle';
    const left = anchor === 'end' ? W - 2 - w : x - w / 2;
    if (left < lastRight + 8) continue;
    lastRight = left + w;
    root.append(text(anchor === 'end' ? W - 2 : x, H - M.bottom + 18, fmtX(10 ** e), { 'text-anchor': anchor, class: 'tick' }));
  }
  for (const v of yTicks) {
    const y = py(v);
    root.append(svg('line', { x1: M.left, y1: fixed(y), x2: W - M.right, y2: fixed(y), class: 'grid' }));
    root.append(text(M.left - 4, y + 5, fmtY(v), { 'text-anchor': 'end', class: 'tick' }));
  }
  axes(root, M, xLabel, yLabel);
  const line = [{ x: 1, expected: 1 }, ...shown].filter((p) => p.expected >= 10 ** yMinExp);
  root.append(svg('polyline', { points: line.map((p) => `${fixed(px(p.x))},${fixed(py(p.expected))}`).join(' '), class: 'expected' }));
  for (const p of shown) {
    if (p.observed !== null && p.observed > 0) root.append(svg('circle', { cx: fixed(px(p.x)), cy: fixed(py(p.observed)), r: 3.5, class: 'observed', 'data-x': p.x }));
  }
  legend(root, counted, expected, 'dot');
  return root;
}

/** A round-ish step for `top` split in about four: 1, 2 or 5 times a power of ten. */
/** @param {number} top */
function step(top) {
  const raw = top / 4;
  const p = 10 ** Math.floor(log10(raw));
  return [1, 2, 5, 10].map((k) => k * p).find((s) => s >= raw) || 10 * p;
}

/**
 * One bar a category: `bars` [{label, observed (share), expected (share)}]. The
 * expected share is a mark across each bar. Labels under the bars: all of them up
 * to 12 bars, else the first and every fifth.
 * @param {import('./types').ChartWords & {bars: {label: string, observed: number, expected: number}[]}} chart
 */
export function barChart({ bars, title, xLabel, yLabel, counted, expected, fmtY, dir = 'ltr' }) {
  rtl = dir === 'rtl';
  const root = frame(title, 'barchart');
  const top = Math.max(...bars.map((b) => Math.max(b.observed || 0, b.expected || 0)), 1e-9) * 1.15;
  const dy = step(top);
  const yTop = Math.ceil(top / dy) * dy;
  const yTicks = [];
  for (let k = 0; k * dy <= yTop + dy / 2; k++) yTicks.push(k * dy);
  const M = { ...MARGIN, left: leftMargin(yTicks.map(fmtY)) };
  const py = (/** @type {number} */ s) => H - M.bottom - (s / yTop) * (H - M.top - M.bottom);
  for (const v of yTicks) {
    const y = py(v);
    root.append(svg('line', { x1: M.left, y1: fixed(y), x2: W - M.right, y2: fixed(y), class: 'grid' }));
    root.append(text(M.left - 4, y + 5, fmtY(v), { 'text-anchor': 'end', class: 'tick' }));
  }
  axes(root, M, xLabel, yLabel);
  const slot = (W - M.left - M.right) / bars.length;
  const width = Math.max(2, slot * 0.7);
  let lastRight = -Infinity;
  bars.forEach((b, i) => {
    const x = M.left + i * slot + (slot - width) / 2;
    const h = H - M.bottom - py(b.observed || 0);
    root.append(svg('rect', { x: fixed(x), y: fixed(py(b.observed || 0)), width: fixed(width), height: fixed(h), class: 'bar', 'data-i': i }));
    const ey = py(b.expected || 0);
    root.append(svg('line', { x1: fixed(x - slot * 0.1), y1: fixed(ey), x2: fixed(x + width + slot * 0.1), y2: fixed(ey), class: 'expected' }));
    // A label only where it keeps 4 units from the one drawn before it.
    // Inside the frame (the last one moved left, as on the share chart).
    const w = textWidth(b.label);
    const mid = x + width / 2;
    const end = mid + w / 2 > W - 2;
    const left = end ? W - 2 - w : mid - w / 2;
    if ((bars.length <= 12 || i === 0 || (i + 1) % 5 === 0) && left >= lastRight + 4) {
      lastRight = left + w;
      root.append(text(end ? W - 2 : mid, H - M.bottom + 18, b.label, { 'text-anchor': end ? 'end' : 'middle', class: 'tick' }));
    }
  });
  legend(root, counted, expected, 'bar');
  return root;
}
