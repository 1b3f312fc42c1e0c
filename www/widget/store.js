// Which commitments this browser has shown, and when (localStorage, at most 500;
// remember="off" stores nothing): a badge made after a reload still knows a
// fingerprint was shown before the deal.
const STORE_KEY = 'fair-verify:shown';

export function readStore() {
  try { return JSON.parse(globalThis.localStorage.getItem(STORE_KEY) || '{}') || {}; } catch (e) { return {}; }
}

/** Stores that `commitment` was shown at `at` (ms since the epoch), unless known. */
export function remember(commitment, at = Date.now()) {
  try {
    const s = readStore();
    if (!s[commitment]) {
      s[commitment] = at;
      const keys = Object.keys(s);
      if (keys.length > 500) keys.sort((a, b) => s[a] - s[b]).slice(0, keys.length - 500).forEach((k) => delete s[k]);
      globalThis.localStorage.setItem(STORE_KEY, JSON.stringify(s));
    }
  } catch (e) { /* storage blocked: the in-memory check still holds */ }
}
