// The one verification client (issue 22): one walk loop, one store of remembered
// positions that drops what cannot be a position (never fatal), and one flow from
// the core's pending report to its final one, run here on pkg/verifier.js.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { ROOT, VERIFIER } from './helpers.mjs';
import { chainStore, MAX_PER_TERMINAL, MAX_TERMINALS } from '../../www/verify/store.js';
import { verifyFlow, toRemember } from '../../www/verify/flow.js';
import { walkChain } from '../../www/verify/walk.js';

const fv = createRequire(import.meta.url)(VERIFIER);
const sha = (s) => createHash('sha256').update(s).digest('hex');

/** A chain of `n` links from `start`: links[0] = start, links[k+1] = sha(links[k]). */
function chain(start, n) {
  const links = [start];
  for (let i = 0; i < n; i++) links.push(sha(links[i]));
  return links;
}

/** A localStorage stand-in. */
function memoryStorage(init = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k), m };
}

const walk = (request, memory) => walkChain(fv, request, memory, {});

test('the store keeps and recalls positions, and drops every entry that cannot be one', () => {
  const links = chain('5e'.repeat(32), 20);
  const terminal = links[20];
  const good = [[links[5], 15], [links[10], 10]];
  const bad = [[links[6], 1.5], [links[7], 0], [links[8], -3], [links[9], 'x'], ['zz'.repeat(32), 4], [links[11].slice(1), 9],
    [links[12].toUpperCase(), 8], 'not an entry', [links[13], 2 ** 53], null];
  const storage = memoryStorage({ k: JSON.stringify({ v: 1, terminals: { [terminal]: { used: 1, entries: [...bad.slice(0, 3), ...good, ...bad.slice(3)] } } }) });
  const s = chainStore('k', storage);
  const m = s.recall(terminal.toUpperCase());
  assert.deepEqual(Array.from(m.rounds), [15, 10]);
  assert.equal(Buffer.from(m.hashes.subarray(0, 32)).toString('hex'), links[5]);
  assert.equal(s.count(), 2);
  // Garbage in storage: nothing remembered, nothing thrown.
  for (const junk of ['{', '[]', '{"v":1,"terminals":[]}', '{"v":2,"terminals":{}}', 'null', '{"terminals":{"a":1}}']) {
    const st = chainStore('k', memoryStorage({ k: junk }));
    assert.equal(st.recall(terminal), null, junk);
    assert.equal(st.count(), 0, junk);
    st.keep(terminal, null, [[links[3], 17]]);
    assert.deepEqual(Array.from(st.recall(terminal).rounds), [17], junk);
  }
  // Bounded: per terminal (the oldest dropped) and in terminals (the least recently used dropped).
  const st = chainStore('k', memoryStorage());
  const many = Array.from({ length: MAX_PER_TERMINAL + 5 }, (_, i) => [sha(`p${i}`), i + 1]);
  st.keep(terminal, null, many);
  assert.equal(st.recall(terminal).rounds.length, MAX_PER_TERMINAL);
  assert.equal(st.recall(terminal).rounds[0], 6);
  for (let i = 0; i < MAX_TERMINALS; i++) st.keep(sha(`t${i}`), null, [[sha(`q${i}`), 3]]);
  assert.equal(st.recall(terminal), null, 'the oldest terminal is dropped');
  // A refused storage remembers nothing and fails nothing.
  const refused = chainStore('k', { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); }, removeItem() {} });
  refused.keep(terminal, null, good);
  assert.equal(refused.recall(terminal), null);
});

