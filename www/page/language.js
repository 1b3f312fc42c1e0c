// The page's language: the first of navigator.languages that has a catalog, or
// `lang=` in the link's fragment (#lang=ro&record=…), or the language menu. Nothing
// is stored: a reload starts again from the link and the browser. <html lang dir>
// follows the choice (rtl for Arabic).
import { $, el } from '../ui/dom.js';
import { t, languages, language, pickLanguage, setLanguage, direction, langTag } from '../i18n/i18n.js';
import { NAMES } from '../i18n/catalogs.js';
import { readFragment } from '../ui/fragment.js';

/** The language chosen in the link or the menu (kept by Copy link), else null. */
let chosen = null;
export const chosenLanguage = () => chosen;

/** A language's own name ("Română"), from its catalog (read without parsing the
 *  catalog: NAMES), else from Intl. */
function ownName(lang) {
  const own = NAMES[lang];
  if (own && (lang === 'en' || own !== NAMES.en)) return own;
  try { return new Intl.DisplayNames([lang], { type: 'language' }).of(lang); } catch (e) { return lang; }
}

/** Words of the static markup ([data-i18n]), the title, <html lang dir>. */
export function applyLanguage() {
  const html = document.documentElement;
  html.lang = langTag();
  html.dir = direction();
  document.title = t('page.title');
  for (const e of document.querySelectorAll('[data-i18n]')) {
    const text = t(e.getAttribute('data-i18n'));
    // The static markup has the English words already: untouched, nothing to lay out again.
    if (e.textContent !== text) e.textContent = text;
  }
  const menu = $('#lang');
  menu.replaceChildren(...languages().map((l) => el('option', { value: l, lang: langTag(l), dir: direction(l), text: ownName(l) })));
  menu.value = language();
}

/** The catalog's language for a tag the page has ("ro-RO" → "ro"), else null. */
function known(tag) {
  if (!tag) return null;
  const l = pickLanguage([tag]);
  return l === String(tag).toLowerCase().split('-')[0] || l === String(tag).toLowerCase() ? l : null;
}

/** The language of the link, else of the browser. */
export function startLanguage() {
  const wanted = readFragment().lang;
  chosen = known(wanted);
  setLanguage(pickLanguage([wanted, ...(navigator.languages || [navigator.language])]));
  applyLanguage();
}

/** Switches to `lang`, keeps it in the fragment (not stored), then `redraw()`. */
function switchTo(lang, redraw) {
  if (lang === language() && chosen === lang) return;
  chosen = lang;
  setLanguage(lang);
  const params = readFragment();
  params.lang = lang;
  const hash = '#' + Object.entries(params).map(([k, v]) => `${k}=${v}`).join('&');
  try { history.replaceState(null, '', hash); } catch (e) { /* a page that cannot: the menu still works */ }
  applyLanguage();
  redraw();
}

/** The menu, and `#lang=` typed or followed later. */
export function wireLanguage(redraw) {
  $('#lang').addEventListener('change', () => switchTo($('#lang').value, redraw));
  window.addEventListener('hashchange', () => {
    const wanted = known(readFragment().lang);
    if (wanted && wanted !== language()) switchTo(wanted, redraw);
  });
}
