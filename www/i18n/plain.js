// The badge's numbers and plural forms without Intl (issue 25: no host frame over
// 50 ms while the badge starts). A page's first Intl.NumberFormat or PluralRules
// loads the browser's locale data in one call that no script can split (80 ms at 4x
// CPU throttling, a phone), and the badge needs little of it: counts (whole numbers,
// grouped as each language groups them), a crash point's decimal sign, and the
// plural form of a count. Those are written here, per catalog language, as CLDR says
// them (tests/node/plain.test.mjs holds every answer equal to Intl's, for each
// language); anything else (negative or fractional numbers, a language without a
// catalog) returns null and the caller asks Intl. www/widget/words.js turns these
// on for the badge (i18n.js usePlainFormats); the page keeps Intl.

// Digit group separator, and the fewest digits a number has before it is grouped
// (Italian writes 1234 and 12.345). Russian's separator is a no-break space.
const GROUPS = {
  en: [',', 4], ro: ['.', 4], it: ['.', 5], ru: ['\u00a0', 4], ar: [',', 4], zh: [',', 4],
};
const DECIMAL = { en: '.', ro: ',', it: ',', ru: ',', ar: '.', zh: '.' };

/** A whole number ≥ 0 as the language writes it ("1,234", "1.234", "1 234"), or null. */
function number(n, lang, options) {
  const g = GROUPS[lang];
  if (!g || options !== undefined || !Number.isSafeInteger(n) || n < 0) return null;
  const s = String(n);
  if (s.length < g[1]) return s;
  return s.replace(/\B(?=(\d{3})+$)/g, g[0]);
}

/** The language's decimal sign, or null. */
const decimal = (lang) => (Object.prototype.hasOwnProperty.call(DECIMAL, lang) ? DECIMAL[lang] : null);

/** CLDR's plural category of a whole number ≥ 0 (the forms the catalogs use), or null. */
function plural(n, lang) {
  if (!Number.isSafeInteger(n) || n < 0) return null;
  const m10 = n % 10;
  const m100 = n % 100;
  switch (lang) {
    case 'en': return n === 1 ? 'one' : 'other';
    case 'it': return n === 1 ? 'one' : n !== 0 && n % 1000000 === 0 ? 'many' : 'other';
    case 'ro': return n === 1 ? 'one' : n === 0 || (m100 >= 1 && m100 <= 19) ? 'few' : 'other';
    case 'ru':
      if (m10 === 1 && m100 !== 11) return 'one';
      if (m10 >= 2 && m10 <= 4 && !(m100 >= 12 && m100 <= 14)) return 'few';
      return 'many';
    case 'ar':
      if (n <= 2) return ['zero', 'one', 'two'][n];
      if (m100 >= 3 && m100 <= 10) return 'few';
      if (m100 >= 11) return 'many';
      return 'other';
    case 'zh': return 'other';
    default: return null;
  }
}

export const PLAIN_FORMATS = { number, decimal, plural };
