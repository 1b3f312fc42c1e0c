// The entry of pkg/verifier.js: the API with its self-test, and the CLI. The build
// (tools/bundle.mjs) wraps this bundle so that under Node it is a CommonJS module
// (`module.exports = api`, and the CLI runs when it is the main script), and in a
// browser the global `FairVerifier` (classic and module scripts alike).
import { createApi, verify } from './api.js';
import { selfTest } from './selftest.js';

export { cli } from '../cli/cli.js';

export const api = createApi();
/** Runs the embedded golden cases; {passed, failed, failures}. */
api.selfTest = () => selfTest(verify);
