// The page's Web Worker and the page itself in headless Chromium, for tools/bench.mjs
// and tools/bench_nowasm.mjs. The worker is built exactly as the page builds it (the
// page's core, inert in #fv-verifier, and the worker bundle, #fv-worker, as one
// blob: URL, under the page's CSP) and spoken to in its own protocol (www/verify/
// tasks.js): {type: 'verify', id, input: {record}} answered by 'pending', 'progress'
// and 'done' ({report, walk: {linksWalked, …}}).
import { launch, openPage, PAGE_URL, loadPageCore } from '../tests/browser/browser.mjs';

const NEVER = 'f'.repeat(64);

/** In the page's worker: links per second of a hash_chain record of `n` steps whose
 *  terminal is never reached (the core's own walk, in the worker's slices), after a
 *  warm-up walk of 200,000 links in the same worker. `url`: the page (verifier.html,
 *  verifier-nowasm.html, a bench build's); `rate`: CPU throttling; `noWasm`:
 *  WebAssembly deleted in the page and the worker first. */
export async function measureWorker(n, start, { url = PAGE_URL, rate = 1, noWasm = false, warm = 200_000 } = {}) {
  const browser = await launch();
  try {
    const { page, context } = await openPage(browser, { allowed: [url] });
    if (noWasm) await page.addInitScript(() => { delete globalThis.WebAssembly; });
    const cdp = await context.newCDPSession(page);
    await page.goto(url);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    return await page.evaluate(({ n, start, noWasm, warm, NEVER }) => new Promise((resolve, reject) => {
      const src = [document.getElementById('fv-verifier').textContent, document.getElementById('fv-worker').textContent];
      const w = new Worker(URL.createObjectURL(new Blob([noWasm ? 'delete self.WebAssembly;\n' : '', src[0], '\n', src[1]], { type: 'text/javascript' })));
      const record = (steps) => ({ scheme: 'hash_chain', hash: start, terminal: NEVER, maxSteps: steps });
      let t0 = 0;
      w.onmessage = (e) => {
        const m = e.data;
        if (m.type === 'hello' || m.type === 'pending' || m.type === 'progress' || m.type === 'recall') {
          if (m.type === 'recall') w.postMessage({ type: 'memory', id: m.id, memory: null });
          return;
        }
        if (m.type !== 'done') { w.terminate(); reject(new Error(m.error ? m.error.message : m.type)); return; }
        if (m.id === 1) { t0 = performance.now(); w.postMessage({ type: 'verify', id: 2, input: { record: record(n) } }); return; }
        const ms = performance.now() - t0;
        w.terminate();
        if (!m.walk || m.walk.linksWalked !== n) { reject(new Error(`walked ${m.walk && m.walk.linksWalked} links`)); return; }
        resolve({ linksPerSecond: n / (ms / 1000), ms, verdict: m.report.verdict });
      };
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage({ type: 'verify', id: 1, input: { record: record(warm) } });
    }), { n, start, noWasm, warm, NEVER });
  } finally {
    await browser.close();
  }
}

/** In one page of headless Chromium (issue 14), a build with the bench hooks
 *  (`url`: target/bench/pkg/verifier.html): the bare kernel's walk of n links on the
 *  page's thread (its core started there as it is without workers), and clicking
 *  Verify to the verdict of an n-step chain record (the page's warm worker walks it);
 *  best of `k`, interleaved. Then remembered positions (issue 16): a round n links
 *  from its terminal, then one 10 links newer, each from setting the #record= link to
 *  the verdict. Times in ms. */
export async function measurePage(n, start, terminal, newer, { url, k = 3 } = {}) {
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser, { allowed: [url] });
    await page.goto(url);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await loadPageCore(page);
    if (!(await page.evaluate(() => !!FairVerifier.bench))) throw new Error(`${url} has no bench hooks (./build.sh bench builds them)`);
    // The scheme menu sits under "Details" (the page starts from the game picker).
    await page.$eval('#tech', (d) => { d.open = true; });
    await page.selectOption('#scheme', 'hash_chain');
    await page.fill('#f-hash', start);
    await page.fill('#f-terminal', terminal);
    await page.fill('#f-maxSteps', String(n));
    // The edit ends (its `change` fires on blur) before Verify is clicked, as a
    // player's own click does it: a `change` after the result is shown would withdraw
    // it (www/page/stale.js).
    await page.$eval('#f-maxSteps', (e) => e.blur());
    const kernel = () => page.evaluate(({ n, start }) => {
      const t0 = performance.now();
      const end = FairVerifier.bench.kernel(start, n);
      return { ms: performance.now() - t0, end };
    }, { n, start });
    const click = () => page.evaluate(() => new Promise((resolve) => {
      const result = document.querySelector('#result');
      let t0 = 0;
      const obs = new MutationObserver(() => {
        const v = document.querySelector('#verdict');
        if (!v || v.dataset.verdict === 'checking' || !t0) return;
        obs.disconnect();
        resolve({ ms: performance.now() - t0, verdict: v.dataset.verdict });
      });
      result.replaceChildren();
      obs.observe(result, { childList: true, subtree: true });
      t0 = performance.now();
      document.querySelector('#verify').click();
    }));
    // Warm-up: the page's thread runs the kernel a little; the worker warms itself at start.
    // Many short calls, so V8 tiers the kernel up (it does so between calls).
    await page.evaluate((s) => { for (let i = 0; i < 200; i++) FairVerifier.bench.kernel(s, 1000); }, start);
    await page.waitForTimeout(1000);
    const best = { kernel: Infinity, click: Infinity };
    for (let i = 0; i < k; i++) {
      const c = await click();
      if (c.verdict !== 'pass') throw new Error(`Verify gave ${c.verdict}`);
      best.click = Math.min(best.click, c.ms);
      const r = await kernel();
      if (r.end !== terminal) throw new Error('the kernel ended elsewhere');
      best.kernel = Math.min(best.kernel, r.ms);
    }
    // Remembered positions (the page remembers the rounds it proved in this visit,
    // nothing to tick): forgotten first, a round n links from its terminal, then 10 newer
    // (hash_chain: its given terminal counts; a crash round's own terminal proves nothing).
    await page.$eval('#forget-chain', (b) => b.click());
    const open = (hash) => page.evaluate((frag) => new Promise((resolve) => {
      const t0 = performance.now();
      // Only a verdict drawn after the link is set counts (the last one can still change).
      const old = document.querySelector('#verdict');
      const obs = new MutationObserver(() => {
        const v = document.querySelector('#verdict');
        if (!v || v === old || v.dataset.verdict === 'checking') return;
        obs.disconnect();
        resolve({ ms: performance.now() - t0, verdict: v.dataset.verdict, links: document.querySelector('#result').dataset.linksWalked });
      });
      obs.observe(document.querySelector('#result'), { childList: true, subtree: true });
      location.hash = frag;
    }), '#record=' + Buffer.from(JSON.stringify({ scheme: 'hash_chain', hash, terminal })).toString('base64url'));
    const first = await open(start);
    const second = await open(newer);
    await page.$eval('#forget-chain', (b) => b.click());
    if (first.verdict !== 'pass' || second.verdict !== 'pass') throw new Error(`remembered: ${first.verdict}, ${second.verdict}`);
    if (Number(second.links) !== 10) throw new Error(`remembered: the newer round walked ${second.links} links, not 10`);
    if (errors.length) throw new Error(errors.join('; '));
    return { ...best, first, second };
  } finally {
    await browser.close();
  }
}
