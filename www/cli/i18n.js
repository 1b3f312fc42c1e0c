// The language of --human output: --lang, else the POSIX locale variables, through
// the page's catalog machinery (www/i18n/): a language without a catalog is English,
// and a key missing from a catalog falls back to English.
import { pickLanguage, setLanguage, useOverrides } from '../i18n/i18n.js';

/** The language asked for: --lang, else LC_ALL, LC_MESSAGES, LANG (POSIX order);
 *  "C", "POSIX" or nothing is English. "pt_BR.UTF-8" → "pt-br". */
export function requestedLanguage(argLang, env = process.env) {
  const raw = argLang || env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  const tag = raw.split(/[.@]/)[0].replace(/_/g, '-').toLowerCase();
  return tag === '' || tag === 'c' || tag === 'posix' ? 'en' : tag;
}

/** Sets the language of t() for this run; returns the one used (it has a catalog). */
export function useLanguage(argLang, env = process.env) {
  // The CLI's own wording where the page's speaks of its form (`cli.over.<key>`).
  useOverrides('cli.over.');
  return setLanguage(pickLanguage([requestedLanguage(argLang, env)]));
}
