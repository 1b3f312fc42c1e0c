// The verifier the page runs: the `FairVerifier` global that the page's first
// script (pkg/verifier.js, inlined) defines. Read when used, never copied.
export const V = () => globalThis.FairVerifier;
