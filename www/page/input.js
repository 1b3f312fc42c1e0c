// The one paste box (and files, and drops anywhere on the page): the core says what
// it holds (`classify`: a record, a JSON array or JSON lines of records, a round
// history, a list of dice or mines bets; a file's bytes are decoded there and come
// back with the answer, one crossing), this says what was found and hands over to
// the flows: one record fills the form and verifies, several run as a batch
// (batch.js), a history is checked round by round (rounds.js), bets go into the
// dice or mines form under the server seed typed there.
import { $, el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { showResult, setRedo } from '../ui/notices.js';
import * as render from '../render/report.js';
import { scheme } from './schemes.js';
import { state } from './state.js';
import { buildForm, readForm, clearFieldErrors, showBetsRead } from './form.js';
import { recordGameName } from './picker.js';
import { verifyInput } from './batch.js';
import { checkRoundsText } from './rounds.js';
import { client } from './client.js';
import { readText as betsReadText, errorText as betsErrorText, rememberRead } from './betsui.js';
import { terminalName } from '../render/words.js';
import { evidenceScript, scriptDiffers } from '../core/evidence_script.js';
import { recipeWords } from '../i18n/recipe.js';
import { CATALOGS } from '../i18n/catalogs.js';
import { resultDrawn } from './drawn.js';

/** What the core found in a text or a file's bytes (null when there is nothing, or
 *  when the call was cancelled); its `text` is the text it is about. */
async function classified(input) {
  const res = await client.classify(input, { scheme: state.scheme || undefined });
  if (!res) return null;
  const f = res.error ? { kind: 'error', error: res.error } : res.value;
  return f.kind === 'empty' ? null : f;
}

/** The sentence that says what was found. */
function foundText(f) {
  if (!f) return '';
  switch (f.kind) {
    case 'rounds': return t('entry.found.rounds', { count: f.count, game: recordGameName(f.game) });
    case 'records': return t('entry.found.records', { count: f.count });
    case 'bets':
      if (f.error) return betsErrorText(f.error, f.game);
      return f.read ? betsReadText(f.read) : t('entry.found.bets', { count: f.count, game: recordGameName(f.game) });
    case 'record':
      if (!scheme(f.scheme)) return t('entry.found.recordUnknown');
      return t(f.guessed ? 'entry.found.recordGuessed' : 'entry.found.record', { game: recordGameName(f.scheme, f.game) });
    case 'error': return render.errorText(f.error);
    default: return t('entry.found.unknown');
  }
}

/** The history options (game, published terminal) shown for a history. */
function showRoundOptions(f) {
  const box = $('#paste-rounds');
  box.hidden = !f || f.kind !== 'rounds';
  if (box.hidden) return;
  $('#rounds-game').value = f.game;
  drawTerminals();
}

/** The published terminals of the history's game, as buttons that fill the box. */
export function drawTerminals() {
  const d = scheme($('#rounds-game').value);
  const input = $('#rounds-terminal');
  $('#rounds-terminals').replaceChildren(...(d && d.terminals && d.terminals.length
    ? [el('span', { text: t('page.terminals.published') }), ...d.terminals.map(({ name, hash }) => {
      const label = t('page.terminals.use', { name: terminalName(name) });
      const b = el('button', { type: 'button', class: 'link', text: terminalName(name), 'data-terminal': name, 'aria-label': label, title: label });
      b.addEventListener('click', () => { input.value = hash; });
      return b;
    })] : []));
}

/** What the core found, and the text it is about. */
let found = null;
let foundFor = null;

function show(f, text) {
  found = f;
  foundFor = text;
  const out = $('#paste-found');
  out.textContent = foundText(f);
  out.setAttribute('data-kind', f ? f.kind : '');
  out.setAttribute('data-count', f && f.count !== undefined ? String(f.count) : f && f.kind === 'record' ? '1' : '');
  const game = f && (f.kind === 'record' ? f.scheme : f.game);
  out.setAttribute('data-game', game ? String(game) : '');
  // The length of the text this line is about, so a reader can tell it is up to date.
  out.setAttribute('data-text-length', String($('#paste').value.length));
  showRoundOptions(f);
}

/** Bets go into the dice or mines form, in place of a single bet's fields; the
 *  form is verified when it has its server seed, else the player is asked for it. */
function takeBets(f, text) {
  const d = scheme(f.game);
  if (!d) return;
  const keep = state.scheme === d.id ? readForm(true) : {};
  const single = d.fields.filter((x) => x.role === 'setting' || x.name === 'nonce').map((x) => x.name);
  for (const n of single) delete keep[n];
  // Lines stay as pasted; the form takes the core's reading of them (not read twice).
  if (f.read) rememberRead(text, f.read);
  buildForm(d.id, { ...keep, bets: f.read ? text : f.bets });
  if (f.read) showBetsRead(f.read);
  const seed = /** @type {HTMLInputElement | null} */ ($('#f-serverSeed'));
  // A frame between reading the lines and verifying them (10,000 bets stay responsive).
  if (seed && seed.value.trim()) setTimeout(() => /** @type {HTMLFormElement} */ ($('#form')).requestSubmit(), 0);
  else {
    $('#paste-found').textContent = t('entry.bets.needSeed', { count: f.count });
    if (seed) seed.focus();
  }
}

/** Shows an error of the core as the result (again after a language change). */
function showError(e) {
  setRedo(() => showResult(render.error(e)));
  showResult(render.error(e));
  resultDrawn();
}

/** Verifies what was found in `text`, through the flows; `loadRecord` for one record. */
function go(f, text, loadRecord) {
  clearFieldErrors();
  // How many times Verify was handled (a test waits on this, not on time, before it
  // looks at what a refused paste did not do).
  const b = $('#paste-go');
  b.setAttribute('data-runs', String(Number(b.getAttribute('data-runs') || 0) + 1));
  if (!f) return;
  switch (f.kind) {
    // A record named by its text is verified from that text (bare or wrapped, the
    // core reads both); a guessed one as the record with the scheme put in.
    case 'record': if (f.guessed) loadRecord(f.record); else loadRecord(undefined, text); break;
    case 'records': {
      // Each record is read by the core from its own text, in the worker.
      const run = () => verifyInput(text, (one) => loadRecord(undefined, one));
      setRedo(run);
      if (f.count) run();
      break;
    }
    case 'rounds': {
      const game = $('#rounds-game').value || f.game;
      const terminal = $('#rounds-terminal').value.trim();
      const run = () => { $('#rounds-game').value = game; return checkRoundsText(text, { terminal: terminal || undefined, game }); };
      setRedo(run);
      run();
      break;
    }
    case 'bets': if (!f.error) takeBets(f, text); break;
    default: showError(f.error);
  }
}

/** What the core found in text that came from a file or a drop: shown (the text in
 *  the box, if not huge), then verified. */
function take(f, text, loadRecord) {
  $('#paste').value = text.length <= 2e6 ? text : '';
  show(f, text);
  go(f, text, loadRecord);
}

/** Text from a drop or a share: classified by the core, then taken. */
async function takeText(text, loadRecord) {
  const f = await classified(text);
  take(f, text, loadRecord);
}

/** A file: its bytes go to the core once, which decodes them as the CLI's (a BOM
 *  skipped, UTF-16 with or without a byte-order mark, strict UTF-8: a byte that is
 *  not text is never replaced, SPEC hashes strings exactly as typed) and says what
 *  they are; the text comes back with the answer. A file that is not text, or one
 *  record over the size limit, gets the core's error (a bad byte's offset). */
export async function takeFile(file, loadRecord) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const f = await classified(bytes);
  showForeignScript(false);
  scriptAsked++;
  if (f && f.kind === 'error') { showError(f.error); return; }
  take(f, f && typeof f.text === 'string' ? f.text : '', loadRecord);
  if (f && f.kind === 'record') checkScript(bytes, f.text);
}

