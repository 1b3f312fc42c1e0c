// Chain walks off the host's main thread: in a Web Worker made from a blob: URL
// (worker.js and wasm-bindgen's glue as text, the wasm bytes posted to it). Where
// the host's CSP forbids blob: workers, the walk runs here in slices of a few
// milliseconds that yield between them, so no frame of the host waits on it.
import { makeGlue } from 'fv:glue';
import { call } from '../core/engine.js';
import { wasmBytes } from '../core/wasm.js';
import { workerMain } from './worker.js';

const SLICE_MS = 5; // main-thread slices: well under one 16 ms frame
let worker = null; // Promise<Worker | null>: null once workers are known to be refused
const jobs = new Map();
let nextId = 1;

function startWorker() {
  return new Promise((resolve) => {
    let w;
    let url;
    const give = (v) => { if (url) URL.revokeObjectURL(url); url = null; resolve(v); };
    try {
      const src = `(${workerMain.toString()})(${makeGlue.toString()});\n`;
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
        for (const [, j] of jobs) j.fail({ code: 'internal', message: 'the worker stopped' });
        jobs.clear();
      };
      w.onmessage = (ev) => {
        const m = ev.data;
        const j = jobs.get(m.id);
        if (!j) return;
        if (m.type === 'progress') { j.progress(m.linksWalked === undefined ? m.steps : m.linksWalked, m.maxSteps); return; }
        jobs.delete(m.id);
        if (m.type === 'walked') j.done(m); else j.fail(m);
      };
      w.postMessage({ type: 'init', bytes: wasmBytes() });
      give(w);
    };
  });
}

/** Walks in slices on this thread, yielding to the host between slices. */
async function walkHere(job, progress) {
  const w = call((en) => new en.RememberingChainWalker(job.hash, job.terminal, job.hashes, job.rounds));
  try {
    let n = 256;
    while (w.linksWalked < job.maxSteps) {
      const t0 = performance.now();
      if (w.advance(Math.min(n, job.maxSteps - w.linksWalked))) break;
      const dt = performance.now() - t0;
      // Aim each slice at SLICE_MS, whatever this device's speed.
      n = Math.max(256, Math.min(1 << 20, Math.round(n * Math.min(1.5, SLICE_MS / Math.max(dt, 0.1)))));
      progress(w.linksWalked, job.maxSteps);
      await new Promise((r) => setTimeout(r, 0));
      if (job.cancelled && job.cancelled()) return null;
    }
    return {
      steps: w.steps, found: w.found, viaMemory: w.viaMemory, linksWalked: w.linksWalked,
      rememberedRound: w.rememberedRound, checkpoints: w.found ? w.checkpoints() : null,
    };
  } finally { w.free(); }
}

/** Walks `hash` → `terminal` (at most maxSteps links, with remembered positions
 *  `hashes`/`rounds`); resolves to the walker's outcome, or null if cancelled. */
export async function walkChain(job, progress) {
  if (job.noWorker) return walkHere(job, progress);
  if (!worker && typeof Worker !== 'undefined') worker = startWorker();
  const w = worker ? await worker : null;
  if (!w) return walkHere(job, progress);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    jobs.set(id, { progress, done: resolve, fail: (m) => reject(Object.assign(new Error(m.message), { name: 'VerifyError', code: m.code })) });
    const { cancelled, noWorker, ...msg } = job;
    w.postMessage({ type: 'walk', id, ...msg });
  });
}