test('a 1,000-link round passes with malformed remembered entries for its terminal: it walks', async () => {
  const links = chain('ab'.repeat(32), 1000);
  const terminal = links[1000];
  // A chain the player names (hash_chain): its terminal counts, so a found round passes
  // (a crash record of the same chain would be unchecked: SPEC §6).
  const record = { scheme: 'hash_chain', hash: links[0], terminal };
  const storage = memoryStorage({ k: JSON.stringify({ v: 1, terminals: { [terminal]: { used: 1, entries: [[links[3], 1.5], [links[4], 0], [links[5], 'x']] } } }) });
  const s = chainStore('k', storage);
  const res = await verifyFlow(fv, { record }, { walk, recall: async (t) => s.recall(t) });
  assert.equal(res.report.verdict, 'pass');
  assert.equal(res.report.round, 1000);
  assert.equal(res.walked.linksWalked, 1000);
  assert.equal(res.walked.viaMemory, false);
  // The core skips such entries too, when they reach it.
  const raw = { hashes: new Uint8Array(64), rounds: Float64Array.from([1.5, 0]) };
  raw.hashes.set(Buffer.from(links[3], 'hex'), 0);
  raw.hashes.set(Buffer.from(links[4], 'hex'), 32);
  const direct = await verifyFlow(fv, { record }, { walk, recall: async () => raw });
  assert.equal(direct.report.verdict, 'pass');
  // What it proved is kept (its start with its round): the same round again is
  // found at once, from the store, with no link walked.
  const keep = toRemember(res);
  assert.equal(keep.terminal, terminal);
  s.keep(keep.terminal, keep.found, keep.more);
  const again = await verifyFlow(fv, { record }, { walk, recall: async (t) => s.recall(t) });
  assert.deepEqual([again.report.verdict, again.report.round, again.walked.viaMemory, again.walked.linksWalked], ['pass', 1000, true, 0]);
  // A walk that did not reach the terminal leaves nothing to keep (and, stopped
  // below the published length, decides nothing: SPEC §6).
  const short = await verifyFlow(fv, { record: { ...record, maxSteps: 10 } }, { walk });
  assert.equal(short.report.verdict, 'unchecked');
  assert.equal(toRemember(short), null);
});

