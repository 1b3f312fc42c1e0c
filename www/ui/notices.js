// Short notices: the result area's placeholder, the link status, field errors,
// page-level notices (WebAssembly missing, a failed self-test); and what to do
// again when the language changes (the last result is redrawn in the new words).
import { $, el } from './dom.js';
import { t } from '../i18n/i18n.js';

let redo = null;

/** Replaces the result area with the given nodes. */
export function showResult(...nodes) {
  $('#result').replaceChildren(...nodes);
}

/** Remembers how the current result was made (a function that makes it again). */
export function setRedo(fn) {
  redo = fn;
}

/** Makes the current result again (after a language change); false if there is none. */
export function redoResult() {
  if (!redo) return false;
  redo();
  return true;
}

export function note(key, params) {
  return el('p', { class: 'note', text: t(key, params) });
}

export function status(selector, key, params) {
  $(selector).textContent = t(key, params);
}

/** A notice at the top of the page (role alert); `attrs` names it for tests. */
export function pageNotice(attrs, ...lines) {
  const box = el('div', { class: 'notice bad', role: 'alert', ...attrs }, ...lines.map((text) => el('p', { text })));
  $('#notices').append(box);
  return box;
}
