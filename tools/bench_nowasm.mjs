// ./build.sh bench, the build without WebAssembly (issue 25): the core of
// pkg/verifier-nowasm.html (the Rust core compiled to JavaScript by wasm2js) against
// the core of pkg/verifier.html (the wasm), each the very text its page carries, over
// the same 1,000,000 links in one Node process: the walk loop as the page's worker
// runs it (ChainWalker.advance, 16,384 links a call) and a hash_chain record verified
// end to end; CPU time, best of K, interleaved. Then without a JIT (node --jitless, as
// iOS Lockdown Mode turns the JIT off too), the sizes of both cores and pages (raw
// and gzip -9), and the page's worker in headless Chromium at 1x and 4x.
// Reports times and ratios; asserts only that both builds agree.
//   node tools/bench_nowasm.mjs
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpu, bestOf } from './timing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.env.BENCH_LINKS || 1_000_000);
const K = Number(process.env.BENCH_RUNS || 3);
const START = '0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d';
const NEVER = 'f'.repeat(64);
const SLICE = 16384; // www/verify/walk.js, in a worker

/** The inert core of a built page (#fv-verifier), as text. */
export function pageCore(file) {
  const m = /<script id="fv-verifier" type="text\/plain">([\s\S]*?)<\/script>/.exec(fs.readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${file}: no #fv-verifier`);
  return m[1];
}

const pages = [['verifier.html (wasm)', path.join(root, 'pkg/verifier.html')], ['verifier-nowasm.html (wasm2js)', path.join(root, 'pkg/verifier-nowasm.html')]];
const builds = pages.map(([name, file]) => {
  const text = pageCore(file);
  const ctx = vm.createContext({ console, TextEncoder, TextDecoder, WebAssembly, performance, atob, btoa });
  vm.runInContext(text, ctx, { filename: name });
  return { name, file, text, fv: ctx.FairVerifier };
});
if (builds[0].fv.engine !== undefined || builds[1].fv.engine !== 'js') throw new Error('not the two builds');

// CPU time (tools/timing.mjs), not wall-clock: the loops are single-threaded.
const walkLoop = (fv, n) => () => {
  const w = fv.chainWalker({ hash: START, terminal: NEVER, maxSteps: n });
  try {
    while (!w.advance(SLICE));
    return w.linksWalked;
  } finally {
    w.free();
  }
};
// A terminal N links above START, by Node's SHA-256.
let terminal = START;
for (let i = 0; i < N; i++) terminal = createHash('sha256').update(terminal).digest('hex');
const record = { scheme: 'hash_chain', hash: START, terminal, maxSteps: N };
const endToEnd = (fv) => () => { const r = fv.verify(record); return `${r.verdict}/${r.steps}`; };

// Warm-up: every path of both builds, so the JITs have tiered up.
for (const b of builds) walkLoop(b.fv, 50_000)();

const rows = [];
for (const [what, make] of [[`walk loop (ChainWalker.advance(${SLICE}), as in the worker)`, (fv) => walkLoop(fv, N)],
  ['hash_chain record, verify() end to end', endToEnd]]) {
  const best = bestOf(K, builds.map((b) => make(b.fv)), cpu);
  best.forEach((r, j) => { if (r.out !== best[0].out) throw new Error(`${builds[j].name}: ${what} gave ${r.out}, the wasm ${best[0].out}`); });
  rows.push({ what, best });
}
const ms = (s) => `${(s * 1000).toFixed(0)} ms`;
console.log(`\n== the build without WebAssembly against the wasm, ${N.toLocaleString('en')} links, best of ${K}, CPU time (Node ${process.version})`);
for (const { what, best } of rows) {
  console.log(what);
  best.forEach((r, j) => {
    const ratio = j === 0 ? '' : `  ${(r.s / best[0].s).toFixed(1)}x the wasm's time`;
    console.log(`  ${builds[j].name.padEnd(34)} ${ms(r.s).padStart(9)}  ${Math.round(N / r.s).toLocaleString('en').padStart(11)} links/s${ratio}`);
  });
}

// Without a JIT (node --jitless, where WebAssembly is absent too): 20,000 links.
{
  const LINKS = 20_000;
  const dir = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'fv-jitless-'));
  const core = path.join(dir, 'core.js');
  fs.writeFileSync(core, builds[1].text);
  const script = `const fv = require(process.argv[1]);
if (typeof WebAssembly !== 'undefined') throw new Error('WebAssembly under --jitless');
const walk = (n) => { const w = fv.chainWalker({ hash: '${START}', terminal: '${NEVER}', maxSteps: n }); while (!w.advance(4096)); const l = w.linksWalked; w.free(); return l; };
walk(1000);
const t = process.cpuUsage();
const l = walk(${LINKS});
const u = process.cpuUsage(t);
console.log(JSON.stringify({ l, s: (u.user + u.system) / 1e6 }));`;
  const r = spawnSync(process.execPath, ['--jitless', '-e', script, core], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) console.log(`(no JIT not measured: ${r.stderr.split('\n')[0]})`);
  else {
    const m = JSON.parse(r.stdout);
    console.log(`no JIT (node --jitless, no WebAssembly either), walk loop over ${LINKS.toLocaleString('en')} links\n` +
      `  ${builds[1].name.padEnd(34)} ${ms(m.s).padStart(9)}  ${Math.round(m.l / m.s).toLocaleString('en').padStart(11)} links/s`);
  }
}

console.log('size (raw, gzip -9): the page\'s core (#fv-verifier, the worker\'s source) and the whole page');
for (const b of builds) {
  const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
  const page = fs.readFileSync(b.file);
  const core = Buffer.from(b.text, 'utf8');
  console.log(`  ${b.name.padEnd(34)} core ${core.length.toLocaleString('en').padStart(10)} B (${gz(core).toLocaleString('en')} gzipped); ` +
    `page ${page.length.toLocaleString('en').padStart(10)} B (${gz(page).toLocaleString('en')} gzipped)`);
}

// The page's worker in headless Chromium: each page's own worker, the build without
// WebAssembly with WebAssembly deleted in the page and the worker.
try {
  const { measureWorker } = await import('./bench_worker.mjs');
  console.log(`the page's worker in headless Chromium, a hash_chain record of ${N.toLocaleString('en')} links (wall clock):`);
  for (const rate of [1, 4]) {
    const wasm = await measureWorker(N, START, { url: pathToFileURL(builds[0].file).href, rate });
    const js = await measureWorker(N, START, { url: pathToFileURL(builds[1].file).href, rate, noWasm: true, warm: 50_000 });
    console.log(`  CPU ${rate}x: verifier.html ${Math.round(wasm.linksPerSecond).toLocaleString('en')} links/s, ` +
      `verifier-nowasm.html without WebAssembly ${Math.round(js.linksPerSecond).toLocaleString('en')} links/s ` +
      `(${(wasm.linksPerSecond / js.linksPerSecond).toFixed(1)}x slower; ${(js.ms / 1000).toFixed(1)} s for the walk)`);
  }
} catch (e) {
  console.log(`(Chromium not measured: ${e.message})`);
}
