// "Remember proven rounds on this device" (issue 16), opt-in: the box under the
// result. Ticked, the page walks from and keeps positions in the one store of
// remembered chain positions (www/verify/store.js, under the page's own key);
// unticked, nothing is read or written, and unticking forgets everything (the
// store's presence is the opt-in).
import { el, $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { chainStore } from '../verify/store.js';

const store = chainStore('fairverify.chainMemory.v1');

/** Is remembering on (the box ticked)? Before the box is made (the page's first
 *  moments), whether the store exists, which is what the box will say. */
export const rememberOn = () => { const b = $('#remember-chain'); return b ? b.checked : store.exists(); };

/** A verification asked for before the box is made (a #record= link, at start)
 *  reads the device's storage only if it walks a chain (issue 25: storage is not
 *  read at start for nothing). */
const untilBox = {
  recall: (terminal) => (store.exists() ? store.recall(terminal) : null),
  keep: (...a) => { if (store.exists()) store.keep(...a); },
};

/** The store to walk from and keep in, or null when remembering is off. */
export const pageStore = () => {
  const b = $('#remember-chain');
  if (!b) return untilBox;
  return b.checked ? store : null;
};

/** The box under the result: the opt-in, what is stored, and Forget. */
export function rememberBox(chainShown = false) {
  const box = el('input', { type: 'checkbox', id: 'remember-chain' });
  const stat = el('span', { id: 'remember-status', role: 'status' });
  const forget = el('button', { type: 'button', id: 'forget-chain', text: t('flow.remember.forget') });
  const showCount = () => { stat.textContent = box.checked ? t('flow.remember.count', { count: store.count() }) : ''; };
  box.checked = store.exists();
  forget.disabled = !box.checked;
  box.addEventListener('change', () => {
    if (box.checked) store.create(); else store.remove();
    forget.disabled = !box.checked;
    showCount();
  });
  forget.addEventListener('click', () => {
    if (rememberOn()) store.clear();
    stat.textContent = t('flow.remember.forgotten');
  });
  showCount();
  return el('div', { class: 'chain-memory', id: 'chain-memory', hidden: !chainShown },
    el('div', { class: 'row' }, box, el('label', { for: 'remember-chain', text: t('flow.remember.label') })),
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
  if (stat && rememberOn()) stat.textContent = t('flow.remember.count', { count: store.count() });
}
