// The build without WebAssembly (issue 25): every vector through the core of
// pkg/verifier-nowasm.html (the Rust core compiled to JavaScript by wasm2js, the very
// text the page carries) in a Node child whose global WebAssembly is deleted before
// the core runs, and every result equal to what pkg/verifier.js (the wasm build)
// gives for the same input in a child of its own: verify's report or its VerifyError
// (name, code, field, params, message), from the record, its JSON text and its bytes.
// Then inputs that grow the core's memory (a 3 MiB record, a 20,000-round history, a
// 5,000-line round check) or walk a chain 20,000 links (the page's flow with the walk
// pending, a walk that never finds its terminal, remembered positions), batches,
// UTF-16 files and the size limit. verifier.html's own wasm core goes through the
// same harness, so the page's two cores are held to the CLI's.
// FV_NOWASM=file checks another build of the page without WebAssembly (the test must
// fail on a broken one).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { ROOT, VERIFIER, loadCases, judge, deepEqual } from './helpers.mjs';

const NOWASM = process.env.FV_NOWASM ? path.resolve(process.env.FV_NOWASM) : path.join(ROOT, 'pkg/verifier-nowasm.html');
const PAGE = path.join(ROOT, 'pkg/verifier.html');
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nowasm_child.cjs');
const START = '0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d';
const LINKS = 20_000;

