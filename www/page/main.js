// The verifier page: start-up, routing (#lang=…&record=…), wiring.
// Runs entirely in this page; it makes no requests, and stores nothing unless the
// player ticks "Remember proven rounds on this device" (remember.js). Served over
// http(s) it links its manifest and registers its service worker, which alone
// fetches (this origin's verifier.html, to find a new version): install.js.
import { $ } from '../ui/dom.js';
import { showResult, setRedo } from '../ui/notices.js';
import * as render from '../render/report.js';
import { scheme } from './schemes.js';
import { buildForm, readForm, showFieldError } from './form.js';
import { verifyOne, verifyRecordText } from './verify.js';
import { client } from './client.js';
import { wireStale } from './stale.js';
import { rememberBox } from './remember.js';
import { copyLink, openFragment } from './links.js';
import { wireInput } from './input.js';
import { wireExamples } from './examples.js';
import { runSelfTest } from './selftest.js';
import { startEntry } from './entry.js';
import { startInstall } from './install.js';
import { state } from './state.js';

/** A record: fill the form (when it names a known scheme) and verify. With `text`
 *  (a link, a paste, a file) the core verifies that very text; `record` is a parsed
 *  copy for the form only. */
function loadRecord(record, text, how) {
  const verify = () => (typeof text === 'string' ? verifyRecordText(text) : verifyOne(record, how));
  // A language switch makes the result again; the form keeps what was typed since.
  setRedo(verify);
  if (record && typeof record === 'object' && !Array.isArray(record) && scheme(record.scheme)) {
    buildForm(record.scheme, record);
  }
  verify();
}

function verifyForm() {
  setRedo(verifyForm);
  let record;
  try {
    record = readForm(false);
  } catch (e) {
    showResult(render.error(e));
    // Bet lines that cannot be read: the page's own sentence (www/page/betsui.js).
    const text = e && e.code === 'bet_lines' && e.text ? e.text : render.errorText(e);
    const msg = $('#result .errmsg');
    if (msg) msg.textContent = text;
    showFieldError(e, text);
    return;
  }
  verifyOne(record);
}

function init() {
  // A saved copy back to its static markup, the language, the WebAssembly check,
  // the game picker and the form, "Download this verifier" (www/page/entry.js).
  if (!startEntry()) return;
  // An example picked in the menu: the verdict in view, the keyboard stays in the menu.
  wireExamples((record) => loadRecord(record, undefined, { focus: false }));
  $('#form').addEventListener('submit', (e) => { e.preventDefault(); verifyForm(); });
  $('#copy-link').addEventListener('click', copyLink);
  // The paste box: records, batches, round histories, bets (www/page/input.js).
  wireInput(loadRecord);
  window.addEventListener('hashchange', () => openFragment(loadRecord));
  $('#chain-cancel').addEventListener('click', () => client.cancel());
  // A result belongs to the inputs it checked: a change withdraws it (stale.js).
  wireStale(() => client.cancel());
  $('#result').after(rememberBox(!!(scheme(state.scheme) || {}).chain));
  runSelfTest();
  openFragment(loadRecord);
  // Over http(s): the installed app, its update notice, shares and opened files;
  // the Paste button; no download on a phone (www/page/install.js).
  startInstall();
  // The worker: started once, the wasm compiled and warmed while the page is idle.
  setTimeout(() => client.warmUp(), 0);
  // Wired and running (what a saved copy without scripts never gets): tests and
  // tools wait on this instead of on time.
  document.documentElement.setAttribute('data-ready', 'true');
}

init();
