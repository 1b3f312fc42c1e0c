// Building DOM without HTML strings: every piece of text is set with textContent.
import { parts } from '../i18n/i18n.js';

/** An element with attributes, children and text; `text` always via textContent.
 *  Children may be nodes, strings, or arrays of them; null/undefined are skipped. */
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  append(e, children);
  return e;
}

function append(e, children) {
  for (const c of children) {
    if (c === null || c === undefined) continue;
    if (Array.isArray(c)) append(e, c);
    else e.append(c);
  }
}

export const $ = (sel) => document.querySelector(sel);

/** A message whose params may be nodes (a seed in <bdi>, a hash in <code>). */
export function msg(tag, attrs, key, params) {
  return el(tag, attrs, parts(key, params));
}

/** A seed, hash or nonce: verbatim, isolated, left to right. */
export function code(text, cls) {
  return el('code', { class: cls, dir: 'ltr', text });
}

export function bdi(text) {
  return el('bdi', { dir: 'ltr', text });
}
