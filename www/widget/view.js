// What the badge and its popover say, from the badge's state: the fingerprint shown
// before the game, "checking n %", the verdict in the game's words, what to do on a
// fail, and the links. Every word from the catalogs; user values with textContent.
import { t, direction, langTag } from '../i18n/i18n.js';
import { details } from './words.js';
import { qrRows } from './qr.js';

const SVG = 'http://www.w3.org/2000/svg';
const ICONS = { pass: '✓', fail: '✗', error: '!', checking: '…', unchecked: '○', shown: '◉' };

export function make(tag, cls, text, part) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  if (part) e.setAttribute('part', part);
  return e;
}

/** The time a fingerprint was shown, as 24-hour "14:05" (and "2026-12-01 14:05" on
 *  another day), in plain digits: without the browser's date formats, whose first
 *  use loads locale data in one task of 70 ms on a phone (issue 25: no host frame
 *  over 50 ms while the badge starts). */
function timeText(time) {
  const d = new Date(time);
  const two = (n) => String(n).padStart(2, '0');
  const hm = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return new Date().toDateString() === d.toDateString() ? hm : `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${hm}`;
}

/**
 * `s`: {result ({state, report?, summary?, error?, shownAt?} or null), shown (the
 * fingerprint shown before the game, or null), percent (null or 0–99), label, lang,
 * pageUrl (the full verifier for this record), close()}.
 */
export function renderBadge(el, s) {
  const state = s.result ? s.result.state : 'shown';
  const tr = (k, p) => t(k, p, s.lang);
  const dir = direction(s.lang);
  for (const n of [el.badge, el.pop]) {
    n.setAttribute('data-state', state);
    // Arabic words read right to left whatever the host page's direction.
    n.setAttribute('dir', dir);
    n.setAttribute('lang', langTag(s.lang));
  }
  el.icon.textContent = ICONS[state] || '○';
  if (state === 'shown') el.text.textContent = s.label;
  else if (state === 'checking' && s.percent !== null) el.text.textContent = tr('widget.state.progress', { label: s.label, percent: s.percent });
  else el.text.textContent = tr(`widget.state.${state}`, { label: s.label });
  el.badge.setAttribute('aria-label', tr('widget.showDetails', { text: el.text.textContent }));
  // A label too long for a narrow table ends in "…" (the style); the whole of it on hover.
  el.badge.setAttribute('title', el.text.textContent);
  return state;
}

/** A row with a button that copies `text` (`word`, with `label` for screen readers)
 *  and the line that says whether it did. */
function copyRow(text, s, word = 'widget.copy', label = 'widget.copyLabel') {
  const tr = (k, p) => t(k, p, s.lang);
  const row = make('div', 'row');
  const b = make('button', 'copy', tr(word), 'copy');
  b.type = 'button';
  if (label) b.setAttribute('aria-label', tr(label));
  const done = make('span', 'when');
  const copy = () => {
    const fallback = () => { done.textContent = tr('widget.selectCopy'); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(() => { done.textContent = tr('widget.copied'); }, fallback);
    } else fallback();
  };
  b.addEventListener('click', copy);
  row.append(b, done);
  return { row, copy };
}

function closeButton(s) {
  const b = make('button', 'close', t('widget.close', {}, s.lang), 'close');
  b.type = 'button';
  b.addEventListener('click', () => s.close());
  return b;
}

/** The full check's link in the badge's language: `#lang=` before the record, as the
 *  page reads its fragment (an Italian table's badge opens an Italian page). */
