// @ts-check
// The one chain walk loop. Every walk the page, the badge and their workers do
// runs here: the core's ChainWalker (`api.chainWalker`) advanced in slices, with
// progress between them. The walker knows its bound and says when it is done and
// what the walk found (`outcome()`, which the core takes back as `{walk}`); this
// loop only decides how long a slice is. A record's own work (a list of 10,000
// bets) is stepped the same way (verifyInSteps, the core's Verification).

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** The next slice's size: `n` scaled towards `sliceMs` from the last slice's `dt`
 *  (at most 1.5 times larger at once), kept within [lo, hi]. One rule for chain
 *  walks and bets lists.
 * @param {number} n @param {number} dt @param {number} sliceMs @param {number} lo @param {number} hi */
function nextSlice(n, dt, sliceMs, lo, hi) {
  return Math.max(lo, Math.min(hi, Math.round(n * Math.min(1.5, sliceMs / Math.max(dt, 0.1)))));
}

/**
 * Walks `request` ({hash, terminal, maxSteps}, a report's `walk`) from the
 * remembered positions `memory` ({hashes, rounds}) if any.
 * `opts.between(progress)`: awaited after each slice with {steps, maxSteps,
 * elapsed} (it may yield, or throw to cancel); `opts.sliceMs`: aim each slice at
 * that many milliseconds (on a page's own thread) instead of fixed 16,384-link
 * slices (in a worker: a few milliseconds, and V8 tiers the kernel up between them).
 * `opts.history`: `request` is a chain record and the walk is its whole history
 * (`api.historyWalker`, the same core ChainWalker made by `ChainWalker.history`,
 * whose outcome() also holds the counts; no remembered positions).
 * Resolves to {outcome, checkpoints (what to remember, once found), linksWalked,
 * viaMemory, elapsed}.
 * @param {import('./types').Api} api
 * @param {import('./types').WalkRequest | object | string} request
 * @param {import('./types').Positions | null} memory
 * @param {import('./types').WalkOptions} [opts]
 * @returns {Promise<import('./types').Walked>}
 */
export async function walkChain(api, request, memory, opts) {
  const o = opts || {};
  const w = o.history ? api.historyWalker(request) : api.chainWalker(/** @type {import('./types').WalkRequest} */ (request), memory);
  try {
    const t0 = now();
    let n = o.sliceMs ? 256 : 16384;
    while (!w.done) {
      const s = now();
      w.advance(n);
      if (o.sliceMs) n = nextSlice(n, now() - s, o.sliceMs, 256, 1 << 20);
      if (o.between && !w.done) await o.between({ steps: w.linksWalked, maxSteps: w.maxSteps, elapsed: now() - t0 });
    }
    return {
      outcome: w.outcome(),
      checkpoints: w.found ? w.checkpoints() : null,
      linksWalked: w.linksWalked,
      viaMemory: w.viaMemory,
      elapsed: now() - t0,
    };
  } finally {
    w.free();
  }
}

/**
 * `api.verify(record, options)` in steps (issue 43: 10,000 bets held the badge's
 * host thread for 54 s in one call): the core's Verification, at most `n` bets'
 * work a step, `opts.between(progress)` awaited after each ({steps, maxSteps,
 * elapsed}: bets done and listed; it may yield, or throw to cancel); `opts.sliceMs`:
 * aim each step at that many milliseconds (on a page's own thread) instead of
 * 256 bets a step. Resolves to the core's report; throws its error.
 * @param {import('./types').Api} api
 * @param {object | string} record
 * @param {import('./types').VerifyOptions} options
 * @param {import('./types').WalkOptions} [opts]
 * @returns {Promise<import('./types').Report>}
 */
export async function verifyInSteps(api, record, options, opts) {
  const o = opts || {};
  const v = api.verification(record, options);
  try {
    const t0 = now();
    let n = o.sliceMs ? 4 : 256;
    for (;;) {
      const s = now();
      if (v.advance(n)) break;
      if (o.sliceMs) n = nextSlice(n, now() - s, o.sliceMs, 1, 1 << 14);
      if (o.between) await o.between({ steps: v.steps, maxSteps: Math.max(v.total, 1), elapsed: now() - t0 });
    }
    return v.report();
  } finally {
    v.free();
  }
}
