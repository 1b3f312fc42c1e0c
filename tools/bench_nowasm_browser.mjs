// The no-WebAssembly fallback in headless Chromium (issue 25), for tools/bench_nowasm.mjs:
// at CPU throttling 1x and 4x (a mid-range phone), median of 3 loads:
//  - load: a page with one <script src> of verifier.js (WebAssembly present) or of
//    verifier-nowasm.js (WebAssembly deleted before any script runs): the script's
//    fetch + parse + run, then the first verify (the core made);
//  - walk: links/s of the RememberingChainWalker advance loop on the page's thread and
//    in a Web Worker (WebAssembly deleted there too, for the fallback), after 50,000
//    links of warm-up; and the worker's start (new Worker to its first verify done);
//  - what carrying the fallback inside verifier.html would cost everyone: verifier.html
//    as built, and the same with verifier-nowasm.js added as inert text (a
//    <script type="text/plain">, never parsed as script unless needed): time to the
//    load event and the longest main-thread task before it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from '../tests/browser/browser.mjs';

const START = '0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function withPage(browser, { rate, noWasm }, fn) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (noWasm) await page.addInitScript(() => { delete globalThis.WebAssembly; });
  // Long tasks from the very start of the document.
  await page.addInitScript(() => {
    globalThis.__longest = 0;
    try {
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) globalThis.__longest = Math.max(globalThis.__longest, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch { /* no long-task timing */ }
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    return await fn(page);
  } finally {
    await context.close();
  }
}

export async function measureBrowser({ verifierJs, nowasmJs, verifierHtml, links = 200_000 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-nowasm-bench-'));
  const put = (name, text) => { fs.writeFileSync(path.join(dir, name), text); return 'file://' + path.join(dir, name); };
  fs.copyFileSync(verifierJs, path.join(dir, 'verifier.js'));
  fs.copyFileSync(nowasmJs, path.join(dir, 'verifier-nowasm.js'));
  const loader = (file) => put(`load-${file}.html`, `<!doctype html><meta charset="utf-8"><title>load</title>
<script>window.__t0 = performance.now();</script><script src="${file}"></script>
<script>window.__t1 = performance.now();</script>`);
  const pages = { wasm: loader('verifier.js'), js: loader('verifier-nowasm.js') };
  const html = fs.readFileSync(verifierHtml, 'utf8');
  const inert = `<script id="fv-nowasm" type="text/plain">${fs.readFileSync(nowasmJs, 'utf8').replace(/<\/(script)/gi, '<\\/$1')}</script>\n</body>`;
  if (!html.includes('</body>')) throw new Error('verifier.html has no </body>');
  const full = { today: put('verifier.html', html), inert: put('verifier-inert.html', html.replace('</body>', () => inert)) };

  const browser = await launch();
  const out = { links, load: {}, page: {} };
  try {
    for (const rate of [1, 4]) {
      for (const engine of ['wasm', 'js']) {
        const runs = [];
        for (let i = 0; i < 3; i++) {
          runs.push(await withPage(browser, { rate, noWasm: engine === 'js' }, async (page) => {
            await page.goto(pages[engine]);
            return page.evaluate(({ start, links, engine }) => {
              if ((typeof WebAssembly === 'undefined') !== (engine === 'js')) throw new Error('WebAssembly where it should not be');
              if ((FairVerifier.engine || 'wasm') !== engine) throw new Error(`engine ${FairVerifier.engine}`);
              const t2 = performance.now();
              FairVerifier.verify({ scheme: 'crash', hash: start });
              const t3 = performance.now();
              const w = FairVerifier.RememberingChainWalker(start, 'f'.repeat(64));
              while (w.linksWalked < 50_000) w.advance(16384); // warm (the JIT tiers up)
              const t4 = performance.now();
              const from = w.linksWalked;
              while (w.linksWalked < from + links) w.advance(16384);
              const t5 = performance.now();
              w.free();
              return { script: window.__t1 - window.__t0, first: t3 - t2, linksPerS: links / ((t5 - t4) / 1000), longest: globalThis.__longest };
            }, { start: START, links, engine });
          }));
        }
        // The worker: the same file and a walk, WebAssembly deleted first for the fallback.
        const worker = await withPage(browser, { rate, noWasm: engine === 'js' }, async (page) => {
          await page.goto(pages[engine]);
          const src = fs.readFileSync(engine === 'js' ? nowasmJs : verifierJs, 'utf8');
          return page.evaluate(({ src, start, links, engine }) => new Promise((resolve, reject) => {
            const body = `${engine === 'js' ? 'delete self.WebAssembly;' : ''}
${src}
FairVerifier.verify({ scheme: 'crash', hash: ${JSON.stringify(start)} });
postMessage('ready');
const w = FairVerifier.RememberingChainWalker(${JSON.stringify(start)}, ${JSON.stringify('f'.repeat(64))});
while (w.linksWalked < 50000) w.advance(16384);
const t2 = performance.now();
while (w.linksWalked < 50000 + ${links}) w.advance(16384);
const t3 = performance.now();
postMessage({ wasm: typeof WebAssembly, engine: FairVerifier.engine || 'wasm', linksPerS: ${links} / ((t3 - t2) / 1000) });`;
            const t0 = performance.now();
            let load = 0;
            const wk = new Worker(URL.createObjectURL(new Blob([body], { type: 'text/javascript' })));
            wk.onmessage = (e) => {
              if (e.data === 'ready') { load = performance.now() - t0; return; }
              wk.terminate();
              resolve({ ...e.data, load });
            };
            wk.onerror = (e) => reject(new Error(e.message));
          }), { src, start: START, links, engine });
        });
        if (worker.engine !== engine || (engine === 'js' && worker.wasm !== 'undefined')) throw new Error(`worker: ${JSON.stringify(worker)}`);
        out.load[`${engine}@${rate}x`] = {
          script: median(runs.map((r) => r.script)), first: median(runs.map((r) => r.first)),
          pageLinksPerS: median(runs.map((r) => r.linksPerS)), longest: median(runs.map((r) => r.longest)),
          workerLinksPerS: worker.linksPerS, workerLoad: worker.load,
        };
      }
      // verifier.html as built against the same with the fallback inert inside.
      for (const [name, url] of Object.entries(full)) {
        const runs = [];
        for (let i = 0; i < 3; i++) {
          runs.push(await withPage(browser, { rate }, async (page) => {
            await page.goto(url, { waitUntil: 'load' });
            return page.evaluate(() => {
              const nav = performance.getEntriesByType('navigation')[0];
              return { load: nav.loadEventStart, longest: globalThis.__longest };
            });
          }));
        }
        out.page[`${name}@${rate}x`] = { load: median(runs.map((r) => r.load)), longest: median(runs.map((r) => r.longest)), bytes: fs.statSync(new URL(url)).size };
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

export function printBrowser(r) {
  console.log(`Chromium (headless), median of 3 loads; walks of ${r.links.toLocaleString('en')} links`);
  for (const [k, v] of Object.entries(r.load)) {
    console.log(`  ${k.padEnd(8)} script ${v.script.toFixed(0).padStart(5)} ms, first verify ${v.first.toFixed(0).padStart(4)} ms, ` +
      `longest task ${v.longest.toFixed(0).padStart(5)} ms; walk ${Math.round(v.pageLinksPerS).toLocaleString('en').padStart(10)} links/s on the page, ` +
      `${Math.round(v.workerLinksPerS).toLocaleString('en').padStart(10)} in a worker (worker start to first verify ${v.workerLoad.toFixed(0)} ms)`);
  }
  for (const [k, v] of Object.entries(r.page)) {
    console.log(`  verifier.html ${k.startsWith('inert') ? '+ fallback as inert text' : 'as built              '} ${k.split('@')[1]}: ` +
      `${String(v.bytes).padStart(8)} B, load event ${v.load.toFixed(0).padStart(5)} ms, longest task ${v.longest.toFixed(0).padStart(5)} ms`);
  }
}
