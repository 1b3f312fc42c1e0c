// The page's entry: what happens first, before anything is verified. A saved copy
// goes back to its static markup (the static notice was put away by the gate of the
// stylesheet, tools/page.mjs GATE_JS); the language is chosen; WebAssembly is
// checked (and its absence said at once, in plain words, naming
// verifier-nowasm.html, the build without it; that build says it is the slower one);
// then the game picker, the scheme menu under "Details", the history options, the
// fingerprints and "Download this verifier". A language change redraws all of it,
// the form (keeping what was typed) and the last result, in place.
import { $, el, code } from '../ui/dom.js';
import { t, parts } from '../i18n/i18n.js';
import { pageNotice, redoResult } from '../ui/notices.js';
import { build } from './verifier.js';
import { client } from './client.js';
import { schemes } from './schemes.js';
import { state } from './state.js';
import { buildForm, readForm } from './form.js';
import { drawPicker, gameGroups } from './picker.js';
import { labelExamples } from './examples.js';
import { drawTerminals, relabelFound } from './input.js';
import { fillRoundGames } from './rounds.js';
import { runSelfTest } from './selftest.js';
import { startLanguage, wireLanguage } from './language.js';
import { readFragment } from '../ui/fragment.js';
import { restoreStatic, restyleLiveParts, wireDownload, relabelDownload } from './copies.js';
import { relabelInstall } from './install.js';

/** Can this page's thread see WebAssembly? (Deleted, or turned off as in Lockdown
 *  Mode: then the wasm build can never answer, and the page names the build without
 *  it.) Nothing is compiled here: the core starts in the worker. */
function wasmHere() {
  try {
    return typeof WebAssembly === 'object' && !!WebAssembly && typeof WebAssembly.Module === 'function';
  } catch (e) {
    return false;
  }
}

/** What the core said about itself (client.about's value), once it has. */
let about = null;

function drawFingerprint() {
  const sha = about ? code(about.wasmSha256, 'hash') : code('…', 'hash');
  $('#fingerprint').replaceChildren(...parts(build.engine === 'js' ? 'page.fingerprint.js' : 'page.fingerprint', {
    version: el('span', { id: 'version', text: build.version }),
    sha,
  }));
  $('#fingerprint code').id = 'wasm-sha';
  if (about) $('#fingerprint').setAttribute('data-wasm-sha256', about.wasmSha256);
}

/** The page cannot run its core here: it says so (and, for the wasm build, names
 *  the build without WebAssembly) and wires nothing else. */
function cannotRun() {
  const say = () => {
    document.querySelectorAll('[data-wasm-missing]').forEach((n) => n.remove());
    const box = pageNotice({ 'data-wasm-missing': '' }, t('entry.wasm.missing'));
    if (build.engine === 'wasm' && build.other) {
      const link = el('a', { href: build.other, id: 'nowasm-link', text: build.other });
      box.append(el('p', { 'data-nowasm': '' }, ...parts('entry.wasm.nowasm', { name: link })));
    }
    box.append(el('p', { text: t('entry.wasm.what') }));
  };
  say();
  wireLanguage(say);
  $('main').hidden = true;
  $('#selftest').hidden = true;
}

/** The build without WebAssembly says so, at the top, in plain words. */
function slowerBuild() {
  document.querySelectorAll('[data-nowasm-build]').forEach((n) => n.remove());
  const box = el('div', { class: 'notice', role: 'status', 'data-nowasm-build': '' },
    el('p', { text: t('entry.nowasm.running') }));
  $('#notices').prepend(box);
}

/** Asks the core (in the worker) for its fingerprint and self-test. An error means
 *  the core could not start at all (no WebAssembly in the worker, say): the page
 *  says it cannot run rather than wait on answers that never come. */
function askCore() {
  client.about().then((res) => {
    if (!res) return;
    if (res.error || !res.value) { $('#notices').replaceChildren(); cannotRun(); return; }
    about = res.value;
    state.core = about;
    document.documentElement.setAttribute('data-engine', about.engine);
    drawFingerprint();
    runSelfTest(about.selfTest);
  });
}

function drawSchemeMenu() {
  const sel = $('#scheme');
  sel.replaceChildren(...schemes().map((d) => el('option', { value: d.id, text: t(d.label) })));
  if (state.scheme) sel.value = state.scheme;
}

/** Everything in the new language, in place: what was typed stays, the last result
 *  is made again. */
function redraw() {
  if (build.engine === 'js') slowerBuild();
  drawFingerprint();
  drawSchemeMenu();
  drawPicker();
  labelExamples();
  const game = $('#rounds-game').value;
  fillRoundGames($('#rounds-game'));
  if (game) $('#rounds-game').value = game;
  drawTerminals();
  relabelFound();
  relabelDownload();
  relabelInstall();
  if (state.scheme) buildForm(state.scheme, readForm(true));
  runSelfTest();
  redoResult();
}

/** Starts the page's entry; false when the verifier cannot run here (then the page
 *  says so and nothing else is wired). */
export function startEntry() {
  restoreStatic();
  restyleLiveParts();
  startLanguage();
  if (build.engine === 'wasm' && !wasmHere()) {
    cannotRun();
    return false;
  }
  wireLanguage(redraw);
  if (build.engine === 'js') slowerBuild();
  drawFingerprint();
  drawSchemeMenu();
  $('#scheme').addEventListener('change', () => buildForm($('#scheme').value));
  // A #record= link fills the form with its own record once its verification is on
  // its way (www/page/main.js): the first game's form would be drawn and thrown away
  // (38 ms at 4x CPU throttling, issue 25).
  if (!readFragment().record) defaultForm();
  return true;
}

/** The first game's empty form, unless a form is drawn already (a link's record). */
export function defaultForm() {
  if (state.scheme) return;
  const first = gameGroups()[0].entries[0];
  buildForm(first.scheme, { game: first.game });
}

/** In a task of its own (www/page/main.js): the game picker, the round-history
 *  games and their published terminals. */
export function drawEntry() {
  drawPicker();
  fillRoundGames($('#rounds-game'));
  drawTerminals();
}

/** Once the whole file is parsed (its core and worker are in the DOM): "Download
 *  this verifier", whose blueprint names every part of the file. */
export function finishEntry() {
  wireDownload();
}

/** After the first verification was asked for: the core's fingerprint and self-test
 *  (queued behind it in the worker, so the first verdict does not wait on them). */
export const startCoreChecks = askCore;