/** An evidence file's "run it" script, checked as its record is (issue 43, turn-5
 *  review finding 6): the scripts the core writes for the record, in every catalog's
 *  language, against the one the file shows. When none is the same the page says so
 *  plainly beside what was found: do not run it. */
let scriptAsked = 0;
async function checkScript(bytes, text) {
  const asked = ++scriptAsked;
  let found;
  try { found = evidenceScript(new TextDecoder('utf-8').decode(bytes)); } catch (e) { return; }
  if (!found) return;
  const recipes = [];
  if (!found.odd && typeof text === 'string') {
    for (const lang of Object.keys(CATALOGS)) {
      const r = await client.call('recipe', text, recipeWords(lang)).catch((e) => /** @type {import('../verify/types').Result} */ ({ error: e }));
      // A call cancelled (another file, another verification): nothing is said.
      if (!r || asked !== scriptAsked) return;
      recipes.push(r.value || null);
    }
  }
  if (asked === scriptAsked) showForeignScript(scriptDiffers(found, recipes));
}

/** The warning under what was found, or none. */
function showForeignScript(on) {
  const old = $('#evidence-script');
  if (!on) { if (old) old.remove(); return; }
  const warn = el('p', { id: 'evidence-script', class: 'notice', role: 'alert', text: t('evidence.scriptDiffers') });
  if (old) old.replaceWith(warn);
  else $('#paste-found').after(warn);
}

