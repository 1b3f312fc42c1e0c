// ./build.sh bench, the chain history (issue 27): the walk that recomputes every
// round's outcome (the core's ChainWalker.history: crash, platforms, battle) against the
// bare chain walk (ChainWalker), in the shipped wasm (pkg/verifier.js) under Node,
// both driven by the one walk loop (www/verify/walk.js) in the worker's 16,384-link
// slices, over the same links, best of 5 interleaved. The bound: at most
// 1.5× the bare walk. Times are the process's CPU time (user + system), which other
// work on a shared machine disturbs far less than the wall clock; the wall clock's
// ratio is printed beside it. Reports links/s and ratios; asserts nothing about
// absolute times. (Separate from tools/bench.mjs, which measures the kernel and the
// page, and is being reworked on its own.)
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { walkChain } from '../www/verify/walk.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fv = createRequire(import.meta.url)(process.env.FV_VERIFIER || path.join(root, 'pkg/verifier.js'));
const N = Number(process.env.BENCH_LINKS || 1_000_000);
const START = '0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d';
// A terminal no walk meets: every walk runs its N links.
const NEVER = 'f'.repeat(64);
const record = (scheme, extra = {}) => ({ scheme, hash: START, terminal: NEVER, maxSteps: N, ...extra });

const bare = () => walkChain(fv, { hash: START, terminal: NEVER, maxSteps: N }, null, {});
const history = (rec) => () => walkChain(fv, rec, null, { history: true });

const runs = [
  ['bare chain walk (ChainWalker)', bare],
  ['walk + crash history', history(record('crash'))],
  ['walk + platforms history', history(record('platforms'))],
  ['walk + battle history (4 players)', history(record('battle', { chances: [12.5, 30.1, 7.4, 50] }))],
];

const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);

async function time(fn) {
  const c = process.cpuUsage();
  const t = process.hrtime.bigint();
  const out = await fn();
  const used = process.cpuUsage(c);
  return { out, cpu: (used.user + used.system) / 1e6, wall: Number(process.hrtime.bigint() - t) / 1e9 };
}

// Warm-up: every path, so the wasm instance and its tiers are hot.
for (const [, fn] of runs) await fn();
const best = runs.map(() => ({ cpu: Infinity, wall: Infinity }));
for (let i = 0; i < ROUNDS; i++) {
  for (let j = 0; j < runs.length; j++) {
    const r = await time(runs[j][1]);
    if (r.out.linksWalked !== N) throw new Error(`${runs[j][0]}: walked ${r.out.linksWalked} links, not ${N}`);
    if (j > 0 && r.out.outcome.summary.rounds !== N + 1) throw new Error(`${runs[j][0]}: counted ${r.out.outcome.summary.rounds} rounds`);
    best[j] = { cpu: Math.min(best[j].cpu, r.cpu), wall: Math.min(best[j].wall, r.wall) };
  }
}
const fmt = (x) => Math.round(x).toLocaleString('en');
console.log(`\nchain history in wasm (pkg/verifier.js in Node ${process.version}), ${fmt(N)} links, best of ${ROUNDS} interleaved:`);
console.log('| path | links/s (CPU time) | against the bare walk (CPU time) | wall clock |');
console.log('| --- | ---: | --- | --- |');
runs.forEach(([name], j) => {
  const ratio = best[j].cpu / best[0].cpu;
  const wall = best[j].wall / best[0].wall;
  const note = j === 0 ? '—' : `${ratio.toFixed(2)}x (target ≤ 1.5: ${ratio <= 1.5 ? 'met' : 'NOT met'})`;
  console.log(`| ${name} | ${fmt(N / best[j].cpu)} | ${note} | ${j === 0 ? fmt(N / best[0].wall) + ' links/s' : wall.toFixed(2) + 'x'} |`);
});
