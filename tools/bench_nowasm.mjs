// ./build.sh bench, the no-WebAssembly part (issue 25): pkg/verifier-nowasm.js (the core
// compiled to JavaScript) against pkg/verifier.js's wasm in the same Node process,
// over the same 1,000,000 links: the chain kernel, the RememberingChainWalker advance
// loop as the page's worker runs it (16,384 links a call), and a hash_chain record
// verified end to end. Then each file's size (raw, gzip -9) and its load time (a
// fresh Node process: require, then the first verify). Best of K runs, interleaved,
// in CPU time. Then the fallback without a JIT (node --jitless).
// Then the same in headless Chromium (tools/bench_nowasm_browser.mjs).
// Reports times and ratios; asserts only that both builds agree.
//   node tools/bench_nowasm.mjs [NOWASM.js ...]   (default pkg/verifier-nowasm.js)
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const N = Number(process.env.BENCH_LINKS || 1_000_000);
const K = Number(process.env.BENCH_RUNS || 3);
const START = '0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d';
const NEVER = 'f'.repeat(64);
const SLICE = 16384; // www/worker/tasks.js

const files = [path.join(root, 'pkg/verifier.js'),
  ...(process.argv.length > 2 ? process.argv.slice(2).map((f) => path.resolve(f)) : [path.join(root, 'pkg/verifier-nowasm.js')])];
const builds = files.map((f) => ({ file: f, name: path.relative(root, f), fv: require(f) }));
if (builds[0].fv.engine !== undefined) throw new Error('pkg/verifier.js is not the wasm build');
for (const b of builds.slice(1)) if (b.fv.engine !== 'js') throw new Error(`${b.name} is not the JavaScript build`);

// CPU time of this process (user + system), not wall-clock: the figures stay
// comparable on a machine shared with other work. The loops are single-threaded.
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const seconds = (fn) => {
  const t = cpu();
  const out = fn();
  return { out, s: cpu() - t };
};

function bestOf(k, fnsByBuild) {
  const best = fnsByBuild.map(() => null);
  for (let i = 0; i < k; i++) {
    fnsByBuild.forEach((fn, j) => {
      const r = seconds(fn);
      if (!best[j] || r.s < best[j].s) best[j] = r;
    });
  }
  return best;
}

const walkLoop = (fv) => () => {
  const w = fv.RememberingChainWalker(START, NEVER);
  while (w.linksWalked < N) if (w.advance(Math.min(SLICE, N - w.linksWalked))) break;
  const out = w.current;
  w.free();
  return out;
};
const terminal = builds[0].fv.bench.kernel(START, N);
const record = { scheme: 'hash_chain', hash: START, terminal, maxSteps: N };
const endToEnd = (fv) => () => {
  const r = fv.verify(record);
  return `${r.verdict}/${r.steps}`;
};

// Warm-up: every path of every build, so the JITs have tiered up.
for (const b of builds) {
  b.fv.bench.kernel(START, 20_000);
  const w = b.fv.RememberingChainWalker(START, NEVER);
  for (let i = 0; i < 20; i++) w.advance(1000);
  w.free();
}

const rows = [];
for (const [what, make] of [['chain kernel (bench.kernel)', (fv) => () => fv.bench.kernel(START, N)],
  [`RememberingChainWalker, advance(${SLICE}) loop`, walkLoop],
  ['hash_chain record, verify() end to end', endToEnd]]) {
  const best = bestOf(K, builds.map((b) => make(b.fv)));
  best.forEach((r, j) => {
    if (r.out !== best[0].out) throw new Error(`${builds[j].name}: ${what} gave ${r.out}, the wasm ${best[0].out}`);
  });
  rows.push({ what, best });
}

// Load: a fresh process each time; require, then one small verify (the core made).
const loadScript = `const t0 = process.hrtime.bigint();
const fv = require(process.argv[1]);
const t1 = process.hrtime.bigint();
fv.verify({ scheme: 'crash', hash: '${START}' });
const t2 = process.hrtime.bigint();
console.log(JSON.stringify({ require: Number(t1 - t0) / 1e6, first: Number(t2 - t1) / 1e6 }));`;
const load = builds.map((b) => {
  let best = null;
  for (let i = 0; i < 5; i++) {
    const r = spawnSync(process.execPath, ['-e', loadScript, b.file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    const m = JSON.parse(r.stdout);
    if (!best || m.require + m.first < best.require + best.first) best = m;
  }
  const bytes = fs.readFileSync(b.file);
  return { ...best, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
});

const ms = (s) => `${(s * 1000).toFixed(0)} ms`;
console.log(`\n== no-WebAssembly fallback against the wasm, ${N.toLocaleString('en')} links, best of ${K}, CPU time (Node ${process.version})`);
for (const { what, best } of rows) {
  console.log(what);
  best.forEach((r, j) => {
    const ratio = j === 0 ? '' : `  ${(r.s / best[0].s).toFixed(1)}x the wasm's time`;
    console.log(`  ${builds[j].name.padEnd(40)} ${ms(r.s).padStart(9)}  ${Math.round(N / r.s).toLocaleString('en').padStart(11)} links/s${ratio}`);
  });
}
console.log('size and load (fresh Node process, best of 5: require the file, then the first verify)');
load.forEach((l, j) => {
  console.log(`  ${builds[j].name.padEnd(40)} ${String(l.bytes).padStart(8)} B, gzip -9 ${String(l.gzip).padStart(7)} B; ` +
    `require ${l.require.toFixed(0)} ms, first verify ${l.first.toFixed(0)} ms`);
});

// Without a JIT as well (iOS Lockdown Mode turns off JavaScript's JIT along with
// WebAssembly): `node --jitless`, where WebAssembly is absent too. 20,000 links.
{
  const JITLESS_LINKS = 20_000;
  const script = `const fv = require(process.argv[1]);
if (typeof WebAssembly !== 'undefined') throw new Error('WebAssembly under --jitless');
fv.bench.kernel('${START}', 1000);
const t = process.cpuUsage();
const end = fv.bench.kernel('${START}', ${JITLESS_LINKS});
const u = process.cpuUsage(t);
console.log(JSON.stringify({ end, s: (u.user + u.system) / 1e6 }));`;
  const expect = builds[0].fv.bench.kernel(START, JITLESS_LINKS);
  for (const b of builds.slice(1)) {
    const r = spawnSync(process.execPath, ['--jitless', '-e', script, b.file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    const m = JSON.parse(r.stdout);
    if (m.end !== expect) throw new Error(`${b.name} under --jitless ended on ${m.end}`);
    console.log(`no JIT (node --jitless, no WebAssembly either), chain kernel over ${JITLESS_LINKS.toLocaleString('en')} links\n` +
      `  ${b.name.padEnd(40)} ${ms(m.s).padStart(9)}  ${Math.round(JITLESS_LINKS / m.s).toLocaleString('en').padStart(11)} links/s`);
  }
}

// The same in headless Chromium, at 1x and 4x CPU throttling (wall-clock there).
try {
  const { measureBrowser, printBrowser } = await import('./bench_nowasm_browser.mjs');
  printBrowser(await measureBrowser({
    verifierJs: builds[0].file, nowasmJs: builds[1].file, verifierHtml: path.join(root, 'pkg/verifier.html'),
  }));
} catch (e) {
  console.log(`(Chromium not measured: ${e.message})`);
}
