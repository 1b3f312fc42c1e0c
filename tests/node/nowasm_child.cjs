// The child of nowasm.test.mjs: `node nowasm_child.cjs VERIFIER.js nowasm|wasm`, the
// cases and extra tasks as JSON on stdin, every result as JSON on stdout. With
// `nowasm` the global WebAssembly is deleted before VERIFIER.js loads (as in iOS
// Lockdown Mode), so only a core that needs no WebAssembly can answer at all.
'use strict';
const fs = require('fs');

const [file, mode] = process.argv.slice(2);
if (mode === 'nowasm') delete globalThis.WebAssembly;
const env = { mode, wasmAtStart: typeof WebAssembly };
const fv = require(file);
const input = JSON.parse(fs.readFileSync(0, 'utf8'));

/** A thrown error as data: everything a caller can read of it. */
function thrown(e) {
  if (!e || e.name !== 'VerifyError') return { thrown: String(e && e.stack || e) };
  return { error: { name: e.name, code: e.code, field: e.field, params: e.params, message: e.message } };
}
function attempt(fn) {
  try {
    return { value: fn() };
  } catch (e) {
    return thrown(e);
  }
}
/** A walker's state after advancing `slice` links at a time until it stops or has
 *  taken `links`. */
function walk(w, links, slice) {
  const seen = [];
  let done = false;
  for (let taken = 0; !done && taken < links; taken += slice) {
    done = w.advance(slice);
    seen.push({ done, steps: w.steps, found: w.found, current: w.current });
  }
  const out = { seen };
  if (typeof w.checkpoints === 'function') {
    const m = w.checkpoints();
    out.memory = { hashes: Array.from(m.hashes), rounds: Array.from(m.rounds) };
    out.viaMemory = w.viaMemory;
    out.linksWalked = w.linksWalked;
    out.rememberedRound = w.rememberedRound;
  }
  w.free();
  return out;
}

const t0 = process.hrtime.bigint();
const out = {
  verify: input.cases.map((c) => attempt(() => fv.verify(c.record))),
  verifyText: input.cases.map((c) => fv.verifyText(JSON.stringify(c.record))),
  verifyBytes: input.cases.map((c) => fv.verifyBytes(new TextEncoder().encode(JSON.stringify(c.record)))),
  big: input.big.map((b) => {
    switch (b.kind) {
      case 'verify': return attempt(() => fv.verify(b.record));
      case 'verifyText': return fv.verifyText(b.text);
      case 'checkRounds': return fv.checkRounds(b.game, b.text, b.options);
      case 'walker': return attempt(() => walk(fv.chainWalker(b.hash, b.terminal), b.links, b.slice));
      case 'remembering': return attempt(() => {
        const first = fv.RememberingChainWalker(b.hash, b.terminal);
        const r1 = walk(first, b.links, b.slice);
        const second = fv.RememberingChainWalker(b.newer, b.terminal,
          Uint8Array.from(r1.memory.hashes), Float64Array.from(r1.memory.rounds));
        return { first: r1, second: walk(second, b.links, b.slice) };
      });
      case 'bench': return attempt(() => fv.bench.kernel(b.hash, b.links));
      default: throw new Error(`unknown task ${b.kind}`);
    }
  }),
  schemes: attempt(() => fv.schemes()),
  selfTest: fv.selfTest(),
};
env.ms = Number(process.hrtime.bigint() - t0) / 1e6;
env.wasmAtEnd = typeof WebAssembly;
env.engine = fv.engine === undefined ? 'wasm' : fv.engine;
env.version = fv.version;
process.stdout.write(JSON.stringify({ env, out }));
