// The page's one Web Worker (its own bundle), started from a blob: URL made of
// verifier.js and this file (the page's CSP allows blob: workers and nothing else).
// It lives as long as the page: the wasm is compiled once, warmed once, and every
// walk, batch and round history runs here, so the page never freezes. Cancel
// terminates it (the page starts a new one when next needed). `FairVerifier` is the
// global that verifier.js defines.
import { runTask } from './tasks.js';

const ctx = {
  api: self.FairVerifier,
  post: (m) => postMessage(m),
  // Jobs run one at a time, to the end: nothing to yield to here.
  tick: () => undefined,
};

self.onmessage = (e) => { runTask(ctx, e.data); };
