// Remembered chain positions (issue 16): the one store, one format, for the page
// and the badge. A walk that reached its published terminal leaves what the core's
// walker says to remember (its start with its round, and a checkpoint every 65,536
// links), per terminal, bounded (the least recently used terminal and the oldest
// positions are dropped). A later walk for the same terminal stops at any of them.
// Only hashes and round numbers of public chains are stored, never seeds.
//
// What is read back is whatever the device's storage holds, which anything on the
// page's origin can write: every entry is checked as it is read, and one that
// cannot be a position (not 64 hex digits, a round that is not a whole number from
// 1 to 2^53 - 1) is dropped, never fatal: the walk is simply longer. The core skips
// such entries too.
//
// Format (localStorage, JSON): {v: 1, terminals: {<terminal hex>: {used: <ms>,
// entries: [[<hash hex>, <round>], …] (oldest first)}}}.
import { HEX64 } from '../core/hex.js';

/** Positions kept per terminal (a 10,000,000-link walk leaves about 150). */
export const MAX_PER_TERMINAL = 2000;
/** Terminals kept; the least recently used is dropped. */
export const MAX_TERMINALS = 16;

const goodEntry = (e) => Array.isArray(e) && typeof e[0] === 'string' && HEX64.test(e[0])
  && Number.isSafeInteger(e[1]) && e[1] >= 1;

function toHex(bytes, at) {
  let s = '';
  for (let i = at; i < at + 32; i++) s += bytes[i].toString(16).padStart(2, '0');
  return s;
}

/** The store kept under `key` in `storage` (localStorage by default; none when the
 *  browser refuses it: then nothing is remembered and nothing fails). */
export function chainStore(key, storage) {
  const area = () => {
    try { return storage || globalThis.localStorage || null; } catch (e) { return null; }
  };
  const load = () => {
    const s = area();
    if (!s) return null;
    try {
      const v = JSON.parse(s.getItem(key));
      return v && typeof v === 'object' && v.v === 1 && v.terminals && typeof v.terminals === 'object' && !Array.isArray(v.terminals) ? v : null;
    } catch (e) {
      return null;
    }
  };
  const save = (v) => {
    const s = area();
    try { if (s) s.setItem(key, JSON.stringify(v)); } catch (e) { /* full or blocked: remember nothing */ }
  };
  /** The good entries of `terminal` (lowercase hex), oldest first. */
  const entriesOf = (v, terminal) => {
    const t = v && Object.prototype.hasOwnProperty.call(v.terminals, terminal) ? v.terminals[terminal] : null;
    return t && Array.isArray(t.entries) ? t.entries.filter(goodEntry) : [];
  };

  return {
    /** Is there a store? */
    exists: () => load() !== null,
    /** Makes an empty store. */
    create() { if (!load()) save({ v: 1, terminals: {} }); },
    /** Forgets everything and removes the store (unticking the box). */
    remove() {
      const s = area();
      try { if (s) s.removeItem(key); } catch (e) { /* nothing to remove */ }
    },
    /** Forgets every position, keeping the store. */
    clear() { if (load()) save({ v: 1, terminals: {} }); },

    /** The positions of `terminal` in the walker's form ({hashes, rounds}, oldest
     *  first), or null when none is remembered. */
    recall(terminal) {
      const list = entriesOf(load(), String(terminal).toLowerCase());
      if (!list.length) return null;
      const hashes = new Uint8Array(32 * list.length);
      list.forEach(([h], i) => { for (let k = 0; k < 32; k++) hashes[32 * i + k] = parseInt(h.substr(2 * k, 2), 16); });
      return { hashes, rounds: Float64Array.from(list, (e) => e[1]) };
    },

    /** Adds what a walk that reached `terminal` proved: `found` (a walker's
     *  checkpoints(), {hashes, rounds}) and `more` ([[hash, round]]). Creates the
     *  store if there is none. */
    keep(terminal, found, more = []) {
      const term = String(terminal).toLowerCase();
      if (!HEX64.test(term)) return;
      const add = [];
      if (found && found.rounds) {
        for (let i = 0; i < found.rounds.length; i++) add.push([toHex(found.hashes, 32 * i), found.rounds[i]]);
      }
      for (const e of more) if (goodEntry(e)) add.push(e);
      const fresh = add.filter(goodEntry);
      if (!fresh.length) return;
      const v = load() || { v: 1, terminals: {} };
      const seen = new Set(fresh.map((e) => e[0]));
      // Newest last; a position seen again moves to the end; the oldest are dropped.
      const entries = entriesOf(v, term).filter((e) => !seen.has(e[0])).concat(fresh).slice(-MAX_PER_TERMINAL);
      v.terminals[term] = { used: Date.now(), entries };
      const names = Object.keys(v.terminals);
      if (names.length > MAX_TERMINALS) {
        const used = (n) => (v.terminals[n] && Number.isFinite(v.terminals[n].used) ? v.terminals[n].used : 0);
        names.sort((a, b) => used(a) - used(b));
        for (const n of names.slice(0, names.length - MAX_TERMINALS)) delete v.terminals[n];
      }
      save(v);
    },

    /** How many good positions are remembered, over all terminals. */
    count() {
      const v = load();
      return v ? Object.keys(v.terminals).reduce((n, t) => n + entriesOf(v, t).length, 0) : 0;
    },
  };
}
