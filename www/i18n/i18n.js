// Words for people: t(key, params, lang) from the bundled catalogs. Placeholders are
// `{name}`; a message may be an object of plural forms ({"one": …, "other": …})
// chosen with Intl.PluralRules by the `count` param (or, in a message without
// {count}, by its first placeholder whose param is a number: "{maxSteps} steps",
// "{walked} steps"), so that a sentence reads right for every number; numbers are formatted with
// Intl.NumberFormat. A key missing from a catalog falls back to English. Seeds and
// hashes never pass through here: they are shown verbatim, left to right.
import { CATALOGS, FALLBACK } from './catalogs.js';

let current = FALLBACK;

/** Is there a catalog for `lang`? (Asked without reading it: the page parses a
 *  catalog only when its language is shown.) */
const known = (lang) => Object.prototype.hasOwnProperty.call(CATALOGS, lang);

/** The languages with a catalog. */
export const languages = () => Object.keys(CATALOGS);

/** The first of `wanted` (BCP 47 tags, best first) that has a catalog, else English. */
export function pickLanguage(wanted) {
  for (const tag of wanted || []) {
    const t = String(tag || '').toLowerCase();
    if (known(t)) return t;
    const base = t.split('-')[0];
    if (known(base)) return base;
  }
  return FALLBACK;
}

export function setLanguage(lang) {
  current = known(lang) ? lang : FALLBACK;
  return current;
}

export const language = () => current;

/** Right-to-left languages get <html dir="rtl">. */
export const direction = (lang = current) => (['ar', 'he', 'fa', 'ur'].includes(lang.split('-')[0]) ? 'rtl' : 'ltr');

export function has(key, lang = current) {
  return Object.prototype.hasOwnProperty.call(known(lang) ? CATALOGS[lang] : {}, key) ||
    Object.prototype.hasOwnProperty.call(CATALOGS[FALLBACK], key);
}

/** A surface's own wording of some page sentences (the CLI has no form to choose in):
 *  `<prefix><key>` is looked up before `key` (www/cli: 'cli.over.'). */
let over = '';
/** @param {string} prefix */
export function useOverrides(prefix) { over = prefix || ''; }

/** `key` in `lang`'s catalog, else in the fallback's; null in neither. */
function find(key, lang) {
  const own = known(lang) ? CATALOGS[lang] : null;
  if (own && Object.prototype.hasOwnProperty.call(own, key)) return { msg: own[key], lang };
  if (Object.prototype.hasOwnProperty.call(CATALOGS[FALLBACK], key)) return { msg: CATALOGS[FALLBACK][key], lang: FALLBACK };
  return null;
}

function lookup(key, lang) {
  return (over && find(over + key, lang)) || find(key, lang) || { msg: key, lang };
}

/** Intl formatters made once per language and options: making one costs far more
 *  than using it (a report of 52 cards asks for hundreds; on a phone that was a
 *  task of 200 ms). */
const formatters = new Map();
function numberFormat(lang, options) {
  const key = lang + (options ? JSON.stringify(options) : '');
  let f = formatters.get(key);
  if (!f) { f = new Intl.NumberFormat(lang, options); formatters.set(key, f); }
  return f;
}
const plurals = new Map();
function pluralRules(lang) {
  let p = plurals.get(lang);
  if (!p) { p = new Intl.PluralRules(lang); plurals.set(lang, p); }
  return p;
}

/** Formats that need no Intl (www/i18n/plain.js: number, decimal, plural, each
 *  null where it cannot answer), or null: the badge turns them on, the page keeps Intl. */
let plain = null;
export function usePlainFormats(formats) { plain = formats || null; }

/** Makes the formats the page uses first (integers, decimals, plurals) ahead of time. */
export function warmFormats(lang = current) {
  formatNumber(1, lang);
  formatNumber(1.5, lang, { maximumFractionDigits: 10 });
  pluralRules(lang).select(1);
}

/** A number in the language's own digits grouping ("1,234" / "1 234"). */
export function formatNumber(n, lang = current, options) {
  const p = plain && plain.number(n, lang, options);
  return typeof p === 'string' ? p : numberFormat(lang, options).format(n);
}

/** A decimal the core gives as text ("1.15", a crash point) in the language's decimal
 *  sign and digits ("1,15" in ro, it, ru), its digits kept exactly and never grouped:
 *  "Runda 2.627" beside "1.15×" would read as two decimals in Romanian. A decimal with
 *  more digits than a double keeps (battle's point 0.5488135039273248) keeps its digits
 *  and takes the language's decimal sign. Text that is not a decimal is returned as it is. */
