// What the badge's main thread and its worker share (tools/bundle.mjs): bundled apart
// and made one function of widget.js (`fvShared`, `fv:badge-worker`), whose result the
// badge's modules import in place of these modules' own (the build redirects them),
// and whose text is the worker's source (www/widget/client.js): the code is carried
// once, not once as code and once as the worker's text (0.9 KB of widget.js gzipped).
export { serveTasks } from '../verify/serve.js';
export { VERIFY_TASKS } from '../verify/tasks.js';
export { coreCalls, guarded } from '../core/calls.js';
export { toRemember } from '../verify/flow.js';
export { errorData, verifyError, errorValue } from '../core/errors.js';
export { workerMain } from './worker.js';
