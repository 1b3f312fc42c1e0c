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
// The page's Intl formatters, first made here (issue 36): the browser loads the data
// behind Intl.ListFormat, NumberFormat and PluralRules once for all its threads, on
// the first thread that asks. Asked here while the page is still being parsed, the
// page's own first ones (its first verdict's sentence and numbers) no longer pay it:
// 100-290 ms on the page's thread at 4x CPU throttling. In a task of its own, after
// any job already sent.
setTimeout(() => {
  try {
    const lang = [self.navigator && self.navigator.language, 'en'].filter(Boolean);
    new Intl.ListFormat(lang, { type: 'conjunction' }).format(['a', 'b']);
    new Intl.NumberFormat(lang).format(1234.5);
    new Intl.PluralRules(lang).select(1);
  } catch (e) { /* no Intl here: the page makes its own */ }
}, 0);