let taker = null;

/** Text or a file handed to the page from outside it (a share to the installed app, a
 *  record file opened from the file manager: www/page/install.js): the same flow as
 *  a file or a drop. */
export function takeInput(what) {
  if (!taker) return;
  if (typeof what === 'string') takeText(what, taker);
  else if (what && typeof what.arrayBuffer === 'function') takeFile(what, taker);
}

/** Wires the paste box, the file input and drag-and-drop anywhere on the page. */
export function wireInput(loadRecord) {
  taker = loadRecord;
  const box = /** @type {HTMLTextAreaElement} */ ($('#paste'));
  let timer = null;
  let asked = null; // the text last sent to the core, and its answer to come
  // The same text is not classified twice (10,000 bet lines are read once); the
  // answer for a text the box no longer holds is not shown.
  const look = () => {
    clearTimeout(timer);
    timer = null;
    const text = box.value;
    if (found !== null && foundFor === text) return Promise.resolve();
    if (asked && asked.text === text) return asked.done;
    const done = classified(text).then((f) => { if (box.value === text) show(f, text); });
    asked = { text, done };
    return done;
  };
  box.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(look, 150); });
  box.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); $('#paste-go').click(); } });
  $('#paste-go').addEventListener('click', async () => {
    await look();
    go(found, foundFor, loadRecord);
  });
  // The history's options sit below the button: Enter in the terminal field verifies.
  $('#rounds-terminal').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); $('#paste-go').click(); } });
  $('#rounds-game').addEventListener('change', () => {
    drawTerminals();
    if (found && found.kind === 'rounds') { found.game = $('#rounds-game').value; $('#paste-found').textContent = foundText(found); }
  });
  $('#file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    // The chosen file's name replaces "No file chosen" (the name as it is).
    const name = $('#file-name');
    name.removeAttribute('data-i18n');
    name.setAttribute('dir', 'auto');
    name.textContent = file ? file.name : t('page.file.none');
    if (file) takeFile(file, loadRecord);
  });
  document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
  document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    document.body.classList.remove('dragging');
    const file = e.dataTransfer.files[0];
    if (file) takeFile(file, loadRecord);
    else takeText(e.dataTransfer.getData('text'), loadRecord);
  });
}

/** Says again what the box holds (after a language change). */
export function relabelFound() {
  if (found) $('#paste-found').textContent = foundText(found);
}
