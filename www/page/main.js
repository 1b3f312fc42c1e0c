// The verifier page: start-up, routing (#lang=…&record=…), wiring.
// Runs entirely in this page; it makes no requests, and stores nothing unless the
// player ticks "Remember proven rounds on this device" (remember.js). Served over
// http(s) it links its manifest and registers its service worker, which alone
// fetches (this origin's verifier.html, to find a new version): install.js.
import { $ } from '../ui/dom.js';
import { showResult, setRedo } from '../ui/notices.js';
import * as render from '../render/report.js';
import { scheme } from './schemes.js';
import { buildForm, readForm, showFieldError, formForGame, showBetsRead } from './form.js';
import { whenChosen } from './picker.js';
import { withBetsRead } from './betsui.js';
import { verifyOne, verifyRecordText, onRecheck } from './verify.js';
import { findPositions, showPositions } from './position.js';
import { showSeats } from './seen.js';
import { client } from './client.js';
import { wireStale } from './stale.js';
import { rememberBox } from './remember.js';
import { copyLink, openFragment } from './links.js';
import { wireInput } from './input.js';
import { wireCopyClean } from './clipboard.js';
import { wireExamples } from './examples.js';
import { runSelfTest } from './selftest.js';
import { startEntry, drawEntry, finishEntry, startCoreChecks, defaultForm } from './entry.js';
import { build } from './verifier.js';
import { startInstall } from './install.js';
import { state } from './state.js';
import { resultDrawn } from './drawn.js';
import { isNamed } from '../core/records.js';
import { warmFormats } from '../i18n/i18n.js';

// Choosing a game in the picker draws its form (picker.js does not import form.js).
whenChosen(formForGame);

/** A record: fill the form (when it names a known scheme) and verify. With `text`
 *  (a link, a paste, a file) the core verifies that very text; `record` is a parsed
 *  copy for the form only. Returns a function that fills the form when `formLater`
 *  (the page's start: the form in a task of its own, issue 36). */
function loadRecord(record, text, how, formLater = false) {
  const verify = () => (typeof text === 'string' ? verifyRecordText(text) : verifyOne(record, how))
    .then((report) => { showSeats(report && report.verdict !== undefined ? report.seats : null); return report; });
  // A language switch makes the result again; the form keeps what was typed since.
  setRedo(verify);
  // The verification first: the worker works on it while the page fills the form
  // (the core verifies the record itself, never the form).
  verify();
  // The form shows what is checked, whatever shape it came in: a record given only
  // as text (one record of a list) is read here too, and a `{"name", "record"}`
  // wrapper is unwrapped as the core unwraps it (src/input.rs unwrap_record).
  const fill = () => {
    const value = formRecord(record !== undefined ? record : parsedText(text));
    if (value && scheme(value.scheme)) buildForm(value.scheme, value);
  };
  if (formLater) return fill;
  fill();
  return null;
}

// "Check again as player 3" (a diagnosis' one tap): the moved record fills the form
// and is verified, as a record from a link is.
onRecheck((record) => loadRecord(record));

/** A record's text parsed for the form (not past the size the page draws). */
function parsedText(text) {
  if (typeof text !== 'string' || text.length > FORM_LIMIT) return undefined;
  try { return JSON.parse(text); } catch (e) { return undefined; }
}

/** Texts longer than this are verified but not put in the form (as verify.js draws). */
const FORM_LIMIT = 4 << 20;

/** The record a value stands for in the form: itself, or a wrapper's record. */
function formRecord(v) {
  const rec = isNamed(v) ? v.record : v;
  return rec && typeof rec === 'object' && !Array.isArray(rec) ? rec : null;
}

/** Counts the form's verifications: an older one that is still finding a hand's
 *  position stops there. */
let formRuns = 0;

