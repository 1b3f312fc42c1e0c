// @ts-check
// A report's result keys in the player's words ("deals" → "the deals"): the list of
// what a game recomputes (an unknown `played` key) and what `played` left out
// (`notShown`). No DOM: the page and the CLI both say them.
import { t, has, language } from '../i18n/i18n.js';

/** A result key in words, else the key itself. */
export const keyWords = (/** @type {string} */ key) => (has(`render.key.${key}`) ? t(`render.key.${key}`) : key);

/** A text with its first letter a capital, as the language writes it. */
export const capital = (/** @type {string} */ s) => s.charAt(0).toLocaleUpperCase(language()) + s.slice(1);

/** A result's name as a label ("Deck", "Game seed"), as the page and the CLI head it:
 *  its label (render.keyLabel); a list of several (every deal) by its plural name; else
 *  the name of the whole part a player enters ("Die", "Win or loss"); else the key's
 *  words with a capital. */
/** @param {Record<string, any>} r @param {string} k */
export function resultName(r, k) {
  // A name with a place in it ("Deck position {position}") names one item, not the whole.
  const whole = (/** @type {string} */ key) => has(key) && !/\{[a-z]+\}/i.test(t(key));
  // Its own label first: a heading, not a phrase inside a sentence ("Deck", never "The
  // deck", «Il mazzo»).
  if (has(`render.keyLabel.${k}`)) return t(`render.keyLabel.${k}`);
  const many = Array.isArray(r[k]) && r[k].length > 1 && r[k].some(Array.isArray) && has(`render.key.${k}`);
  if (many) return capital(t(`render.key.${k}`));
  if (whole(`render.diff.at.${k}`)) return t(`render.diff.at.${k}`);
  if (whole(`seen.part.${k}`)) return t(`seen.part.${k}`);
  return has(`render.key.${k}`) ? capital(t(`render.key.${k}`)) : k;
}

/** One sentence a `played` key whose list was cut short, with the items left out
 *  summed over the key: [{key, count, text}]. */
/** @param {import('./types').Report} report */
export function notShownLines(report) {
  const byKey = new Map();
  for (const u of Array.isArray(report.notShown) ? report.notShown : []) byKey.set(u.key, (byKey.get(u.key) || 0) + (Number(u.count) || 0));
  return [...byKey].map(([key, count]) => {
    const what = keyWords(key);
    // Said of what was left out where the catalog has its words ("The other 11 deals",
    // "the hole cards of 2 other players"), never "11 items" (issue 44).
    const own = has(`diff.notShown.${key}`) ? `diff.notShown.${key}` : 'diff.notShown';
    const text = t(own, { what: what.charAt(0).toLocaleUpperCase(language()) + what.slice(1), count });
    return { key, count, text };
  });
}
