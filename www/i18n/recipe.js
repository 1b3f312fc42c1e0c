// The words of a recipe's comments (the core writes the code, issue 37): every
// `recipe.*` text of a language, English where its catalog lacks one.
import { CATALOGS, FALLBACK } from './catalogs.js';
import { language } from './i18n.js';

/** {key: text} of every recipe.* key, in `lang` (default: the current language), and `@lang`. */
export function recipeWords(lang = language()) {
  const own = CATALOGS[lang] || {};
  const en = CATALOGS[FALLBACK];
  const words = {};
  for (const k of Object.keys(en)) if (k.startsWith('recipe.')) words[k] = own[k] !== undefined ? own[k] : en[k];
  // The language, for a count's plural form (the core's `say_count`: "una volta", never "1 volte").
  words['@lang'] = CATALOGS[lang] ? lang : FALLBACK;
  return words;
}