function run(file, kind, input) {
  const r = spawnSync(process.execPath, [CHILD, file, kind], {
    input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 1 << 30,
  });
  assert.equal(r.status, 0, `${kind} child: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** The extra inputs: each needs more memory than the core starts with, or walks. */
function bigTasks() {
  // Chain values from Node's own SHA-256 (not from either build under test).
  const chain = [START];
  for (let i = 0; i < LINKS + 10; i++) chain.push(createHash('sha256').update(chain[i]).digest('hex'));
  const terminal = chain[LINKS + 10];
  const dice = loadCases().find((c) => c.record.scheme === 'dice' && !c.expect.error);
  const hex = (i) => createHash('sha256').update(`row ${i}`).digest('hex');
  // Rounds newest first: each line's hash is the SHA-256 of the next one's, except
  // that line 2,500 is broken off (the chain check must name it in both builds).
  const rounds = chain.slice(0, 5000).reverse().map((h, i) => (i === 2500 ? hex(i) : h));
  const lines = loadCases().filter((c) => c.record.scheme === 'mines').slice(0, 20).map((c) => JSON.stringify(c.record));
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(dice.record), 'utf16le')]);
  return {
    tasks: [
      { kind: 'text', text: ' '.repeat(3 << 20) + JSON.stringify(dice.record) },
      { kind: 'verify', record: { scheme: 'crash', hash: START, history: LINKS } },
      { kind: 'rounds', game: 'crash', text: rounds.join('\n') },
      { kind: 'rounds', game: 'crash', text: rounds.join('\n'), options: { terminal, maxSteps: LINKS + 10, walk: 'pending' }, slice: 4096 },
      { kind: 'flow', record: { scheme: 'hash_chain', hash: chain[10], terminal }, slice: 4096 },
      { kind: 'flow', record: { scheme: 'crash', hash: chain[10], terminal: 'f'.repeat(64), maxSteps: 8192 }, slice: 4096 },
      { kind: 'walker', request: { hash: chain[10], terminal, maxSteps: LINKS + 100 }, slice: 4096 },
      { kind: 'remembered', request: { hash: chain[10], terminal, maxSteps: LINKS + 100 }, newer: { hash: START, terminal, maxSteps: LINKS + 100 }, slice: 4096 },
      { kind: 'batch', text: lines.join('\n') + '\n{"scheme":"mines"}\nnot json\n' },
      { kind: 'decode', bytes: [...utf16] },
      { kind: 'bytes', bytes: [...utf16] },
      { kind: 'bytes', bytes: [0x7b, 0xff, 0x7d] },
      { kind: 'size', size: 16 * 1024 * 1024 + 1 },
      // Last (the checks below read the tasks above by index): the chain history and
      // the spread of a list of bets, whose statistics use the core's floating point.
      { kind: 'history', record: { scheme: 'crash', hash: chain[10], terminal, maxSteps: LINKS + 100 }, round: LINKS, slice: 4096 },
      { kind: 'history', record: { scheme: 'platforms', hash: chain[10], terminal, maxSteps: LINKS + 100 }, round: LINKS, slice: 4096 },
      ...['dice', 'mines'].map((scheme) => {
        const c = loadCases().find((v) => v.record.scheme === scheme && !v.expect.error && v.record.nonce !== undefined);
        const { nonce, played, selected, mines, ...rest } = c.record;
        const bet = (i) => ({ nonce: nonce + i, ...(selected !== undefined ? { selected } : {}), ...(mines !== undefined ? { mines } : {}) });
        return { kind: 'bets', record: { ...rest, bets: Array.from({ length: 400 }, (_, i) => bet(i)) } };
      }),
    ],
    expect: { terminal, oldest: chain[LINKS - 1], round: LINKS, dice: dice.expect },
  };
}

test('the core of verifier-nowasm.html without WebAssembly gives what pkg/verifier.js gives, for every vector', { timeout: 15 * 60 * 1000 }, () => {
  assert.ok(fs.existsSync(NOWASM), `${NOWASM} is missing: run ./build.sh`);
  const cases = loadCases();
  assert.ok(cases.length > 0, 'no vectors');
  const { tasks, expect } = bigTasks();
  const input = { cases: cases.map((c) => ({ record: c.record })), big: tasks };
  const wasm = run(VERIFIER, 'js', input);
  const js = run(NOWASM, 'nowasm', input);
  const page = run(PAGE, 'page', input);

  // Each ran where it should: the fallback with no WebAssembly at any point, and it
  // is the JavaScript build; the references are the wasm build.
  assert.deepEqual([js.env.wasmAtStart, js.env.wasmAtEnd, js.env.engine], ['undefined', 'undefined', 'js']);
  assert.deepEqual([wasm.env.wasmAtStart, wasm.env.engine], ['object', 'wasm']);
  assert.deepEqual([page.env.engine, page.env.wasmSha256], ['wasm', wasm.env.wasmSha256], 'verifier.html carries the wasm of verifier.js');
  assert.equal(js.env.version, wasm.env.version);
  assert.equal(js.env.wasmBytes, 0, 'the JavaScript core carries no WebAssembly bytes');
  // Its fingerprint names the module wasm2js translated, shipped beside it.
  const translated = path.join(path.dirname(NOWASM), 'fairverify-nowasm.wasm');
  if (fs.existsSync(translated)) assert.equal(js.env.wasmSha256, createHash('sha256').update(fs.readFileSync(translated)).digest('hex'));

  for (const [name, other] of [['verifier-nowasm.html', js], ['verifier.html', page]]) {
    const failed = [];
    cases.forEach((c, i) => {
      for (const api of ['verify', 'text', 'bytes']) {
        if (!deepEqual(other.out[api][i], wasm.out[api][i])) {
          failed.push(`${c.name} (${c.file}) ${api}: ${name} ${JSON.stringify(other.out[api][i]).slice(0, 300)}\n  verifier.js ${JSON.stringify(wasm.out[api][i]).slice(0, 300)}`);
        }
      }
      // And against the vector itself, so that two equally wrong builds cannot agree.
      const r = other.out.verify[i];
      const why = judge(c.expect, r.error ? { error: r.error } : r.value);
      if (why) failed.push(`${c.name} (${c.file}): ${why}`);
    });
    tasks.forEach((t, i) => {
      if (!deepEqual(other.out.big[i], wasm.out.big[i])) {
        failed.push(`${t.kind} #${i}: ${name} ${JSON.stringify(other.out.big[i]).slice(0, 300)}\n  verifier.js ${JSON.stringify(wasm.out.big[i]).slice(0, 300)}`);
      }
    });
    if (!deepEqual(other.out.schemes, wasm.out.schemes)) failed.push(`${name}: schemes() differ`);
    for (const f of failed.slice(0, 20)) console.log(`FAIL ${f}`);
    assert.deepEqual(failed, [], `${name}: ${failed.length} differences`);
  }

  // The extra inputs did their work (in all, as they are equal): the padded record
  // gave a report, the history and walks reached where Node's SHA-256 says.
  const big = js.out.big;
  const value = (i) => { assert.ok(big[i].value !== undefined, `task ${i}: ${JSON.stringify(big[i]).slice(0, 300)}`); return big[i].value; };
  assert.equal(judge(expect.dice, value(0)), null, 'the 3 MiB record gave its vector\'s report');
  assert.equal(value(1).history.length, LINKS);
  assert.equal(value(1).history.at(-1).hash, expect.oldest);
  assert.equal(value(2).data.rows.length, 5000);
  assert.equal(value(3).data.rows.length, 5000);
  assert.equal(value(4).report.verdict, 'pass');
  assert.equal(value(4).report.round, expect.round);
  assert.equal(value(4).walked.seen.length, Math.ceil(expect.round / 4096), 'the walk went in slices, as the page does it');
  // Not reached within a bound below the published length: unchecked (SPEC §6).
  assert.equal(value(5).report.verdict, 'unchecked', 'the wrong terminal is not reached');
  assert.equal(value(6).outcome.found, true);
  assert.equal(value(6).outcome.steps, expect.round);
  assert.equal(value(7).second.seen.at(-1).viaMemory, true);
  assert.equal(value(7).second.seen.at(-1).linksWalked, 10);
  assert.deepEqual([value(8).summary.verdict, value(8).summary.invalid, value(8).summary.count], ['invalid', 2, 22]);
  assert.ok(value(9).includes('"scheme"'), 'UTF-16 decoded');
  assert.equal(big[11].error.code, 'bad_utf8');
  assert.equal(big[12][0].error.code, 'too_large');
  // The histories counted every round, and the bets their spread (equal above).
  for (const i of [13, 14]) {
    assert.equal(value(i).walked.outcome.summary.rounds, LINKS, `history task ${i}`);
    assert.equal(value(i).page.rows.length, 50, `history page ${i}`);
  }
  for (const i of [15, 16]) assert.ok(value(i).bets === 400 && value(i).pValue > 0 && value(i).pValue <= 1, `bets task ${i}: ${JSON.stringify(value(i)).slice(0, 200)}`);
  assert.ok(js.out.selfTest.passed > 0 && js.out.selfTest.failed === 0, JSON.stringify(js.out.selfTest));
  console.log(`nowasm: ${cases.length} vectors x 3 calls and ${tasks.length} larger inputs equal to the wasm build; ` +
    `${Math.round(js.env.ms)} ms without WebAssembly, ${Math.round(wasm.env.ms)} ms with`);
});
