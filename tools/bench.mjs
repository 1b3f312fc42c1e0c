// ./build.sh bench (JS part): over the same 1,000,000 links, in one run, the wasm
// kernel against the wasm generic sha2 loop, Node's warmed createHash loop,
// @noble/hashes, the CLI, and the page's Web Worker in headless Chromium.
// Then the remembered chain positions (issue 16): the walk's links/s with and without
// a remembered set of 1,000 entries, and a check 10 rounds newer than a proven
// 1,000,000-step round next to that first check's time.
// Reports links per second and ratios; asserts nothing about absolute times. A part
// that cannot be measured (the page changed under it) is said and the run exits 1.
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import crypto from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sha256 as nobleSha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { wall as time, bestOf } from './timing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
// The benchmark hooks (the kernel alone, the generic sha2 path) are only in the bench
// build (`cargo --features bench`, made by ./build.sh bench into target/bench/pkg);
// the shipped pkg/ is what the CLI and page figures measure.
const BENCH_PKG = process.env.FV_BENCH_PKG || path.join(root, 'target/bench/pkg');
const fv = require(path.join(BENCH_PKG, 'verifier.js'));
const N = Number(process.env.BENCH_LINKS || 1_000_000);
const START = '0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d';

const nodeLoop = (n) => { let h = START; for (let i = 0; i < n; i++) h = createHash('sha256').update(h).digest('hex'); return h; };
const nobleLoop = (n) => { let h = START; for (let i = 0; i < n; i++) h = bytesToHex(nobleSha256(utf8ToBytes(h))); return h; };

// Warm-up: every path, so JITs and the wasm instance are hot.
fv.bench.kernel(START, 50_000); fv.bench.generic(START, 50_000); nodeLoop(100_000); nobleLoop(20_000);

const rows = [];
const [kernel, generic, node, noble] = bestOf(3, [
  () => fv.bench.kernel(START, N), () => fv.bench.generic(START, N), () => nodeLoop(N), () => nobleLoop(N),
]);
rows.push(['wasm chain kernel', kernel]);
rows.push(['wasm generic sha2 loop', generic]);
rows.push(['Node createHash loop (warmed)', node]);
rows.push(['@noble/hashes loop', noble]);
for (const [name, r] of rows) {
  if (r.out !== kernel.out) throw new Error(`${name} ended on ${r.out}, kernel on ${kernel.out}`);
}

// The CLI walking a hash_chain record of N steps whose terminal is never reached.
const rec = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fv-bench-')), 'chain.json');
fs.writeFileSync(rec, JSON.stringify({ scheme: 'hash_chain', hash: START, terminal: 'f'.repeat(64), maxSteps: N }));
const cli = time(() => { try { execFileSync(process.execPath, [path.join(root, 'pkg/verifier.js'), rec]); } catch (e) { return e.status; } return 0; });
rows.push([`CLI hash_chain record (maxSteps ${N}, whole process)`, cli]);

// Remembered positions: the core's ChainWalker and the kernel hook, straight from
// wasm-bindgen's glue over the bench build's wasm.
function rawEngine() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-bench-glue-'));
  execFileSync('wasm-bindgen', ['--target', 'no-modules', '--no-typescript', '--out-dir', dir,
    path.join(root, 'target/bench/wasm32-unknown-unknown/release/fairverify.wasm')]);
  const glue = fs.readFileSync(path.join(dir, 'fairverify.js'), 'utf8');
  fs.rmSync(dir, { recursive: true, force: true });
  const wb = new Function(`${glue}\nreturn wasm_bindgen;`)();
  wb.initSync({ module: new WebAssembly.Module(fs.readFileSync(path.join(BENCH_PKG, 'fairverify.wasm'))) });
  return wb;
}
const en = rawEngine();
const NEVER = 'f'.repeat(64);
const SET = 1000;
const setHashes = new Uint8Array(crypto.randomBytes(32 * SET));
const setRounds = Float64Array.from({ length: SET }, (_, i) => 1 + i * 9973);
const walkTo = (terminal, hashes, rounds) => (n) => {
  const w = new en.ChainWalker({ hash: START, terminal, maxSteps: n }, hashes, rounds);
  w.advance(n);
  const out = w.linksWalked;
  w.free();
  return out;
};
walkTo(NEVER)(50_000); walkTo(NEVER, setHashes, setRounds)(50_000); // warm-up
const [plainWalk, setWalk] = bestOf(3, [() => walkTo(NEVER)(N), () => walkTo(NEVER, setHashes, setRounds)(N)]);
if (plainWalk.out !== N || setWalk.out !== N) throw new Error('the walks did not walk every link');

