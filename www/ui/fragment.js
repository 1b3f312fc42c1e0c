// The page's URL fragment, read: `#lang=ro&record=…` (links.js writes it, language.js
// reads the language from it). A module of its own so that neither imports the other.

/** The fragment's parameters: `#lang=ro&record=…` (either may be missing). A name
 *  given twice keeps its first value, as `URLSearchParams.get` reads it: a link
 *  `#record=A&record=B` is A here and in any tool that reads it the standard way
 *  (turn-9 attack, finding 5). */
export function readFragment(hash = location.hash) {
  /** @type {Record<string, string>} */
  const out = Object.create(null);
  for (const part of hash.replace(/^#/, '').split('&')) {
    const i = part.indexOf('=');
    if (i > 0 && !Object.hasOwn(out, part.slice(0, i))) out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}
