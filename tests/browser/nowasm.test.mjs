// Without WebAssembly (issue 25), in each of the three engines of
// tests/browser/engines.mjs (WebKit is iOS's, where Lockdown Mode removes WebAssembly;
// FV_ENGINES picks engines). WebAssembly is deleted before any of the page's scripts
// run, on the page and in its worker (an init script makes every JavaScript Blob the
// page builds, the worker's source, start with the same deletion). verifier.html then
// says it cannot run and names verifier-nowasm.html; verifier-nowasm.html (its CSP
// without 'wasm-unsafe-eval') says it is the slower build and verifies, in its worker,
// a dice bet, a bridge match, a selfpoker hand, a crash round 20,000 links below its
// terminal (pass) and the same round against a wrong terminal (unchecked: a short walk): each final
// report (#result.fvReport) equal to pkg/verifier.js's (the wasm build, in Node) for
// the same record. A longer walk shows its progress as usual. No request, no error,
// no CSP violation.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { engineNames, launchEngine } from './engines.mjs';
import { b64url } from './browser.mjs';
import { ROOT, VERIFIER, loadCases, deepEqual } from '../node/helpers.mjs';

const NOWASM = process.env.FV_NOWASM ? path.resolve(process.env.FV_NOWASM) : path.join(ROOT, 'pkg/verifier-nowasm.html');
const NOWASM_URL = pathToFileURL(NOWASM).href;
const PAGE_URL = pathToFileURL(path.join(path.dirname(NOWASM), 'verifier.html')).href;
const fv = createRequire(import.meta.url)(VERIFIER);
const START = '0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d';

/** Before the page's scripts: no WebAssembly here, nor in any worker made from a
 *  JavaScript Blob (the page's worker is one). `__fvNoWasm` counts those workers. */
const NO_WASM = `delete globalThis.WebAssembly;
window.__fvNoWasm = 0;
(() => {
  const RealBlob = window.Blob;
  window.Blob = class Blob extends RealBlob {
    constructor(parts, opts) {
      const js = opts && /javascript/.test(String(opts.type));
      if (js) window.__fvNoWasm++;
      super(js ? ['delete self.WebAssembly;\\n', ...parts] : parts, opts);
    }
  };
})();`;

function records() {
  const cases = loadCases();
  const find = (pred) => {
    const c = cases.find((x) => !x.expect.error && pred(x.record) && !Object.keys(x.expect).some((k) => k.endsWith('Ok') && x.expect[k] === false));
    assert.ok(c, 'a vector is missing');
    return c.record;
  };
  // The terminal 20,000 links above START, from Node's SHA-256 (not either build).
  let terminal = START;
  for (let i = 0; i < 20_000; i++) terminal = crypto.createHash('sha256').update(terminal).digest('hex');
  return [
    find((r) => r.scheme === 'dice' && r.nonce !== undefined),
    find((r) => r.scheme === 'match_seed_v2' && r.game === 'bridge'),
    find((r) => r.scheme === 'selfpoker'),
    // hash_chain: its given terminal counts (a crash round of this test's own chain is
    // unchecked, terminal_unpublished), so the walk can end in a pass.
    { scheme: 'hash_chain', hash: START, terminal, maxSteps: 25_000 },
    { scheme: 'crash', hash: START, terminal: 'f'.repeat(64), maxSteps: 25_000 },
  ];
}

/** The final report once the page has one (the walk done), as JSON-able data. */
const finalReport = () => {
  const r = document.querySelector('#result');
  return r && r.fvReport && !r.hasAttribute('data-walking') ? JSON.parse(JSON.stringify(r.fvReport)) : null;
};

