// The badge's Web Worker (bundled apart by tools/bundle.mjs and carried in widget.js
// as text, `fv:badge-worker`): the page's tasks and protocol (www/verify/serve.js)
// over the badge's core. Its source is wasm-bindgen's glue (`self.fvMakeGlue`, the
// widget's own function text, www/widget/client.js) and this bundle; the wasm comes
// in the first message (`init`), from the bytes the badge unpacked.
import { serveTasks } from '../verify/serve.js';
import { VERIFY_TASKS } from '../verify/tasks.js';
import { coreCalls, guarded } from '../core/calls.js';

let module = null; // the wasm (bytes, then compiled once)
let glue = null;

function engine() {
  if (!glue) {
    if (!(module instanceof WebAssembly.Module)) module = new WebAssembly.Module(module);
    glue = /** @type {any} */ (self).fvMakeGlue();
    glue.initSync({ module });
  }
  return glue;
}

const api = coreCalls(guarded(engine, () => { glue = null; }));
const handle = serveTasks({ api: () => api, tasks: VERIFY_TASKS, post: (m) => postMessage(m) });
self.onmessage = (e) => {
  if (e.data && e.data.type === 'init') module = e.data.module;
  else handle(e.data);
};
postMessage({ type: 'hello' });
