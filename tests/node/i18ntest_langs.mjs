// The languages registered in www/i18n/catalogs.js (what the bundles ship), and their
// catalogs, read without a bundler: shared by tests/node/cli_lang.test.mjs and
// tests/browser/i18n.test.mjs so both cover a language as soon as it is registered.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './helpers.mjs';

const I18N = path.join(ROOT, 'www/i18n');

/** {lang: catalog} for every catalog CATALOGS names in catalogs.js. */
export function registeredCatalogs() {
  const src = fs.readFileSync(path.join(I18N, 'catalogs.js'), 'utf8');
  const files = new Map([...src.matchAll(/import\s+(\w+)\s+from\s+['"]\.\/([\w-]+\.json)['"]/g)].map((m) => [m[1], m[2]]));
  const body = /export\s+const\s+CATALOGS\s*=\s*\{([^}]*)\}/.exec(src);
  if (!body) throw new Error('catalogs.js: no CATALOGS object');
  const out = {};
  for (const entry of body[1].split(',').map((s) => s.trim()).filter(Boolean)) {
    const [lang, ident] = entry.includes(':') ? entry.split(':').map((s) => s.trim().replace(/['"]/g, '')) : [entry, entry];
    const file = files.get(ident);
    if (!file) throw new Error(`catalogs.js: ${lang} has no JSON import`);
    out[lang] = JSON.parse(fs.readFileSync(path.join(I18N, file), 'utf8'));
  }
  if (!out.en) throw new Error('catalogs.js: no English catalog');
  return out;
}

/** The literal text of a message (its plural forms joined), placeholders removed. */
export const literal = (msg) => (typeof msg === 'object' && msg !== null ? Object.values(msg) : [msg])
  .map((s) => String(s).replace(/\{[A-Za-z0-9_]+\}/g, '\u0000'));

/** The English sentences that must not appear on a page in `lang`: pieces of English
 *  values between placeholders that are real sentences (≥ 3 words or ≥ 12 letters),
 *  for keys whose value in `lang` differs from the English one. */
export function englishSentences(en, cat) {
  const out = new Map();
  for (const [key, msg] of Object.entries(en)) {
    if (JSON.stringify(cat[key]) === JSON.stringify(msg)) continue;
    const own = literal(cat[key] ?? '').join('\u0000');
    for (const text of literal(msg)) {
      for (const piece of text.split('\u0000')) {
        const s = piece.replace(/\s+/g, ' ').trim().replace(/^[\s:;,.()–—-]+|[\s:;,.()–—-]+$/g, '');
        const words = s.split(' ').filter((w) => /[A-Za-z]{2,}/.test(w)).length;
        const letters = (s.match(/[A-Za-z]/g) || []).length;
        if (!(words >= 3 || letters >= 12)) continue;
        if (own.includes(s)) continue; // the translation keeps it (a code name, a format)
        if (!out.has(s)) out.set(s, key);
      }
    }
  }
  return out; // sentence → a key it comes from
}
