// The page's URL fragment, read: `#lang=ro&record=…` (links.js writes it, language.js
// reads the language from it). A module of its own so that neither imports the other.

/** The fragment's parameters: `#lang=ro&record=…` (either may be missing). */
export function readFragment(hash = location.hash) {
  const out = {};
  for (const part of hash.replace(/^#/, '').split('&')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}
