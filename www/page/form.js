// The form of a scheme, built from its descriptor: one input a field (data-field),
// the help text, the published chain terminals; reading it back as a record.
import { el, $, code } from '../ui/dom.js';
import { t, has, parts } from '../i18n/i18n.js';
import { terminalName, playedExample } from '../render/words.js';
import { fieldsFor } from '../core/descriptors.js';
import { scheme } from './schemes.js';
import { state } from './state.js';
import { toText, fromText, SKIP, MULTILINE, typingAttrs, seatCount, seatTexts } from './fields.js';
import { showPicked } from './picker.js';
import { showRememberFor } from './remember.js';
import { attachEntry } from './seen.js';
import { readLines, readText as betsReadText, errorText as betsErrorText } from './betsui.js';

const KIND_HINTS = ['list', 'seats', 'numbers', 'buyers', 'json', 'bets'];

/** What "What you were shown" holds (the JSON box's object), or null. */
function shownNow() {
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById('f-played'));
  if (!input || !input.value.trim()) return null;
  try {
    const v = JSON.parse(input.value);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch (e) {
    return null;
  }
}

/** The list "What you were shown" holds under a count field's own name (rolls,
 *  deals, the mines of the board), when it holds one with something entered. */
function shownList(name, shown = shownNow()) {
  const v = shown ? shown[name] : undefined;
  return Array.isArray(v) && v.some((x) => x !== null) ? v : null;
}

/** A number the form takes from the board the player tapped when it is left empty:
 *  an int field that the core requires unless another field is given, named as a
 *  list of "What you were shown" (mines: the cells tapped are the mines). The
 *  counts the core takes from `played` itself (`unless: "played"`: rolls, deals)
 *  are left out instead. */
const countedFromShown = (f) => f.kind === 'int' && !!f.insteadOf && f.unless === undefined;

/** Whether the record may leave field `f` out now: an optional field; one the core
 *  requires unless another is given (`unless`, `insteadOf`), when it is (the bets
 *  box filled; for a count taken from what was shown, that list entered). */
function optionalNow(f) {
  if (f.required !== false) return false;
  const other = f.unless || f.insteadOf;
  if (!other) return true;
  if (other === 'played') return !!shownList(f.name);
  if (countedFromShown(f) && shownList(f.name)) return true;
  const boxes = /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll(`#f-${other}, #fields [data-field="${other}"] input[data-seat]`)]);
  return boxes.some((i) => i.value.trim() !== '');
}

function fieldLabel(f, optional = optionalNow(f)) {
  let label = t(f.label);
  if (KIND_HINTS.includes(f.kind)) label = t('field.withKind', { label, kind: f.kind === 'bets' ? t('bets.kind') : t(`kind.${f.kind}`) });
  if (!optional) return label;
  // A count the core or the form takes from what was shown: said where it comes from.
  if (f.unless === 'played' || (countedFromShown(f) && shownList(f.name))) return t('field.optionalShown', { label });
  // Optional, but without it nothing is proven (SPEC: unchecked): said so, not "(optional)".
  return t(f.role === 'commitment' ? 'field.commitmentOptional' : 'field.optional', { label });
}

/** Marks "optional" again on the fields whose need depends on others (issue 41:
 *  "optional" only when a field is); a "missing" error left under one that no longer
 *  needs a value (the rolls now entered give the count) is cleared with it. */
function relabel() {
  const desc = scheme(state.scheme);
  if (!desc) return;
  for (const f of fieldsFor(desc, gameOf(desc))) {
    if (f.required !== false || !(f.unless || f.insteadOf)) continue;
    const optional = optionalNow(f);
    const label = document.querySelector(`#fields label[for="f-${f.name}"]`);
    if (label) label.textContent = fieldLabel(f, optional);
    const err = document.getElementById(`f-${f.name}-err`);
    if (optional && err && err.getAttribute('data-code') === 'missing_field') clearFieldError(err);
  }
}

/** Empties one field's error (and its red outline). */
function clearFieldError(p) {
  p.textContent = '';
  p.removeAttribute('data-code');
  if (p.parentElement) p.parentElement.classList.remove('invalid');
}

function optionLabel(desc, value) {
  const g = desc.games.find((x) => x.id === value);
  return g ? t(g.label) : value;
}

function terminalButtons(desc, input) {
  const pick = el('div', { class: 'terminals' }, el('span', { text: t('page.terminals.published') }));
  for (const { name, hash } of desc.terminals) {
    // The game's name in the player's words; the core's name stays in data-terminal.
    const label = t('page.terminals.use', { name: terminalName(name) });
    const b = el('button', {
      type: 'button', class: 'link', text: terminalName(name), 'data-terminal': name, 'aria-label': label, title: label,
    });
    b.addEventListener('click', () => { input.value = hash; });
    pick.append(b);
  }
  return pick;
}

/** The client seeds of a game that fixes its seats: one input per player, in the
 *  order the site lists the players ("Player 1", "Player 2"…): the seats are drawn
 *  from the seeds (the result says who sat where), so the boxes are never named by
 *  a seat (issue 41: a seed typed under "East" sat at South). A player who set no
 *  seed is an empty input (the empty string). `texts`: each player's seed. */
