// What the badge and its popover say, from the badge's state: the fingerprint shown
// before the game, "checking n %", the verdict in the game's words, what to do on a
// fail, and the links. Every word from the catalogs; user values with textContent.
import { t, direction, langTag } from '../i18n/i18n.js';
import { details } from './words.js';

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

function copyRow(text, s) {
  const tr = (k, p) => t(k, p, s.lang);
  const row = make('div', 'row');
  const b = make('button', 'copy', tr('widget.copy'), 'copy');
  b.type = 'button';
  b.setAttribute('aria-label', tr('widget.copyLabel'));
  const done = make('span', 'when');
  b.addEventListener('click', () => {
    const fallback = () => { done.textContent = tr('widget.selectCopy'); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(() => { done.textContent = tr('widget.copied'); }, fallback);
    } else fallback();
  });
  row.append(b, done, closeButton(s));
  return row;
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

function linkRow(s) {
  const row = make('div', 'row');
  const failed = s.result && s.result.state === 'fail';
  const a = make('a', null, t(failed ? 'widget.openFull' : 'widget.details', {}, s.lang), 'details');
  a.href = withLanguage(s.pageUrl, s.lang);
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  row.append(a, closeButton(s));
  return row;
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
      parts.push(copyRow(s.shown, s));
    } else {
      p('summary', tr('widget.waiting'), 'summary');
    }
  } else if (r.state === 'checking') {
    p('summary', tr('widget.checking'), 'summary');
  } else if (r.state === 'error' && r.error.code === 'wasm_missing') {
    p('summary', tr('widget.noWasm'), 'summary');
  } else if (r.state === 'error') {
    p('summary', tr('widget.cannotCheck', { reason: tr(`err.${r.error.code}`) }), 'summary');
    if (r.error.field) p('when', tr('widget.errorField', { field: r.error.field })).setAttribute('dir', 'ltr');
    parts.push(linkRow(s));
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
    parts.push(linkRow(s));
  }
  return parts;
}
