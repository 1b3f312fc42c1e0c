// The FairVerifier API over the wasm engine: verify, verifyText, chainWalker,
// RememberingChainWalker, checkRounds, schemes and the benchmark hooks.
import { call, errorText } from './engine.js';
import { ready, wasmBytes, wasmSha256 } from './wasm.js';
import { VERSION } from 'fv:build';

/** verify(record, options?): record as an object or JSON text; the report, or throws VerifyError. */
export function verify(record, options) {
  return call((en) => (options === undefined ? en.verify(record) : en.verify(record, options)));
}

/** verifyText(json, options?): JSON text of `{"report": …}` or `{"error": {code, field, message}}`;
 *  never throws. `options` as for verify (`{walk: 'pending'}`, `{walk: {steps, found, remembered?}}`). */
export function verifyText(text, options) {
  try {
    return call((en) => (options === undefined ? en.verifyText(String(text)) : en.verifyText(String(text), options)));
  } catch (e) {
    return errorText(e);
  }
}

/** verifyBytes(Uint8Array): a record's bytes (a file) decoded by the core: strict
 *  UTF-8, a BOM skipped, UTF-16 decoded, the size limit first. JSON text of
 *  `{"report": …}` or `{"error": …}`; never throws. */
export function verifyBytes(bytes) {
  try {
    return call((en) => en.verifyBytes(bytes));
  } catch (e) {
    return errorText(e);
  }
}

export function chainWalker(hash, terminal) {
  return call((en) => new en.ChainWalker(hash, terminal));
}

/** A chain walk that stops at remembered positions of its terminal (issue 16):
 *  `new RememberingChainWalker(hash, terminal, hashes?, rounds?)` with `hashes` a
 *  Uint8Array of 32 bytes a position and `rounds` a Float64Array (oldest first, all
 *  proven against this terminal). advance(n), steps, found, viaMemory, linksWalked,
 *  rememberedRound, current, checkpoints() → {hashes, rounds}, free(). */
export function RememberingChainWalker(hash, terminal, hashes, rounds) {
  return call((en) => (hashes && hashes.length
    ? new en.RememberingChainWalker(hash, terminal, hashes, rounds)
    : new en.RememberingChainWalker(hash, terminal)));
}

/** checkRounds(game, text, options?): JSON text of {verdict, summary, rows} or {error};
 *  never throws. `options`: {terminal?, maxSteps?, walk?: 'pending' | {steps, found}}. */
export function checkRounds(game, text, options) {
  try {
    return call((en) => (options === undefined ? en.checkRounds(String(game), String(text))
      : en.checkRounds(String(game), String(text), options)));
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

/** The public object (FairVerifier). `widget`: only what the widget's smaller core
 *  carries (its wasm leaves out round histories, bytes-in, the plain walker and the
 *  benchmark hooks, so they are not offered at all rather than failing). */
export function createApi({ widget = false, explain } = {}) {
  const full = widget ? {} : { verifyBytes, chainWalker, checkRounds, bench };
  // The badge's wasm carries no English sentences (feature `small`): `explain(error)`
  // gives a thrown VerifyError its message from the catalog instead.
  const worded = (fn) => (explain ? (...args) => {
    try {
      return fn(...args);
    } catch (e) {
      if (e && !e.message) e.message = explain(e);
      throw e;
    }
  } : fn);
  const verifyWorded = worded(verify);
  // Its wasm writes no JSON text either: verifyText writes the object from verify
  // (the same `{"report"}` / `{"error"}` shapes).
  const verifyTextWidget = (text, options) => {
    try {
      return JSON.stringify({ report: verifyWorded(String(text), options) });
    } catch (e) {
      return errorText(e);
    }
  };
  return {
    verify: verifyWorded,
    verifyText: widget ? verifyTextWidget : verifyText,
    RememberingChainWalker: worded(RememberingChainWalker),
    schemes: worded(schemes),
    ...full,
    version: VERSION,
    /** Resolves once the wasm bytes are in hand (at once for verifier.js). */
    ready,
    isReady: () => wasmBytes() !== null,
    get wasmSha256() { return wasmSha256(); },
    get wasmBytes() { const b = wasmBytes(); return b ? b.length : 0; },
  };
}
