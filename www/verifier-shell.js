/*! fairverify verifier.js: an offline provably-fair verifier. One file, no network.
 * Browser: <script src="verifier.js"></script> then FairVerifier.verify(record).
 * Node 18+: node verifier.js --help */
(function (root) {
  'use strict';
  const VERSION = '@@VERSION@@';
  const WASM_BASE64 = '@@WASM_BASE64@@';

  /*@@SHA256@@*/

  function decodeBase64(s) {
    if (typeof Buffer !== 'undefined') return new Uint8Array(Buffer.from(s, 'base64'));
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  // Node: compile the wasm with the optimising tier from the start. V8 otherwise
  // runs new code in its baseline tier and a single long call (a 1,000,000-link
  // chain walk) never gets the optimised code: about 8 times slower.
  if (typeof process === 'object' && process.versions && process.versions.node && typeof require === 'function') {
    try { require('v8').setFlagsFromString('--no-liftoff'); } catch (e) { /* keep the default tiers */ }
  }

  // verifier.js carries the wasm as is and decodes it synchronously at load.
  // widget.js carries it gzipped (a third of the size) and inflates it with the
  // browser's DecompressionStream, so it is ready a moment after load (`ready`).
  const WASM_GZIPPED = '@@WASM_GZIPPED@@' === 'yes';
  let WASM_BYTES = null;
  let WASM_SHA256 = null;
  let wasmModule = null;
  let engine = null;

  function accept(bytes) {
    WASM_BYTES = bytes;
    // Computed here, from the bytes about to be instantiated, by code outside the wasm.
    WASM_SHA256 = fvSha256Hex(bytes);
  }

  const ready = WASM_GZIPPED
    ? new Response(new Blob([decodeBase64(WASM_BASE64)]).stream().pipeThrough(new DecompressionStream('gzip')))
      .arrayBuffer().then((b) => accept(new Uint8Array(b)))
    : Promise.resolve(accept(decodeBase64(WASM_BASE64)));

  // A fresh copy of wasm-bindgen's glue and a fresh instance each call: after a trap
  // (which should never happen) the old instance is dropped, not reused.
  function makeEngine() {
    /*@@GLUE@@*/
    if (!wasmModule) wasmModule = new WebAssembly.Module(WASM_BYTES);
    wasm_bindgen.initSync({ module: wasmModule });
    return wasm_bindgen;
  }

  function getEngine() {
    if (!WASM_BYTES) {
      const err = new Error('the verifier is still loading; wait for FairVerifier.ready');
      err.name = 'VerifyError';
      err.code = 'not_ready';
      err.field = '';
      throw err;
    }
    if (!engine) engine = makeEngine();
    return engine;
  }

  function internalError(e) {
    engine = null;
    const err = new Error('internal error in the verifier (' + (e && e.message) +
      '); this record could not be checked, so no verdict is given');
    err.name = 'VerifyError';
    err.code = 'internal';
    err.field = '';
    return err;
  }

  function call(fn) {
    try {
      return fn(getEngine());
    } catch (e) {
      if (e && e.name === 'VerifyError') throw e;
      throw internalError(e);
    }
  }

  /** verify(record): record as an object or JSON text; returns the report or throws VerifyError. */
  function verify(record) {
    return call((en) => en.verify(record));
  }

  /** verifyText(json): JSON text of `{"report": …}` or `{"error": {code, field, message}}`; never throws. */
  function verifyText(text) {
    try {
      return call((en) => en.verifyText(String(text)));
    } catch (e) {
      return JSON.stringify({ error: { code: e.code || 'internal', field: e.field || '', message: e.message } });
    }
  }

  function chainWalker(hash, terminal) {
    return call((en) => new en.ChainWalker(hash, terminal));
  }

  /** checkRounds(game, text): JSON text of {summary, rows} or {error}; never throws. */
  function checkRounds(game, text) {
    try {
      return call((en) => en.checkRounds(String(game), String(text)));
    } catch (e) {
      return JSON.stringify({ error: { code: e.code || 'internal', field: e.field || '', message: e.message } });
    }
  }

  function schemes() {
    return call((en) => en.schemes());
  }

  /** Benchmark hooks: n chain links through the kernel or the generic sha2 path. */
  const bench = {
    kernel: (hash, n) => call((en) => en.benchChainKernel(hash, n)),
    generic: (hash, n) => call((en) => en.benchChainGeneric(hash, n)),
  };

  const api = {
    verify, verifyText, chainWalker, checkRounds, schemes, bench,
    version: VERSION,
    /** Resolves once the wasm bytes are in hand (at once for verifier.js). */
    ready,
    isReady: () => WASM_BYTES !== null,
    get wasmSha256() { return WASM_SHA256; },
    get wasmBytes() { return WASM_BYTES ? WASM_BYTES.length : 0; },
  };

  /*@@SELFTEST@@*/

  /*@@CLI@@*/

  if (typeof module === 'object' && module && module.exports) {
    module.exports = api;
    if (typeof require === 'function' && require.main === module) fvCli.cli(process.argv.slice(2), api, call);
  } else {
    root.FairVerifier = api;
  }
})(typeof globalThis !== 'undefined' ? globalThis : this);