// A chain whose terminal is 1,000,010 links from START: round 1,000,000 is START
// after 10 links, and START itself is the round 10 newer.
const PROVEN = 1_000_000;
const terminal = en.benchChainKernel(START, PROVEN + 10);
const proven = en.benchChainKernel(START, 10);
const check = (hash, memory) => time(() => {
  const request = { hash, terminal, maxSteps: 10_000_000 };
  const w = memory ? new en.ChainWalker(request, memory.hashes, memory.rounds) : new en.ChainWalker(request);
  while (!w.advance(16_384));
  const o = w.outcome();
  const r = { steps: o.steps, viaMemory: w.viaMemory, linksWalked: w.linksWalked,
    rememberedRound: o.remembered ? o.remembered.round : undefined, memory: w.checkpoints() };
  w.free();
  return r;
});
const first = check(proven);
const second = check(START, first.out.memory);
if (first.out.steps !== PROVEN || first.out.viaMemory) throw new Error(`first check: ${JSON.stringify(first.out)}`);
if (second.out.steps !== PROVEN + 10 || !second.out.viaMemory || second.out.linksWalked !== 10 ||
  second.out.rememberedRound !== PROVEN) throw new Error(`second check: ${JSON.stringify(second.out)}`);

// The page (issue 14): Verify to verdict of an N-step chain next to the bare kernel
// in the same page; and remembered positions in the page (issue 16).
let pageRun = null;
try {
  const { measurePage } = await import('./bench_worker.mjs');
  const newer = START; // round N + 10 of a chain whose round N is 10 links below START
  const from = fv.bench.kernel(START, 10);
  pageRun = await measurePage(N, from, fv.bench.kernel(from, N), newer, { url: pathToFileURL(path.join(BENCH_PKG, 'verifier.html')).href });
} catch (e) {
  console.log(`(page in Chromium not measured: ${e.message})`);
  // A tool that fails to measure fails: ./build.sh bench exits non-zero.
  process.exitCode = 1;
}

// The CLI's start-up (a one-record run, whole process) and its --jsonl throughput,
// each with V8's default tiers and with --no-liftoff (the optimising tier only), so
// that the flag is kept only where it helps. Best of 5 (start-up) or 3, interleaved.
const verifierJs = path.join(root, 'pkg/verifier.js');
const small = path.join(path.dirname(rec), 'small.json');
fs.writeFileSync(small, JSON.stringify({ scheme: 'crash', hash: START }));
const JSONL_LINES = Number(process.env.BENCH_JSONL_LINES || 100_000);
const jsonlFile = path.join(path.dirname(rec), 'crash.jsonl');
{
  const lines = [];
  for (let i = 0; i < JSONL_LINES; i++) lines.push(`{"scheme":"crash","hash":"${i.toString(16).padStart(64, '0')}"}\n`);
  fs.writeFileSync(jsonlFile, lines.join(''));
}
const runCli = (flags, args, stdinFile) => () => {
  const stdin = stdinFile ? fs.openSync(stdinFile, 'r') : 'ignore';
  try {
    return spawnSync(process.execPath, [...flags, verifierJs, ...args], { stdio: [stdin, 'ignore', 'inherit'] }).status;
  } finally {
    if (stdinFile) fs.closeSync(stdin);
  }
};
const tiers = [['default tiers', []], ['--no-liftoff', ['--no-liftoff']]];
const startup = bestOf(5, tiers.map(([, f]) => runCli(f, [small])));
const walk = bestOf(3, tiers.map(([, f]) => runCli(f, [rec])));
const jsonl = bestOf(3, tiers.map(([, f]) => runCli(f, ['--jsonl'], jsonlFile)));

let worker = null;
try {
  const { measureWorker } = await import('./bench_worker.mjs');
  worker = (await measureWorker(N, START)).linksPerSecond;
} catch (e) {
  console.log(`(worker in Chromium not measured: ${e.message})`);
  // A tool that fails to measure fails: ./build.sh bench exits non-zero.
  process.exitCode = 1;
}

const lps = (r) => (N / r.s).toFixed(0).padStart(10);
console.log(`\nchain walk, ${N} links, one run, best of 3 interleaved (links per second and ratios):`);
for (const [name, r] of rows) console.log(`  ${name.padEnd(52)} ${lps(r)} links/s`);
if (worker) console.log(`  ${'page Web Worker in headless Chromium'.padEnd(52)} ${worker.toFixed(0).padStart(10)} links/s`);
const ratio = (a, b) => (b.s / a.s).toFixed(2);
console.log(`\n  kernel / wasm generic sha2     ${ratio(kernel, generic)}x   (target ≥ 1.3)`);
console.log(`  kernel / Node createHash       ${ratio(kernel, node)}x   (target ≥ 1.2)`);
console.log(`  kernel / @noble/hashes         ${ratio(kernel, noble)}x   (target ≥ 6)`);
console.log(`  CLI / kernel (time)            ${(cli.s / kernel.s).toFixed(2)}x   (1.0 = the kernel's speed; includes start-up)`);
if (worker) console.log(`  worker / kernel in Node        ${(worker / (N / kernel.s)).toFixed(2)}x`);

