// The verifier page: start-up, language, routing (#lang=…&record=…), wiring.
// Runs entirely in this page; it makes no requests, and stores nothing unless the
// player ticks "Remember proven rounds on this device" (remember.js).
import { el, $, code } from '../ui/dom.js';
import { t, parts, pickLanguage, setLanguage, direction } from '../i18n/i18n.js';
import { showResult } from '../ui/notices.js';
import * as render from '../render/report.js';
import { V } from './verifier.js';
import { schemes, scheme } from './schemes.js';
import { buildForm, readForm, showFieldError } from './form.js';
import { verifyOne, verifyRecordText } from './verify.js';
import { cancelJob, warmUp } from './jobs.js';
import { rememberBox } from './remember.js';
import { checkRoundsText, fillRoundGames } from './rounds.js';
import { copyLink, openFragment, readFragment } from './links.js';
import { wireInput } from './input.js';
import { wireExamples } from './examples.js';
import { runSelfTest } from './selftest.js';

/** The page's words: every [data-i18n] element's text, and the title. */
function translatePage() {
  document.documentElement.lang = setLanguage(pickLanguage([readFragment().lang, ...(navigator.languages || [])]));
  document.documentElement.dir = direction();
  document.title = t('page.title');
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.getAttribute('data-i18n'));
  const formats = ['crash', 'platforms', 'battle'].map((f) => code(t(`page.rounds.format.${f}`)));
  $('#rounds-note').replaceChildren(...parts('page.rounds.note', {
    formats: el('span', {}, parts('page.rounds.or', { a: el('span', {}, formats[0], ', ', formats[1]), b: formats[2] })),
  }));
  $('#fingerprint').replaceChildren(...parts('page.fingerprint', {
    version: el('span', { id: 'version', text: V().version }),
    sha: code(V().wasmSha256, 'hash'),
  }));
  $('#fingerprint code').id = 'wasm-sha';
}

/** A record: fill the form (when it names a known scheme) and verify. With `text`
 *  (a link, a paste, a file) the core verifies that very text; `record` is a parsed
 *  copy for the form only. */
function loadRecord(record, text, how) {
  if (record && typeof record === 'object' && !Array.isArray(record) && scheme(record.scheme)) {
    buildForm(record.scheme, record);
  }
  if (typeof text === 'string') verifyRecordText(text);
  else verifyOne(record, how);
}

/** One record's text from a paste, a file or a drop. */
function loadText(text) {
  let record = null;
  if (text.length <= (4 << 20)) {
    try { record = JSON.parse(text); } catch (e) { /* the core says what is wrong */ }
  }
  loadRecord(record, text);
}

function verifyForm() {
  let record;
  try {
    record = readForm(false);
  } catch (e) {
    showResult(render.error(e));
    showFieldError(e, render.errorText(e));
    return;
  }
  verifyOne(record);
}

/** A passed self-test is a quiet footnote; a failed one stays loud at the top. */
function placeSelfTest() {
  const box = $('#selftest');
  if (!box || box.getAttribute('data-selftest') !== 'passed') return;
  box.classList.add('footnote');
  box.setAttribute('role', 'note');
  const foot = document.querySelector('footer');
  if (foot) foot.append(box);
}

function init() {
  translatePage();
  const sel = $('#scheme');
  sel.append(...schemes().map((d) => el('option', { value: d.id, text: t(d.label) })));
  sel.addEventListener('change', () => buildForm(sel.value));
  // An example picked in the menu: the verdict in view, the keyboard stays in the menu.
  wireExamples((record) => loadRecord(record, undefined, { focus: false }));
  $('#form').addEventListener('submit', (e) => { e.preventDefault(); verifyForm(); });
  $('#copy-link').addEventListener('click', copyLink);
  wireInput(loadText);
  window.addEventListener('hashchange', () => openFragment(loadRecord));
  $('#chain-cancel').addEventListener('click', cancelJob);
  fillRoundGames($('#rounds-game'));
  $('#rounds-go').addEventListener('click', () => checkRoundsText($('#rounds-text').value));
  $('#rounds-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) { const text = await f.text(); $('#rounds-text').value = text.length < 2e6 ? text : ''; checkRoundsText(text); }
  });
  $('#result').after(rememberBox());
  buildForm(schemes()[0].id);
  runSelfTest();
  placeSelfTest();
  openFragment(loadRecord);
  // The worker: started once, the wasm compiled and warmed while the page is idle.
  setTimeout(warmUp, 0);
}

init();
