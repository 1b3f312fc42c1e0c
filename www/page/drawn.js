// `#result[data-drawn]`: how many results this page has finished drawing (a report's
// final verdict, an error, a cancelled check, a batch, a round history), counted in
// the next frame, after the verdict is scrolled to and focused there (verify.js
// verdictFirst asks for that frame first), so that everything drawn with it (the evidence row, the
// offer to keep the verifier, the history it offers) is there and the keyboard is
// where it will stay. A result withdrawn or replaced before then is not counted.
// Tests wait for this number to pass the one they saw before their action
// (tests/browser/browser.mjs nextVerdict), never for words (a progress line shows
// the same numbers) or for time.
import { $ } from '../ui/dom.js';
import { state } from './state.js';

let count = 0;

/** A final result is on screen (call once all of it is drawn). Not counted if
 *  another verification started, or the inputs changed, before the frame. */
export function resultDrawn() {
  const token = state.current;
  requestAnimationFrame(() => {
    if (state.current !== token) return;
    const result = $('#result');
    if (!result) return;
    count += 1;
    result.setAttribute('data-drawn', String(count));
  });
}
