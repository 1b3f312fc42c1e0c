// The scheme descriptors the page is built from: the core's own list
// (FairVerifier.schemes()), written into the page at build time (tools/bundle.mjs,
// <script id="fv-schemes" type="application/json">) so the page draws its picker and
// forms without starting the core; tests/browser/load.test.mjs holds them equal to
// what the page's core says when it runs.
import { findScheme } from '../core/descriptors.js';

let cached = null;

/** Every scheme's descriptor, in the core's order. */
export function schemes() {
  if (!cached) {
    const node = document.getElementById('fv-schemes');
    cached = node ? JSON.parse(node.textContent) : [];
  }
  return cached;
}

export const scheme = (id) => findScheme(schemes(), id);
