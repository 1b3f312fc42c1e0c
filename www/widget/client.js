// The badge's clients of the core: the page's one client (www/verify/client.js),
// with the badge's own Web Worker or, where the host's CSP forbids blob: workers
// (or `worker="off"`), the same tasks here in slices of a few milliseconds that
// yield between them, so no frame of the host waits on them. One of each per page,
// shared by every badge; each badge cancels its own job (a new record, a new
// commitment, the badge removed).
// The worker is made from a blob: URL whose source is wasm-bindgen's glue and the
// code the badge shares with its worker (www/widget/shared.js, `fv:badge-worker`),
// both this bundle's own function text (each carried once); the wasm bytes are
// posted to it.
import { makeGlue } from 'fv:glue';
import { wasmBytes } from '../core/wasm.js';
import { createClient } from '../verify/client.js';
import { VERIFY_TASKS } from '../verify/tasks.js';
import { fvShared } from 'fv:badge-worker';

const SLICE_MS = 5; // main-thread slices: well under one 16 ms frame
const HELLO_MS = 3000; // a worker silent this long was refused (by the host's CSP)

let url = null; // one blob: URL for every worker the badges make

/** A new worker (throws where there are none: the client then runs the jobs here). */
function startWorker() {
  if (!url) url = URL.createObjectURL(new Blob([`self.fvMakeGlue = ${makeGlue.toString()};\n(${fvShared.toString()})().workerMain();\n`], { type: 'text/javascript' }));
  const w = new Worker(url);
  w.postMessage({ type: 'init', module: wasmBytes() });
  return w;
}

const clients = {};

/** The badges' client over `api` (the main thread's FairVerifier, used when there is
 *  no worker); `worker`: false for a badge with worker="off". */
export function badgeClient(api, worker) {
  const key = worker ? 'worker' : 'here';
  if (!clients[key]) {
    clients[key] = createClient({ startWorker: worker ? startWorker : null, api: () => api, tasks: VERIFY_TASKS, sliceMs: SLICE_MS, helloMs: HELLO_MS });
  }
  return clients[key];
}
