// The entry of pkg/verifier-nowasm.js: pkg/verifier.js's API and CLI, on the same
// Rust core compiled to JavaScript (for browsers without WebAssembly: iOS Lockdown
// Mode, some hardened browsers). Same reports, slower. `engine` says which build runs
// ('js' here; pkg/verifier.js has no such property).
import { api } from '../verifier.js';

export { api, cli } from '../verifier.js';

api.engine = 'js';
