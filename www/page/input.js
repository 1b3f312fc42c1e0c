// The one paste box (and files, and drops anywhere on the page): it recognises a
// record, a JSON array or JSON lines of records, a round history (lines starting
// with a 64-hex hash) or a list of dice or mines bets, says what it found, and
// hands over to the flows: one record fills the form and verifies, several run as
// a batch (batch.js), a history is checked round by round (rounds.js), bets go into
// the dice or mines form under the server seed typed there.
import { $, el } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';
import { showResult, setRedo } from '../ui/notices.js';
import * as render from '../render/report.js';
import { readRecords, isNamed } from '../core/records.js';
import { fieldsFor } from '../core/descriptors.js';
import { schemes, scheme } from './schemes.js';
import { state } from './state.js';
import { buildForm, readForm, clearFieldErrors, showBetsRead } from './form.js';
import { recordGameName } from './picker.js';
import { verifyInput } from './batch.js';
import { checkRoundsText } from './rounds.js';
import { client } from './client.js';
import { looksLikeBetLines, readBetLines } from './betlines.js';
import { readText as betsReadText, errorText as betsErrorText, rememberRead } from './betsui.js';
import { terminalName } from '../render/words.js';
import { errorValue } from '../core/errors.js';

const HEX64 = /^[0-9a-fA-F]{64}(?![0-9a-zA-Z])/;

const isObject = (v) => !!v && typeof v === 'object' && !Array.isArray(v);
const isBet = (v) => isObject(v) && !('scheme' in v) && 'nonce' in v && ('selected' in v || 'mines' in v);

/** The chain game a history is most likely of: the form's game when it is one,
 *  else by its columns (hash,winner,chance,… battle; hash,1–25 platforms;
 *  hash,multiplier crash; the hash alone: the links only). */
function roundGame(lines) {
  const d = scheme(state.scheme);
  if (d && d.chain) return d.id;
  const rows = lines.filter((l) => HEX64.test(l)).map((l) => (l.split(/[\t;]/).length > 1 ? l.split(/[\t;]/) : l.split(',')).map((f) => f.trim()));
  const width = Math.max(...rows.map((r) => r.filter((f) => f !== '').length));
  const has = (id) => schemes().some((x) => x.id === id && x.chain);
  // "hash,2,71": a crash point with a decimal comma (two decimals), not a battle.
  const decimalComma = rows.every((r) => r.length < 3 || (r.length === 3 && /^[1-9]\d*$/.test(r[1]) && /^\d\d[xX×]?$/.test(r[2])));
  if (width === 3 && decimalComma && has('crash')) return 'crash';
  if (width >= 3 && has('battle')) return 'battle';
  if (width === 2) {
    const ints = rows.every((r) => !r[1] || /^\s*([1-9]|1\d|2[0-5])\s*$/.test(r[1]));
    if (ints && has('platforms')) return 'platforms';
    if (has('crash')) return 'crash';
  }
  return (schemes().find((x) => x.chain && x.id === 'hash_chain') || schemes().find((x) => x.chain) || {}).id;
}

/** The scheme of a record that names none: the form's, if the record's keys are its
 *  fields, else the first whose fields cover the keys and which has all it needs. */
function guessScheme(rec) {
  const keys = Object.keys(rec);
  const fits = (d) => {
    const names = new Set(d.fields.map((f) => f.name));
    const needed = fieldsFor(d, rec.game).filter((f) => f.required !== false && f.empty !== 'keep' && f.empty !== 'null' && f.name !== 'game');
    return keys.length > 0 && keys.every((k) => names.has(k)) && needed.every((f) => f.name in rec);
  };
  const cur = scheme(state.scheme);
  if (cur && fits(cur)) return cur.id;
  const d = schemes().find(fits);
  return d ? d.id : null;
}

