// The benchmarks' clocks and their best-of-k (tools/bench.mjs, tools/bench_nowasm.mjs).

/** Wall-clock seconds of `fn()`: {out, s}. */
export function wall(fn) {
  const t = process.hrtime.bigint();
  const out = fn();
  return { out, s: Number(process.hrtime.bigint() - t) / 1e9 };
}

/** CPU seconds of this process (user + system) spent in `fn()`: {out, s}. Not
 *  wall-clock: the figures stay comparable on a machine shared with other work, for
 *  loops that run on one thread. */
export function cpu(fn) {
  const now = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
  const t = now();
  const out = fn();
  return { out, s: now() - t };
}

/** Best of `k` runs of each of `fns` on `clock`, the candidates interleaved so that
 *  machine noise hits all alike: [{out, s}] in the order of `fns`. */
export function bestOf(k, fns, clock = wall) {
  const best = fns.map(() => null);
  for (let i = 0; i < k; i++) {
    fns.forEach((fn, j) => {
      const r = clock(fn);
      if (!best[j] || r.s < best[j].s) best[j] = r;
    });
  }
  return best;
}