for (const name of engineNames()) {
  describe(name, { timeout: 10 * 60 * 1000 }, () => {
    let engine;
    before(async () => {
      assert.ok(fs.existsSync(NOWASM), `${NOWASM} is missing: run ./build.sh`);
      engine = await launchEngine(name);
    });
    after(async () => { if (engine) await engine.close(); });

    test('verifier.html without WebAssembly names verifier-nowasm.html', async () => {
      const page = await engine.newPage({ init: [NO_WASM], allowed: [NOWASM_URL] });
      await page.goto(PAGE_URL + '#record=' + b64url(records()[0]));
      await page.waitForSelector('[data-wasm-missing]', { visible: true });
      assert.equal(await page.evaluate(() => typeof WebAssembly), 'undefined', 'the init script ran first');
      assert.match(await page.text('[data-wasm-missing]'), /verifier-nowasm\.html/);
      assert.equal(await page.attr('#nowasm-link', 'href'), 'verifier-nowasm.html');
      assert.equal(await page.attr('#verdict', 'data-verdict'), null, 'no verdict without the verifier');
      assert.deepEqual(await page.network(), [], 'the page tried the network');
      assert.deepEqual(await page.errors(), [], 'errors or CSP violations');
      await page.close();
    });

    test('verifier-nowasm.html without WebAssembly, page and worker: the right verdicts, as verifier.js gives them', async () => {
      const recs = records();
      const want = recs.map((r) => fv.verify(r));
      // The wrong terminal within 25,000 steps: below the published length, so unchecked
      // (SPEC §6), never a pass.
      assert.deepEqual(want.map((w) => w.verdict), ['pass', 'pass', 'pass', 'pass', 'unchecked']);
      const page = await engine.newPage({ init: [NO_WASM] });
      for (const [i, rec] of recs.entries()) {
        await page.goto(NOWASM_URL + '#record=' + b64url(rec));
        const got = await page.waitFor(finalReport, null, { timeout: 120000, what: `record ${i}'s final report` });
        assert.ok(deepEqual(got, want[i]), `record ${i}: ${JSON.stringify(got).slice(0, 300)}\n  Node: ${JSON.stringify(want[i]).slice(0, 300)}`);
        assert.equal(await page.attr('#verdict', 'data-verdict'), want[i].verdict, `record ${i}: the banner`);
        assert.equal(await page.evaluate(() => typeof WebAssembly), 'undefined');
        assert.equal(await page.evaluate(() => window.__fvNoWasm), 1, 'one worker, made without WebAssembly');
        assert.equal(await page.attr('html', 'data-worker'), 'on', 'verified in the worker');
        // The page says it is the slower build; its worker says it runs the JavaScript core.
        assert.match(await page.text('[data-nowasm-build]'), /slower build/);
        await page.waitFor(() => document.documentElement.getAttribute('data-engine'), null, { what: 'the core\'s answer' });
        assert.equal(await page.attr('html', 'data-engine'), 'js');
      }
      await page.waitFor(() => document.querySelector('#selftest[data-selftest]'), null, { what: 'the self-test' });
      assert.equal(await page.attr('#selftest', 'data-selftest'), 'passed');
      assert.match(await page.text('#fingerprint'), /JavaScript/);
      assert.deepEqual(await page.network(), [], 'the page tried the network');
      assert.deepEqual(await page.errors(), [], 'errors or CSP violations');
      await page.screenshot('nowasm-page', { fullPage: false });
      await page.close();
    });

    test('verifier-nowasm.html: a long walk shows its progress, then its verdict', async () => {
      // 400,000 links: a second or more in the JavaScript core.
      let terminal = START;
      for (let i = 0; i < 400_000; i++) terminal = crypto.createHash('sha256').update(terminal).digest('hex');
      const rec = { scheme: 'crash', hash: START, terminal };
      const want = fv.verify(rec);
      const page = await engine.newPage({ init: [NO_WASM] });
      await page.goto(NOWASM_URL + '#record=' + b64url(rec));
      // Progress while the worker walks (or the walk already done: then it must have
      // been shown; the bar's last value is kept by the test's own observer).
      await page.evaluate(() => {
        window.__fvProgress = 0;
        const seen = () => {
          const box = document.querySelector('#chain-progress');
          const bar = document.querySelector('#chain-bar');
          if (box && bar && !box.hidden) window.__fvProgress = Math.max(window.__fvProgress, Number(bar.value) || 0);
        };
        new MutationObserver(seen).observe(document.body, { subtree: true, attributes: true, childList: true });
        seen();
      });
      const got = await page.waitFor(finalReport, null, { timeout: 300000, interval: 200, what: 'the walk\'s final report' });
      assert.ok(deepEqual(got, want), JSON.stringify(got).slice(0, 300));
      assert.equal(got.round, 400_000);
      assert.ok(await page.evaluate(() => window.__fvProgress) > 0, 'the progress bar moved during the walk');
      assert.deepEqual(await page.errors(), [], 'errors or CSP violations');
      await page.close();
    });
  });
}
