// The examples menu: records embedded by the build (tools/page.mjs), titled in the
// player's words: the game ("Bridge"), the kind of fairness page when the game has
// several (poker), and the variant ("full reveal"); in the picker's order.
import { el, $ } from '../ui/dom.js';
import { t, has } from '../i18n/i18n.js';
import { gameGroups, recordGameName } from './picker.js';

function examples() {
  const node = document.getElementById('fv-examples');
  if (!node) return [];
  try { return JSON.parse(node.textContent); } catch (e) { return []; }
}

function title(c) {
  const r = c.record;
  const parts = [recordGameName(r.scheme, r.game)];
  const group = gameGroups().find((g) => g.entries.some((e) => e.scheme === r.scheme));
  if (group && group.entries.length > 1 && has(`entry.kindShort.${r.scheme}`)) parts.push(t(`entry.kindShort.${r.scheme}`));
  for (const k of c.title.slice(1)) if (!k.startsWith('game.')) parts.push(t(k));
  return parts.reduce((a, b) => t('example.join', { a, b }));
}

let list = [];

/** The menu's entries, (re)drawn in the current language. */
export function labelExamples() {
  const ex = $('#examples');
  const order = gameGroups().flatMap((g) => g.entries.map((e) => `${e.scheme}/${e.game}`));
  const rank = (c) => {
    const i = order.indexOf(`${c.record.scheme}/${c.record.game || c.record.scheme}`);
    const j = order.findIndex((k) => k.startsWith(`${c.record.scheme}/`));
    return i >= 0 ? i : j >= 0 ? j : order.length;
  };
  const shown = list.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i);
  ex.replaceChildren(el('option', { value: '', 'data-i18n': 'page.examples.choose', text: t('page.examples.choose') }),
    ...shown.map(({ c, i }) => el('option', { value: String(i), text: title(c) })));
}

export function wireExamples(loadRecord) {
  const ex = $('#examples');
  list = examples();
  labelExamples();
  ex.addEventListener('change', () => {
    const c = list[Number(ex.value)];
    if (c) loadRecord(JSON.parse(JSON.stringify(c.record)));
  });
}
