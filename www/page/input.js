// Records from outside the form: pasted text, opened files, dropped files or text.
// One record fills the form; several (a JSON array, JSON lines) run as a batch.
import { $ } from '../ui/dom.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { readRecords, isNamed } from '../core/records.js';
import { clearFieldErrors } from './form.js';
import { runBatch } from './batch.js';

/** Pasted or dropped text: one record, a JSON array, or JSON lines. */
export function handleText(text, loadRecord) {
  clearFieldErrors();
  const r = readRecords(text);
  if (r.error) { showResult(render.error({ code: 'bad_json', field: '', message: r.error.message })); return; }
  if (r.lines) { if (r.lines.length) runBatch(r.lines); return; }
  const v = r.value;
  if (Array.isArray(v)) runBatch(v);
  else if (isNamed(v)) loadRecord(v.record);
  else loadRecord(v);
}

/** Wires the paste box, the file input and drag-and-drop anywhere on the page. */
export function wireInput(loadRecord) {
  const take = (text) => handleText(text, loadRecord);
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
