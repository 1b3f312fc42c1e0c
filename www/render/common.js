// @ts-check
// Small pieces shared by the drawings.
import { el, code } from '../ui/dom.js';

/** A hash (or other verbatim value): monospace, left to right. */
/** @param {string} text */
export function hash(text) {
  return code(text, 'hash');
}

/** @param {string} title @param {...(Node | string | null | undefined | false)} children */
export function section(title, ...children) {
  return el('section', { class: 'block' }, el('h3', { text: title }), ...children);
}

/** A value from a report as text (strings verbatim, the rest as JSON). */
/** @param {unknown} v */
export function fmt(v) {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** An SVG element: geometry in attributes (never inline styles). */
/** @param {string} tag @param {Record<string, unknown> | null | undefined} attrs
 *  @param {...(Node | string | null | undefined | false)} children */
export function svg(tag, attrs, ...children) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    e.setAttribute(k, String(v));
  }
  for (const c of children) if (c) e.append(c);
  return e;
}
