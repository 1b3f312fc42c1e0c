// The page's entry: what happens first, before anything is verified. A saved copy
// goes back to its static markup (the static notice was put away by the gate of the
// stylesheet, tools/page.mjs GATE_JS); the language is
// chosen; WebAssembly is checked (and its absence said at once, in plain words);
// then the game picker, the scheme menu under "Details", the history options, the
// fingerprints and "Download this verifier". A language change redraws all of it,
// the form (keeping what was typed) and the last result, in place.
import { $, el, code } from '../ui/dom.js';
import { t, parts } from '../i18n/i18n.js';
import { pageNotice, redoResult } from '../ui/notices.js';
import { V } from './verifier.js';
import { schemes } from './schemes.js';
import { state } from './state.js';
import { buildForm, readForm } from './form.js';
import { drawPicker, gameGroups } from './picker.js';
import { labelExamples } from './examples.js';
import { drawTerminals, relabelFound } from './input.js';
import { fillRoundGames } from './rounds.js';
import { runSelfTest } from './selftest.js';
import { startLanguage, wireLanguage } from './language.js';
import { restoreStatic, restyleLiveParts, wireDownload, relabelDownload } from './copies.js';
import { relabelInstall } from './install.js';

/** Can this browser run the verifier's WebAssembly? (Deleted, or turned off as in
 *  Lockdown Mode: then no verify call could ever answer.) */
function wasmWorks() {
  try {
    if (typeof WebAssembly !== 'object' || !WebAssembly || typeof WebAssembly.Module !== 'function') return false;
    const api = V();
    if (!api) return false;
    api.schemes();
    return true;
  } catch (e) {
    return false;
  }
}

function drawFingerprint() {
  const api = V();
  $('#fingerprint').replaceChildren(...parts('page.fingerprint', {
    version: el('span', { id: 'version', text: api.version }),
    sha: code(api.wasmSha256, 'hash'),
  }));
  $('#fingerprint code').id = 'wasm-sha';
}

function drawSchemeMenu() {
  const sel = $('#scheme');
  sel.replaceChildren(...schemes().map((d) => el('option', { value: d.id, text: t(d.label) })));
  if (state.scheme) sel.value = state.scheme;
}

/** Everything in the new language, in place: what was typed stays, the last result
 *  is made again. */
function redraw() {
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
  if (!wasmWorks()) {
    const say = () => {
      document.querySelectorAll('[data-wasm-missing]').forEach((n) => n.remove());
      pageNotice({ 'data-wasm-missing': '' }, t('entry.wasm.missing'), t('entry.wasm.what'));
    };
    say();
    wireLanguage(say);
    $('main').hidden = true;
    $('#selftest').hidden = true;
    return false;
  }
  wireLanguage(redraw);
  drawFingerprint();
  drawSchemeMenu();
  $('#scheme').addEventListener('change', () => buildForm($('#scheme').value));
  fillRoundGames($('#rounds-game'));
  drawTerminals();
  drawPicker();
  const first = gameGroups()[0].entries[0];
  buildForm(first.scheme, { game: first.game });
  wireDownload();
  return true;
}
