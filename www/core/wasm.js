// The WebAssembly bytes carried inside the bundle, and their SHA-256 computed here (on
// first use), outside the wasm, from the very bytes that are instantiated.
// verifier.js carries the wasm as is and decodes it synchronously at load.
// widget.js carries it packed with LZMA (two fifths of the size) and unpacks it with
// lzma.js in slices that yield to the host page (a phone would otherwise wait on one
// task of ~100 ms at load); `ready` resolves when the bytes are in.
// verifier.html's core carries it packed too (issue 46: the page 0.8 MB and 215 KB
// gzipped smaller) and unpacks it at once when it is loaded, in the page's Web Worker
// (whose first job waits for it anyway), never on the page's thread except where
// there are no workers: the build's `wasmNow` (tools/bundle.mjs buildValues).
import { WASM_BASE64, WASM_PACKED, WASM_SIZE, wasmNow } from 'fv:build';
import { base64ToBytes } from './base64.js';
import { lzmaDecoder, LZMA_PROPS } from './lzma.js';
import { sha256Hex } from './sha256.js';
import { nextTask, afterFrames, sliced } from './pace.js';

let bytes = null;
let sha = null;
let compiled = null;

function accept(b) {
  bytes = b;
}

/** The packed wasm, unpacked after the host's own scripts in slices that yield
 *  (issue 25: no host frame waits over 50 ms on a phone): the base64 text, then
 *  the LZMA stream, then the module compiled off the host's thread
 *  (WebAssembly.compile), so the first verification only instantiates it. */
async function unpack() {
  // After the host's own scripts, and after the frame that draws the badges (their
  // first style and layout) and the next.
  await afterFrames(2);
  const text = WASM_BASE64;
  const chunks = [];
  let at = 0;
  await sliced((n) => {
    const end = Math.min(text.length, at + Math.ceil(n / 4) * 4);
    chunks.push(base64ToBytes(text.slice(at, end)));
    at = end;
    return at >= text.length;
  }, 2048);
  const src = new Uint8Array(chunks.reduce((a, c) => a + c.length, 0));
  let o = 0;
  for (const c of chunks) { src.set(c, o); o += c.length; }
  const d = lzmaDecoder(src, WASM_SIZE, LZMA_PROPS);
  await nextTask();
  await sliced((n) => d.run(n), 512);
  accept(d.out);
  if (typeof WebAssembly === 'object' && WebAssembly && typeof WebAssembly.compile === 'function') {
    try { compiled = await WebAssembly.compile(d.out); } catch (e) { compiled = null; /* compiled on first use, and fails there with its error */ }
  }
}

export const ready = WASM_PACKED ? unpack() : Promise.resolve(accept(wasmNow()));

/** The wasm bytes, or null while they are still being unpacked. */
export const wasmBytes = () => bytes;
/** The module compiled ahead of use (the packed build), or null: compile it then. */
export const wasmModule = () => compiled;
/** Computed on first use (a long task on a phone, so not at load). */
export const wasmSha256 = () => {
  if (sha === null && bytes !== null) sha = sha256Hex(bytes);
  return sha;
};
