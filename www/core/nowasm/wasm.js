// The no-WebAssembly bundle's stand-in for www/core/wasm.js (tools/nowasm.mjs puts it
// in that module's place): the core is JavaScript inside the bundle (shim.js), so it
// is ready at once and no WebAssembly bytes are instantiated. `wasmSha256` names the
// WebAssembly module that wasm2js translated (fixed at build time; a rebuild from the
// same source gives the same module), so the two builds can be told apart and traced.
import { SOURCE_WASM_SHA256 } from 'fv:nowasm';

const none = new Uint8Array(0);

export const ready = Promise.resolve();
/** Never null: the JavaScript core needs nothing loaded (0 bytes of WebAssembly). */
export const wasmBytes = () => none;
export const wasmSha256 = () => SOURCE_WASM_SHA256;
/** Nothing compiled ahead: the shim's Module stands for the JavaScript core. */
export const wasmModule = () => null;
