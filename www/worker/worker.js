// The page's one Web Worker (its own bundle), started from a blob: URL made of
// verifier.js and this file (the page's CSP allows blob: workers and nothing else).
// It lives as long as the page: the wasm is compiled once, warmed once, and every
// verification, walk, batch and round history runs here (www/verify/tasks.js), so
// the page never freezes. Cancel terminates it (the page starts a new one when
// next needed). `FairVerifier` is the global that verifier.js defines. Remembered
// positions live in the page's storage: the worker asks for them (`recall`).
import { runTask } from '../verify/tasks.js';

const PROGRESS_MS = 100;
const waiting = new Map(); // job id → resolve(memory)

/** The next task of this worker (a message to itself: no timer clamping). */
const channel = new MessageChannel();
const paused = [];
channel.port1.onmessage = () => { const r = paused.shift(); if (r) r(); };
const pause = () => new Promise((resolve) => { paused.push(resolve); channel.port2.postMessage(null); });

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'memory') {
    const resolve = waiting.get(m.id);
    waiting.delete(m.id);
    if (resolve) resolve(m.memory);
    return;
  }
  let last = 0;
  runTask({
    api: self.FairVerifier,
    post: (a) => postMessage(a),
    // Progress ten times a second, and then a pause for the messages that came
    // meanwhile (one task: the page's questions, such as the self-test asked for
    // at start, are answered during a long walk instead of after it).
    tick: (p) => {
      const now = performance.now();
      if (!p || now - last <= PROGRESS_MS) return undefined;
      last = now;
      postMessage({ type: 'progress', id: m.id, ...p });
      return pause();
    },
    recall: (terminal) => new Promise((resolve) => {
      waiting.set(m.id, resolve);
      postMessage({ type: 'recall', id: m.id, terminal });
    }),
  }, m);
};