export const withLanguage = (url, lang) => url.replace(/#|$/, `#lang=${lang}&`).replace(/&$/, '');

function linkRow(s, url) {
  const row = make('div', 'row');
  const failed = s.result && s.result.state === 'fail';
  const a = make('a', null, t(failed ? 'widget.openFull' : 'widget.details', {}, s.lang), 'details');
  a.href = url;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  row.append(a, closeButton(s));
  return row;
}

/** "Check on your phone" (issue 46): a fold with the QR code of the full check's link
 *  (the record and the language in its fragment only), the link's text to copy, and
 *  the share sheet where the browser has one; drawn when first opened, offline
 *  (qr.js). Opened on a phone, the verifier there checks the record from the link. */
function phoneFold(s, url) {
  const tr = (k) => t(k, {}, s.lang);
  const fold = make('details', 'phone', undefined, 'phone');
  fold.append(make('summary', null, tr('widget.phone')));
  fold.addEventListener('toggle', () => {
    if (fold.children.length > 1) return;
    const link = make('p', 'fp', url, 'link');
    link.setAttribute('dir', 'ltr');
    const { row, copy } = copyRow(url, s, 'widget.copy', null);
    if (typeof navigator.share === 'function') {
      const b = make('button', 'copy', tr('widget.share'), 'share');
      b.type = 'button';
      b.addEventListener('click', () => navigator.share({ url }).catch((e) => { if (!e || e.name !== 'AbortError') copy(); }));
      row.append(b);
    }
    fold.append(link, row);
    let rows;
    try { rows = qrRows(url); } catch (e) { return; } // longer than a code holds: the link alone
    // 4 CSS pixels a module (a record's usual code is 260 to 300 px: a camera reads it
    // from a laptop's screen), fewer whole pixels where the code is larger.
    const n = rows.length + 8; // the standard quiet zone of 4 modules on each side
    const px = Math.max(2, Math.min(4, 320 / n | 0));
    const svg = document.createElementNS(SVG, 'svg');
    const put = (e, attrs) => { for (const k in attrs) e.setAttribute(k, attrs[k]); return e; };
    let d = '';
    rows.forEach((r, y) => r.forEach((dark, x) => { if (dark) d += `M${x} ${y}h1v1h-1z`; }));
    put(svg, { viewBox: `-4 -4 ${n} ${n}`, width: n * px, height: n * px, role: 'img', 'aria-label': tr('widget.phone'), part: 'qr', class: 'qr' });
    svg.append(put(document.createElementNS(SVG, 'rect'), { x: -4, y: -4, width: n, height: n }), put(document.createElementNS(SVG, 'path'), { d }));
    link.before(svg);
  });
  return fold;
}

/** The popover's content. */
export function popoverContent(s) {
  const tr = (k, p) => t(k, p, s.lang);
  const r = s.result;
  const parts = [];
  const p = (cls, text, part) => { const e = make('p', cls, text, part); parts.push(e); return e; };
  const fingerprint = (fp) => p('fp', fp, 'fingerprint').setAttribute('dir', 'ltr');
  if (!r) {
    if (s.shown) {
      p('summary', tr('widget.committed'), 'summary');
      fingerprint(s.shown);
      const { row } = copyRow(s.shown, s);
      row.append(closeButton(s));
      parts.push(row);
    } else {
      p('summary', tr('widget.waiting'), 'summary');
    }
  } else if (r.state === 'checking') {
    p('summary', tr('widget.checking'), 'summary');
  } else if (r.state === 'error' && r.error.code === 'wasm_missing') {
    p('summary', tr('widget.noWasm'), 'summary');
  } else if (r.state === 'error') {
    p('summary', tr('widget.cannotCheck', { reason: tr(`err.${r.error.code}`, r.error.params) }), 'summary');
    if (r.error.field) p('when', tr('widget.errorField', { field: r.error.field })).setAttribute('dir', 'ltr');
    parts.push(linkRow(s, withLanguage(s.pageUrl, s.lang)));
  } else {
    p('summary', r.summary, 'summary');
    for (const line of details(r.report, s.lang)) p('more', line);
    // The game's own moment: before the deal (hole cards, a poker deck), before the round
    // (a chain's round), else in advance: never "the deal" for dice or a crash round.
    const rep = r.report || {};
    const when = rep.holeCards || rep.leafClimbs ? 'deal' : (rep.checks || []).some((c) => c.code === 'chainOk') ? 'round' : 'advance';
    if (r.shownAt) p('when', tr('widget.shownAt', { time: timeText(r.shownAt), moment: tr(`widget.moment.${when}`) }));
    if (s.shown) fingerprint(s.shown);
    if (r.state === 'fail') p('advice', r.advice || tr('widget.failAdvice'), 'advice');
    const url = withLanguage(s.pageUrl, s.lang);
    parts.push(phoneFold(s, url), linkRow(s, url));
  }
  return parts;
}