test('one walk loop and one store of remembered positions in www/', () => {
  const files = [];
  const walkDir = (d) => {
    for (const f of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, f.name);
      if (f.isDirectory()) walkDir(p); else if (f.name.endsWith('.js')) files.push(p);
    }
  };
  walkDir(path.join(ROOT, 'www'));
  const having = (re) => files.filter((f) => re.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f)).sort();
  assert.deepEqual(having(/\.advance\(/), ['www/verify/walk.js']);
  assert.deepEqual(having(/new en\.ChainWalker\(/), ['www/core/calls.js']);
  // One walker class (issue 35): a history is the same ChainWalker, made by the core.
  assert.deepEqual(having(/en\.ChainWalker\.history\(/), ['www/core/api.js']);
  assert.deepEqual(having(/HistoryWalker/), []);
  // The history's summary is drawn from the core's generic view: no game named, no
  // expected share computed in www/.
  assert.deepEqual(having(/\bs\.game ===|\b1 \/ (6|25)\b/), []);
  // One worker protocol: every worker answers through serveTasks.
  assert.deepEqual(having(/serveTasks\(/), ['www/verify/client.js', 'www/verify/serve.js', 'www/widget/worker.js', 'www/worker/worker.js']);
  assert.deepEqual(having(/createClient\(/), ['www/page/client.js', 'www/verify/client.js', 'www/widget/client.js']);
  // Storage: the positions' store, and the badge's list of fingerprints it showed.
  assert.deepEqual(having(/localStorage|\.setItem\(|\.getItem\(/), ['www/verify/store.js', 'www/widget/store.js']);
  assert.deepEqual(having(/export function chainStore/), ['www/verify/store.js']);
});

test('a cancelled verification leaves the page\'s own questions (about, digest) to their answers', async () => {
  const { createClient: bare, withPageJobs } = await import('../../www/verify/client.js');
  const createClient = (o) => withPageJobs(bare(o));
  const workers = [];
  const startWorker = () => {
    const w = { posted: [], terminated: false, onmessage: null, onerror: null };
    w.postMessage = (m) => w.posted.push(m);
    w.terminate = () => { w.terminated = true; };
    workers.push(w);
    return w;
  };
  const client = createClient({ startWorker, api: () => null });
  const digest = client.digest('the page');
  const verify = client.verify({ record: { scheme: 'dice' } });
  client.cancel();
  assert.equal(await verify, null, 'the verification is cancelled');
  const [w] = workers;
  const asked = w.posted.find((m) => m.type === 'digest');
  w.onmessage({ data: { type: 'done', id: asked.id, value: 'abc' } });
  assert.deepEqual(await digest, { value: 'abc' }, 'the digest is not');

  // A long job (a walk under way) ends its worker: the page's question goes to the next.
  const about = client.about();
  const history = client.history({ record: { scheme: 'crash' }, round: 5 });
  const h = w.posted.find((m) => m.type === 'history');
  w.onmessage({ data: { type: 'progress', id: h.id, steps: 1, maxSteps: 5 } });
  client.cancel();
  assert.equal(await history, null);
  assert.equal(w.terminated, true, 'the walking worker is ended');
  assert.equal(workers.length, 2, 'a new worker');
  const again = workers[1].posted.find((m) => m.type === 'about');
  assert.ok(again, 'about is asked again of the new worker');
  workers[1].onmessage({ data: { type: 'done', id: again.id, value: { version: 'v' } } });
  assert.deepEqual(await about, { value: { version: 'v' } });
});

/** A stand-in Worker: what was posted, whether it was ended; `say(m)` answers. */
function fakeWorkers() {
  const workers = [];
  const startWorker = () => {
    const w = { posted: [], terminated: false, onmessage: null, onerror: null };
    w.postMessage = (m) => w.posted.push(m);
    w.terminate = () => { w.terminated = true; };
    w.say = (m) => w.onmessage({ data: m });
    workers.push(w);
    return w;
  };
  return { workers, startWorker };
}

test('a job cancelled by its own signal (one badge of many): the others go on in the same worker', async () => {
  const { createClient } = await import('../../www/verify/client.js');
  const { workers, startWorker } = fakeWorkers();
  const client = createClient({ startWorker, api: () => null });
  const a = new AbortController();
  const first = client.verify({ record: { scheme: 'crash' } }, { signal: a.signal });
  const second = client.verify({ record: { scheme: 'dice' } });
  const [w] = workers;
  const [ja, jb] = w.posted;
  w.say({ type: 'hello' });
  w.say({ type: 'progress', id: ja.id, steps: 1, maxSteps: 10 });
  a.abort();
  assert.equal(await first, null, 'the cancelled job resolves null at once');
  assert.equal(w.terminated, false, 'another verification runs in this worker: it is not ended');
  assert.deepEqual(w.posted.at(-1), { type: 'cancel', id: ja.id }, 'the worker is told to stop that job');
  // Whatever the worker still says of the cancelled job is dropped.
  w.say({ type: 'done', id: ja.id, report: { verdict: 'pass' } });
  w.say({ type: 'done', id: jb.id, report: { verdict: 'fail' } });
  assert.deepEqual(await second, { report: { verdict: 'fail' } });

  // Alone in its worker, a long job cancelled by its signal ends the worker: the
  // next job goes to a new one at once.
  const b = new AbortController();
  const long = client.verify({ record: { scheme: 'crash' } }, { signal: b.signal });
  const jl = w.posted.at(-1);
  w.say({ type: 'pending', id: jl.id, report: { verdict: 'checking' } });
  b.abort();
  assert.equal(await long, null);
  assert.equal(w.terminated, true, 'the walking worker is ended');
  const next = client.verify({ record: { scheme: 'crash' } });
  assert.equal(workers.length, 2);
  workers[1].say({ type: 'done', id: workers[1].posted[0].id, report: { verdict: 'pass' } });
  assert.deepEqual(await next, { report: { verdict: 'pass' } });
  // An already aborted signal: nothing is sent.
  const c = new AbortController();
  c.abort();
  assert.equal(await client.verify({ record: {} }, { signal: c.signal }), null);
  assert.equal(workers[1].posted.length, 1);
});

test('a worker refused before it says anything (a host CSP): its jobs run on this thread, and no worker is made again', async () => {
  const { createClient } = await import('../../www/verify/client.js');
  const { VERIFY_TASKS } = await import('../../www/verify/tasks.js');
  const record = { scheme: 'crash', hash: 'ab'.repeat(32) };
  for (const how of ['error', 'silence']) {
    const { workers, startWorker } = fakeWorkers();
    const client = createClient({ startWorker, api: () => fv, tasks: VERIFY_TASKS, helloMs: how === 'silence' ? 50 : 0 });
    const res = client.verify({ record });
    if (how === 'error') workers[0].onerror({ message: 'refused' });
    const { report } = await res;
    assert.equal(report.scheme, 'crash', how);
    assert.equal(report.verdict, fv.verify(record).verdict, how);
    assert.equal(workers[0].terminated, true, how);
    await client.verify({ record });
    assert.equal(workers.length, 1, `${how}: no second worker`);
  }
  // A worker that spoke and then failed: its jobs fail (internal), none is run twice.
  const { workers, startWorker } = fakeWorkers();
  const client = createClient({ startWorker, api: () => fv, tasks: VERIFY_TASKS });
  const res = client.verify({ record });
  workers[0].say({ type: 'hello' });
  workers[0].onerror({ message: 'out of memory' });
  assert.deepEqual(await res, { error: { code: 'internal', field: '', params: {}, message: 'out of memory' } });
});

test('the worker side (serveTasks): a cancelled 10,000,000-link walk stops at its next pause and answers nothing; the next job is answered', async () => {
  const { serveTasks } = await import('../../www/verify/serve.js');
  const { PAGE_TASKS } = await import('../../www/verify/tasks.js');
  const said = [];
  let heard = () => {};
  const handle = serveTasks({
    api: () => fv,
    tasks: PAGE_TASKS,
    post: (m) => {
      said.push(m);
      // Nothing remembered (job 3 is left waiting for its answer).
      if (m.type === 'recall' && m.id !== 3) queueMicrotask(() => handle({ type: 'memory', id: m.id, memory: null }));
      heard();
    },
  });
  const until = (pred) => new Promise((resolve) => {
    const check = () => { const m = said.find(pred); if (m) resolve(m); };
    heard = check;
    check();
  });
  // A round in no chain: its walk would run to its maxSteps.
  const nowhere = { scheme: 'crash', hash: sha('no chain'), terminal: sha('no terminal'), maxSteps: 10_000_000 };
  handle({ type: 'verify', id: 1, input: { record: nowhere } });
  await until((m) => m.id === 1 && m.type === 'progress');
  handle({ type: 'cancel', id: 1 });
  const cancelledAt = said.length;
  const links = chain('cd'.repeat(32), 1000);
  handle({ type: 'verify', id: 2, input: { record: { scheme: 'hash_chain', hash: links[0], terminal: links[1000] } } });
  const done = await until((m) => m.id === 2 && m.type === 'done');
  assert.equal(done.report.verdict, 'pass');
  assert.equal(done.report.round, 1000);
  // Long enough for several more pauses of the old walk, had it gone on.
  await new Promise((r) => setTimeout(r, 400));
  const after = said.slice(cancelledAt).filter((m) => m.id === 1);
  assert.deepEqual(after, [], 'nothing more of the cancelled job');
  assert.equal(said.filter((m) => m.id === 1 && (m.type === 'done' || m.type === 'error')).length, 0);
  const last = said.filter((m) => m.id === 1 && m.type === 'progress').at(-1);
  assert.ok(last.steps < 10_000_000, 'stopped early');
  // A job waiting for its remembered positions is cancelled too.
  handle({ type: 'verify', id: 3, input: { record: nowhere } });
  await until((m) => m.id === 3 && m.type === 'recall');
  handle({ type: 'cancel', id: 3 });
  await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(said.filter((m) => m.id === 3).map((m) => m.type), ['pending', 'recall']);
});

test('what a text is and bet lines read are no verification: cancel() leaves them to their answers', async () => {
  const { createClient: bare, withPageJobs } = await import('../../www/verify/client.js');
  const { workers, startWorker } = fakeWorkers();
  const client = withPageJobs(bare({ startWorker, api: () => null }));
  const classified = client.classify('1732756271411, 1, 2', { scheme: 'dice' });
  const read = client.betLines('1732756271411, 1, 2', { game: 'dice' });
  const verify = client.verify({ record: { scheme: 'dice' } });
  client.cancel();
  assert.equal(await verify, null);
  const [w] = workers;
  for (const m of w.posted.filter((x) => x.type === 'call')) w.say({ type: 'done', id: m.id, value: m.method });
  assert.deepEqual([await classified, await read], [{ value: 'classify' }, { value: 'betLines' }]);
});
