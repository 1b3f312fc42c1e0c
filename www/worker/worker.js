// The page's one Web Worker (its own bundle), started from a blob: URL made of
// verifier.js and this file (the page's CSP allows blob: workers and nothing else).
// It lives as long as the page: the wasm is compiled once, warmed once, and every
// verification, walk, batch and round history runs here (www/verify/tasks.js, through
// the one protocol of www/verify/serve.js), so the page never freezes. Cancel
// terminates it (the page starts a new one when next needed). `FairVerifier` is the
// global that verifier.js defines. Remembered positions live in the page's storage:
// the worker asks for them (`recall`).
import { serveTasks } from '../verify/serve.js';
import { PAGE_TASKS } from '../verify/tasks.js';

const handle = serveTasks({ api: () => self.FairVerifier, tasks: PAGE_TASKS, post: (m) => postMessage(m) });
self.onmessage = (e) => handle(e.data);
postMessage({ type: 'hello' });
// The core made at once (its wasm compiled and instantiated, issue 36): the page's boot
// starts this worker while the page is still being parsed, so the first verification
// finds it ready. A core that cannot start says so in the first job's answer.
try { self.FairVerifier.maxRecordBytes(); } catch (e) { /* answered with the first job */ }
