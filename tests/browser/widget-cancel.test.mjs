// The badge on the page's one client (issue 35): a new record, a new commitment or
// the badge removed cancels its running verification at once, and nothing of the
// old record is ever shown. The walk that is cancelled is a round in no chain: it
// would run to its 10,000,000-link bound.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { launch } from './browser.mjs';
import { ROOT } from '../node/helpers.mjs';

const sha = (s) => createHash('sha256').update(s).digest('hex');
const BOUND = 10_000_000;
// Ratios of times only where timing belongs: ./build.sh load (FV_TIMING=1).
const TIMING = Boolean(process.env.FV_TIMING);
/** A round in no chain: its walk goes on to `maxSteps` and fails. */
const nowhere = (tag) => ({ scheme: 'crash', hash: sha(`no chain ${tag}`), terminal: sha(`no terminal ${tag}`), maxSteps: BOUND });
/** Round 1,000 of a chain made here: links[i + 1] = sha256(links[i] as hex text). */
const links = [sha('the next hand')];
for (let i = 0; i < 1000; i++) links.push(sha(links[i]));
// hash_chain: its given terminal counts (a crash round of this test's own chain is
// unchecked, its terminal being no published one).
const ROUND = { scheme: 'hash_chain', hash: links[0], terminal: links[1000] };

// Before widget.js: the host's record of every result event, and of what each
// worker the badge makes says (progress per job) and whether it is ended.
const SPY = `
window.events = [];
for (const t of ['fair-verify:result', 'fair-verify:error']) {
  document.addEventListener(t, (e) => window.events.push({ type: t, id: e.target.id, verdict: e.detail.verdict,
    round: e.detail.report ? e.detail.report.round : undefined, hash: e.detail.report ? e.detail.report.hash : undefined }));
}
window.spy = { made: 0, ended: 0, progress: {}, reports: {} };
const Native = window.Worker;
window.Worker = class extends Native {
  constructor(url, opts) {
    super(url, opts);
    const n = ++window.spy.made;
    this.addEventListener('message', (e) => {
      const m = e.data;
      if (m && m.type === 'progress') {
        window.spy.progress[n + ':' + m.id] = m.steps;
        window.spy.reports[n + ':' + m.id] = (window.spy.reports[n + ':' + m.id] || 0) + 1;
      }
    });
  }
  terminate() { window.spy.ended++; super.terminate(); }
};
`;

let browser;
let server;
let base;
test.before(async () => {
  browser = await launch();
  server = http.createServer((req, res) => {
    const url = req.url.split('?')[0];
    if (url === '/widget.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(fs.readFileSync(path.join(ROOT, 'pkg/widget.js')));
    } else if (url === '/spy.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(SPY);
    } else if (url === '/table.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>table</title></head><body>
<fair-verify id="a" label="Round"></fair-verify><fair-verify id="b" label="Round"></fair-verify>
<script src="/spy.js"></script><script src="/widget.js"></script></body></html>`);
    } else if (url === '/off.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>off</title></head><body>
<fair-verify id="c" worker="off" remember="off"></fair-verify>
<script src="/spy.js"></script><script src="/widget.js"></script></body></html>`);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}`;
});
test.after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

async function open(file = 'table.html') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${base}/${file}`);
  await page.evaluate(async () => { localStorage.clear(); await FairVerify.ready; await customElements.whenDefined('fair-verify'); });
  return { context, page, errors };
}

const setRecord = (page, id, record) => page.evaluate(([i, r]) => { document.getElementById(i).record = r; }, [id, record]);
const events = (page) => page.evaluate(() => window.events);
/** The progress keys ("worker:job") of the walks under way, and how far each is. */
const progress = (page) => page.evaluate(() => ({ ...window.spy.progress }));

/** Waits until a walk other than those in `known` has said its progress twice. */
async function walkUnderWay(page, known = {}) {
  // A walk that has taken steps (a state, not a delay); a loaded machine may be slow to get there.
  await page.waitForFunction((k) => Object.entries(window.spy.progress).some(([key, steps]) => !(key in k) && steps > 0),
    known, { timeout: 180000, polling: 20 });
  const now = await progress(page);
  return Object.keys(now).find((key) => !(key in known));
}

async function nextEvent(page, n) {
  await page.waitForFunction((k) => window.events.length > k, n, { timeout: 120000, polling: 10 });
  return (await events(page))[n];
}

test('a new record while a 10,000,000-link walk runs: its verdict in under half that walk\'s time, the old one never shown', { timeout: 300000 }, async () => {
  const { context, page, errors } = await open();
  // The walk alone, to its end.
  const t0 = Date.now();
  await setRecord(page, 'a', nowhere('alone'));
  const alone = await nextEvent(page, 0);
  const walkMs = Date.now() - t0;
  assert.deepEqual([alone.id, alone.verdict], ['a', 'fail']);
  console.log(`a 10,000,000-link walk in the badge's worker: ${walkMs} ms`);

  // The same walk again, and the next hand's record while it runs.
  // The walks known before the record is set: read after it, a walk that already
  // reported (a fast worker) would count as known and never as the new one (a
  // flaky round under load, 2026-12-05).
  const known = await progress(page);
  await setRecord(page, 'a', nowhere('superseded'));
  const old = await walkUnderWay(page, known);
  assert.ok(old, 'the walk is under way');
  const ended = await page.evaluate(() => window.spy.ended);
  const t1 = Date.now();
  await setRecord(page, 'a', ROUND);
  const ev = await nextEvent(page, 1);
  const newMs = Date.now() - t1;
  console.log(`the next record's verdict after ${newMs} ms (the superseded walk was at ${(await progress(page))[old]} links)`);
  assert.deepEqual([ev.id, ev.verdict, ev.round, ev.hash], ['a', 'pass', 1000, ROUND.hash]);
  // What the test is about, as a state: the new verdict came while the old walk was
  // still far from its end (it did not wait for it). The ratio of times is for
  // ./build.sh load only (FV_TIMING=1): a loaded machine stretches both unevenly.
  assert.ok((await progress(page))[old] < BOUND, 'the new verdict did not wait for the old walk');
  if (TIMING) assert.ok(newMs < walkMs / 2, `${newMs} ms against a walk of ${walkMs} ms`);
  // The superseded walk was stopped: its worker ended (alone there), no more progress, no result.
  assert.equal(await page.evaluate(() => window.spy.ended), ended + 1, 'the walking worker is ended');
  const at = (await progress(page))[old];
  await page.waitForTimeout(1500);
  assert.equal((await progress(page))[old], at, 'the superseded walk says nothing more');
  assert.equal((await events(page)).length, 2, 'no result of the superseded record');
  assert.equal(await page.$eval('#a', (el) => el.getAttribute('data-state')), 'pass');
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), [], 'no error but the missing favicon');
  await context.close();
});

