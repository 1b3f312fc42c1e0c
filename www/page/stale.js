// A verdict belongs to what it checked. Once a result is shown (a verdict, a check
// still running, a batch or a history), any change to an input (the form, the paste
// box, the file input, a history's game or terminal) withdraws it at once: a walk
// still running for the old inputs is cancelled, and the result gives way to a
// neutral "the inputs changed: verify again" with a button that verifies what is
// now typed. A verdict is never shown for inputs it did not check (bustabit's
// verifier once showed "fair" after the game number was edited).
import { $, el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { showResult, setRedo } from '../ui/notices.js';
import { verdictView } from '../render/checks.js';
import { state } from './state.js';

let shown = false;

/** A result for the current inputs is on screen (call after showing it). */
export function resultShown() {
  shown = true;
  $('#result').removeAttribute('data-stale');
}

/** The neutral notice, with "Verify again" (`again`: the control that verifies what
 *  is typed now: the form's Verify, or the paste box's). */
function showStale(again) {
  const button = el('button', { type: 'button', id: 'verify-again', text: t('flow.stale.again') });
  button.addEventListener('click', () => again.click());
  showResult(verdictView('stale', undefined, {}), el('p', { class: 'actions' }, button));
  $('#result').setAttribute('data-stale', 'true');
  $('#result').removeAttribute('data-walking');
  $('#result').removeAttribute('data-position');
  $('#result').fvReport = null;
  setRedo(() => showStale(again));
}

/** Withdraws the result shown, if any: a change to an input. `cancel()` stops what
 *  still runs for the old inputs. */
function withdraw(again, cancel) {
  if (!shown) return;
  shown = false;
  state.current = null;
  cancel();
  showStale(again);
}

/** Watches every input a result can come from. */
export function wireStale(cancel) {
  const form = $('#form');
  const paste = $('#paste-go');
  const watch = (node, again) => {
    for (const type of ['input', 'change']) node.addEventListener(type, () => withdraw(again, cancel));
  };
  watch(form, $('#verify'));
  for (const id of ['#paste', '#file', '#rounds-game', '#rounds-terminal']) watch($(id), paste);
}
