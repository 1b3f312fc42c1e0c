// Dice in "What you were shown": a face (1–6, the core's item table) as drawn dice to tap, and
// backgammon's rolls, two dice each, in order from the opening roll ("Add a roll");
// each row is named as the result names it (the opening roll, re-rolled while tied,
// then Roll 1, 2…).
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { pips } from '../render/dice.js';
import { rollLabels } from '../render/seats.js';
import { choiceButtons } from './seen-choice.js';

/** The numbers `range` ({min, max}, from the core's item table) spans. */
export const spanned = (range) => (range ? Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i) : []);

/** A die per face of `range` to tap; `onChange(face | undefined)`. */
export function faceButtons({ value, name, onChange, range }) {
  return choiceButtons({
    name, value, onChange, cls: 'seendie',
    options: spanned(range).map((n) => ({ value: n, label: t('draw.die', { n }), content: pips(n) })),
  });
}

/** The rolls ([[a, b] | [a, undefined] …]); `onChange(rolls)`. */
export function rollsEditor({ value, onChange, range }) {
  const rolls = (value || []).map((p) => p.slice());
  if (!rolls.length) rolls.push([undefined, undefined]);
  const list = el('ol', { class: 'seenrolls' });
  const changed = () => { onChange(rolls.map((p) => p.slice())); labels(); };
  const labels = () => {
    const names = rollLabels(rolls.map((p) => (p[0] && p[1] ? p : [0, 1])));
    list.querySelectorAll(':scope > li').forEach((li, i) => {
      li.querySelector('.rollname').textContent = names[i];
      li.querySelectorAll('.seenchoices').forEach((g, k) => g.setAttribute('aria-label', t('seen.rolls.die', { roll: names[i], n: k + 1 })));
    });
  };
  const row = (i) => {
    const remove = el('button', { type: 'button', class: 'link seenremove', text: t('seen.remove') });
    const li = el('li', { 'data-roll': i }, el('span', { class: 'rollname' }),
      ...[0, 1].map((k) => faceButtons({ value: rolls[i][k], name: '', range, onChange: (f) => { rolls[i][k] = f; changed(); } })),
      remove);
    remove.addEventListener('click', () => {
      const at = Array.from(list.children).indexOf(li);
      rolls.splice(at, 1);
      li.remove();
      list.querySelectorAll(':scope > li').forEach((x, n) => x.setAttribute('data-roll', n));
      changed();
    });
    return li;
  };
  list.append(...rolls.map((_, i) => row(i)));
  const add = el('button', { type: 'button', class: 'seenadd', text: t('seen.rolls.add') });
  add.addEventListener('click', () => {
    rolls.push([undefined, undefined]);
    const li = row(rolls.length - 1);
    list.append(li);
    labels();
    li.querySelector('button').focus();
  });
  labels();
  return el('div', { class: 'seenrollsbox' }, list, add);
}
