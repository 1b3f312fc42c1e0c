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
  const record = { scheme: 'crash', hash: links[0], terminal };
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
  assert.deepEqual(having(/new en\.ChainWalker\(/), ['www/core/api.js', 'www/widget/walker.js']);
  // Storage: the positions' store, and the badge's list of fingerprints it showed.
  assert.deepEqual(having(/localStorage|\.setItem\(|\.getItem\(/), ['www/verify/store.js', 'www/widget/store.js']);
  assert.deepEqual(having(/export function chainStore/), ['www/verify/store.js']);
});

test('a cancelled verification leaves the page\'s own questions (about, digest) to their answers', async () => {
  const { createClient } = await import('../../www/verify/client.js');
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
