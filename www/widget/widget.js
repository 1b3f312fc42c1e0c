// The entry of pkg/widget.js (a classic script): the verifier (its size-optimised
// wasm, LZMA-packed) and the <fair-verify> element, with `FairVerify` (mount, Element,
// verify, ready) for host pages. A second copy on the same page (another version)
// keeps the first one's element and globals.
import { createApi } from '../core/api.js';
import { defineElement } from './element.js';
import { makeMount } from './mount.js';
import { explain } from './words.js';

const script = /** @type {HTMLScriptElement | null} */ (typeof document !== 'undefined' ? document.currentScript : null);
const api = createApi({ explain });
if (!globalThis.FairVerifier) globalThis.FairVerifier = /** @type {any} */ (api);
const Element = defineElement(api, (script && script.src) || '');
if (!globalThis.FairVerify) {
  globalThis.FairVerify = {
    mount: makeMount(), Element, verify: api.verify, ready: api.ready, version: api.version,
    get wasmSha256() { return api.wasmSha256; },
  };
}