function seatInputs(desc, f, gameId, texts) {
  const id = `f-${f.name}`;
  // The field's name and the list it follows: its kind hint ("one a line, or a JSON
  // array") is for the list.
  const legend = el('legend', { id: `${id}-legend`, text: t('field.clientSeeds.listed', { label: t(f.label) }) });
  const rows = texts.map((text, i) => {
    const input = el('input', {
      id: `${id}-${i}`, name: `${f.name}-${i}`, type: 'text', dir: 'ltr', 'data-seat': i, ...typingAttrs(f),
    });
    input.value = text;
    input.setAttribute('aria-describedby', `${id}-err`);
    return el('div', { class: 'seatseed' }, el('label', { for: input.id, text: t('field.clientSeeds.player', { n: i + 1 }) }), input);
  });
  return { first: rows[0].querySelector('input'), box: el('fieldset', { class: 'seatseeds', 'data-seats': texts.length }, legend, ...rows) };
}

function fieldView(desc, f, values, gameId) {
  const id = `f-${f.name}`;
  let input;
  let head;
  const game = desc.games.find((g) => g.id === gameId) || desc.games[0];
  const seats = seatCount(f, game) ? seatTexts(values ? values[f.name] : undefined, seatCount(f, game)) : null;
  if (seats) {
    const s = seatInputs(desc, f, game.id, seats);
    head = s.box;
    input = s.first;
  } else if (f.kind === 'select') {
    input = el('select', { id, name: f.name }, ...f.options.map((o) => el('option', { value: o, text: optionLabel(desc, o) })));
    input.addEventListener('change', () => buildForm(desc.id, keptFor({ ...readForm(true), [f.name]: input.value })));
  } else if (MULTILINE.includes(f.kind)) {
    input = el('textarea', { id, name: f.name, rows: f.kind === 'json' ? 3 : 2, dir: 'ltr', ...typingAttrs(f) });
  } else {
    input = el('input', { id, name: f.name, type: 'text', dir: 'ltr', ...typingAttrs(f) });
  }
  if (!seats) input.setAttribute('aria-describedby', `${id}-err`);
  const wrap = el('div', { class: 'field', 'data-field': f.name }, head || [el('label', { for: id, text: fieldLabel(f) }), input]);
  if (f.role === 'commitment' && desc.terminals && desc.terminals.length) wrap.append(terminalButtons(desc, input));
  // Every term a player meets is explained where it appears, in one line.
  // What you were shown: an example of this scheme's own result key, left to right.
  const help = f.kind === 'bets' ? t(desc.id === 'mines' ? 'bets.help.mines' : 'bets.help.dice')
    : f.role === 'played' ? parts('fieldhelp.playedExample', { example: code(playedExample(desc)) })
      // A scheme's own help where the field means more there (the server seed of dice).
      : f.help && has(`${f.help}.${desc.id}`) ? t(`${f.help}.${desc.id}`) : f.help && has(f.help) ? t(f.help) : '';
  if (help && help.length) {
    wrap.append(el('p', { class: 'fieldhelp', id: `${id}-help` }, help));
    for (const i of seats ? wrap.querySelectorAll('input') : [input]) i.setAttribute('aria-describedby', `${id}-help ${id}-err`);
  }
  wrap.append(el('p', { class: 'fielderr', id: `${id}-err`, 'aria-live': 'polite' }));
  // Bet lines: what was read (columns, header, date-times) is said as they are typed.
  if (f.kind === 'bets') wireBetLines(desc, input, wrap);
  return wrap;
}

/** Says under the bets field what its lines are read as (or why not). */
export function showBetsRead(r) {
  const p = document.getElementById('f-bets-read');
  if (!p) return;
  p.textContent = !r ? '' : r.ok ? betsReadText(r) : betsErrorText(r.error, r.game || state.scheme);
  p.setAttribute('data-ok', r ? String(!!r.ok) : '');
  p.setAttribute('data-count', r && r.ok ? String(r.count) : '');
  p.setAttribute('data-columns', r && r.ok ? r.columns.map((c) => c.role).join(',') : '');
}

function wireBetLines(desc, input, wrap) {
  const note = el('p', { class: 'betsread', id: 'f-bets-read', 'aria-live': 'polite' });
  wrap.querySelector('.fielderr').before(note);
  input.setAttribute('aria-describedby', `${input.getAttribute('aria-describedby')} f-bets-read`);
  let timer = null;
  const look = async () => {
    const text = input.value;
    if (!text.trim() || /^[[{]/.test(text.trim())) { showBetsRead(null); return; }
    const r = await readLines(text, desc.id).catch(() => null);
    // Said only for the text the field still holds.
    if (r && input.value === text) showBetsRead(r);
  };
  input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(look, 200); });
}

/** The game a record (or the form) is about; the scheme's first game by default. */
function gameOf(desc, values) {
  return (values && typeof values.game === 'string' && values.game) || ($('#f-game') || {}).value || desc.games[0].id;
}

