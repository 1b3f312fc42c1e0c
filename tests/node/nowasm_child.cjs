// The child of nowasm.test.mjs: `node nowasm_child.cjs SOURCE KIND`, the cases and
// extra tasks as JSON on stdin, every result as JSON on stdout.
// KIND `js`: SOURCE is pkg/verifier.js, required as Node requires it (the reference,
// the wasm build). KIND `page` or `nowasm`: SOURCE is a built page, whose core (the
// inert <script id="fv-verifier" type="text/plain">, the source of the page's worker)
// is run as the page runs it, defining the global FairVerifier; with `nowasm` the
// global WebAssembly is deleted first (as in iOS Lockdown Mode), so only a core that
// needs no WebAssembly can answer at all.
'use strict';
const fs = require('fs');
const vm = require('vm');

const [source, kind] = process.argv.slice(2);
if (kind === 'nowasm') delete globalThis.WebAssembly;
const env = { kind, wasmAtStart: typeof WebAssembly };

/** The core inlined in a built page, as text. */
function pageCore(file) {
  const html = fs.readFileSync(file, 'utf8');
  const m = /<script id="fv-verifier" type="text\/plain">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error(`${file}: no inert core (#fv-verifier)`);
  return m[1];
}

let fv;
if (kind === 'js') {
  fv = require(source);
} else {
  vm.runInThisContext(pageCore(source), { filename: `${source} #fv-verifier` });
  fv = globalThis.FairVerifier;
}
const input = JSON.parse(fs.readFileSync(0, 'utf8'));

/** A thrown error as data: everything a caller can read of it. */
function thrown(e) {
  if (!e || e.name !== 'VerifyError') return { thrown: String((e && e.stack) || e) };
  return { error: { name: e.name, code: e.code, field: e.field, params: e.params, message: e.message } };
}
function attempt(fn) {
  try {
    return { value: fn() };
  } catch (e) {
    return thrown(e);
  }
}

/** A walker advanced `slice` links at a time until it is done: what it said each
 *  time, its outcome and what it would remember. */
function walk(w, slice) {
  const seen = [];
  try {
    for (let guard = 0; guard < 1e6; guard++) {
      const done = w.advance(slice);
      seen.push({ done, linksWalked: w.linksWalked, found: w.found, viaMemory: w.viaMemory });
      if (done) break;
    }
    const m = w.checkpoints();
    return { seen, outcome: w.outcome(), maxSteps: w.maxSteps, memory: { hashes: Array.from(m.hashes), rounds: Array.from(m.rounds) } };
  } finally {
    w.free();
  }
}

/** The page's flow without a worker: the report with the walk pending, the walk,
 *  then the core's final report from the walk's outcome. */
function flow(record, slice) {
  const pending = fv.verify(record, { walk: 'pending' });
  if (!pending.walk) return { pending };
  const walked = walk(fv.chainWalker(pending.walk), slice);
  return { pending, walked, report: fv.verify(record, { walk: walked.outcome }) };
}

function task(b) {
  switch (b.kind) {
    case 'verify': return attempt(() => fv.verify(b.record));
    case 'text': return attempt(() => fv.verify(b.text));
    case 'flow': return attempt(() => flow(b.record, b.slice));
    case 'rounds': return attempt(() => {
      const pending = fv.checkRounds(b.game, b.text, b.options);
      if (!pending.walk) return { data: pending };
      const walked = walk(fv.chainWalker(pending.walk), b.slice);
      return { pending, walked, data: fv.checkRounds(b.game, b.text, { ...b.options, walk: walked.outcome }) };
    });
    case 'walker': return attempt(() => walk(fv.chainWalker(b.request), b.slice));
    case 'remembered': return attempt(() => {
      const first = walk(fv.chainWalker(b.request), b.slice);
      const memory = { hashes: Uint8Array.from(first.memory.hashes), rounds: Float64Array.from(first.memory.rounds) };
      return { first, second: walk(fv.chainWalker(b.newer, memory), b.slice) };
    });
    case 'batch': return attempt(() => {
      const batch = fv.Batch();
      try {
        const split = fv.splitRecords(b.text);
        return { split, results: split.items.map((it) => batch.verify(it.text)), summary: batch.summary() };
      } finally {
        batch.free();
      }
    });
    // The chain history (issue 27): every round counted on the walk, then a page of
    // rounds; the statistics use the core's floating point (exp, ln, the p-values).
    case 'history': return attempt(() => {
      const walked = walk(fv.historyWalker(b.record), b.slice);
      const positions = { hashes: Uint8Array.from(walked.memory.hashes), rounds: Float64Array.from(walked.memory.rounds) };
      const page = fv.historyPage(b.record, b.round, positions, b.round, 50);
      return { walked, page };
    });
    case 'bets': return attempt(() => fv.betsHistory(b.record, fv.verify(b.record)));
    case 'decode': return attempt(() => fv.decodeFile(Uint8Array.from(b.bytes)));
    case 'bytes': return attempt(() => fv.verifyBytes(Uint8Array.from(b.bytes)));
    case 'size': return [attempt(() => fv.checkSize(b.size)), attempt(() => fv.maxRecordBytes())];
    default: throw new Error(`unknown task ${b.kind}`);
  }
}

const t0 = process.hrtime.bigint();
const out = {
  verify: input.cases.map((c) => attempt(() => fv.verify(c.record))),
  text: input.cases.map((c) => attempt(() => fv.verify(JSON.stringify(c.record)))),
  bytes: input.cases.map((c) => attempt(() => fv.verifyBytes(new TextEncoder().encode(JSON.stringify(c.record))))),
  big: input.big.map(task),
  schemes: attempt(() => fv.schemes()),
  selfTest: fv.selfTest(),
};
env.ms = Number(process.hrtime.bigint() - t0) / 1e6;
env.wasmAtEnd = typeof WebAssembly;
env.engine = fv.engine === undefined ? 'wasm' : fv.engine;
env.version = fv.version;
env.wasmSha256 = fv.wasmSha256;
env.wasmBytes = fv.wasmBytes;
process.stdout.write(JSON.stringify({ env, out }));
