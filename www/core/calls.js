// The core's calls every engine has (verify, a chain walker, the descriptors), over
// any `call(fn)` that runs fn on a wasm-bindgen glue instance: the FairVerifier API
// (www/core/api.js, over www/core/engine.js) and the badge's worker
// (www/widget/worker.js, over the glue and the module the badge posts it) share
// them. No module-level state and no build values: the badge's worker bundles this
// file without the packed wasm.
import { verifyError } from './errors.js';

/** `call(fn)` over `getEngine()`: a VerifyError thrown by the core passes through;
 *  anything else (a trap, which should never happen) calls `drop()` (the instance
 *  is not reused) and becomes an `internal` VerifyError: no verdict is given. */
export function guarded(getEngine, drop) {
  return (fn) => {
    try {
      return fn(getEngine());
    } catch (e) {
      if (e && e.name === 'VerifyError') throw e;
      drop();
      throw verifyError('internal', '', 'internal error in the verifier (' + (e && e.message) +
        '); this record could not be checked, so no verdict is given');
    }
  };
}

/** A core Verification run to its end: the report, or its error thrown. */
function whole(v) {
  try {
    return v.report();
  } finally {
    v.free();
  }
}

/** verify, chainWalker and schemes over `call`. */
export function coreCalls(call) {
  return {
    /** verify(record, options?): a record (object or JSON text, bare or
     *  `{name, record}`) → its report. `options`: `{walk: 'pending'}`, `{walk:
     *  ChainWalker.outcome()}`, `{shown: fingerprint}`. */
    // (The badge's core has no verify export: a Verification run to its end.)
    verify: (record, options) => call((en) => (en.verify ? en.verify(record, options) : whole(new en.Verification(record, options)))),
    /** A chain walker for a report's `walk` request ({hash, terminal, maxSteps}), from
     *  the remembered positions `memory` ({hashes: Uint8Array, rounds: Float64Array},
     *  oldest first) if given. The one walk loop over it is www/verify/walk.js. */
    chainWalker: (request, memory) => call((en) => (memory && memory.rounds && memory.rounds.length
      ? new en.ChainWalker(request, memory.hashes, memory.rounds)
      : new en.ChainWalker(request))),
    /** verify in steps (the core's Verification: advance(n) does at most n bets'
     *  work; report() then gives verify's report or throws its error). The one loop
     *  over it is www/verify/walk.js verifyInSteps. */
    verification: (record, options) => call((en) => new en.Verification(record, options)),
    /** The scheme descriptors (see the core): ids, games, fields, roles, message keys. */
    schemes: () => call((en) => en.schemes()),
  };
}