/** What a form keeps when the player picks another game: the values typed, except
 *  client seeds that are all empty (the new game's seats start empty, whatever
 *  their number). */
export function keptFor(values) {
  const out = { ...values };
  for (const [k, v] of Object.entries(out)) if (Array.isArray(v) && v.length && v.every((s) => s === '')) delete out[k];
  return out;
}

/** The form of scheme `id` for game `game`, chosen in the picker: what was typed is
 *  kept when the scheme stays the same. */
export function formForGame(id, game) {
  const keep = state.scheme === id ? keptFor(readForm(true)) : {};
  buildForm(id, { ...keep, game });
}

/** Shows the form of scheme `id`, filled with `values` (a record) if given. */
export function buildForm(id, values) {
  showRememberFor(!!(scheme(id) || {}).chain);
  const desc = scheme(id);
  state.scheme = id;
  $('#scheme').value = id;
  const game = values && values.game ? values.game : desc.games[0].id;
  $('#fields').replaceChildren(...fieldsFor(desc, game).map((f) => fieldView(desc, f, values, game)));
  if (values) fillForm(values);
  // What you were shown: tapped, not typed as JSON (www/page/seen.js).
  attachEntry(desc, game);
  // "Optional" on the fields that are optional only beside another (the bets box,
  // what was shown), said again as that one is filled or emptied.
  relabel();
  const fields = $('#fields');
  if (!fields.fvRelabel) {
    fields.fvRelabel = true;
    fields.addEventListener('input', relabel);
  }
  $('#how-text').textContent = t(desc.help);
  showPicked(desc, game);
}

export function fillForm(record) {
  const desc = scheme(state.scheme);
  for (const f of fieldsFor(desc, gameOf(desc, record))) {
    const input = /** @type {HTMLInputElement | null} */ (document.getElementById(`f-${f.name}`));
    // One input per seat: filled as they were drawn (seatInputs).
    if (!input && document.getElementById(`f-${f.name}-0`)) continue;
    if (input && f.kind === 'bets') setBetsText(input, toText(f, record[f.name]));
    else if (input) input.value = toText(f, record[f.name]);
  }
}

/** Over this many characters, bets the page puts in the form (a paste, a link) are
 *  folded: laying out 10,000 lines in a text box takes the browser a few hundred
 *  milliseconds, which the page spends only when the player opens them. */
const FOLD_BETS = 60000;

function setBetsText(input, text) {
  let fold = input.closest('details.betsfold');
  if (text.length > FOLD_BETS) {
    if (!fold) {
      fold = el('details', { class: 'betsfold' }, el('summary'));
      input.before(fold);
      fold.append(input);
    }
    fold.open = false;
    fold.firstChild.textContent = t('bets.showLines', { count: (text.match(/\n/g) || []).length + 1 });
  } else if (fold) {
    fold.replaceWith(input);
  }
  input.value = text;
}

/** The record the form describes. `partial`: keep unparsable JSON as typed. */
export function readForm(partial) {
  const desc = scheme(state.scheme);
  const rec = { scheme: desc.id };
  for (const f of fieldsFor(desc, gameOf(desc))) {
    const input = /** @type {HTMLInputElement | null} */ (document.getElementById(`f-${f.name}`));
    const seats = input ? [] : /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll(`#fields [data-field="${f.name}"] input[data-seat]`)]);
    // One input per seat: the list of their seeds in seat order, an empty seat's
    // seed the empty string (seeds trimmed as a list's lines are).
    if (seats.length) { rec[f.name] = seats.map((i) => i.value.trim()); continue; }
    if (!input) continue;
    const v = fromText(f, input.value, partial);
    if (v !== SKIP) rec[f.name] = v;
  }
  // A count left empty that the board tapped gives (mines: the cells marked), unless
  // the bets box is used (the count is then each bet's own).
  const shown = rec.played && typeof rec.played === 'object' && !Array.isArray(rec.played) ? rec.played : null;
  for (const f of fieldsFor(desc, gameOf(desc))) {
    const list = countedFromShown(f) && rec[f.name] === undefined && rec[f.insteadOf] === undefined ? shownList(f.name, shown) : null;
    if (list) rec[f.name] = list.length;
  }
  return rec;
}

export function clearFieldErrors() {
  document.querySelectorAll('.fielderr').forEach((p) => { p.textContent = ''; p.removeAttribute('data-code'); });
  document.querySelectorAll('.field.invalid').forEach((p) => p.classList.remove('invalid'));
}

/** Puts an error's sentence under its field, if the form has that field: the first
 *  segment of the core's `path` (an error made in JavaScript names a whole field). */
export function showFieldError(e, text) {
  const top = Array.isArray(e.path) ? String(e.path[0] === undefined ? '' : e.path[0]) : String(e.field || '');
  const p = document.getElementById(`f-${top}-err`);
  if (!p) return false;
  p.textContent = text;
  // Which error it is: a "missing" one is cleared once the field needs no value.
  if (e && typeof e.code === 'string') p.setAttribute('data-code', e.code); else p.removeAttribute('data-code');
  p.parentElement.classList.add('invalid');
  return true;
}
