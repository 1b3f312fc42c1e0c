// One wasm instance behind wasm-bindgen's glue, made on first use. Errors thrown
// by the core pass through as VerifyError; anything else drops the instance and
// becomes an `internal` VerifyError (no verdict is given).
import { makeGlue } from 'fv:glue';
import { wasmBytes, wasmModule as compiledModule } from './wasm.js';
import { verifyError } from './errors.js';
import { guarded } from './calls.js';

// V8's default tiers, also under Node: `--no-liftoff` (optimising tier only) doubled
// the CLI's start-up and sped up no walk (the chain kernel is its own function, called
// once a link, so it tiers up early); `./build.sh bench` measures both.

let wasmModule = null;
let engine = null;

// A fresh copy of the glue and a fresh instance after a trap (which should never
// happen): the old instance is dropped, not reused.
function makeEngine() {
  const glue = makeGlue();
  if (!wasmModule) wasmModule = compiledModule() || new WebAssembly.Module(wasmBytes());
  glue.initSync({ module: wasmModule });
  return glue;
}

function getEngine() {
  if (!wasmBytes()) throw verifyError('not_ready', '', 'the verifier is still loading; wait for FairVerifier.ready');
  if (!engine) engine = makeEngine();
  return engine;
}

/** Runs fn(engine); rethrows VerifyErrors, wraps anything else as `internal` (and
 *  drops the instance). */
export const call = guarded(getEngine, () => { engine = null; });
