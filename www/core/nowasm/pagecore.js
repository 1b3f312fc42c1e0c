// The entry of the core of verifier-nowasm.html (issue 25): the page's core
// (../pagecore.js) on the same Rust compiled to JavaScript by wasm2js, for browsers
// without WebAssembly (iOS Lockdown Mode, some hardened browsers). Same API and
// reports, slower. `engine` says which build runs ('js' here; the wasm build has none).
import { api } from '../pagecore.js';

export { api };

api.engine = 'js';
