// The badge's Web Worker: the page's tasks and protocol (www/verify/serve.js) over the
// badge's core. It is no file of its own: www/widget/shared.js (this function and the
// code the badge's main thread shares with its worker) is one function in widget.js,
// `fv:badge-worker`, called on the main thread for its functions and carried into the
// worker as its own text (www/widget/client.js), with wasm-bindgen's glue
// (`self.fvMakeGlue`, the widget's own function text); the wasm comes in the first
// message (`init`), from the bytes the badge unpacked.
import { serveTasks } from '../verify/serve.js';
import { VERIFY_TASKS } from '../verify/tasks.js';
import { coreCalls, guarded } from '../core/calls.js';

/** Starts the worker's side (called inside the worker only). */
export function workerMain() {
  let module = null; // the wasm (bytes, then compiled once)
  let glue = null;
  const engine = () => {
    if (!glue) {
      if (!(module instanceof WebAssembly.Module)) module = new WebAssembly.Module(module);
      glue = /** @type {any} */ (self).fvMakeGlue();
      glue.initSync({ module });
    }
    return glue;
  };
  const api = coreCalls(guarded(engine, () => { glue = null; }));
  const handle = serveTasks({ api: () => api, tasks: VERIFY_TASKS, post: (m) => postMessage(m) });
  self.onmessage = (e) => {
    if (e.data && e.data.type === 'init') module = e.data.module;
    else handle(e.data);
  };
  postMessage({ type: 'hello' });
}
