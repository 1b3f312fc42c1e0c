// @ts-check
// The jobs of the page's Web Worker (www/worker/worker.js), and of the page's own
// thread when there are no workers (www/verify/client.js): a record verified with
// its chain walk, a round history with its walk, a chain's whole history (every
// round since the chain began, counted), a batch of records, and single calls of the
// core (decoding a file's bytes, the descriptors, the self-test), what the page shows
// of the core (`about`) and a text's SHA-256 (`digest`).
// `ctx`: {api (FairVerifier), post(message), tick(progress) (awaited between
// slices of work: posts progress, yields, throws when cancelled), recall(terminal)
// (a promise of the remembered positions), sliceMs (on the page's own thread)}.
// Messages out: {type: 'pending' | 'progress' | 'done' | 'error', id, …}.
// The badge runs only `verify` (VERIFY_TASKS), the page every job (PAGE_TASKS).
import { verifyFlow, roundsFlow } from './flow.js';
import { walkChain, verifyInSteps } from './walk.js';
import { errorData, verifyError } from '../core/errors.js';
import { sha256Hex } from '../core/sha256.js';

/** @typedef {import('./types').TaskCtx} TaskCtx */
/** @typedef {import('./types').Api} Api */
/** @template {import('./types').JobType} K @typedef {import('./types').JobOf<K>} JobOf */

/** The walk of a flow, here, with the context's progress and slices.
 *  @param {TaskCtx} ctx
 *  @returns {(request: import('./types').WalkRequest, memory: import('./types').Positions | null) => Promise<import('./types').Walked>} */
const walker = (ctx) => (request, memory) => walkChain(ctx.api, request, memory, { between: ctx.tick, sliceMs: ctx.sliceMs });

/** What the page shows and remembers of a walk (never the walker itself).
 *  @param {import('./flow.js').FlowResult | null} result @returns {import('./types').WalkView | null} */
function walkView(result) {
  const w = result && result.walked;
  return w ? { request: /** @type {import('./types').WalkRequest} */ (result.request), linksWalked: w.linksWalked, viaMemory: w.viaMemory, checkpoints: w.checkpoints } : null;
}

/** A list of bets (dice, mines) also gets the spread of its results counted by the
 *  core (betsHistory), here where the report already is: the page never sends
 *  10,000 bets back to the worker (cloning them would hold its thread).
 *  @param {Api} api @param {import('./types').Input} input @param {import('./types').Report | undefined} report */
function betsSpread(api, input, report) {
  if (!report || !Array.isArray(report.bets) || report.bets.length < 2) return undefined;
  try {
    const record = input.bytes !== undefined ? api.decodeFile(input.bytes) : input.record !== undefined ? input.record : /** @type {string} */ (input.text);
    return { value: api.betsHistory(record, /** @type {import('./types').Report} */ (report)) };
  } catch (err) {
    return { error: errorData(err) };
  }
}

/** A record's verification; `spread(api, input, report)`: what else to answer with
 *  the final report (the page's spread of a list of bets; the badge's smaller core
 *  has no betsHistory).
 *  @param {TaskCtx} ctx @param {JobOf<'verify'>} m @param {typeof betsSpread} [spread] */
async function runVerify(ctx, m, spread) {
  // Never null here: this walker throws when cancelled, it never resolves null.
  const res = /** @type {import('./flow.js').FlowResult} */ (await verifyFlow(ctx.api, m.input, {
    options: m.options,
    walk: walker(ctx),
    // A record's own work in steps too (a list of bets): cancelled between them.
    steps: (record, options) => verifyInSteps(ctx.api, record, options, { between: ctx.tick, sliceMs: ctx.sliceMs }),
    recall: m.full ? null : ctx.recall,
    onPending: (report) => ctx.post({ type: 'pending', id: m.id, report }),
  }));
  ctx.post({ type: 'done', id: m.id, report: res.report, walk: walkView(res), betsSpread: spread ? spread(ctx.api, m.input, res.report) : undefined });
}

/** @param {TaskCtx} ctx @param {JobOf<'rounds'>} m */
async function runRounds(ctx, m) {
  const res = /** @type {import('./flow.js').FlowResult} */ (await roundsFlow(ctx.api, m, {
    walk: walker(ctx),
    recall: m.full ? null : ctx.recall,
    onPending: (data) => ctx.post({ type: 'pending', id: m.id, data }),
  }));
  ctx.post({ type: 'done', id: m.id, data: res.data, walk: walkView(res) });
}

/** The whole history of a chain record (m.record: the record or its text), after
 *  its round was proven: the one walk loop over the core's history walker, which
 *  counts every round it passes at flat memory (nothing is kept a round). Progress
 *  counts against `m.round` (the round the record's check proved) when given.
 *  Answers {summary, positions (for historyPage), linksWalked, elapsed}.
 *  @param {TaskCtx} ctx @param {JobOf<'history'>} m */
async function runHistory(ctx, m) {
  /** @param {import('./types').Progress} p */
  const between = (p) => ctx.tick(m.round > 0 ? { ...p, maxSteps: Math.max(m.round, p.steps) } : p);
  const walked = await walkChain(ctx.api, m.record, null, {
    between, sliceMs: ctx.sliceMs, history: true,
  });
  ctx.post({
    type: 'done', id: m.id, summary: walked.outcome.summary, positions: walked.checkpoints,
    linksWalked: walked.linksWalked, elapsed: walked.elapsed,
  });
}

