// The FairVerifier API over the wasm engine: verify, verifyText, chainWalker,
// checkRounds, schemes and the benchmark hooks.
import { call, errorText } from './engine.js';
import { ready, wasmBytes, wasmSha256 } from './wasm.js';
import { VERSION } from 'fv:build';

/** verify(record, options?): record as an object or JSON text; the report, or throws VerifyError. */
export function verify(record, options) {
  return call((en) => (options === undefined ? en.verify(record) : en.verify(record, options)));
}

/** verifyText(json): JSON text of `{"report": …}` or `{"error": {code, field, message}}`; never throws. */
export function verifyText(text) {
  try {
    return call((en) => en.verifyText(String(text)));
  } catch (e) {
    return errorText(e);
  }
}

export function chainWalker(hash, terminal) {
  return call((en) => new en.ChainWalker(hash, terminal));
}

/** checkRounds(game, text): JSON text of {summary, rows} or {error}; never throws. */
export function checkRounds(game, text) {
  try {
    return call((en) => en.checkRounds(String(game), String(text)));
  } catch (e) {
    return errorText(e);
  }
}

/** The scheme descriptors (see the core): ids, games, fields, roles, message keys. */
export function schemes() {
  return call((en) => en.schemes());
}

/** Benchmark hooks: n chain links through the kernel or the generic sha2 path. */
const bench = {
  kernel: (hash, n) => call((en) => en.benchChainKernel(hash, n)),
  generic: (hash, n) => call((en) => en.benchChainGeneric(hash, n)),
};

/** The public object (FairVerifier). */
export function createApi() {
  return {
    verify, verifyText, chainWalker, checkRounds, schemes, bench,
    version: VERSION,
    /** Resolves once the wasm bytes are in hand (at once for verifier.js). */
    ready,
    isReady: () => wasmBytes() !== null,
    get wasmSha256() { return wasmSha256(); },
    get wasmBytes() { const b = wasmBytes(); return b ? b.length : 0; },
  };
}
