// Short notices: the result area's placeholder, the link status, field errors.
import { $, el } from './dom.js';
import { t } from '../i18n/i18n.js';

/** Replaces the result area with the given nodes. */
export function showResult(...nodes) {
  $('#result').replaceChildren(...nodes);
}

export function note(key, params) {
  return el('p', { class: 'note', text: t(key, params) });
}

export function status(selector, key) {
  $(selector).textContent = t(key);
}
