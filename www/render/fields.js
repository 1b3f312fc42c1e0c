// @ts-check
// A record field's name for people: `clientSeeds[2]` → "Player 3's client seed" (the
// same name the lead, the hints and the form's boxes use), `bets[1].nonce` → "Bets,
// entry 2: nonce".
import { t, has } from '../i18n/i18n.js';

/** @param {unknown} path @param {string} [lang] */
export function fieldLabel(path, lang) {
  const p = String(path || '');
  if (!p) return t('render.field.record', {}, lang);
  // One client seed: the player's, as the site lists its players (never "Client
  // seeds, entry 2": issue 44, one field named one way everywhere).
  const seat = /^clientSeeds\[(\d+)\]$/.exec(p);
  if (seat && has('field.clientSeeds.entry', lang)) return t('field.clientSeeds.entry', { n: String(Number(seat[1]) + 1) }, lang);
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(.*)$/.exec(p);
  if (!m) return p;
  // What was shown, by the part's own name ("The crash point", "The mines, entry 1"),
  // never a key or path such as "(multiplier)" or "(at played.mines[0])" (issue 44).
  const shown = /^\.([A-Za-z_][A-Za-z0-9_]*)(.*)$/.exec(m[2]);
  if (m[1] === 'played' && shown && has(`seen.part.${shown[1]}`)) {
    const part = t(`seen.part.${shown[1]}`);
    const one = /^\[(\d+)\]$/.exec(shown[2]);
    return one ? t('render.field.entry', { field: part, n: Number(one[1]) + 1 }) : part;
  }
  const base = has(`field.${m[1]}`) ? t(`field.${m[1]}`) : m[1];
  if (!m[2]) return base;
  const idx = /^\[(\d+)\](?:\.([A-Za-z_][A-Za-z0-9_]*))?/.exec(m[2]);
  if (idx && !/\[\d+\].*[[.].*[[.]/.test(m[2])) {
    const entry = t('render.field.entry', { field: base, n: Number(idx[1]) + 1 });
    return idx[2] ? t('render.field.part', { field: entry, part: has(`field.${idx[2]}`) ? t(`field.${idx[2]}`) : idx[2] }) : entry;
  }
  const key = /^\.([A-Za-z0-9_]+)$/.exec(m[2]);
  if (key) return t('render.field.part', { field: base, part: key[1] });
  return t('render.field.path', { field: base, path: p });
}
