// One choice among a few, as toggle buttons (aria-pressed): a die's face, win or
// loss, White or Black, a winner, a platform. Tapping the chosen one again clears
// it: nothing entered is nothing compared.
import { el } from '../ui/dom.js';

/** `options`: [{value, label, content?}] (`content`: what the button shows, else
 *  its label); `name`: the group's accessible name; `onChange(value | undefined)`. */
export function choiceButtons({ options, value, name, onChange, cls = '' }) {
  let current = value;
  const buttons = options.map((o) => {
    const b = el('button', {
      type: 'button', class: `seenchoice ${cls}`, 'data-value': String(o.value), 'aria-pressed': 'false',
      'aria-label': o.content ? o.label : null, title: o.content ? o.label : null,
    }, o.content || o.label);
    b.addEventListener('click', () => {
      current = current === o.value ? undefined : o.value;
      draw();
      onChange(current);
    });
    return { b, o };
  });
  const draw = () => { for (const { b, o } of buttons) b.setAttribute('aria-pressed', String(current === o.value)); };
  draw();
  return el('div', { class: `seenchoices ${cls}`, role: 'group', 'aria-label': name }, ...buttons.map((x) => x.b));
}
