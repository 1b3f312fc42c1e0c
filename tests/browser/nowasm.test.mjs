// pkg/verifier-nowasm.js (the core compiled to JavaScript, issue 25) with WebAssembly
// deleted before any script runs, on a page and in a blob: Web Worker (deleted there
// too), under a Content-Security-Policy as strict as verifier.html's but without
// 'wasm-unsafe-eval': the fallback needs neither WebAssembly nor eval. In each of the
// three engines of tests/browser/engines.mjs (WebKit is iOS's, where Lockdown Mode
// removes WebAssembly; FV_ENGINES picks engines). A dice bet, a bridge match, a
// selfpoker hand, a crash round 20,000 links below its terminal (pass) and the same
// round against a wrong terminal (fail): each report equal to pkg/verifier.js's (the
// wasm build, in Node) for the same record.
// FV_NOWASM=file checks another build (the test must fail on a broken one).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { engineNames, launchEngine } from './engines.mjs';
import { ROOT, VERIFIER, loadCases, deepEqual } from '../node/helpers.mjs';

const NOWASM = process.env.FV_NOWASM ? path.resolve(process.env.FV_NOWASM) : path.join(ROOT, 'pkg/verifier-nowasm.js');
const fv = createRequire(import.meta.url)(VERIFIER);
const START = '0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d';

function records() {
  const cases = loadCases();
  const find = (pred) => {
    const c = cases.find((x) => !x.expect.error && pred(x.record));
    assert.ok(c, 'a vector is missing');
    return c.record;
  };
  // The terminal 20,000 links above START, from Node's SHA-256 (not either build).
  let terminal = START;
  for (let i = 0; i < 20_000; i++) terminal = crypto.createHash('sha256').update(terminal).digest('hex');
  return [
    find((r) => r.scheme === 'dice'),
    find((r) => r.scheme === 'match_seed_v2' && r.game === 'bridge'),
    find((r) => r.scheme === 'selfpoker'),
    { scheme: 'crash', hash: START, terminal, maxSteps: 25_000 },
    { scheme: 'crash', hash: START, terminal: 'f'.repeat(64), maxSteps: 25_000 },
  ];
}

/** A report or the thrown error's public fields, in the page or a worker alike. */
const RUN = `function runAll(recs) {
  return recs.map((r) => {
    try { return { report: FairVerifier.verify(r) }; } catch (e) { return { error: { name: e.name, code: e.code, field: e.field, params: e.params } }; }
  });
}`;

/** The page: the fallback inline (as verifier.html carries verifier.js) and a script
 *  that verifies on the page, then starts a worker from the same text. */
function writePage(dir, recs) {
  const core = fs.readFileSync(NOWASM, 'utf8').replace(/<\/(script)/gi, '<\\/$1');
  const main = `${RUN}
window.__result = (async () => {
  const page = runAll(${JSON.stringify(recs)});
  const src = document.getElementById('core').textContent;
  const worker = await new Promise((resolve, reject) => {
    const body = 'delete self.WebAssembly;\\n' + src + '\\n' + ${JSON.stringify(RUN)} +
      '\\npostMessage({ wasm: typeof WebAssembly, engine: FairVerifier.engine, out: runAll(' + ${JSON.stringify(JSON.stringify(recs))} + ') });';
    const w = new Worker(URL.createObjectURL(new Blob([body], { type: 'text/javascript' })));
    w.onmessage = (e) => { w.terminate(); resolve(e.data); };
    w.onerror = (e) => reject(new Error(e.message));
  });
  return { wasm: typeof WebAssembly, engine: FairVerifier.engine, page, worker };
})();`;
  const b64sha = (t) => crypto.createHash('sha256').update(t).digest('base64');
  const csp = ["default-src 'none'", `script-src 'sha256-${b64sha(core)}' 'sha256-${b64sha(main)}'`,
    'worker-src blob:', "connect-src 'none'", "base-uri 'none'"].join('; ');
  const file = path.join(dir, 'nowasm.html');
  fs.writeFileSync(file, `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}"><title>no WebAssembly</title></head><body>
<script id="core">${core}</script>
<script>${main}</script>
</body></html>`);
  return pathToFileURL(file).href;
}

const verdicts = (recs) => recs.map((r) => {
  try { return { report: fv.verify(r) }; } catch (e) { return { error: { name: e.name, code: e.code, field: e.field, params: e.params } }; }
});

for (const name of engineNames()) {
  describe(name, { timeout: 10 * 60 * 1000 }, () => {
    let engine;
    let dir;
    before(async () => {
      assert.ok(fs.existsSync(NOWASM), 'pkg/verifier-nowasm.js is missing: run ./build.sh');
      dir = fs.mkdtempSync(path.join(os.tmpdir(), `fv-nowasm-${name}-`));
      engine = await launchEngine(name);
    });
    after(async () => {
      if (engine) await engine.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    test('without WebAssembly, on a page and in a worker, verifier-nowasm.js gives the wasm build\'s verdicts', async () => {
      const recs = records();
      const want = verdicts(recs);
      assert.deepEqual(want.map((w) => w.report && w.report.verdict), ['pass', 'pass', 'pass', 'pass', 'fail']);
      const url = writePage(dir, recs);
      const page = await engine.newPage({ init: ['delete globalThis.WebAssembly;'] });
      await page.goto(url);
      await page.waitFor(() => window.__result !== undefined, undefined, { what: 'the page script' });
      const got = await page.evaluate(() => window.__result);
      assert.deepEqual([got.wasm, got.engine], ['undefined', 'js'], 'the page ran the JavaScript core without WebAssembly');
      assert.deepEqual([got.worker.wasm, got.worker.engine], ['undefined', 'js'], 'so did the worker');
      got.page.forEach((r, i) => assert.ok(deepEqual(r, want[i]), `page, record ${i}: ${JSON.stringify(r).slice(0, 300)}`));
      got.worker.out.forEach((r, i) => assert.ok(deepEqual(r, want[i]), `worker, record ${i}: ${JSON.stringify(r).slice(0, 300)}`));
      assert.deepEqual(await page.network(), [], 'the page tried the network');
      assert.deepEqual(await page.errors(), [], 'errors or CSP violations');
      await page.close();
    });
  });
}
