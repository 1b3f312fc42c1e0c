// "What you were shown", entered without JSON (issue 32): the played field of the
// form becomes #played-entry, a fold with one part per thing the game showed (the
// parts come from the scheme descriptor: www/core/seen.js), and the JSON box under
// "As JSON" for pasted records and links. The entry writes the JSON box (the record
// is still read from it, www/page/form.js), keeping any key it does not offer; the
// JSON box, typed in or filled from a record, is read back into the entry where the
// entry can show it. The core compares what was entered by meaning.
import { el } from '../ui/dom.js';
import { t, has } from '../i18n/i18n.js';
import { seatName } from '../render/seats.js';
import { entryParts, gather, buildPlayed, readPartValue } from '../core/seen.js';
import { cardPicker } from './seen-cards.js';
import { rollsEditor } from './seen-dice.js';
import { minesBoard } from './seen-mines.js';
import { valueWidget } from './seen-values.js';

const isObject = (v) => !!v && typeof v === 'object' && !Array.isArray(v);

/** The JSON box's object, or null when it holds none (empty, or not JSON). */
function boxValue(input) {
  try {
    const v = JSON.parse(input.value);
    return isObject(v) ? v : null;
  } catch (e) {
    return null;
  }
}

/** The index steps that say where the player sat: a hand entered under "I don't
 *  know" is sent under the first of them (position 0), and the core's diagnosis
 *  (`shown_elsewhere`) says whose it is (resolvePositions). */
const POSITION = ['player', 'seat'];

/** Who sat where in the last verified record of this form (its report's `seats`:
 *  the index in the site's list of the player at each seat), or null: each seat
 *  in the entry's menus is then named with the player who sat there ("South ·
 *  Player 2 on the site's list"), the number the player knows. Forgotten when the
 *  form changes anywhere but here. */
let holders = null;

/** Names a seat menu's seats, with their players when known. */
function nameSeats(select, desc, game) {
  for (const o of select.options) {
    const s = Number(o.value);
    const seat = seatName(desc, game, s);
    o.textContent = holders && Number.isInteger(holders[s]) ? t('seen.seat.held', { seat, n: holders[s] + 1 }) : seat;
  }
}

/** The entry drawn now: its slots and how to write one part's key back. */
let current = null;

/** The words a part and its index steps are named with. */
const partLabel = (part) => (has(`seen.part.${part.id}`) ? t(`seen.part.${part.id}`) : part.id);
const stepLabel = (name) => (has(`seen.at.${name}`) ? t(`seen.at.${name}`) : name);

/** The entry's help for what this game shows (issue 44: crash players read about
 *  cards, dice players about crash points): cards in any order, a crash point with a
 *  comma or a dot, else the plain help. */
const helpKey = (parts) => (parts.some((p) => p.kind === 'cards' || p.kind === 'card') ? 'seen.help.cards'
  : parts.some((p) => p.kind === 'multiplier') ? 'seen.help.multiplier' : 'seen.help');

