// The page's one way to the core: every verification, walk, history, batch and
// core call goes through here, to the page's Web Worker (made once, kept warm) or,
// without workers, to the same tasks on the page's own thread in short slices.
// It answers the worker's questions (the remembered positions of a terminal, from
// the store the caller gave) and keeps what a walk proved in that store.
// Results resolve as data: {report, walk} / {data, walk} / {kind, …} / {value}, or
// {error} (the core's error as data); null when cancelled.
import { runTask } from './tasks.js';
import { toRemember } from './flow.js';

const PROGRESS_MS = 100;

/**
 * `startWorker()`: a new Worker running www/worker/worker.js, or null (then the
 * tasks run here on `api()`). `sliceMs`: how long a slice of work may hold this
 * thread when there is no worker.
 */
export function createClient({ startWorker, api, sliceMs = 40 }) {
  let worker; // undefined: not tried yet; null: none
  const jobs = new Map();
  let nextId = 1;

  function finish(id, value) {
    const j = jobs.get(id);
    if (!j) return;
    jobs.delete(id);
    if (value && j.store) {
      const keep = toRemember(value.walk ? { ...value, walked: value.walk, request: value.walk.request } : null);
      if (keep) j.store.keep(keep.terminal, keep.found, keep.more);
    }
    j.resolve(value);
  }

  function answer(m) {
    const j = jobs.get(m.id);
    if (!j) return;
    if (m.type === 'progress') { j.long = true; if (j.onProgress) j.onProgress(m); return; }
    if (m.type === 'pending') { j.long = true; if (j.onPending) j.onPending(m.report || m.data); return; }
    if (m.type === 'recall') {
      const memory = j.store ? j.store.recall(m.terminal) : null;
      j.reply({ type: 'memory', id: m.id, memory });
      return;
    }
    if (m.type === 'error') { finish(m.id, { error: m.error }); return; }
    const { type, id, ...value } = m;
    finish(m.id, value);
  }

  function makeWorker() {
    let w = null;
    try { w = startWorker ? startWorker() : null; } catch (e) { w = null; }
    if (!w) return null;
    w.onmessage = (e) => { if (w === worker) answer(e.data); };
    w.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault();
      if (w !== worker) return;
      drop();
      for (const id of [...jobs.keys()]) finish(id, { error: { code: 'internal', field: '', params: {}, message: (e && e.message) || 'the worker stopped' } });
    };
    return w;
  }

  function drop() {
    if (worker) worker.terminate();
    worker = undefined;
  }

  function getWorker() {
    if (worker === undefined) worker = makeWorker();
    return worker;
  }

  /** The same tasks on this thread, yielding every `sliceMs`; stoppable. */
  function runHere(msg, job) {
    let slice = performance.now();
    let lastProgress = 0;
    const ctx = {
      api: api(),
      sliceMs,
      post: (a) => { if (!job.stopped) answer(a); },
      recall: async (terminal) => (job.store ? job.store.recall(terminal) : null),
      tick: (p) => new Promise((resolve, reject) => {
        const now = performance.now();
        if (p && now - lastProgress > PROGRESS_MS) { lastProgress = now; answer({ type: 'progress', id: msg.id, ...p }); }
        if (now - slice < sliceMs && !job.stopped) { resolve(); return; }
        setTimeout(() => {
          slice = performance.now();
          if (job.stopped) reject(Object.assign(new Error('cancelled'), { cancelled: true }));
          else resolve();
        }, 0);
      }),
    };
    runTask(ctx, msg).catch(() => {});
  }

  /** Runs one job; `on`: {onProgress, onPending, store}. */
  function run(msg, on = {}) {
    const id = nextId++;
    return new Promise((resolve) => {
      const w = getWorker();
      // Batches and histories (pasted, or a chain's whole one) are long from the
      // start; a record once its walk begins.
      const long = msg.type === 'batch' || msg.type === 'rounds' || msg.type === 'history';
      // What the page asks for itself (what the core is, its own file's SHA-256)
      // belongs to no verification: a new one does not cancel it.
      const background = msg.type === 'about' || msg.type === 'digest';
      const job = { resolve, ...on, stopped: false, long, background, msg: { ...msg, id }, reply: (m) => (worker ? worker.postMessage(m) : null) };
      jobs.set(id, job);
      if (w) w.postMessage(job.msg);
      else runHere(job.msg, job);
    });
  }

  return {
    /** Starts the worker ahead of the first job; with `walk`, also has it run the
     *  walk loop a little, so that V8 has the optimised kernel ready before the first
     *  long walk (queued behind any job already sent: the first verdict never waits
     *  on it). */
    warmUp: ({ walk = true } = {}) => {
      const w = getWorker();
      if (w && walk) w.postMessage({ type: 'warm', id: 0 });
    },
    /** Is a job running? */
    busy: () => jobs.size > 0,
    /** A record ({record} | {text} | {bytes}) to its final report ({report, walk,
     *  betsSpread?: a list of bets' spread, {value} or {error}}). `on.store`:
     *  remembered positions to walk from and to keep; `on.full`: walk the whole way. */
    verify: (input, on = {}) => run({ type: 'verify', input, options: on.options, full: !!on.full }, on),
    /** A round history ({game, text, terminal?}). */
    rounds: (history, on = {}) => run({ type: 'rounds', ...history, full: !!on.full }, on),
    /** A chain's whole history ({record (object or text), round (proven, for the
     *  progress)}): {summary, positions, linksWalked, elapsed}. */
    history: ({ record, round }, on = {}) => run({ type: 'history', record, round }, on),
    /** Text or bytes with records: {kind, item} or {kind: 'many', results, summary}. */
    batch: (input, on = {}) => run({ type: 'batch', ...input }, on),
    /** One call of the core: {value} or {error}. */
    call: (method, ...args) => run({ type: 'call', method, args }),
    /** What the core is ({version, engine, wasmSha256, webAssembly, selfTest}), worked
     *  out where the core runs: {value} or {error}. */
    about: () => run({ type: 'about' }),
    /** The SHA-256 of a text's UTF-8 bytes, off the page's thread: {value}. */
    digest: (text) => run({ type: 'digest', text }),
    /** Cancels every running job of a verification (they resolve null; the page's
     *  own `about` and `digest` go on). A worker busy with a long job
     *  (a walk, a batch: it said so with progress or a pending report) is
     *  terminated and made again when next needed; one busy with a call of a few
     *  milliseconds is left to finish, its answer dropped (making a worker compiles
     *  the wasm again). */
    cancel() {
      const stopping = [...jobs.entries()].filter(([, j]) => !j.background);
      if (!stopping.length) return;
      const long = stopping.some(([, j]) => j.long);
      for (const [, j] of stopping) j.stopped = true;
      if (worker && long) {
        drop();
        // The page's own questions still wanting an answer go to the next worker.
        const again = [...jobs.values()].filter((j) => j.background);
        const w = again.length ? getWorker() : null;
        if (w) for (const j of again) w.postMessage(j.msg);
      }
      for (const [id] of stopping) finish(id, null);
    },
  };
}
