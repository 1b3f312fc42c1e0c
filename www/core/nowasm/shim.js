// The part of the WebAssembly API that wasm-bindgen's glue and engine.js use
// (`new WebAssembly.Module(bytes)`, `new WebAssembly.Instance(module, imports)`), over
// the core translated to plain JavaScript by binaryen's wasm2js. Only the
// no-WebAssembly bundle (pkg/verifier-nowasm.js, tools/nowasm.mjs) carries it: esbuild
// injects it there, so every free `WebAssembly` in that bundle is this object. The
// page's or worker's own global is never read, written or needed.
import { instantiate } from 'fv:wasm2js';

class Module {
  // The code is in this bundle already (fv:wasm2js); the bytes engine.js passes are
  // not WebAssembly and are not read.
}

class Instance {
  constructor(module, imports) {
    if (!(module instanceof Module)) throw new TypeError('not a module of the JavaScript core');
    // A fresh copy of the core's whole state (memory, globals, table) each time, as a
    // new WebAssembly instance would be: engine.js makes one after an internal error.
    this.exports = instantiate(imports);
  }
}

export const WebAssemblyShim = Object.freeze({ Module, Instance });
export { WebAssemblyShim as WebAssembly };
