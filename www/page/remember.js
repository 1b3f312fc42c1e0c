// Rounds proven in this visit (issue 33): the page walks from and keeps positions
// in the one store of remembered chain positions (www/verify/store.js), held in
// this page's memory only. Nothing is read from or written to the device's
// storage: every page of the verifier's origin (an operator's lobby; on file://,
// every local HTML file) can write that storage, so a position read back from it
// could make a forged round pass. A position here was proven by a walk this page
// ran since it was opened; closing the page forgets them all.
import { el, $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { chainStore } from '../verify/store.js';

/** A Storage-shaped area that lives as long as the page (never the device's). */
export function visitArea() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => { m.set(k, String(v)); },
    removeItem: (k) => { m.delete(k); },
  };
}

const store = chainStore('fairverify.visit', visitArea());
store.create();

/** The store to walk from and keep in: this visit's positions. */
export const pageStore = () => store;

/** Under the result where a chain is walked: what is remembered, and Forget. */
export function rememberBox(chainShown = false) {
  const stat = el('span', { id: 'remember-status', role: 'status' });
  const forget = el('button', { type: 'button', id: 'forget-chain', text: t('flow.remember.forget') });
  forget.addEventListener('click', () => {
    store.clear();
    stat.textContent = t('flow.remember.forgotten');
  });
  stat.textContent = rememberedText(store.count());
  return el('div', { class: 'chain-memory', id: 'chain-memory', hidden: !chainShown },
    el('p', { class: 'chain-memory-title', text: t('flow.remember.label') }),
    el('p', { class: 'note', text: t('flow.remember.note') }),
    el('div', { class: 'actions' }, forget, stat));
}

/** The box is shown only where there is a chain to walk (a chain game's form or
 *  result, a round history). */
export function showRememberFor(chain) {
  const m = $('#chain-memory');
  if (m) m.hidden = !chain;
}

/** Refreshes the count after a walk. */
export function rememberChanged() {
  const stat = $('#remember-status');
  if (stat) stat.textContent = rememberedText(store.count());
}

/** How many rounds are remembered; none in its own words (zh 「还没有记住任何一局。」,
 *  never 「已记住 0 局。」: a plural form cannot say zero in a language with one form). */
export const rememberedText = (/** @type {number} */ n) => (n > 0 ? t('flow.remember.count', { count: n }) : t('flow.remember.none'));
