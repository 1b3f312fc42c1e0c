// The scheme descriptors the page is built from: FairVerifier.schemes().
import { V } from './verifier.js';
import { describe, findScheme } from '../core/descriptors.js';

let cached = null;

/** Every scheme's descriptor, in the core's order. */
export function schemes() {
  if (!cached) cached = describe(V());
  return cached;
}

export const scheme = (id) => findScheme(schemes(), id);
