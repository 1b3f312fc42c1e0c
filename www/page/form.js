// The form of a scheme, built from its descriptor: one input a field (data-field),
// the help text, the published chain terminals; reading it back as a record.
import { el, $, code } from '../ui/dom.js';
import { t, has, parts } from '../i18n/i18n.js';
import { terminalName, playedExample } from '../render/words.js';
import { fieldsFor } from '../core/descriptors.js';
import { scheme } from './schemes.js';
import { state } from './state.js';
import { toText, fromText, SKIP, MULTILINE, typingAttrs, seatCount, seatTexts } from './fields.js';
import { seatName } from '../render/seats.js';
import { showPicked } from './picker.js';
import { showRememberFor } from './remember.js';
import { attachEntry } from './seen.js';
import { readLines, readText as betsReadText, errorText as betsErrorText } from './betsui.js';

const KIND_HINTS = ['list', 'seats', 'numbers', 'buyers', 'json', 'bets'];

function fieldLabel(f) {
  let label = t(f.label);
  if (KIND_HINTS.includes(f.kind)) label = t('field.withKind', { label, kind: f.kind === 'bets' ? t('bets.kind') : t(`kind.${f.kind}`) });
  if (f.required !== false) return label;
  // Optional, but without it nothing is proven (SPEC: unchecked): said so, not "(optional)".
  return t(f.role === 'commitment' ? 'field.commitmentOptional' : 'field.optional', { label });
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

/** The client seeds of a game that fixes its seats: one input per seat, labelled with
 *  the seat's name in the game (North, Seat 2, Red…), in seat order; an empty seat is
 *  an empty input (its seed is the empty string). `texts`: each seat's seed. */
function seatInputs(desc, f, gameId, texts) {
  const id = `f-${f.name}`;
  // The field's name alone: its kind hint ("one a line, or a JSON array") is for the list.
  const legend = el('legend', { id: `${id}-legend`, text: t(f.label) });
  const rows = texts.map((text, i) => {
    const input = el('input', {
      id: `${id}-${i}`, name: `${f.name}-${i}`, type: 'text', dir: 'ltr', 'data-seat': i, ...typingAttrs(f),
    });
    input.value = text;
    input.setAttribute('aria-describedby', `${id}-err`);
    return el('div', { class: 'seatseed' }, el('label', { for: input.id, text: seatName(desc, gameId, i) }), input);
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
  return rec;
}

export function clearFieldErrors() {
  document.querySelectorAll('.fielderr').forEach((p) => { p.textContent = ''; });
  document.querySelectorAll('.field.invalid').forEach((p) => p.classList.remove('invalid'));
}

/** Puts an error's sentence under its field, if the form has that field: the first
 *  segment of the core's `path` (an error made in JavaScript names a whole field). */
export function showFieldError(e, text) {
  const top = Array.isArray(e.path) ? String(e.path[0] === undefined ? '' : e.path[0]) : String(e.field || '');
  const p = document.getElementById(`f-${top}-err`);
  if (!p) return false;
  p.textContent = text;
  p.parentElement.classList.add('invalid');
  return true;
}