/** Turns the form's played field into the entry, for `desc`'s game `game`. */
export function attachEntry(desc, game) {
  const wrap = document.querySelector('#fields [data-field="played"]');
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById('f-played'));
  if (!wrap || !input || wrap.querySelector('#played-entry')) return;
  const parts = entryParts(desc, game);
  if (!parts.length) return;
  const g = desc.games.find((x) => x.id === game) || desc.games[0];
  const order = desc.cards || 'rank_major';

  const err = wrap.querySelector('.fielderr');
  const json = el('details', { class: 'seenjson' }, el('summary', { text: t('seen.json') }),
    ...Array.from(wrap.childNodes).filter((n) => n !== err));
  const box = el('div', { class: 'seenparts' });
  const entry = el('details', { class: 'seen', id: 'played-entry' },
    el('summary', { text: t('seen.summary') }), el('p', { class: 'fieldhelp', text: t(helpKey(parts)) }), box, json);
  wrap.replaceChildren(entry, err);

  const slots = [];
  // Each slot's number in its controls' ids, never reused after a slot is removed.
  let serial = 0;
  const owned = new Set();
  let writing = false;

  const write = (key) => {
    owned.add(key);
    const mine = parts.filter((p) => owned.has(p.key));
    // A position not known is sent as position 0 (the core then says whose the hand is).
    const entries = slots.filter((s) => owned.has(s.part.key))
      .map((s) => (s.unknown ? { ...s, picks: { ...s.picks, [s.unknown]: 0 } } : s));
    const played = buildPlayed(boxValue(input) || {}, mine, entries);
    input.value = Object.keys(played).length ? JSON.stringify(played) : '';
    // The form's listeners (a verdict shown is withdrawn) hear it as typing.
    writing = true;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    writing = false;
  };

  /** The controls that choose where a slot's value goes (deal, seat, hand, player),
   *  and for a hand, "I don't know my position" (hold'em: on by default). */
  const chooser = (part, slot, n) => {
    const box = el('div', { class: 'seenat' }, ...part.choose.map((name) => pickControl(part, slot, n, name)));
    const step = positionStep(part);
    if (!step) return box;
    const id = `seen-${part.id.replace(/\./g, '-')}-${n}-unknown`;
    const toggle = el('input', { id, type: 'checkbox', 'data-unknown': step });
    toggle.checked = !!slot.unknown;
    const pick = box.querySelector(`[data-step="${step}"]`);
    const show = () => { if (pick) pick.hidden = toggle.checked; };
    toggle.addEventListener('change', () => {
      slot.unknown = toggle.checked ? step : null;
      show();
      write(part.key);
    });
    show();
    slot.redraw = () => {
      toggle.checked = !!slot.unknown;
      const control = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (pick && pick.querySelector('select, input'));
      if (control) control.value = String(control.tagName === 'SELECT' ? slot.picks[step] : slot.picks[step] + 1);
      show();
    };
    box.append(el('span', { class: 'seenpick seenunknown' }, toggle,
      el('label', { for: id, text: t(step === 'seat' ? 'seen.unknown.seat' : 'seen.unknown.player') })));
    return box;
  };

  const pickControl = (part, slot, n, name) => {
    const id = `seen-${part.id.replace(/\./g, '-')}-${n}-${name}`;
    let control;
    if (name === 'seat' && g.players > 0) {
      control = el('select', { id, 'data-seats': '' }, ...Array.from({ length: g.players }, (_, s) => el('option', { value: String(s), text: seatName(desc, g.id, s) })));
      nameSeats(control, desc, g.id);
      control.value = String(slot.picks[name]);
      control.addEventListener('change', () => { slot.picks[name] = Number(control.value); write(part.key); });
    } else {
      control = el('input', { id, type: 'number', inputmode: 'numeric', min: '1', step: '1', class: 'seenindex', dir: 'ltr' });
      control.value = String(slot.picks[name] + 1);
      control.addEventListener('input', () => {
        const v = Number(control.value);
        if (Number.isInteger(v) && v >= 1) { slot.picks[name] = v - 1; write(part.key); }
      });
    }
    return el('span', { class: 'seenpick', 'data-step': name }, el('label', { for: id, text: stepLabel(name) }), control);
  };

  const widget = (part, slot, n) => {
    const onChange = (v) => { slot.value = v; write(part.key); };
    switch (part.kind) {
      case 'cards': return cardPicker({ value: slot.value, onChange });
      case 'card': return cardPicker({ value: slot.value, single: true, onChange });
      case 'rolls': return rollsEditor({ value: slot.value, onChange, range: part.range });
      case 'mines': return minesBoard({ value: slot.value, onChange, range: part.range });
      default: return valueWidget(part.kind, { id: `seen-${part.id}-${n}`, value: slot.value, onChange, range: part.range });
    }
  };

  const slotView = (part, slot, list) => {
    const n = serial++;
    const view = el('div', { class: 'seenslot', 'data-slot': n });
    if (part.choose.length) view.append(chooser(part, slot, n));
    view.append(widget(part, slot, n));
    if (part.choose.length && list.children.length) {
      const remove = el('button', { type: 'button', class: 'link seenremove', text: t('seen.remove') });
      remove.addEventListener('click', () => {
        slots.splice(slots.indexOf(slot), 1);
        view.remove();
        write(part.key);
      });
      view.append(remove);
    }
    return view;
  };

  const partView = (part, loaded, unread) => {
    const list = el('div', { class: 'seenslots' });
    const fs = el('fieldset', { class: 'seenpart', 'data-part': part.id, 'data-kind': part.kind },
      el('legend', { text: partLabel(part) }),
      has(`seen.note.${part.id}`) ? el('p', { class: 'note', text: t(`seen.note.${part.id}`) }) : null,
      unread ? el('p', { class: 'note seenunread', text: t('seen.inJson') }) : null, list);
    const add = (picks, value, unknown = null) => {
      /** @type {{part: any, picks: any, value: any, unknown: string | null, redraw?: () => void}} */
      const slot = { part, picks, value, unknown };
      slots.push(slot);
      list.append(slotView(part, slot, list));
      return slot;
    };
    const first = Object.fromEntries(part.choose.map((s) => [s, 0]));
    if (loaded.length) for (const { picks, value } of loaded) add({ ...first, ...picks }, value);
    // Nothing entered yet: a hold'em hand's position is not known (nothing on the
    // site numbers the players); a seat is (the result names each player's seat).
    else add(first, undefined, positionStep(part) === 'player' ? 'player' : null);
    if (part.choose.length) {
      const words = has(`seen.add.${part.id}`) ? t(`seen.add.${part.id}`) : t('seen.add', { part: partLabel(part) });
      const more = el('button', { type: 'button', class: 'seenadd', text: words });
      more.addEventListener('click', () => {
        // The next place after the last slot's: the next seat (or player, hand…).
        const last = slots.filter((s) => s.part === part).pop();
        const picks = { ...(last ? last.picks : first) };
        const step = part.choose[part.choose.length - 1];
        picks[step] = step === 'seat' && g.players > 0 ? (picks[step] + 1) % g.players : picks[step] + 1;
        add(picks, undefined);
        const shown = list.lastChild.querySelector('select, input, button');
        if (shown) shown.focus();
      });
      fs.append(more);
    }
    return fs;
  };

  /** Draws the entry from what the JSON box holds. */
  const load = () => {
    const played = boxValue(input) || {};
    slots.length = 0;
    owned.clear();
    let any = false;
    let unreadAny = false;
    const views = parts.map((part) => {
      const found = part.key in played ? gather(part, played[part.key]) : [];
      const read = found.map(({ picks, value }) => ({ picks, value: readPartValue(part, value, order) }));
      return { part, read, unread: read.some((x) => x.value === null) };
    });
    for (const key of new Set(parts.map((p) => p.key))) {
      if (!(key in played)) continue;
      const mine = views.filter((v) => v.part.key === key);
      // Read whole, the key is the entry's; else it stays in the JSON box as typed.
      if (mine.some((v) => v.read.length) && !mine.some((v) => v.unread)) { owned.add(key); any = true; } else unreadAny = true;
    }
    box.replaceChildren(...views.map(({ part, read }) => partView(part, owned.has(part.key) ? read : [], part.key in played && !owned.has(part.key))));
    if (any) entry.open = true;
    if (unreadAny) { entry.open = true; json.open = true; }
  };
  current = { slots, write, built: () => built, desc, game: g.id };
  // The parts are drawn when the entry is first opened (a closed entry costs the
  // form's first draw nothing: issue 25), or at once when the record brings values.
  let built = false;
  const build = () => { if (!built) { built = true; load(); } };
  entry.addEventListener('toggle', () => { if (entry.open) build(); });
  const brings = () => { const v = boxValue(input); return !!v && parts.some((p) => p.key in v); };
  if (brings()) build();
  let timer = null;
  input.addEventListener('input', () => {
    if (writing) return;
    clearTimeout(timer);
    timer = setTimeout(() => { if (built) load(); else if (brings()) build(); }, 300);
  });
}