console.log(`\nremembered chain positions (wasm walker in Node, ${N} links, best of 3 interleaved):`);
console.log(`  ${'walk, no remembered set'.padEnd(52)} ${lps(plainWalk)} links/s`);
console.log(`  ${`walk, ${SET} remembered positions checked every link`.padEnd(52)} ${lps(setWalk)} links/s`);
console.log(`  with / without                 ${ratio(setWalk, plainWalk)}x   (target ≥ 0.95)`);
const ms = (r) => `${(r.s * 1000).toFixed(1)} ms`;
console.log(`  first check, round ${PROVEN} (full walk)`.padEnd(54) + ms(first).padStart(10) +
  `   (remembers ${first.out.memory.rounds.length} positions)`);
console.log(`  second check, 10 rounds newer`.padEnd(54) + ms(second).padStart(10) +
  `   (${second.out.linksWalked} links, then round ${second.out.rememberedRound} as proven)`);
console.log(`  second / first (time)          ${(second.s / first.s * 100).toFixed(3)} %   (target < 5 %)`);
if (pageRun) {
  console.log(`\nthe page in headless Chromium (one page, best of 3 interleaved, warm worker):`);
  console.log(`  ${`bare kernel walk, ${N} links, page thread`.padEnd(52)} ${pageRun.kernel.toFixed(1).padStart(8)} ms`);
  console.log(`  ${`click Verify to verdict, ${N}-step chain`.padEnd(52)} ${pageRun.click.toFixed(1).padStart(8)} ms`);
  console.log(`  Verify-to-verdict / kernel     ${(pageRun.click / pageRun.kernel).toFixed(2)}x   (target ≤ 1.15)`);
  console.log(`  ${`remembered: first check, round ${N} (#record=)`.padEnd(52)} ${pageRun.first.ms.toFixed(1).padStart(8)} ms`);
  console.log(`  ${`remembered: 10 rounds newer (${pageRun.second.links} links)`.padEnd(52)} ${pageRun.second.ms.toFixed(1).padStart(8)} ms`);
  console.log(`  second / first (time)          ${(pageRun.second.ms / pageRun.first.ms * 100).toFixed(2)} %   (target < 5 %)`);
}


console.log('\nCLI (node pkg/verifier.js, whole process), V8 default tiers against --no-liftoff:');
tiers.forEach(([name], i) => {
  console.log(`  ${name.padEnd(14)} start-up ${(startup[i].s * 1000).toFixed(0).padStart(5)} ms` +
    `   ${N}-link walk ${(walk[i].s * 1000).toFixed(0).padStart(6)} ms` +
    `   --jsonl ${(JSONL_LINES / jsonl[i].s).toFixed(0).padStart(7)} records/s (${JSONL_LINES} crash lines)`);
});

// Issue 25: from opening verifier.html#record=… (a bridge match) to the verdict, at
// 1x and 4x CPU throttling (median of 3 loads; one traced load each for where the
// time goes), the badge's start on a host page, and the build without WebAssembly.
try {
  const { loadFigures, printFigures, measureWidgetStart, defaultRecord } = await import('./loadtime.mjs');
  const { launch, b64url } = await import('../tests/browser/browser.mjs');
  const browser = await launch();
  try {
    const url = `${pathToFileURL(path.join(root, 'pkg/verifier.html')).href}#record=${b64url(defaultRecord())}`;
    console.log('\nload, headless Chromium, from opening verifier.html#record=<a bridge match> to the verdict:');
    printFigures(await loadFigures(browser, url, { rates: [1, 4], runs: 3 }), 'verifier.html');
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const rate of [1, 4]) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await measureWidgetStart(browser, { rate }));
      console.log(`widget.js starting on a host page, CPU ${rate}x (median of 3): largest host frame gap ${median(runs.map((r) => r.gap)).toFixed(0)} ms, ` +
        `longest task ${median(runs.map((r) => r.longest)).toFixed(0)} ms, ready ${median(runs.map((r) => r.readyMs)).toFixed(0)} ms after its script was added ` +
        `(each: ${runs.map((r) => `${r.gap.toFixed(0)}/${r.longest.toFixed(0)}`).join(', ')})`);
    }
  } finally {
    await browser.close();
  }
} catch (e) {
  console.log(`(load not measured: ${e.message})`);
  // A tool that fails to measure fails: ./build.sh bench exits non-zero.
  process.exitCode = 1;
}
await import('./bench_nowasm.mjs');
