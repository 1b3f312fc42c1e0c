// @ts-check
// The worker's side of the one client protocol (www/verify/client.js): every worker
// that verifies (the page's, www/worker/worker.js; the badge's, www/widget/worker.js)
// answers its messages here, and so does the client itself where there is no worker
// (the jobs then run on its own thread in slices of `sliceMs`). In: a job ({type, id, …}, www/verify/tasks.js),
// `memory` (the positions a `recall` asked for), `cancel` (a job to stop: it stops
// at its next pause, within a tenth of a second, and answers nothing). Out:
// `pending`, `progress`, `recall`, `done`, `error`.
import { runTask } from './tasks.js';

const PROGRESS_MS = 100;

const cancelledError = () => Object.assign(new Error('cancelled'), { cancelled: true });

/** `api()`: the FairVerifier calls the tasks use; `tasks`: the jobs this worker runs
 *  (www/verify/tasks.js PAGE_TASKS or VERIFY_TASKS); `post(message)`: to the client;
 *  `sliceMs`: on a page's own thread, how long work may run before it yields (a
 *  worker yields only after its progress, ten times a second).
 *  Returns the handler of one message from the client.
 *  @param {{api: () => import('./types').AnyCore, tasks: import('./types').Tasks,
 *    post: (a: import('./types').Answer) => void, sliceMs?: number}} how
 *  @returns {(m: import('./types').ToWorker) => void} */
export function serveTasks({ api, tasks, post, sliceMs = 0 }) {
  /** @typedef {{stopped: boolean, wait: {resolve: (memory: import('./types').Positions | null) => void,
   *  reject: (err: Error) => void} | null}} Running */
  /** @type {Map<number, Running>} */
  const running = new Map(); // job id → {stopped, wait: the recall's {resolve, reject}}

  // The next task of this thread (a message to itself: no timer clamping; a page
  // draws its frames between such tasks). Open only while a job runs (an open port
  // keeps a Node process alive).
  /** @type {MessageChannel | null} */
  let channel = null;
  /** @type {(() => void)[]} */
  const paused = [];
  /** @returns {Promise<void>} */
  const pause = () => new Promise((resolve) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => { const r = paused.shift(); if (r) r(); };
    }
    paused.push(resolve);
    channel.port2.postMessage(null);
  });
  /** @param {number} id */
  const done = (id) => {
    running.delete(id);
    if (!running.size && channel) { channel.port1.close(); channel = null; }
  };

  return (m) => {
    const job = running.get(m.id);
    if (m.type === 'memory' || m.type === 'cancel') {
      const wait = job && job.wait;
      if (!job) return;
      job.wait = null;
      if (m.type === 'cancel') {
        job.stopped = true;
        if (wait) wait.reject(cancelledError());
      } else if (wait) wait.resolve(m.memory);
      return;
    }
    /** @type {Running} */
    const me = { stopped: false, wait: null };
    const stop = () => { if (me.stopped) throw cancelledError(); };
    let last = 0;
    let slice = performance.now();
    running.set(m.id, me);
    runTask(tasks, {
      api: /** @type {import('./types').Api} */ (api()),
      sliceMs,
      post: (a) => { if (!me.stopped) post(a); },
      // Progress ten times a second, and then a pause for the messages that came
      // meanwhile (one task: the client's questions, a cancel, another job, are
      // answered during a long walk instead of after it).
      tick: (p) => {
        stop();
        const now = performance.now();
        const said = !!p && now - last > PROGRESS_MS;
        if (said) { last = now; post({ type: 'progress', id: m.id, ...p }); }
        if (sliceMs ? now - slice < sliceMs : !said) return undefined;
        return pause().then(() => { slice = performance.now(); stop(); });
      },
      /** @param {string} terminal @returns {Promise<import('./types').Positions | null>} */
      recall: (terminal) => new Promise((resolve, reject) => {
        me.wait = { resolve, reject };
        post({ type: 'recall', id: m.id, terminal });
      }),
    }, m).catch(() => {}).finally(() => done(m.id));
  };
}
