// The entry of pkg/verifier.js: the API with its self-test, and the CLI. The build
// (tools/bundle.mjs) wraps this bundle so that under Node it is a CommonJS module
// (`module.exports = api`, and the CLI runs when it is the main script), and in a
// browser the global `FairVerifier` (classic and module scripts alike).
import { createApi, fullCalls, verify } from './api.js';
import { selfTest } from './selftest.js';
import { CATALOGS } from '../i18n/catalogs.js';

export { cli } from '../cli/cli.js';

export const api = createApi({ calls: fullCalls });
/** Runs the embedded golden cases; {passed, failed, failures}. */
api.selfTest = () => selfTest(verify);
/** The message catalogs ({lang: {key: words}}) that word the core's codes and params:
 *  the CLI's, and the page's (verifier.html reads them from here rather than carrying
 *  a second copy). */
api.catalogs = CATALOGS;
