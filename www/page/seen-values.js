// The single values of "What you were shown": the crash point typed as the game
// showed it ("20,72×": the core reads the comma, the ×, the spaces), the last
// platform, the battle's winner (among the chances typed in the form), a die's face,
// win or loss, and the colour A played.
import { el, $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { parseNumbers } from './fields.js';
import { choiceButtons } from './seen-choice.js';
import { faceButtons, spanned } from './seen-dice.js';

function multiplierInput({ id, value, onChange }) {
  const input = el('input', {
    id, type: 'text', inputmode: 'decimal', autocomplete: 'off', autocapitalize: 'off', autocorrect: 'off', spellcheck: 'false',
    dir: 'ltr', class: 'seenmultiplier', placeholder: t('seen.multiplier.placeholder'),
  });
  input.value = value || '';
  input.addEventListener('input', () => onChange(input.value));
  return el('div', { class: 'seenvalue' }, el('label', { for: id, text: t('seen.multiplier.label') }), input);
}

function platformSelect({ id, value, onChange, range }) {
  const sel = el('select', { id, class: 'seenplatform' }, el('option', { value: '', text: t('seen.platform.none') }),
    ...spanned(range).map((n) => el('option', { value: String(n), text: t('draw.platform', { n }) })));
  sel.value = value ? String(value) : '';
  sel.addEventListener('change', () => onChange(sel.value ? Number(sel.value) : undefined));
  return el('div', { class: 'seenvalue' }, el('label', { for: id, text: t('seen.platform.label') }), sel);
}

/** The chances typed in the form (battle), or []. */
function chances() {
  const input = $('#f-chances');
  if (!input || !input.value.trim()) return [];
  try {
    const v = /^\s*\[/.test(input.value) ? JSON.parse(input.value) : parseNumbers(input.value.trim());
    return Array.isArray(v) ? v : [];
  } catch (e) {
    return [];
  }
}

/** The winner among the players of the chances field; drawn again when it changes. */
function winnerButtons({ value, onChange }) {
  let current = value;
  const box = el('div', { class: 'seenwinner' });
  const draw = () => {
    const list = chances();
    box.replaceChildren(list.length
      ? choiceButtons({
        name: t('seen.part.winner'), value: current, onChange: (v) => { current = v; onChange(v); },
        options: list.map((c, i) => ({ value: i, label: t('seen.winner.player', { n: i + 1, chance: c }) })),
      })
      : el('p', { class: 'note', text: t('seen.winner.needChances') }));
  };
  draw();
  const input = $('#f-chances');
  // The form is drawn before this part: its chances field is in the DOM by now.
  if (input) input.addEventListener('input', draw);
  return box;
}

/** The widget of a single-value part (kind multiplier, platform, winner, face, win, white). */
export function valueWidget(kind, { id, value, onChange, range }) {
  switch (kind) {
    case 'multiplier': return multiplierInput({ id, value, onChange });
    case 'platform': return platformSelect({ id, value, onChange, range });
    case 'winner': return winnerButtons({ value, onChange });
    case 'face': return faceButtons({ value, name: t('seen.part.face'), onChange, range });
    case 'win': return choiceButtons({
      name: t('seen.part.win'), value, onChange, options: [{ value: true, label: t('seen.win.win') }, { value: false, label: t('seen.win.loss') }],
    });
    case 'white': return choiceButtons({
      name: t('seen.part.aPlaysWhite'), value, onChange, options: [{ value: true, label: t('seen.white.white') }, { value: false, label: t('seen.white.black') }],
    });
    default: return null;
  }
}
