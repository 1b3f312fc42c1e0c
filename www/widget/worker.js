// The widget's chain walker, run in a Web Worker started from a blob: URL (see
// walk.js). This function is turned into the worker's source text together with
// wasm-bindgen's glue, so it must not use anything from the module around it.
// Protocol (close to www/worker/worker.js's `walk`): in {type: 'init', bytes} once,
// then {type: 'walk', id, hash, terminal, maxSteps, hashes?, rounds?}; out
// {type: 'hello'}, {type: 'progress', id, steps, maxSteps}, {type: 'walked', id,
// steps, found, viaMemory, linksWalked, rememberedRound, checkpoints} or
// {type: 'error', id, code, message}.
export function workerMain(makeGlue) {
  const SLICE = 16384;
  let en = null;
  function walk(m) {
    const w = new en.RememberingChainWalker(m.hash, m.terminal, m.hashes, m.rounds);
    let last = performance.now();
    try {
      while (w.linksWalked < m.maxSteps) {
        if (w.advance(Math.min(SLICE, m.maxSteps - w.linksWalked))) break;
        const now = performance.now();
        if (now - last > 100) { postMessage({ type: 'progress', id: m.id, steps: w.linksWalked, maxSteps: m.maxSteps }); last = now; }
      }
      postMessage({
        type: 'walked', id: m.id, steps: w.steps, found: w.found, viaMemory: w.viaMemory,
        linksWalked: w.linksWalked, rememberedRound: w.rememberedRound, checkpoints: w.found ? w.checkpoints() : null,
      });
    } finally { w.free(); }
  }
  self.onmessage = (e) => {
    const m = e.data;
    try {
      if (m.type === 'init') { en = makeGlue(); en.initSync({ module: m.bytes }); }
      else if (m.type === 'walk') walk(m);
    } catch (err) {
      postMessage({ type: 'error', id: m.id, code: (err && err.code) || 'internal', message: String(err && err.message) });
    }
  };
  postMessage({ type: 'hello' });
}