test('two badges walking in one worker: a new record stops only its own walk; a new commitment or a removed badge stops the other', { timeout: 300000 }, async () => {
  const { context, page, errors } = await open();
  await setRecord(page, 'a', nowhere('a'));
  const walkA = await walkUnderWay(page);
  await setRecord(page, 'b', nowhere('b'));
  const walkB = await walkUnderWay(page, { [walkA]: 0 });
  assert.equal(walkA.split(':')[0], walkB.split(':')[0], 'both in one worker');
  const ended = await page.evaluate(() => window.spy.ended);

  // A new record for a: its walk is told to stop; b's goes on in the same worker.
  await setRecord(page, 'a', ROUND);
  const ev = await nextEvent(page, 0);
  assert.deepEqual([ev.id, ev.verdict, ev.round], ['a', 'pass', 1000]);
  assert.equal(await page.evaluate(() => window.spy.ended), ended, 'the worker is not ended: b walks there');
  const before = await progress(page);
  // b's walk goes on (a state reached, however loaded the machine); a's said nothing since.
  await page.waitForFunction(([k, n]) => window.spy.progress[k] > n, [walkB, before[walkB]], { timeout: 60000, polling: 20 });
  const after = await progress(page);
  assert.equal(after[walkA], before[walkA], 'a\'s old walk stopped');
  assert.ok(after[walkB] > before[walkB], 'b\'s walk goes on');

  // A new commitment for b (the next game): its check goes, and so does the walk.
  await page.evaluate(() => document.getElementById('b').setAttribute('commitment', 'ab'.repeat(32)));
  assert.equal(await page.$eval('#b', (el) => el.getAttribute('data-state')), 'shown', 'the verdict of the last game goes');
  await page.waitForFunction((e) => window.spy.ended > e, ended, { timeout: 5000 });
  const stopped = (await progress(page))[walkB];
  await page.waitForTimeout(1000);
  assert.equal((await progress(page))[walkB], stopped, 'b\'s walk stopped');

  // A removed badge stops walking; one put back checks its record again (no
  // fingerprint shown this time).
  await page.evaluate(() => document.getElementById('b').removeAttribute('commitment'));
  const knownB = await progress(page);
  await setRecord(page, 'b', nowhere('b again'));
  const walkB2 = await walkUnderWay(page, knownB);
  const endedB = await page.evaluate(() => window.spy.ended);
  await page.evaluate(() => { window.removed = document.getElementById('b'); window.removed.remove(); });
  await page.waitForFunction((e) => window.spy.ended > e, endedB, { timeout: 5000 });
  const gone = (await progress(page))[walkB2];
  await page.waitForTimeout(1000);
  assert.equal((await progress(page))[walkB2], gone, 'the removed badge\'s walk stopped');
  await page.evaluate((r) => { window.removed.record = r; document.body.append(window.removed); }, ROUND);
  const back = await nextEvent(page, 1);
  assert.deepEqual([back.id, back.verdict, back.round], ['b', 'pass', 1000]);
  assert.equal((await events(page)).length, 2, 'nothing of the stopped walks was shown');
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), [], 'no error but the missing favicon');
  await context.close();
});

