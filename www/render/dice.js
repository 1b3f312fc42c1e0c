// A die: its face and its number.
import { el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

export function die(value, path) {
  return el('span', {
    class: 'die', 'data-die': value, 'data-path': path, role: 'img', 'aria-label': t('draw.die', { n: value }),
    title: `${value}`,
  }, el('span', { class: 'pips', text: DIE_FACES[value - 1] || '?', 'aria-hidden': 'true' }),
  el('span', { class: 'num', text: value, 'aria-hidden': 'true' }));
}
