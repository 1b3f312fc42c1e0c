// The WebAssembly bytes carried inside the bundle, and their SHA-256 computed here,
// outside the wasm, from the very bytes that are instantiated.
// verifier.js carries the wasm as is and decodes it synchronously at load.
// widget.js carries it gzipped (a third of the size) and inflates it with the
// browser's DecompressionStream, so it is ready a moment after load (`ready`).
import { WASM_BASE64, WASM_GZIPPED } from 'fv:build';
import { base64ToBytes } from './base64.js';
import { sha256Hex } from './sha256.js';

let bytes = null;
let sha = null;

function accept(b) {
  bytes = b;
  sha = sha256Hex(b);
}

export const ready = WASM_GZIPPED
  ? new Response(new Blob([base64ToBytes(WASM_BASE64)]).stream().pipeThrough(new DecompressionStream('gzip')))
    .arrayBuffer().then((b) => accept(new Uint8Array(b)))
  : Promise.resolve(accept(base64ToBytes(WASM_BASE64)));

/** The wasm bytes, or null while they are still being inflated. */
export const wasmBytes = () => bytes;
export const wasmSha256 = () => sha;
