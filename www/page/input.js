// Records from outside the form: pasted text, opened files, dropped files or text.
// One record fills the form and is verified from its own text; several (a JSON
// array, JSON lines) run as a batch in the worker.
import { $ } from '../ui/dom.js';
import { verifyInput } from './batch.js';

/** Pasted or dropped text: one record, a JSON array, or JSON lines, found and
 *  verified in the worker (batch.js); one record comes back to `loadText(text, name)`. */
export function handleText(text, loadText) {
  verifyInput(text, loadText);
}

/** Wires the paste box, the file input and drag-and-drop anywhere on the page. */
export function wireInput(loadText) {
  const take = (text) => handleText(text, loadText);
  $('#paste-go').addEventListener('click', () => take($('#paste').value));
  $('#file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) take(await f.text());
  });
  document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
  document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const f = e.dataTransfer.files[0];
    if (f) take(await f.text());
    else take(e.dataTransfer.getData('text'));
  });
}
