// The entry of the page's core (issue 25): the FairVerifier API with its self-test,
// without the command line and without the catalogs (the page carries those as data,
// each parsed only when its language is shown). verifier.html holds it as inert text
// (<script id="fv-verifier" type="text/plain">): the source of the page's Web Worker,
// and, only where there are no workers, run on the page as an inline script whose
// hash the page's CSP lists (www/page/verifier.js). tools/bundle.mjs wraps it so that it
// defines the global `FairVerifier` (or, under Node, module.exports).
import { createApi, fullCalls, verify } from './api.js';
import { selfTest } from './selftest.js';

export const api = createApi({ calls: fullCalls });
/** Runs the embedded golden cases; {passed, failed, failures}. */
api.selfTest = () => selfTest(verify);
