// The first choice: the game, by name and picture (built from the scheme
// descriptors' games; a game that two schemes serve, such as poker, then asks which
// kind of fairness page the site shows, in plain words). Scheme ids stay under
// "Details" (#scheme).
// The tiles are one radio group and one tab stop (issue 36: sixteen stops stood
// between the language menu and the paste box): the chosen tile (else the first)
// takes the focus; the arrow keys, Home and End move it and choose that game (its
// form drawn, the page not scrolled); a click, Enter or Space chooses and goes to
// the form.
import { el, $ } from '../ui/dom.js';
import { t, has } from '../i18n/i18n.js';
import { schemes, scheme } from './schemes.js';
import { state } from './state.js';
import { gameIcon } from './icons.js';

/** A game's picker key: the game players pick (the core's `family`: poker for
 *  both poker schemes). */
const keyOf = (g) => g.family;

/** The picker's games in the core's order, those that draw nothing (a chain
 *  position only) last: [{key, label, entries: [{scheme, game}]}]. */
export function gameGroups() {
  const groups = new Map();
  for (const d of schemes()) {
    const drawsNothing = (d.results || []).every((r) => r.item === 'hash');
    for (const g of d.games) {
      const key = keyOf(g);
      if (!groups.has(key)) groups.set(key, { key, label: g.label, last: drawsNothing, entries: [] });
      groups.get(key).entries.push({ scheme: d.id, game: g.id });
    }
  }
  const list = [...groups.values()];
  return [...list.filter((g) => !g.last), ...list.filter((g) => g.last)];
}

/** A game's name for people ("Backgammon"), by picker key. */
export function gameName(key) {
  if (has(`entry.game.${key}`)) return t(`entry.game.${key}`);
  const g = gameGroups().find((x) => x.key === key);
  return g ? t(g.label) : key;
}

/** The game name of a record's scheme and game ("Bridge", "Poker"). */
export function recordGameName(schemeId, gameId) {
  const d = scheme(schemeId);
  if (!d) return String(schemeId);
  const g = d.games.find((x) => x.id === gameId) || d.games[0];
  return gameName(keyOf(g));
}

/** What choosing a game does: main.js gives form.js's `formForGame` (the form of that
 *  scheme and game), so that the picker and the form do not import each other. */
/** @type {(schemeId: string, gameId: string) => void} */
let onChoose = () => {};

/** Sets what choosing a game does (`fn(schemeId, gameId)`). */
export function whenChosen(fn) {
  onChoose = fn;
}

function choose(entry, fromUser) {
  onChoose(entry.scheme, entry.game);
  if (fromUser && $('#kind').hidden) $('#h-input').scrollIntoView({ block: 'start' });
}

/** The game `g` chosen: a game already shown keeps its kind (poker); else its first scheme. */
function chooseGame(g, fromUser) {
  const cur = g.entries.find((e) => e.scheme === state.scheme);
  choose(cur || g.entries[0], fromUser);
}

/** Roving tabindex: `tile` (else the checked one, else the first) is the group's
 *  one tab stop. */
function rove(tile) {
  const tiles = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('#picker .game')]);
  const stop = tile || tiles.find((b) => b.getAttribute('aria-checked') === 'true') || tiles[0];
  for (const b of tiles) b.tabIndex = b === stop ? 0 : -1;
}

/** Arrow keys (Left and Right as the page's direction reads), Home, End. */
function onKey(e) {
  const tiles = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('#picker .game')]);
  const at = tiles.indexOf(e.target);
  if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
  const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
  const step = { ArrowDown: 1, ArrowUp: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
  let to;
  if (step) to = (at + step + tiles.length) % tiles.length;
  else if (e.key === 'Home') to = 0;
  else if (e.key === 'End') to = tiles.length - 1;
  else return;
  e.preventDefault();
  const tile = tiles[to];
  rove(tile);
  tile.focus();
  const g = gameGroups().find((x) => x.key === tile.getAttribute('data-game'));
  if (g) chooseGame(g, false);
}

/** Draws the game buttons (again, in the current language). */
export function drawPicker() {
  const box = $('#picker');
  box.replaceChildren(...gameGroups().map((g) => {
    const b = el('button', { type: 'button', class: 'game', id: `game-${g.key}`, 'data-game': g.key, role: 'radio', 'aria-checked': 'false', tabindex: '-1' },
      gameIcon(g.key), el('span', { text: gameName(g.key) }));
    b.addEventListener('click', () => chooseGame(g, true));
    return b;
  }));
  if (!box.fvKeys) {
    box.fvKeys = true;
    box.addEventListener('keydown', onKey);
  }
  rove();
  if (state.scheme) showPicked(scheme(state.scheme), ($('#f-game') || {}).value);
}

/** Marks the shown form's game in the picker, offers the kinds of fairness page when
 *  the game has several, and names the game above the form. */
export function showPicked(desc, gameId) {
  const g = desc.games.find((x) => x.id === gameId) || desc.games[0];
  const key = keyOf(g);
  for (const b of document.querySelectorAll('#picker .game')) b.setAttribute('aria-checked', String(b.getAttribute('data-game') === key));
  rove();
  const group = gameGroups().find((x) => x.key === key);
  const kinds = $('#kind');
  if (group && group.entries.length > 1) {
    $('#kind-options').replaceChildren(...group.entries.map((e) => {
      const id = `kind-${e.scheme}`;
      const radio = el('input', { type: 'radio', name: 'kind', id, value: e.scheme, checked: e.scheme === desc.id });
      radio.addEventListener('change', () => { if (radio.checked) choose(e, false); });
      const text = has(`entry.kind.${e.scheme}`) ? t(`entry.kind.${e.scheme}`) : t(scheme(e.scheme).label);
      return el('div', { class: 'kindopt' }, radio, el('label', { for: id, text }));
    }));
    kinds.hidden = false;
  } else {
    kinds.hidden = true;
    $('#kind-options').replaceChildren();
  }
  $('#h-input').textContent = t('entry.form.heading', { game: gameName(key) });
  const sel = $('#scheme');
  if (sel) sel.value = desc.id;
}
