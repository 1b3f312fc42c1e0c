// Remembered chain positions (issue 16), per published terminal: the hashes and
// rounds a finished walk proved (the core's checkpoints), in localStorage, so the
// next round at the same table only walks to the last one proven. Written only
// after a walk reached the terminal; remember="off" reads and writes nothing.
// As trustworthy as this page's storage: whatever can write it can write these.
const KEY = 'fair-verify:chain';
const PER_TERMINAL = 2000;
const TERMINALS = 16;

function read() {
  try { return JSON.parse(globalThis.localStorage.getItem(KEY) || '{}') || {}; } catch (e) { return {}; }
}

/** {hashes: Uint8Array (32 bytes each), rounds: Float64Array}, oldest first, or {}. */
export function recall(terminal) {
  const e = read()[terminal];
  if (!e || !Array.isArray(e.p) || e.p.length === 0) return {};
  const hashes = new Uint8Array(32 * e.p.length);
  const rounds = new Float64Array(e.p.length);
  e.p.forEach(([h, r], i) => {
    for (let b = 0; b < 32; b++) hashes[32 * i + b] = parseInt(h.substr(2 * b, 2), 16);
    rounds[i] = r;
  });
  return { hashes, rounds };
}

/** Adds a finished walk's checkpoints ({hashes, rounds}) to `terminal`'s entry. */
export function keep(terminal, cp) {
  if (!cp || !cp.rounds || cp.rounds.length === 0) return;
  try {
    const all = read();
    const old = all[terminal] && Array.isArray(all[terminal].p) ? all[terminal].p : [];
    const fresh = [];
    for (let i = 0; i < cp.rounds.length; i++) {
      let h = '';
      for (let b = 0; b < 32; b++) h += cp.hashes[32 * i + b].toString(16).padStart(2, '0');
      fresh.push([h, cp.rounds[i]]);
    }
    const seen = new Set(fresh.map((p) => p[0]));
    const p = old.filter((x) => !seen.has(x[0])).concat(fresh).slice(-PER_TERMINAL);
    all[terminal] = { t: Date.now(), p };
    const names = Object.keys(all).sort((a, b) => all[b].t - all[a].t);
    for (const n of names.slice(TERMINALS)) delete all[n];
    globalThis.localStorage.setItem(KEY, JSON.stringify(all));
  } catch (e) { /* storage blocked or full: the next walk is simply a full one */ }
}
