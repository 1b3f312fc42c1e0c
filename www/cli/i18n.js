// The language of --human output and its messages, from the catalogs in www/i18n/
// (<lang>.json, flat: message key → text with {placeholders}). A key missing from
// the chosen catalog falls back to English; a key missing from English too gives
// null, and the caller shows the core's own value (a code) instead.
import en from '../i18n/en.json';

// Every catalog bundled: esbuild turns this pattern into a table of the files present.
const load = (lang) => import(`../i18n/${lang}.json`);

/** The language asked for: --lang, else LC_ALL, LC_MESSAGES, LANG (POSIX order). */
export function requestedLanguage(argLang, env = process.env) {
  const raw = argLang || env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  const primary = raw.split(/[_.@-]/)[0].toLowerCase();
  return /^[a-z]{2,3}$/.test(primary) ? primary : 'en'; // "C", "POSIX", "" → English
}

/** t(key, params) → text or null, and the language actually used. */
export async function translator(lang) {
  let catalog = en;
  let used = 'en';
  if (lang !== 'en') {
    try {
      const m = await load(lang);
      catalog = m.default || m;
      used = lang;
    } catch (e) {
      // No catalog for this language yet: English.
    }
  }
  const nf = new Intl.NumberFormat(used === 'en' ? 'en' : [used, 'en']);
  const t = (key, params = {}) => {
    const s = Object.hasOwn(catalog, key) ? catalog[key] : Object.hasOwn(en, key) ? en[key] : null;
    if (typeof s !== 'string') return null;
    return s.replace(/\{(\w+)\}/g, (m, k) => {
      if (!Object.hasOwn(params, k)) return m;
      const v = params[k];
      return typeof v === 'number' ? nf.format(v) : String(v);
    });
  };
  return { t, lang: used };
}
