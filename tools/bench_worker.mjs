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
