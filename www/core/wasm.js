// The WebAssembly bytes carried inside the bundle, and their SHA-256 computed here (on
// first use), outside the wasm, from the very bytes that are instantiated.
// verifier.js carries the wasm as is and decodes it synchronously at load.
// widget.js carries it packed with LZMA (two fifths of the size) and unpacks it with
// lzma.js in slices that yield to the host page (a phone would otherwise wait on one
// task of ~100 ms at load); `ready` resolves when the bytes are in.
import { WASM_BASE64, WASM_PACKED, WASM_SIZE } from 'fv:build';
import { base64ToBytes } from './base64.js';
import { lzmaDecoder, LZMA_PROPS } from './lzma.js';
import { sha256Hex } from './sha256.js';

let bytes = null;
let sha = null;

function accept(b) {
  bytes = b;
}

const SLICE_BYTES = 16384; // of unpacked wasm: a few milliseconds on a phone

/** The next task: a timer, which lets the host's frames through between slices; in
 *  a hidden tab (nothing to draw, and timers throttled to one a second or a minute)
 *  a message to ourselves, so a badge loaded in the background is ready as soon. */
function nextTask() {
  const hidden = typeof document !== 'undefined' && document.hidden;
  if (!hidden || typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
  return new Promise((r) => {
    const c = new MessageChannel();
    c.port1.onmessage = () => { c.port1.close(); r(); };
    c.port2.postMessage(null);
  });
}

async function unpack() {
  await nextTask(); // after the host's own scripts
  const d = lzmaDecoder(base64ToBytes(WASM_BASE64), WASM_SIZE, LZMA_PROPS);
  while (!d.run(SLICE_BYTES)) await nextTask();
  accept(d.out);
}

export const ready = WASM_PACKED ? unpack() : Promise.resolve(accept(base64ToBytes(WASM_BASE64)));

/** The wasm bytes, or null while they are still being unpacked. */
export const wasmBytes = () => bytes;
/** Computed on first use (a long task on a phone, so not at load). */
export const wasmSha256 = () => {
  if (sha === null && bytes !== null) sha = sha256Hex(bytes);
  return sha;
};