/** A mines `bets` record (issue 43): `count` bets of 24 mines under a 1 MB client
 *  seed, which held the host's thread in one piece for 54 s with worker="off". */
const bigBets = (count, tag) => JSON.stringify({
  scheme: 'mines', serverSeed: sha(tag), serverSeedHash: sha(sha(tag)), clientSeed: 'c'.repeat(1 << 20),
  bets: Array.from({ length: count }, (_, i) => ({ nonce: 1732429730859 + i, mines: 24 })),
});

test('worker="off", a list of 2,000 bets under a 1 MB seed: checked in many slices on the host\'s thread, the page\'s verdict; a new record during it gives only the new verdict', { timeout: 300000 }, async () => {
  const { createRequire } = await import('node:module');
  const full = createRequire(import.meta.url)(path.join(ROOT, 'pkg/verifier.js'));
  const { context, page, errors } = await open('off.html');
  // The host's own task loop (a message to itself, as the badge's slices yield): how
  // many of its tasks ran while the badge worked. One long slice lets none run.
  await page.evaluate(() => {
    window.hostTasks = 0;
    window.longestGap = 0;
    let last = performance.now();
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      window.hostTasks++;
      const now = performance.now();
      window.longestGap = Math.max(window.longestGap, now - last);
      last = now;
      ch.port2.postMessage(null);
    };
    ch.port2.postMessage(null);
    window.reports = [];
    document.addEventListener('fair-verify:result', (e) => window.reports.push(e.detail.report));
  });
  const first = bigBets(2000, 'first');
  const want = full.verify(first);
  assert.equal(want.verdict, 'pass', 'the page: every bet recomputed, the commitment holds');
  const before = await page.evaluate(() => { window.longestGap = 0; return window.hostTasks; });
  await setRecord(page, 'c', first);
  const ev = await nextEvent(page, 0);
  const ran = (await page.evaluate(() => window.hostTasks)) - before;
  const got = (await page.evaluate(() => window.reports))[0];
  assert.deepEqual([ev.id, ev.verdict], ['c', want.verdict]);
  assert.equal(got.bets.length, 2000);
  assert.deepEqual(got.bets, want.bets, 'every bet as the page recomputes it');
  assert.deepEqual(got.checks, want.checks);
  // Between the badge's slices the host ran its own tasks: the work did not hold its
  // thread in one piece (a count of yields, not a time).
  assert.ok(ran >= 20, `the host's thread ran ${ran} of its tasks during the check`);
  const gap = await page.evaluate(() => window.longestGap);
  console.log(`worker="off": 2,000 bets of 24 mines under a 1 MB seed, the host ran ${ran} tasks meanwhile, longest gap ${gap.toFixed(0)} ms`);
  // The time bound where timing belongs (./build.sh load). Not yet ~50 ms: reading
  // the 1.4 MB record (JSON.parse, its values into the core), absorbing the 1 MB key
  // once and making the 2,000 bets' report are each one piece (about 230 ms in all
  // on an idle desktop, 2026-12-05; it was 54 s in one piece before issue 43's fix).
  if (TIMING) assert.ok(gap < 500, `the host's thread waited ${gap.toFixed(0)} ms in one piece`);

  // Again, and the next record while the first is under way (its progress drawn):
  // only the next record's verdict.
  await setRecord(page, 'c', bigBets(2000, 'superseded'));
  await page.waitForFunction(() => {
    const bar = document.getElementById('c').shadowRoot.querySelector('.bar');
    return bar && !bar.hidden;
  }, null, { timeout: 120000, polling: 10 });
  await setRecord(page, 'c', ROUND);
  const next = await nextEvent(page, 1);
  assert.deepEqual([next.id, next.verdict, next.round], ['c', 'pass', 1000]);
  assert.equal((await events(page)).length, 2, 'no verdict of the superseded record');
  assert.equal(await page.$eval('#c', (el) => el.getAttribute('data-state')), 'pass');
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), [], 'no error but the missing favicon');
  await context.close();
});
