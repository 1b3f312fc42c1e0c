// @ts-check
// The page's one way to the core: every verification, walk, history, batch and
// core call goes through here, to the page's Web Worker (made once, kept warm) or,
// without workers, to the same tasks on the page's own thread in short slices.
// It answers the worker's questions (the remembered positions of a terminal, from
// the store the caller gave) and keeps what a walk proved in that store.
// Results resolve as data: {report, walk} / {data, walk} / {kind, …} / {value}, or
// {error} (the core's error as data); null when cancelled. The badge
// (www/widget/client.js) is a client too, with its own worker of the same protocol
// (www/verify/serve.js): each badge cancels its own job (`on.signal`).
import { serveTasks } from './serve.js';
import { toRemember } from './flow.js';
import { errorValue } from '../core/errors.js';

/** @typedef {import('./types').Result} Result */
/** @typedef {import('./types').RunOptions} RunOptions */
/** A job sent: its caller's options, how to resolve it, whether it is long and was stopped.
 *  @typedef {RunOptions & {resolve: (value: Result | null) => void, long: boolean, stopped: boolean,
 *  msg: import('./types').Job}} Sent */

/**
 * `startWorker()`: a new Worker answering the protocol of www/verify/serve.js, or
 * null (then the tasks run here on `api()`). `sliceMs`: how long a slice of work may
 * hold this thread when there is no worker. `helloMs`: a worker that has said
 * nothing (its `hello`) that long after it was made is taken as refused (a host's
 * CSP may refuse blob: workers without an error event); a worker that fails before
 * saying anything is refused too: its jobs then run here, and no worker is made again.
 * `tasks`: the jobs run here (www/verify/tasks.js PAGE_TASKS or VERIFY_TASKS).
 * @param {{startWorker?: (() => Worker | null) | null, api: () => import('./types').AnyCore,
 *   tasks?: import('./types').Tasks, sliceMs?: number, helloMs?: number}} how
 */