async function verifyForm() {
  setRedo(verifyForm);
  let record;
  try {
    // Bet lines are read by the core first, and what it read is said under the field.
    record = await withBetsRead(readForm(false), (r) => showBetsRead(r.ok ? r : null));
  } catch (e) {
    showResult(render.error(e));
    // Bet lines that cannot be read: the page's own sentence (www/page/betsui.js).
    const text = e && e.code === 'bet_lines' && e.text ? e.text : render.errorText(e);
    const msg = $('#result .errmsg');
    if (msg) msg.textContent = text;
    showFieldError(e, text);
    resultDrawn();
    return;
  }
  if (!record) return;
  // A hand entered under "I don't know my position": found first (www/page/position.js).
  $('#result').removeAttribute('data-position');
  const asked = ++formRuns;
  const { record: checked, found } = await findPositions(record);
  // Verify tapped again meanwhile: that one's record is verified, not this one.
  if (asked !== formRuns) return;
  const report = await verifyOne(checked);
  if (report && asked === formRuns) showPositions(checked, found);
  // The entry's seat menus name who sat at each seat.
  if (asked === formRuns) showSeats(report && report.verdict !== undefined ? report.seats : null);
}

/** Runs each step in a task of its own (a message to this page: no timer clamping),
 *  so that none of them holds the page's thread long on a phone (issue 25); the
 *  browser may draw between them. */
function inTasks(steps) {
  const c = new MessageChannel();
  let i = 0;
  c.port1.onmessage = () => {
    try {
      steps[i++]();
    } finally {
      if (i < steps.length) c.port2.postMessage(null);
      else c.port1.close();
    }
  };
  c.port2.postMessage(null);
}

function init() {
  // Issue 25: the start in short tasks of the page's thread. First, as soon as this
  // script is parsed (the last thing in the file: the core, the worker's source and
  // the boot that started the worker, then the catalogs, descriptors and examples
  // are before it): a saved copy back to its static markup, the language, the
  // WebAssembly check and the form (www/page/entry.js). Then the steps below, each a
  // task: a #record= link's verification is the worker's first job, so nothing
  // asked for at start comes before the verdict. `html[data-ready]` once every step
  // has run.
  if (!startEntry()) return;
  runSelfTest();
  // A #record= link's verification, sent now (issue 36): to the worker the boot
  // started while the file was parsed (else one made now of the page's core), which
  // has its wasm compiled by now. Its form is filled in the next task, ahead of the
  // worker's answer (both are posted messages, answered in order).
  client.warmUp({ walk: false });
  let fill = null;
  openFragment((record, text) => { fill = loadRecord(record, text, undefined, true); });
  inTasks([
    () => {
      if (fill) fill();
      // A link whose record names no game this page has: the first game's form.
      defaultForm();
      // The core's fingerprint and self-test, from the worker (www/page/entry.js).
      startCoreChecks();
    },
    // The number formats of the page's language, while the worker works: the first
    // one loads the browser's locale data (100 ms on a phone), which would otherwise
    // land in the task that draws the verdict.
    () => warmFormats(),
    // The game picker; the round-history games and their terminals; the examples.
    drawEntry,
    () => {
      // An example picked in the menu: the verdict in view, the keyboard stays in the menu.
      wireExamples((record) => loadRecord(record, undefined, { focus: false }));
    },
    () => {
      $('#form').addEventListener('submit', (e) => { e.preventDefault(); verifyForm(); });
      $('#copy-link').addEventListener('click', copyLink);
      // The paste box: records, batches, round histories, bets (www/page/input.js).
      wireInput(loadRecord);
      wireCopyClean();
      window.addEventListener('hashchange', () => openFragment(loadRecord));
      $('#chain-cancel').addEventListener('click', () => client.cancel());
      // A result belongs to the inputs it checked: a change withdraws it (stale.js).
      wireStale(() => client.cancel());
    },
    // "Remember proven rounds" (its state is the device's storage).
    () => { $('#result').after(rememberBox(!!(scheme(state.scheme) || {}).chain)); },
    () => {
      finishEntry();
      // Over http(s): the installed app, its update notice, shares and opened files;
      // the Paste button; no download on a phone (www/page/install.js). The build
      // without WebAssembly is not the installable app (sw.js pins verifier.html).
      startInstall({ app: build.engine === 'wasm' });
      // The kernel warmed in the worker behind the jobs already sent (not in the
      // build without WebAssembly, where the warm-up walk would hold the worker for
      // seconds without a JIT).
      if (build.engine === 'wasm') client.warmUp();
    },
    // Wired and running (what a saved copy without scripts never gets): tests and
    // tools wait on this instead of on time.
    () => document.documentElement.setAttribute('data-ready', 'true'),
  ]);
}

init();