/** What pasted text is: {kind: record|records|rounds|bets|unknown, …}, or null if empty. */
export function recognise(text) {
  const s = text.trim();
  if (!s) return null;
  if (!/^[[{]/.test(s)) {
    const lines = s.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    const rounds = lines.filter((l) => HEX64.test(l)).length;
    // A header line is allowed.
    if (rounds > 0 && rounds >= lines.length - 1) return { kind: 'rounds', count: rounds, game: roundGame(lines), text };
    // Dice or mines bets as lines (nonce, selection, result · nonce, mines, positions).
    if (looksLikeBetLines(s)) {
      const read = readBetLines(text, { prefer: state.scheme });
      // The form reads them again as its game's: the same reading, remembered.
      if (read.ok) rememberRead(text, read);
      return read.ok ? { kind: 'bets', count: read.count, game: read.game, bets: read.bets, read, text }
        : { kind: 'bets', count: 0, game: read.game, error: read.error };
    }
  }
  const r = readRecords(text);
  if (r.error) return { kind: 'unknown', error: r.error };
  const values = r.lines ? r.lines : Array.isArray(r.value) ? r.value : null;
  if (values) {
    if (values.length && values.every(isBet)) {
      return { kind: 'bets', count: values.length, game: values.every((v) => 'selected' in v) ? 'dice' : 'mines', bets: values };
    }
    return { kind: 'records', count: values.length, values, text };
  }
  const rec = isNamed(r.value) ? r.value.record : r.value;
  if (isObject(rec) && typeof rec.scheme !== 'string') {
    const guess = guessScheme(rec);
    if (guess) return { kind: 'record', record: { scheme: guess, ...rec }, guessed: true };
  }
  // Its own text goes to the core (bare or wrapped, the core reads both).
  return { kind: 'record', record: rec, text };
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
      if (!isObject(f.record) || !scheme(f.record.scheme)) return t('entry.found.recordUnknown');
      return t(f.guessed ? 'entry.found.recordGuessed' : 'entry.found.record', { game: recordGameName(f.record.scheme, f.record.game) });
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

let found = null;

function show(f) {
  found = f;
  const out = $('#paste-found');
  out.textContent = foundText(f);
  out.setAttribute('data-kind', f ? f.kind : '');
  out.setAttribute('data-count', f && f.count !== undefined ? String(f.count) : f && f.kind === 'record' ? '1' : '');
  out.setAttribute('data-game', f && (f.game || (f.record && f.record.scheme)) ? String(f.game || f.record.scheme) : '');
  // The length of the text this line is about, so a reader can tell it is up to date.
  out.setAttribute('data-text-length', String($('#paste').value.length));
  showRoundOptions(f);
}

/** Bets go into the dice or mines form, in place of a single bet's fields; the
 *  form is verified when it has its server seed, else the player is asked for it. */
function takeBets(f) {
  const d = scheme(f.game);
  if (!d) return;
  const keep = state.scheme === d.id ? readForm(true) : {};
  const single = d.fields.filter((x) => x.role === 'setting' || x.name === 'nonce').map((x) => x.name);
  for (const n of single) delete keep[n];
  // Lines stay as pasted (the form reads them again, and says what it read).
  buildForm(d.id, { ...keep, bets: f.read ? f.text : f.bets });
  if (f.read) showBetsRead(f.read);
  const seed = $('#f-serverSeed');
  // A frame between reading the lines and verifying them (10,000 bets stay responsive).
  if (seed && seed.value.trim()) setTimeout(() => $('#form').requestSubmit(), 0);
  else {
    $('#paste-found').textContent = t('entry.bets.needSeed', { count: f.count });
    if (seed) seed.focus();
  }
}

/** Verifies what was found, through the flows; `loadRecord` for one record. */
function go(f, loadRecord) {
  clearFieldErrors();
  // How many times Verify was handled (a test waits on this, not on time, before it
  // looks at what a refused paste did not do).
  const b = $('#paste-go');
  b.setAttribute('data-runs', String(Number(b.getAttribute('data-runs') || 0) + 1));
  if (!f) return;
  switch (f.kind) {
    case 'record': loadRecord(f.record, f.guessed ? undefined : f.text); break;
    case 'records': {
      // Each record is read by the core from its own text, in the worker.
      const run = () => verifyInput(f.text, (one) => loadRecord(undefined, one));
      setRedo(run);
      if (f.values.length) run();
      break;
    }
    case 'rounds': {
      const { text } = f;
      const game = $('#rounds-game').value || f.game;
      const terminal = $('#rounds-terminal').value.trim();
      const run = () => { $('#rounds-game').value = game; return checkRoundsText(text, { terminal: terminal || undefined, game }); };
      setRedo(run);
      run();
      break;
    }
    case 'bets': if (!f.error) takeBets(f); break;
    default: {
      const e = errorValue('bad_json', '', f.error ? f.error.message : '');
      setRedo(() => showResult(render.error(e)));
      showResult(render.error(e));
    }
  }
}

/** Over this size a record is refused by the core before parsing (`too_large`). */
const MAX_RECORD = 16 << 20;

/** Text that came from a file or a drop: shown (if not huge), recognised, verified. */
function takeText(text, loadRecord) {
  if (text.length > MAX_RECORD && !/\n\s*\S/.test(text.slice(0, 1 << 16))) {
    // One huge record: the core refuses it by size at once, nothing is parsed here.
    loadRecord(undefined, text);
    return;
  }
  $('#paste').value = text.length <= 2e6 ? text : '';
  const f = recognise(text);
  show(f);
  go(f, loadRecord);
}

/** A file: its bytes go to the core's decoder, as the CLI's do (a BOM skipped,
 *  UTF-16 with or without a byte-order mark, strict UTF-8: a byte that is not text
 *  is never replaced, SPEC hashes strings exactly as typed); the text it gives is
 *  then what a paste is. A file that is not text gets the core's error, which
 *  names the first bad byte's offset. */
export async function takeFile(file, loadRecord) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const res = await client.call('decodeFile', bytes);
  if (!res) return;
  if (res.error) {
    setRedo(() => showResult(render.error(res.error)));
    showResult(render.error(res.error));
    return;
  }
  takeText(res.value, loadRecord);
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
  const box = $('#paste');
  let timer = null;
  let seen = null;
  // The same text is not recognised twice (10,000 bet lines are read once).
  const look = () => { clearTimeout(timer); timer = null; if (box.value !== seen || !found) { seen = box.value; show(recognise(box.value)); } };
  box.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(look, 150); });
  box.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); $('#paste-go').click(); } });
  $('#paste-go').addEventListener('click', () => { look(); go(found, loadRecord); });
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
