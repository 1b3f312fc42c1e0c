// The page's Web Worker in headless Chromium: links per second over N links, built
// exactly as the page builds it (verifier.js + worker.js as a blob: URL, under the
// page's CSP). Used by tools/bench.mjs.
import { launch, openPage, PAGE_URL } from '../tests/browser/browser.mjs';

export async function measureWorker(n, start) {
  const browser = await launch();
  try {
    const { page } = await openPage(browser);
    await page.goto(PAGE_URL);
    return await page.evaluate(({ n, start }) => new Promise((resolve, reject) => {
      const src = [document.getElementById('fv-verifier').textContent, document.getElementById('fv-worker').textContent];
      const w = new Worker(URL.createObjectURL(new Blob([src[0], '\n', src[1]], { type: 'text/javascript' })));
      let warm = true;
      w.onmessage = (e) => {
        if (e.data.type === 'progress') return;
        if (e.data.type !== 'walked') { reject(new Error(e.data.message)); return; }
        if (warm) { warm = false; w.postMessage({ type: 'walk', id: 2, hash: start, terminal: 'f'.repeat(64), maxSteps: n }); return; }
        w.terminate();
        resolve(e.data.steps / (e.data.elapsed / 1000));
      };
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage({ type: 'walk', id: 1, hash: start, terminal: 'f'.repeat(64), maxSteps: 200000 });
    }), { n, start });
  } finally {
    await browser.close();
  }
}

/** In one page of headless Chromium (issue 14): the bare kernel's walk of n links on
 *  the page's thread, and clicking Verify to the verdict of an n-step chain record
 *  (the page's warm worker walks it); best of `k`, interleaved. Then remembered
 *  positions (issue 16): a round n links from its terminal, then one 10 links newer,
 *  each from setting the #record= link to the verdict. Times in ms. */
export async function measurePage(n, start, terminal, newer, k = 3) {
  const browser = await launch();
  try {
    const { page, errors } = await openPage(browser);
    await page.goto(PAGE_URL);
    // The scheme menu sits under "Details" (the page starts from the game picker).
    await page.$eval('#tech', (d) => { d.open = true; });
    await page.selectOption('#scheme', 'hash_chain');
    await page.fill('#f-hash', start);
    await page.fill('#f-terminal', terminal);
    await page.fill('#f-maxSteps', String(n));
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
    // Remembered positions: ticked, a round n links from its terminal, then 10 newer.
    await page.check('#remember-chain');
    const open = (hash) => page.evaluate((frag) => new Promise((resolve) => {
      const t0 = performance.now();
      const obs = new MutationObserver(() => {
        const v = document.querySelector('#verdict');
        if (!v || v.dataset.verdict === 'checking') return;
        obs.disconnect();
        resolve({ ms: performance.now() - t0, verdict: v.dataset.verdict, links: document.querySelector('#result').dataset.linksWalked });
      });
      obs.observe(document.querySelector('#result'), { childList: true, subtree: true });
      location.hash = frag;
    }), '#record=' + Buffer.from(JSON.stringify({ scheme: 'crash', hash, terminal })).toString('base64url'));
    const first = await open(start);
    const second = await open(newer);
    await page.click('#forget-chain');
    await page.uncheck('#remember-chain');
    if (first.verdict !== 'pass' || second.verdict !== 'pass') throw new Error(`remembered: ${first.verdict}, ${second.verdict}`);
    if (errors.length) throw new Error(errors.join('; '));
    return { ...best, first, second };
  } finally {
    await browser.close();
  }
}
