// The WebAssembly bytes carried inside the bundle, and their SHA-256 computed here,
// outside the wasm, from the very bytes that are instantiated.
// verifier.js carries the wasm as is and decodes it synchronously at load.
// widget.js carries it packed with LZMA (two fifths of the size) and unpacks it at
// load with lzma.js, in a few milliseconds; `ready` is kept for callers that wait.
import { WASM_BASE64, WASM_PACKED, WASM_SIZE } from 'fv:build';
import { base64ToBytes } from './base64.js';
import { lzmaDecode, LZMA_PROPS } from './lzma.js';
import { sha256Hex } from './sha256.js';

let bytes = null;
let sha = null;

function accept(b) {
  bytes = b;
  sha = sha256Hex(b);
}

const raw = base64ToBytes(WASM_BASE64);
export const ready = Promise.resolve(accept(WASM_PACKED ? lzmaDecode(raw, WASM_SIZE, LZMA_PROPS) : raw));

/** The wasm bytes (null only if a bundle ever unpacks them later). */
export const wasmBytes = () => bytes;
export const wasmSha256 = () => sha;
