// The verifier page: start-up, routing (#lang=…&record=…), wiring.
// Runs entirely in this page; it makes no requests and stores nothing.
import { $ } from '../ui/dom.js';
import { showResult, setRedo } from '../ui/notices.js';
import * as render from '../render/report.js';
import { scheme } from './schemes.js';
import { buildForm, readForm, showFieldError } from './form.js';
import { verifyOne } from './verify.js';
import { cancelJob } from './jobs.js';
import { copyLink, openFragment } from './links.js';
import { wireInput } from './input.js';
import { wireExamples } from './examples.js';
import { runSelfTest } from './selftest.js';
import { startEntry } from './entry.js';

/** A single record object: fill the form (when it names a known scheme) and verify. */
function loadRecord(record) {
  setRedo(() => loadRecord(record));
  if (record && typeof record === 'object' && !Array.isArray(record) && scheme(record.scheme)) {
    buildForm(record.scheme, record);
  }
  verifyOne(record);
}

function verifyForm() {
  setRedo(verifyForm);
  let record;
  try {
    record = readForm(false);
  } catch (e) {
    showResult(render.error(e));
    showFieldError(e, render.errorText(e));
    return;
  }
  verifyOne(record);
  $('#result').scrollIntoView({ block: 'start' });
}

function init() {
  // A saved copy back to its static markup, the language, the WebAssembly check,
  // the game picker and the form, "Download this verifier" (www/page/entry.js).
  if (!startEntry()) return;
  wireExamples(loadRecord);
  $('#form').addEventListener('submit', (e) => { e.preventDefault(); verifyForm(); });
  $('#copy-link').addEventListener('click', copyLink);
  // The paste box: records, batches, round histories, bets (www/page/input.js).
  wireInput(loadRecord);
  window.addEventListener('hashchange', () => openFragment(loadRecord));
  $('#chain-cancel').addEventListener('click', cancelJob);
  runSelfTest();
  openFragment(loadRecord);
}

init();
