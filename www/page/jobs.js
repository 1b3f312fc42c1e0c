// Long jobs (chain walks, batches, round histories) in a Web Worker made from the
// page's own scripts (verifier.js + the worker bundle) as a blob: URL; one job at a
// time; Cancel terminates it. Without workers, the same jobs run here in slices.
import { V } from './verifier.js';

let worker = null;
let jobId = 0;
let cancel = null;

function newWorker() {
  const v = document.getElementById('fv-verifier');
  const w = document.getElementById('fv-worker');
  if (!v || !w || typeof Worker === 'undefined') return null;
  try {
    const url = URL.createObjectURL(new Blob([v.textContent, '\n', w.textContent], { type: 'text/javascript' }));
    const made = new Worker(url);
    document.documentElement.setAttribute('data-worker', 'on');
    return made;
  } catch (e) {
    return null;
  }
}

/** Runs one job; onProgress gets {steps, maxSteps, elapsed}. Resolves with the
 *  worker's answer, or null when cancelled. */
export function runJob(msg, onProgress) {
  cancelJob();
  const id = ++jobId;
  worker = newWorker();
  if (!worker) return runHere({ ...msg, id }, onProgress);
  return new Promise((resolve) => {
    const w = worker;
    w.onmessage = (e) => {
      if (e.data.id !== id) return;
      if (e.data.type === 'progress') { if (onProgress) onProgress(e.data); return; }
      w.terminate();
      if (worker === w) worker = null;
      cancel = null;
      resolve(e.data);
    };
    w.onerror = (e) => { w.terminate(); resolve({ type: 'error', code: 'internal', message: e.message || 'worker failed' }); };
    cancel = () => { w.terminate(); if (worker === w) worker = null; resolve(null); };
    w.postMessage({ ...msg, id });
  });
}

export function cancelJob() {
  if (cancel) { const c = cancel; cancel = null; c(); }
}

/** The same jobs on the page's own thread, in slices, for pages without workers. */
function runHere(m, onProgress) {
  const api = V();
  return new Promise((resolve) => {
    if (m.type === 'rounds') { resolve({ type: 'rounds', json: api.checkRounds(m.game, m.text) }); return; }
    if (m.type === 'batch') { resolve({ type: 'batch', results: m.texts.map((x) => api.verifyText(x)) }); return; }
    const w = api.chainWalker(m.hash, m.terminal);
    const t0 = performance.now();
    let stopped = false;
    cancel = () => { stopped = true; resolve(null); };
    const step = () => {
      if (stopped) return;
      const end = performance.now() + 40;
      while (w.steps < m.maxSteps && performance.now() < end) {
        if (w.advance(Math.min(16384, m.maxSteps - w.steps))) break;
      }
      if (w.found || w.steps >= m.maxSteps) {
        cancel = null;
        resolve({ type: 'walked', found: w.found, steps: w.steps, elapsed: performance.now() - t0 });
      } else {
        if (onProgress) onProgress({ steps: w.steps, maxSteps: m.maxSteps, elapsed: performance.now() - t0 });
        setTimeout(step, 0);
      }
    };
    step();
  });
}