/** The step of a hand's part that says where the player sat (player, seat), if any. */
function positionStep(part) {
  return part.kind === 'cards' ? part.choose.find((s) => POSITION.includes(s)) : undefined;
}

/** Does the entry hold a hand whose position the player does not know? */
export function positionsUnknown() {
  return !!current && current.built() && current.slots.some((s) => s.unknown && s.value && s.value.length);
}

/** After the core verified the form's record with each hand of unknown position
 *  sent as position 0: each such hand is put where the core found it (position 0
 *  itself when it did not differ there; else the diagnosis `shown_elsewhere` that
 *  moves it along its position step only) and the entry writes the JSON box again.
 *  Returns [{key, step, at}] (`at`: the position found, or null: the hand is no
 *  position's, and stays "not known", compared as position 0). */
export function placePositions(report) {
  if (!current) return [];
  const out = [];
  const diag = report.diagnosis || [];
  const where = report.diagnosisWhere || [];
  const keys = new Set();
  for (const slot of current.slots) {
    const step = slot.unknown;
    if (!step || !slot.value || !slot.value.length) continue;
    const key = slot.part.key;
    const from = { ...slot.picks, [step]: 0 };
    const same = (at) => !!at && slot.part.choose.every((s) => s === step || at[s] === from[s]);
    const differs = (report.differences || []).some((d) => d.key === key && same(d.at) && d.at[step] === 0);
    let at = differs ? null : 0;
    if (differs) {
      const w = diag.map((d, i) => (d.code === 'shown_elsewhere' ? where[i] : null))
        .find((x) => x && x.key === key && same(x.from) && x.from[step] === 0 && same(x.at) && Number.isInteger(x.at[step]));
      if (w) at = w.at[step];
    }
    if (at !== null) {
      slot.picks[step] = at;
      slot.unknown = null;
      if (slot.redraw) slot.redraw();
      keys.add(key);
    }
    out.push({ key, step, at });
  }
  for (const key of keys) current.write(key);
  return out;
}

/** The seats of a verified record of this form (`seats`, or null): the entry's seat
 *  menus name who sat at each (issue 41: the client seeds are the site's list, the
 *  seat menu the seats drawn from them). */
export function showSeats(seats) {
  holders = Array.isArray(seats) ? seats.slice() : null;
  if (!current) return;
  const { desc, game } = current;
  for (const select of document.querySelectorAll('#played-entry select[data-seats]')) nameSeats(select, desc, game);
}

// Another input typed (a seed, the match id, the game): who sat where is unknown again.
document.addEventListener('input', (e) => {
  const target = /** @type {Element} */ (e.target);
  if (holders && target && target.closest && target.closest('#fields') && !target.closest('#played-entry') && target.id !== 'f-played') showSeats(null);
});