/** Text or a file's bytes with records in it: one record is handed back (the page
 *  shows it with its form), many are each verified by the core under one batch rule
 *  ({kind, item} | {kind: 'many', results, summary}).
 *  @param {TaskCtx} ctx @param {JobOf<'batch'>} m */
async function runBatch(ctx, m) {
  const api = ctx.api;
  const split = api.splitRecords(m.bytes !== undefined ? api.decodeFile(m.bytes) : /** @type {string} */ (m.text));
  // More records than one text may hold: the core's error, before any is verified.
  if (split.kind === 'error') {
    const e = split.error || /** @type {Partial<import('./types').ErrorDetail>} */ ({});
    throw verifyError(e.code, e.field, e.message, e.params, e.path);
  }
  // A list of one record (`[ {record} ]`) is that record: the page shows it with its
  // form, as a single record, never a list's verdict beside a form that still holds
  // another record (turn-5 review finding 10).
  if (split.kind !== 'many' || split.items.length === 1) {
    ctx.post({ type: 'done', id: m.id, kind: split.kind === 'many' ? 'one' : split.kind, item: split.items[0] || null });
    return;
  }
  const batch = api.Batch();
  try {
    const t0 = performance.now();
    const results = [];
    const items = split.items;
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      const r = batch.verify(it.text);
      results.push({ index: i, name: it.name, line: it.line, text: it.text, status: r.status, report: r.report, error: r.error });
      await ctx.tick({ steps: i + 1, maxSteps: items.length, elapsed: performance.now() - t0 });
    }
    ctx.post({ type: 'done', id: m.id, kind: 'many', results, summary: batch.summary() });
  } finally {
    batch.free();
  }
}

/** The calls a page may make of the core through its worker. */
const CALLS = ['decodeFile', 'classify', 'betLines', 'schemes', 'selfTest', 'checkSize', 'historyPage', 'recipe', 'recipeRounds'];

/** What the page shows of the core it runs, computed here and not on the page's
 *  thread (issue 25): the version, which build (`engine`: 'wasm', or 'js' for the
 *  build without WebAssembly), the SHA-256 of the wasm (of the bytes instantiated,
 *  by separate JavaScript; for the 'js' build, of the module wasm2js translated),
 *  whether this thread has WebAssembly at all, and the self-test's answer.
 *  @param {Api} api */
function about(api) {
  return {
    version: api.version,
    engine: api.engine || 'wasm',
    wasmSha256: api.wasmSha256,
    webAssembly: typeof WebAssembly === 'object' && !!WebAssembly,
    selfTest: api.selfTest(),
  };
}

/** Compiles the wasm and runs the walk loop in many short calls, so that V8 has
 *  the optimised kernel ready before the first real walk (it tiers up between calls).
 *  @param {TaskCtx} ctx */
async function warm(ctx) {
  const request = { hash: '0'.repeat(64), terminal: 'f'.repeat(64), maxSteps: 160 * 512 };
  await walkChain(ctx.api, request, null, {});
}

/** The page's jobs (its worker, and its own thread without one).
 *  @type {import('./types').Tasks} */
export const PAGE_TASKS = {
  verify: (ctx, m) => runVerify(ctx, m, betsSpread),
  rounds: runRounds,
  batch: runBatch,
  history: runHistory,
  call: async (ctx, m) => {
    if (!CALLS.includes(m.method)) throw verifyError('internal', '', `unknown call ${m.method}`);
    ctx.post({ type: 'done', id: m.id, value: (/** @type {Record<string, (...args: unknown[]) => unknown>} */ (/** @type {unknown} */ (ctx.api)))[m.method](...(m.args || [])) });
  },
  warm: async (ctx, m) => { await warm(ctx); ctx.post({ type: 'done', id: m.id }); },
  about: async (ctx, m) => ctx.post({ type: 'done', id: m.id, value: about(ctx.api) }),
  // The SHA-256 of a text's UTF-8 bytes (the page's own file, for its download line).
  digest: async (ctx, m) => ctx.post({ type: 'done', id: m.id, value: sha256Hex(new TextEncoder().encode(String(m.text))) }),
};

/** The badge's one job (its worker, and the host's thread without one): a bundle
 *  with only these carries none of the others' code.
 *  @type {import('./types').Tasks} */
export const VERIFY_TASKS = { verify: (ctx, m) => runVerify(ctx, m) };

/** Runs one job message `m` with the tasks of `tasks` ({type: run(ctx, m)});
 *  answers through ctx.post.
 *  @param {import('./types').Tasks} tasks @param {TaskCtx} ctx @param {import('./types').Job} m */
export async function runTask(tasks, ctx, m) {
  try {
    // The task of m's own kind (a job's type picks its task: one type for all here).
    const task = /** @type {((ctx: TaskCtx, m: import('./types').Job) => Promise<void>) | null | undefined} */ (
      Object.prototype.hasOwnProperty.call(tasks, m.type) ? tasks[m.type] : null);
    if (!task) throw verifyError('internal', '', `unknown job ${m.type}`);
    await task(ctx, m);
  } catch (err) {
    if (err && /** @type {{cancelled?: boolean}} */ (err).cancelled) throw err;
    ctx.post({ type: 'error', id: m.id, error: errorData(err) });
  }
}
