// The core on the page's own thread, only where it is needed (issue 25). The page
// carries its core as inert text (<script id="fv-verifier" type="text/plain">): the
// source of its Web Worker, which runs every verification, the self-test and the
// wasm's fingerprint, so the page's thread never parses, decodes or compiles the
// core. Where there are no workers (none in this browser, or refused), the page's
// client (www/verify/client.js) runs the same tasks here on `V()`: the first call
// runs that same text as an inline script, which the page's CSP allows by its hash,
// and it defines the global `FairVerifier`. The element is removed once it has run
// (a saved copy carries only the inert text).
import { PAGE } from 'fv:page';

let tried = false;

/** The FairVerifier API on this thread (made on first use), or null. */
export function V() {
  if (globalThis.FairVerifier || tried) return globalThis.FairVerifier || null;
  tried = true;
  const src = document.getElementById('fv-verifier');
  if (!src) return null;
  const s = document.createElement('script');
  s.textContent = src.textContent;
  (document.head || document.documentElement).append(s);
  s.remove();
  return globalThis.FairVerifier || null;
}

/** Which build this page is: its file name, 'wasm' or 'js' (without WebAssembly), the
 *  version, and the other build's file name. Fixed at build time. */
export const build = PAGE;
