// Remembered chain positions (issue 16), opt-in: with "Remember proven rounds on
// this device" ticked, every walk that reached its published terminal leaves the
// start hash with its round and the walk's checkpoints (from the core's walker) in
// localStorage, kept per terminal, bounded, the oldest dropped. A later walk for
// the SAME terminal stops at any of them. Only hashes and round numbers of public
// chains are stored, never seeds. Unticked: nothing is read or written, and
// unticking forgets everything (the store's presence is the opt-in).
import { el, $ } from '../ui/dom.js';
import { t } from '../i18n/i18n.js';

const KEY = 'fairverify.chainMemory.v1';
/** Positions kept per terminal (a 10,000,000-link walk leaves about 150). */
export const MAX_PER_TERMINAL = 2000;
/** Terminals kept; the least recently used is dropped. */
export const MAX_TERMINALS = 16;
const HEX64 = /^[0-9a-f]{64}$/;

function storage() {
  try { return globalThis.localStorage || null; } catch (e) { return null; }
}

function load() {
  const s = storage();
  if (!s) return null;
  try {
    const v = JSON.parse(s.getItem(KEY));
    return v && typeof v === 'object' && v.terminals && typeof v.terminals === 'object' ? v : null;
  } catch (e) {
    return null;
  }
}

function save(v) {
  const s = storage();
  if (!s) return;
  try { s.setItem(KEY, JSON.stringify(v)); } catch (e) { /* full or blocked: remember nothing */ }
}

/** Is remembering on (the box ticked)? */
export const rememberOn = () => { const b = $('#remember-chain'); return !!(b && b.checked); };

const toHex = (bytes, at) => {
  let s = '';
  for (let i = at; i < at + 32; i++) s += bytes[i].toString(16).padStart(2, '0');
  return s;
};

/** The remembered positions of `terminal` in the walker's form ({hashes, rounds},
 *  oldest first), or null (nothing remembered, or remembering is off). */
export function memoryFor(terminal) {
  if (!rememberOn()) return null;
  const v = load();
  const entry = v && v.terminals[String(terminal).toLowerCase()];
  const list = entry && Array.isArray(entry.entries)
    ? entry.entries.filter((e) => Array.isArray(e) && HEX64.test(e[0]) && Number.isSafeInteger(e[1]) && e[1] > 0) : [];
  if (!list.length) return null;
  const hashes = new Uint8Array(32 * list.length);
  list.forEach(([h], i) => { for (let k = 0; k < 32; k++) hashes[32 * i + k] = parseInt(h.substr(2 * k, 2), 16); });
  return { hashes, rounds: Float64Array.from(list, (e) => e[1]) };
}

/** Adds what a walk that reached `terminal` proved: `found` ({hashes, rounds} from
 *  the walker's checkpoints()) and `more` ([[hash, round]]). Only when ticked. */
export function remember(terminal, found, more = []) {
  if (!rememberOn()) return;
  const term = String(terminal).toLowerCase();
  if (!HEX64.test(term)) return;
  const add = [];
  if (found && found.rounds) {
    for (let i = 0; i < found.rounds.length; i++) add.push([toHex(found.hashes, 32 * i), found.rounds[i]]);
  }
  for (const [h, r] of more) if (HEX64.test(h) && Number.isSafeInteger(r) && r > 0) add.push([h, r]);
  if (!add.length) return;
  const v = load() || { v: 1, terminals: {} };
  const entry = v.terminals[term] || { entries: [] };
  const fresh = new Set(add.map((e) => e[0]));
  // Newest last; a position seen again moves to the end; the oldest are dropped.
  entry.entries = entry.entries.filter((e) => Array.isArray(e) && !fresh.has(e[0])).concat(add).slice(-MAX_PER_TERMINAL);
  entry.used = Date.now();
  v.terminals[term] = entry;
  const names = Object.keys(v.terminals);
  if (names.length > MAX_TERMINALS) {
    names.sort((a, b) => (v.terminals[a].used || 0) - (v.terminals[b].used || 0));
    for (const n of names.slice(0, names.length - MAX_TERMINALS)) delete v.terminals[n];
  }
  save(v);
}

/** How many positions are remembered (all terminals). */
function count() {
  const v = load();
  return v ? Object.values(v.terminals).reduce((n, e) => n + (Array.isArray(e.entries) ? e.entries.length : 0), 0) : 0;
}

/** The box under the result: the opt-in, what is stored, and Forget. */
export function rememberBox(chainShown = false) {
  const box = el('input', { type: 'checkbox', id: 'remember-chain' });
  const stat = el('span', { id: 'remember-status', role: 'status' });
  const forget = el('button', { type: 'button', id: 'forget-chain', text: t('flow.remember.forget') });
  const showCount = () => { stat.textContent = box.checked ? t('flow.remember.count', { count: count() }) : ''; };
  box.checked = load() !== null;
  forget.disabled = !box.checked;
  box.addEventListener('change', () => {
    const s = storage();
    if (box.checked) { if (!load()) save({ v: 1, terminals: {} }); } else if (s) s.removeItem(KEY);
    forget.disabled = !box.checked;
    showCount();
  });
  forget.addEventListener('click', () => {
    if (rememberOn()) save({ v: 1, terminals: {} });
    stat.textContent = t('flow.remember.forgotten');
  });
  showCount();
  return el('div', { class: 'chain-memory', id: 'chain-memory', hidden: !chainShown },
    el('div', { class: 'row' }, box, el('label', { for: 'remember-chain', text: t('flow.remember.label') })),
    el('p', { class: 'note', text: t('flow.remember.note') }),
    el('div', { class: 'actions' }, forget, stat));
}

/** The box is shown only where there is a chain to walk (a chain game's form or
 *  result, a round history). */
export function showRememberFor(chain) {
  const m = $('#chain-memory');
  if (m) m.hidden = !chain;
}

/** Refreshes the count after a walk. */
export function rememberChanged() {
  const stat = $('#remember-status');
  if (stat && rememberOn()) stat.textContent = t('flow.remember.count', { count: count() });
}
