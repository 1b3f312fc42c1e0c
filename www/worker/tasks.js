// The long jobs themselves, shared by the page's Web Worker (worker.js) and the
// page's own thread when there are no workers (page/jobs.js): chain walks with
// remembered positions, batches of records, round histories against a terminal,
// records of many dice or mines bets (one core call, off the page's thread).
// `ctx`: {api (FairVerifier), post(message), tick() (a promise; the page's fallback
// yields there and throws when cancelled)}. Nothing here computes a check or a
// verdict: the core does, from texts.
import { splitRecords } from './split.js';

// Slices of 16,384 links (a few milliseconds): progress about ten times a second,
// and V8 moves the hot loop to its optimising tier between calls.
const SLICE = 16384;
const PROGRESS_MS = 100;

/** A walker over `hash` to `terminal`, with `memory` ({hashes, rounds}) if given. */
function walker(api, hash, terminal, memory) {
  return memory && memory.rounds && memory.rounds.length
    ? api.RememberingChainWalker(hash, terminal, memory.hashes, memory.rounds)
    : api.RememberingChainWalker(hash, terminal);
}

/** Walks at most maxSteps links from `hash` towards `terminal` (or a remembered
 *  position). {found, steps (the round when found, else maxSteps), viaMemory,
 *  linksWalked, rememberedRound, remember: {hashes, rounds} (to store when found), elapsed}. */
export async function walk(ctx, m, onProgress) {
  const w = walker(ctx.api, m.hash, m.terminal, m.memory);
  try {
    const t0 = performance.now();
    let last = t0;
    const max = m.maxSteps;
    while (!w.found && w.linksWalked < max) {
      if (w.advance(Math.min(SLICE, max - w.linksWalked))) break;
      const now = performance.now();
      if (now - last > PROGRESS_MS) {
        last = now;
        onProgress({ steps: w.linksWalked, maxSteps: max, elapsed: now - t0 });
        await ctx.tick();
      }
    }
    const found = w.found;
    const out = {
      found,
      steps: found ? w.steps : max,
      viaMemory: found && w.viaMemory,
      linksWalked: w.linksWalked,
      rememberedRound: found && w.viaMemory ? w.rememberedRound : null,
      remember: found ? w.checkpoints() : null,
      elapsed: performance.now() - t0,
    };
    return out;
  } finally {
    w.free();
  }
}

/** The walk outcome as the core's `walk` option. */
export function walkOption(r) {
  const o = { steps: r.steps, found: r.found };
  if (r.viaMemory && r.rememberedRound !== null && r.rememberedRound !== undefined) {
    o.remembered = { round: r.rememberedRound, links: r.linksWalked };
  }
  return o;
}

/** Compiles the wasm and runs the walk loop in many short calls, so that V8 has
 *  the optimised code ready before the first real walk (it tiers up between calls). */
function warm(api) {
  const w = api.RememberingChainWalker('0'.repeat(64), 'f'.repeat(64));
  for (let i = 0; i < 160; i++) w.advance(512);
  w.free();
}

async function runWalk(ctx, m) {
  const r = await walk(ctx, m, (p) => ctx.post({ type: 'progress', id: m.id, ...p }));
  ctx.post({ type: 'walked', id: m.id, ...r });
}

/** Pasted or opened text: one record (handed back to be verified in the page, with
 *  its own text), or many, each verified by the core from its own text. Results:
 *  {name, text, result} with result the core's JSON `{"report"}` or `{"error"}`. */
async function runBatch(ctx, m) {
  const found = splitRecords(m.text);
  if (found.kind !== 'many') { ctx.post({ type: 'batch', id: m.id, ...found }); return; }
  const t0 = performance.now();
  let last = t0;
  const items = found.items;
  const results = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    const result = ctx.api.verifyText(it.text);
    // What the list shows before a record is opened: its verdict, scheme, game, multiplier.
    let status = 'invalid';
    let scheme = null;
    let game = null;
    let multiplier = null;
    try {
      const r = JSON.parse(result).report;
      if (r) { status = r.verdict; scheme = r.scheme; game = r.game || null; multiplier = r.multiplier || null; }
    } catch (e) { /* invalid */ }
    results.push({ name: it.name, text: it.text, line: it.line, result, status, scheme, game, multiplier });
    const now = performance.now();
    if (now - last > PROGRESS_MS) {
      last = now;
      ctx.post({ type: 'progress', id: m.id, steps: i + 1, maxSteps: items.length, elapsed: now - t0 });
      await ctx.tick();
    }
  }
  ctx.post({ type: 'batch', id: m.id, kind: 'many', results });
}

/** A round history: checked with the walk pending, the oldest line walked to the
 *  terminal (or a remembered position), then checked again with the outcome.
 *  Answers {data (the core's answer, rows failures first), walk?}. */
async function runRounds(ctx, m) {
  const api = ctx.api;
  const opts = m.terminal ? { terminal: m.terminal, walk: 'pending' } : undefined;
  let data = JSON.parse(api.checkRounds(m.game, m.text, opts));
  let walked = null;
  const chain = data.summary && data.summary.chain;
  if (!data.error && chain && chain.pending) {
    ctx.post({ type: 'pending', id: m.id, verdict: data.verdict, summary: data.summary });
    const max = chain.maxSteps;
    walked = await walk(ctx, { hash: chain.oldest, terminal: chain.terminal, maxSteps: max, memory: m.memory },
      (p) => ctx.post({ type: 'progress', id: m.id, ...p }));
    // A remembered position can prove a round beyond maxSteps, which a full walk
    // would not reach: not reached, as for records.
    const o = walked.found && walked.steps > max ? { steps: max, found: false } : { steps: walked.steps, found: walked.found };
    data = JSON.parse(api.checkRounds(m.game, m.text, { terminal: chain.terminal, walk: o }));
    if (!o.found) walked.remember = null;
  }
  if (data.rows) {
    const rank = (r) => (r.status === 'fail' ? 0 : r.status === 'invalid' ? 1 : r.linksToNext === false ? 2 : 3);
    data.rows.sort((a, b) => rank(a) - rank(b) || a.line - b.line);
  }
  ctx.post({ type: 'rounds', id: m.id, data, walk: walked });
}

/** Runs one job message; answers through ctx.post. */
export async function runTask(ctx, m) {
  try {
    if (m.type === 'walk') await runWalk(ctx, m);
    else if (m.type === 'batch') await runBatch(ctx, m);
    else if (m.type === 'rounds') await runRounds(ctx, m);
    else if (m.type === 'verify') ctx.post({ type: 'verified', id: m.id, result: ctx.api.verifyText(m.text) });
    else if (m.type === 'warm') { warm(ctx.api); ctx.post({ type: 'warm', id: m.id }); }
  } catch (err) {
    if (err && err.cancelled) throw err;
    ctx.post({ type: 'error', id: m.id, code: (err && err.code) || 'internal', field: (err && err.field) || '', params: err && err.params, message: String(err && err.message) });
  }
}