export function decimalText(s, lang = current) {
  const m = /^(-?)(\d+)\.(\d+)$/.exec(String(s));
  if (!m) return String(s);
  const long = (m[2] + m[3]).replace(/^0+/, '').length > 15;
  // The same text without Intl (the badge): the digits as given, Intl's way.
  const own = plain && !m[1] ? plain.decimal(lang) : null;
  if (own !== null) return `${long ? m[2] : m[2].replace(/^0+(?=\d)/, '')}${own}${m[3]}`;
  if (long) {
    const sign = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal');
    return `${m[1]}${m[2]}${sign ? sign.value : '.'}${m[3]}`;
  }
  const digits = m[3].length;
  return numberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(Number(s));
}

/** Numbers in the language's digits and decimal sign ("99,985" in ro, it, ru), at
 * most 10 decimals (a sum of float chances such as 99.89999999999999 reads 99.9). */
function render(value, lang) {
  if (typeof value !== 'number') return value;
  if (Math.abs(value) < 1e15 && Number.isFinite(value)) {
    return formatNumber(value, lang, Number.isInteger(value) ? undefined : { maximumFractionDigits: 10 });
  }
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? formatNumber(value, lang) : String(value);
}

/** The number a plural message is said for: params.count, else (a message without
 *  {count}) its first placeholder whose param is a number. */
function pluralNumber(msg, params) {
  if (!params) return NaN;
  if (params.count !== undefined) return Number(params.count);
  const re = /\{([A-Za-z0-9_]+)\}/g;
  let m;
  while ((m = re.exec(String(msg.other))) !== null) if (typeof params[m[1]] === 'number') return params[m[1]];
  return NaN;
}

/** Items (strings or DOM nodes) as the language lists them ("5, 7 and 10", "5, 7 и 10",
 *  "5 و7 و10", "5、7和10"): never run together ("11 5 10" reads as one number). Nodes keep
 *  their place; without Intl.ListFormat, a comma list. */
export function listParts(items, lang = current) {
  const xs = Array.from(items);
  if (xs.length < 2) return xs;
  let k = 0;
  try {
    // Chinese sets a Latin run, a digit or a card apart from 和 with a space on that side
    // ("2 和 2", "K♠ 和 K♦", "玩家 1 和座位 2", as the catalog spaces its placeholders),
    // never "2和2" (issue 44, zh).
    const latin = (/** @type {unknown} */ x, /** @type {RegExp} */ re) => typeof x === 'string' && re.test(x);
    return new Intl.ListFormat(langTag(lang), { type: 'conjunction' }).formatToParts(xs.map((_, i) => String(i)))
      .map((p) => (p.type === 'element' ? xs[k++]
        : lang === 'zh' && p.value === '和'
          ? `${latin(xs[k - 1], /[\x21-\x7e\u2660-\u2667×]$/) ? ' ' : ''}和${latin(xs[k], /^[\x21-\x7e\u2660-\u2667]/) ? ' ' : ''}` : p.value));
  } catch {
    return xs.flatMap((x, i) => (i ? [', ', x] : [x]));
  }
}

/** The BCP 47 tag a catalog's language is marked up with (<html lang>, lang=): Chinese
 *  is Simplified Chinese, "zh-Hans", so that a browser with several CJK fonts picks
 *  Simplified glyphs; the catalog's name stays "zh". */
export const langTag = (lang = current) => (lang === 'zh' ? 'zh-Hans' : lang);

/** The message's template, with the plural form chosen by params.count (pluralNumber). */
function template(key, params, lang) {
  const { msg, lang: used } = lookup(key, lang);
  if (msg && typeof msg === 'object') {
    const n = pluralNumber(msg, params);
    const own = plain && plain.plural(n, used);
    const form = typeof own === 'string' ? own : pluralRules(used).select(n);
    return { text: msg[form] !== undefined ? msg[form] : msg.other, lang: used };
  }
  return { text: String(msg), lang: used };
}

/** Pieces of a message: strings and the raw values of params that are not strings or
 *  numbers (DOM nodes, for seeds and hashes in <bdi>/<code>). */
export function parts(key, params, lang = current) {
  const { text, lang: used } = template(key, params, lang);
  const out = [];
  const re = /\{([A-Za-z0-9_]+)\}/g;
  let at = 0;
  let m;
  while ((m = re.exec(text)) !== null) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const v = params && Object.prototype.hasOwnProperty.call(params, m[1]) ? params[m[1]] : m[0];
    out.push(typeof v === 'string' || typeof v === 'number' ? String(render(v, used)) : v);
    at = re.lastIndex;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** The message as text. */
export function t(key, params, lang = current) {
  return parts(key, params, lang).map((p) => (typeof p === 'string' ? p : String(p))).join('');
}
