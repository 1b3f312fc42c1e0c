// The badge's chain walks, off the host's main thread: in a Web Worker made from a
// blob: URL whose source is wasm-bindgen's glue and the one walk loop
// (www/verify/walk.js), both as their own function text, the wasm bytes posted to
// it. Where the host's CSP forbids blob: workers (or `worker="off"`), the same loop
// runs here in slices of a few milliseconds that yield between them, so no frame of
// the host waits on it.
import { makeGlue } from 'fv:glue';
import { wasmBytes } from '../core/wasm.js';
import { errorData, toVerifyError } from '../core/errors.js';
import { walkChain } from '../verify/walk.js';

const SLICE_MS = 5; // main-thread slices: well under one 16 ms frame
let worker = null; // Promise<Worker | null>: null once workers are known to be refused
const jobs = new Map();
let nextId = 1;

/** The worker's program: its arguments are the glue, the walk loop and errorData,
 *  passed as source text (nothing else of this module exists in the worker). */
function workerMain(glueOf, walk, asData) {
  let en = null;
  const api = {
    chainWalker: (r, m) => (m && m.rounds && m.rounds.length ? new en.ChainWalker(r, m.hashes, m.rounds) : new en.ChainWalker(r)),
  };
  self.onmessage = async (e) => {
    const m = e.data;
    try {
      if (m.type === 'init') { en = glueOf(); en.initSync({ module: m.bytes }); return; }
      let last = 0;
      const between = (p) => {
        const now = Date.now();
        if (now - last > 100) { last = now; postMessage({ type: 'progress', id: m.id, ...p }); }
      };
      postMessage({ type: 'walked', id: m.id, ...(await walk(api, m.request, m.memory, { between })) });
    } catch (err) {
      postMessage({ type: 'error', id: m.id, error: asData(err) });
    }
  };
  postMessage({ type: 'hello' });
}

function startWorker() {
  return new Promise((resolve) => {
    let w;
    let url;
    const give = (v) => { if (url) URL.revokeObjectURL(url); url = null; resolve(v); };
    try {
      const src = `(${workerMain.toString()})(${makeGlue.toString()}, ${walkChain.toString()}, ${errorData.toString()});\n`;
      url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
      w = new Worker(url);
    } catch (e) { give(null); return; }
    // A worker the CSP refuses fails with an error event (or never says hello).
    const timer = setTimeout(() => { w.terminate(); give(null); }, 3000);
    w.onerror = (e) => { if (e && e.preventDefault) e.preventDefault(); clearTimeout(timer); w.terminate(); give(null); };
    w.onmessage = (e) => {
      if (e.data.type !== 'hello') return;
      clearTimeout(timer);
      w.onerror = (ev) => {
        if (ev && ev.preventDefault) ev.preventDefault();
        for (const [, j] of jobs) j.fail({ code: 'internal', field: '', params: {}, message: 'the worker stopped' });
        jobs.clear();
      };
      w.onmessage = (ev) => {
        const m = ev.data;
        const j = jobs.get(m.id);
        if (!j) return;
        if (m.type === 'progress') { j.progress(m); return; }
        jobs.delete(m.id);
        if (m.type === 'walked') j.done(m); else j.fail(m.error);
      };
      w.postMessage({ type: 'init', bytes: wasmBytes() });
      give(w);
    };
  });
}

/** A walk function for verifyFlow: `request` from the report, `memory` remembered.
 *  `job`: {api, noWorker, cancelled(), progress(p)}. Resolves to walkChain's answer,
 *  or null when cancelled. */
export function walker(job) {
  return async (request, memory) => {
    if (!job.noWorker && !worker && typeof Worker !== 'undefined') worker = startWorker();
    const w = worker && !job.noWorker ? await worker : null;
    if (!w) {
      try {
        return await walkChain(job.api, request, memory, {
          sliceMs: SLICE_MS,
          between: async (p) => {
            job.progress(p);
            await new Promise((r) => setTimeout(r, 0));
            if (job.cancelled()) throw Object.assign(new Error('cancelled'), { cancelled: true });
          },
        });
      } catch (e) {
        if (e && e.cancelled) return null;
        throw e;
      }
    }
    return new Promise((resolve, reject) => {
      const id = nextId++;
      jobs.set(id, { progress: job.progress, done: resolve, fail: (d) => reject(toVerifyError(d)) });
      w.postMessage({ type: 'walk', id, request, memory });
    });
  };
}
