// Every catalog bundled into the shipped files. A new language: its JSON file here
// (same keys, placeholders and plural forms as en.json; tests/node/i18n.test.mjs).
import en from './en.json';
import ro from './ro.json';
import it from './it.json';
import ru from './ru.json';
import ar from './ar.json';
import zh from './zh.json';

export const CATALOGS = { en, ro, it, ru, ar, zh };
export const FALLBACK = 'en';
/** One step of unpacking the catalogs (true once they are all in). Here they are
 *  modules already; widget.js carries its catalogs packed with LZMA (tools/bundle.mjs
 *  catalogSubset) and unpacks them with this, in slices, before its badges first speak. */
export const unpackStep = () => true;
/** Each language's name in its own words, for the page's language menu (verifier.html
 *  has these without parsing the catalogs: tools/bundle.mjs). */
export const NAMES = /* @__PURE__ */ Object.fromEntries(Object.entries(CATALOGS).map(([l, c]) => [l, c['entry.lang.self']]));
