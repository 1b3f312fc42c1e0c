// The page's client of the core (www/verify/client.js): its Web Worker is made from
// the page's own inert texts (its core, #fv-verifier, and the worker bundle,
// #fv-worker) as a blob: URL, the only kind of worker the page's CSP allows. Without
// workers, the same tasks run on the page's thread in slices, on the core started
// there (www/page/verifier.js).
import { createClient, withPageJobs } from '../verify/client.js';
import { V } from './verifier.js';
import { PAGE_TASKS } from '../verify/tasks.js';

let url = null; // one blob: URL for every worker the page makes

function startWorker() {
  const v = document.getElementById('fv-verifier');
  const w = document.getElementById('fv-worker');
  if (!v || !w || typeof Worker === 'undefined') return null;
  if (!url) url = URL.createObjectURL(new Blob([v.textContent, '\n', w.textContent], { type: 'text/javascript' }));
  const made = new Worker(url);
  document.documentElement.setAttribute('data-worker', 'on');
  return made;
}

export const client = withPageJobs(createClient({ startWorker, api: V, tasks: PAGE_TASKS }));
