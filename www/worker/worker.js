// The page's Web Worker (its own bundle): started from a blob: URL made of
// verifier.js and this file (the page's CSP allows blob: workers and nothing else),
// so long chain walks and big round histories never freeze the page. Cancel =
// terminate the worker. `FairVerifier` is the global that verifier.js defines.
const V = self.FairVerifier;

// Slices of 16,384 links (a few milliseconds): V8 moves the hot loop to its
// optimising tier between calls, and progress is posted about ten times a second.
const SLICE = 16384;

function walk(m) {
  const w = V.chainWalker(m.hash, m.terminal);
  const t0 = performance.now();
  let last = t0;
  while (w.steps < m.maxSteps) {
    if (w.advance(Math.min(SLICE, m.maxSteps - w.steps))) break;
    const now = performance.now();
    if (now - last > 100) {
      postMessage({ type: 'progress', id: m.id, steps: w.steps, maxSteps: m.maxSteps, elapsed: now - t0 });
      last = now;
    }
  }
  postMessage({ type: 'walked', id: m.id, found: w.found, steps: w.steps, elapsed: performance.now() - t0 });
  w.free();
}

/** Many records, one report (or error) each, as JSON text; progress as records. */
function batch(m) {
  const t0 = performance.now();
  let last = t0;
  const results = [];
  for (const text of m.texts) {
    results.push(V.verifyText(text));
    const now = performance.now();
    if (now - last > 100) {
      postMessage({ type: 'progress', id: m.id, steps: results.length, maxSteps: m.texts.length, elapsed: now - t0 });
      last = now;
    }
  }
  postMessage({ type: 'batch', id: m.id, results });
}

self.onmessage = (e) => {
  const m = e.data;
  try {
    if (m.type === 'walk') walk(m);
    else if (m.type === 'batch') batch(m);
    else if (m.type === 'rounds') postMessage({ type: 'rounds', id: m.id, json: V.checkRounds(m.game, m.text) });
  } catch (err) {
    postMessage({ type: 'error', id: m.id, code: err.code || 'internal', message: String(err.message) });
  }
};
