// The page's client of the core (www/verify/client.js): its Web Worker is made from
// the page's own inert texts (its core, #fv-verifier, and the worker bundle,
// #fv-worker) as a blob: URL, the only kind of worker the page's CSP allows. Without
// workers, the same tasks run on the page's thread in slices, on the core started
// there (www/page/verifier.js).
import { createClient, withPageJobs } from '../verify/client.js';
import { V } from './verifier.js';
import { PAGE_TASKS } from '../verify/tasks.js';

let url = null; // one blob: URL for every worker the page makes

/** The worker the page's boot started while the file was still being parsed
 *  (tools/page.mjs BOOT_JS: the core compiles meanwhile, issue 36), taken once.
 *  What it said before now (its `hello`, or an error) is handed to the handlers the
 *  client sets on it (www/verify/client.js), in order, before anything it says next. */
function booted() {
  const node = /** @type {any} */ (document.getElementById('fv-worker'));
  const boot = node && node.fvBooted;
  if (!boot || !boot.worker) return null;
  node.fvBooted = null;
  url = boot.url;
  const made = boot.worker;
  queueMicrotask(() => {
    for (const e of boot.said) {
      const on = e.type === 'error' ? made.onerror : made.onmessage;
      if (typeof on === 'function') on.call(made, e);
    }
  });
  return made;
}

function startWorker() {
  const early = booted();
  if (early) {
    document.documentElement.setAttribute('data-worker', 'on');
    return early;
  }
  const v = document.getElementById('fv-verifier');
  const w = document.getElementById('fv-worker');
  if (!v || !w || typeof Worker === 'undefined') return null;
  if (!url) url = URL.createObjectURL(new Blob([v.textContent, '\n', w.textContent], { type: 'text/javascript' }));
  const made = new Worker(url);
  document.documentElement.setAttribute('data-worker', 'on');
  return made;
}

export const client = withPageJobs(createClient({ startWorker, api: V, tasks: PAGE_TASKS }));
