// Long jobs (chain walks, batches, round histories) in the page's one Web Worker,
// made from the page's own scripts (verifier.js + the worker bundle) as a blob: URL.
// The worker is started once, compiles the wasm once and warms up while the page
// is idle; every job reuses it. One job at a time: a new job or Cancel terminates a
// running one (and its worker; the next job starts a new worker). Without workers,
// the same tasks (www/worker/tasks.js) run on the page's thread in slices.
import { V } from './verifier.js';
import { runTask } from '../worker/tasks.js';

let worker = null;
let busy = null; // {id, resolve, onProgress, onPending}
let jobId = 0;

function newWorker() {
  const v = document.getElementById('fv-verifier');
  const w = document.getElementById('fv-worker');
  if (!v || !w || typeof Worker === 'undefined') return null;
  try {
    const url = URL.createObjectURL(new Blob([v.textContent, '\n', w.textContent], { type: 'text/javascript' }));
    const made = new Worker(url);
    document.documentElement.setAttribute('data-worker', 'on');
    made.onmessage = (e) => answer(made, e.data);
    made.onerror = (e) => {
      e.preventDefault();
      drop(made);
      finish({ type: 'error', code: 'internal', message: e.message || 'worker failed' });
    };
    made.postMessage({ type: 'warm', id: 0 });
    return made;
  } catch (e) {
    return null;
  }
}

function drop(w) {
  if (worker === w) worker = null;
  w.terminate();
}

function finish(value) {
  const b = busy;
  busy = null;
  if (b) b.resolve(value);
}

function answer(w, m) {
  if (w !== worker || !busy || m.id !== busy.id) return;
  if (m.type === 'progress') { if (busy.onProgress) busy.onProgress(m); return; }
  if (m.type === 'pending') { if (busy.onPending) busy.onPending(m); return; }
  finish(m);
}

/** The warm worker, started if there is none (null without Web Workers). */
function getWorker() {
  if (!worker) worker = newWorker();
  return worker;
}

/** Starts the worker ahead of the first job (the page calls this once at start). */
export function warmUp() {
  getWorker();
}

/** Runs one job; `on.progress` gets {steps, maxSteps, elapsed}, `on.pending` a
 *  job's first answer (a round history with its walk pending). Resolves with the
 *  job's answer, or null when cancelled. */
export function runJob(msg, on = {}) {
  cancelJob();
  const id = ++jobId;
  const onProgress = typeof on === 'function' ? on : on.progress;
  const w = getWorker();
  return new Promise((resolve) => {
    busy = { id, resolve, onProgress, onPending: on.pending };
    if (w) w.postMessage({ ...msg, id });
    else runHere({ ...msg, id });
  });
}

/** Is a job running? */
export const jobRunning = () => busy !== null;

/** Cancels the running job: its worker is terminated (a new one is started lazily). */
export function cancelJob() {
  if (!busy) return;
  if (worker) drop(worker);
  if (busy.stop) busy.stop();
  finish(null);
}

/** The same tasks on the page's own thread, yielding every ~40 ms, for pages without workers. */
function runHere(m) {
  const job = busy;
  let stopped = false;
  job.stop = () => { stopped = true; };
  let slice = performance.now();
  const ctx = {
    api: V(),
    post: (a) => { if (!stopped && busy === job && a.id === job.id) answerHere(a); },
    tick: () => new Promise((resolve, reject) => {
      if (performance.now() - slice < 40 && !stopped) { resolve(); return; }
      setTimeout(() => {
        slice = performance.now();
        if (stopped) reject(Object.assign(new Error('cancelled'), { cancelled: true }));
        else resolve();
      }, 0);
    }),
  };
  runTask(ctx, m).catch(() => {});
}

function answerHere(m) {
  if (m.type === 'progress') { if (busy.onProgress) busy.onProgress(m); return; }
  if (m.type === 'pending') { if (busy.onPending) busy.onPending(m); return; }
  finish(m);
}