export function createClient({ startWorker, api, tasks = {}, sliceMs = 40, helloMs = 0 }) {
  /** @type {Worker | null | undefined} */
  let worker; // undefined: not tried yet; null: none
  /** @type {((m: import('./types').ToWorker) => void) | null} */
  let here = null; // the jobs' handler on this thread, made on first use
  /** @type {Map<number, Sent>} */
  const jobs = new Map();
  let nextId = 1;

  /** @param {number} id @param {Result | null} value */
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

  /** @param {import('./types').Answer} m */
  function answer(m) {
    const j = jobs.get(m.id);
    if (!j) return;
    if (m.type === 'progress') { j.long = true; if (j.onProgress) j.onProgress(m); return; }
    if (m.type === 'pending') { j.long = true; if (j.onPending) j.onPending(m.report || m.data); return; }
    if (m.type === 'recall') {
      const memory = j.store ? j.store.recall(m.terminal) : null;
      send({ type: 'memory', id: m.id, memory });
      return;
    }
    if (m.type === 'error') { finish(m.id, { error: m.error }); return; }
    const { type, id, ...value } = m;
    finish(m.id, value);
  }

  /** A worker that never spoke: none from now on, and its jobs run here.
   *  @param {Worker} w */
  function refused(w) {
    if (w !== worker) return;
    w.terminate();
    worker = null;
    for (const j of jobs.values()) send(j.msg);
  }

  function makeWorker() {
    let w = null;
    try { w = startWorker ? startWorker() : null; } catch (e) { w = null; }
    if (!w) return null;
    let spoke = false;
    const timer = helloMs ? setTimeout(() => { if (!spoke) refused(w); }, helloMs) : undefined;
    w.onmessage = (e) => {
      if (!spoke) { spoke = true; clearTimeout(timer); }
      if (w === worker) answer(e.data);
    };
    w.onerror = (e) => {
      if (e && e.preventDefault) e.preventDefault();
      if (w !== worker) return;
      clearTimeout(timer);
      if (!spoke) { refused(w); return; }
      drop();
      const error = errorValue('internal', '', (e && e.message) || 'the worker stopped');
      for (const id of [...jobs.keys()]) finish(id, { error });
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

  /** A message to where the jobs run: the worker, or, without one, this thread,
   *  through the same protocol (serve.js: the same tasks, yielding every `sliceMs`).
   *  @param {import('./types').ToWorker} m */
  function send(m) {
    if (worker) { worker.postMessage(m); return; }
    if (!here) here = serveTasks({ api, tasks, sliceMs, post: answer });
    here(m);
  }

  /** Runs one job; `on`: {onProgress, onPending, store, signal (an AbortSignal:
   *  aborted, this job alone is cancelled and resolves null)}.
   *  @param {import('./types').JobBody} msg @param {RunOptions} [on] @returns {Promise<Result | null>} */
  function run(msg, on = {}) {
    const id = nextId++;
    return new Promise((resolve) => {
      if (on.signal && on.signal.aborted) { resolve(null); return; }
      const w = getWorker();
      // A record's job is long once its walk begins (`on.long`: from the start);
      // `on.background`: a job no cancel() stops (see withPageJobs).
      /** @type {Sent} */
      const job = { resolve, long: false, ...on, stopped: false, msg: /** @type {import('./types').Job} */ ({ ...msg, id }) };
      jobs.set(id, job);
      if (on.signal) on.signal.addEventListener('abort', () => stop([id]), { once: true });
      if (!w) { send(job.msg); return; }
      try {
        w.postMessage(job.msg);
      } catch (e) {
        // A record the worker cannot be sent (a function in it, say).
        finish(id, { error: errorValue('internal', '', String((e && /** @type {{message?: string}} */ (e).message) || e)) });
      }
    });
  }

  /** Cancels the jobs `ids` (they resolve null). In a worker, a long one (a walk,
   *  a batch: it said so with progress or a pending report) stops at once: the worker
   *  is terminated and made again when next needed, when no other verification
   *  runs there (the page's own `about` and `digest` are sent to the next one);
   *  otherwise each is told to stop, and does at its next pause.
   *  @param {number[]} ids */
  function stop(ids) {
    const stopping = /** @type {[number, Sent][]} */ (ids.map((id) => [id, jobs.get(id)]).filter(([, j]) => j));
    if (!stopping.length) return;
    for (const [, j] of stopping) j.stopped = true;
    const others = [...jobs.values()].some((j) => !j.stopped && !j.background);
    const long = stopping.some(([, j]) => j.long);
    if (worker && long && !others) {
      drop();
      const again = [...jobs.values()].filter((j) => !j.stopped);
      const w = again.length ? getWorker() : null;
      if (w) for (const j of again) w.postMessage(j.msg);
    } else {
      for (const [id] of stopping) send({ type: 'cancel', id });
    }
    for (const [id] of stopping) finish(id, null);
  }

  return {
    /** Runs a job message ({type, …}, a task of www/verify/tasks.js); `on` as above. */
    run,
    /** Starts the worker ahead of the first job, when there is one. */
    start: () => getWorker(),
    /** A record ({record} | {text} | {bytes}) to its final report ({report, walk,
     *  betsSpread?: a list of bets' spread, {value} or {error}}). `on.store`:
     *  remembered positions to walk from and to keep; `on.full`: walk the whole way. */
    /** @param {import('./types').Input} input @param {RunOptions} [on] */
    verify: (input, on = {}) => run({ type: 'verify', input, options: on.options, full: !!on.full }, on),
    /** Cancels every running job of a verification (they resolve null; the page's
     *  own `about` and `digest` go on): see stop() above. */
    cancel() {
      stop([...jobs.entries()].filter(([, j]) => !j.background).map(([id]) => id));
    },
  };
}

/** The page's jobs besides `verify` (PAGE_TASKS), over a client: kept apart so that
 *  the badge's bundle carries none of them.
 *  @param {ReturnType<typeof createClient>} client */
export function withPageJobs(client) {
  return {
    ...client,
    /** Starts the worker ahead of the first job; with `walk`, also has it run the
     *  walk loop a little, so that V8 has the optimised kernel ready before the first
     *  long walk (queued behind any job already sent: the first verdict never waits
     *  on it). */
    warmUp: ({ walk = true } = {}) => {
      const w = client.start();
      if (w && walk) w.postMessage({ type: 'warm', id: 0 });
    },
    // Batches and histories (pasted, or a chain's whole one) are long from the start.
    /** A round history ({game, text, terminal?}). */
    /** @param {{game: string, text: string, terminal?: string}} history @param {RunOptions} [on] */
    rounds: (history, on = {}) => client.run({ type: 'rounds', ...history, full: !!on.full }, { ...on, long: true }),
    /** A chain's whole history ({record (object or text), round (proven, for the
     *  progress)}): {summary, positions, linksWalked, elapsed}. */
    /** @param {{record: object | string, round: number}} chain @param {RunOptions} [on] */
    history: ({ record, round }, on = {}) => client.run({ type: 'history', record, round }, { ...on, long: true }),
    /** Text or bytes with records: {kind, item} or {kind: 'many', results, summary}. */
    /** @param {{text?: string, bytes?: Uint8Array}} input @param {RunOptions} [on] */
    batch: (input, on = {}) => client.run({ type: 'batch', ...input }, { ...on, long: true }),
    /** One call of the core: {value} or {error}. */
    /** @param {string} method @param {...unknown} args */
    call: (method, ...args) => client.run({ type: 'call', method, args }),
    // What a text or a file is, and bet lines read, are no verification: a new one
    // does not cancel them.
    /** What a text or a file's bytes is (the core's classify): {value} or {error}. */
    /** @param {string | Uint8Array} input @param {object} [options] */
    classify: (input, options) => client.run({ type: 'call', method: 'classify', args: [input, options] }, { background: true }),
    /** Bet lines read by the core (betLines): {value} or {error}. */
    /** @param {string} text @param {object} [options] */
    betLines: (text, options) => client.run({ type: 'call', method: 'betLines', args: [text, options] }, { background: true }),
    // What the page asks for itself (what the core is, its own file's SHA-256)
    // belongs to no verification: a new one does not cancel it.
    /** What the core is ({version, engine, wasmSha256, webAssembly, selfTest}), worked
     *  out where the core runs: {value} or {error}. */
    about: () => client.run({ type: 'about' }, { background: true }),
    /** The SHA-256 of a text's UTF-8 bytes, off the page's thread: {value}. */
    /** @param {string} text */
    digest: (text) => client.run({ type: 'digest', text }, { background: true }),
  };
}
