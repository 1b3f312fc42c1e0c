// The no-WebAssembly fallback (issue 25): every vector through pkg/verifier-nowasm.js
// (the Rust core compiled to JavaScript by wasm2js) in a Node child process whose
// global WebAssembly is deleted before the file loads, and every result equal to what
// pkg/verifier.js (the wasm build) gives for the same input in a child of its own:
// verify's report or its VerifyError (name, code, field, params, message),
// verifyText's and verifyBytes's JSON text, and a few inputs that grow the core's
// memory (a 3 MiB record, a 20,000-round history, a 5,000-line round check) or walk a
// chain 20,000 links (the plain walker, remembered positions, the kernel).
// FV_NOWASM=file checks another build of the fallback (the test must fail on a
// broken one).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ROOT, VERIFIER, loadCases, judge, deepEqual } from './helpers.mjs';

const NOWASM = process.env.FV_NOWASM ? path.resolve(process.env.FV_NOWASM) : path.join(ROOT, 'pkg/verifier-nowasm.js');
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nowasm_child.cjs');
const START = '0e9b44c6640ed60a2a53ddcddb7799fce3fbfc96d1e9e606e9fbe8bbb0201e2d';
const LINKS = 20_000;

function run(file, mode, input) {
  const r = spawnSync(process.execPath, [CHILD, file, mode], {
    input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 1 << 30,
  });
  assert.equal(r.status, 0, `${mode} child: ${r.stderr}`);
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
  return {
    tasks: [
      { kind: 'verifyText', text: ' '.repeat(3 << 20) + JSON.stringify(dice.record) },
      { kind: 'verify', record: { scheme: 'crash', hash: START, history: LINKS } },
      { kind: 'checkRounds', game: 'crash', text: rounds.join('\n') },
      { kind: 'checkRounds', game: 'crash', text: rounds.join('\n'), options: { terminal, maxSteps: LINKS + 10 } },
      { kind: 'walker', hash: chain[10], terminal, links: LINKS + 100, slice: 4096 },
      { kind: 'walker', hash: chain[10], terminal: 'f'.repeat(64), links: 8192, slice: 4096 },
      { kind: 'remembering', hash: chain[10], newer: START, terminal, links: LINKS + 100, slice: 4096 },
      { kind: 'bench', hash: START, links: LINKS },
    ],
    expect: { kernel: chain[LINKS], terminal, oldest: chain[LINKS - 1] },
  };
}

test('pkg/verifier-nowasm.js without WebAssembly gives what pkg/verifier.js gives, for every vector', { timeout: 10 * 60 * 1000 }, () => {
  assert.ok(fs.existsSync(NOWASM), `${NOWASM} is missing: run ./build.sh`);
  const cases = loadCases();
  assert.ok(cases.length > 0, 'no vectors');
  const { tasks, expect } = bigTasks();
  const input = { cases: cases.map((c) => ({ record: c.record })), big: tasks };
  const wasm = run(VERIFIER, 'wasm', input);
  const js = run(NOWASM, 'nowasm', input);

  // Each ran where it should: the fallback with no WebAssembly at any point, and it
  // is the JavaScript build; the reference is the wasm build.
  assert.deepEqual([js.env.wasmAtStart, js.env.wasmAtEnd, js.env.engine], ['undefined', 'undefined', 'js']);
  assert.deepEqual([wasm.env.wasmAtStart, wasm.env.engine], ['object', 'wasm']);
  assert.equal(js.env.version, wasm.env.version);

  const failed = [];
  cases.forEach((c, i) => {
    for (const api of ['verify', 'verifyText', 'verifyBytes']) {
      if (!deepEqual(js.out[api][i], wasm.out[api][i])) {
        failed.push(`${c.name} (${c.file}) ${api}: nowasm ${JSON.stringify(js.out[api][i]).slice(0, 300)}\n  wasm ${JSON.stringify(wasm.out[api][i]).slice(0, 300)}`);
      }
    }
    // And against the vector itself, so that two equally wrong builds cannot agree.
    const r = js.out.verify[i];
    const why = judge(c.expect, r.error ? { error: r.error } : r.value);
    if (why) failed.push(`${c.name} (${c.file}): ${why}`);
  });
  tasks.forEach((t, i) => {
    if (!deepEqual(js.out.big[i], wasm.out.big[i])) {
      failed.push(`${t.kind} #${i}: nowasm ${JSON.stringify(js.out.big[i]).slice(0, 300)}\n  wasm ${JSON.stringify(wasm.out.big[i]).slice(0, 300)}`);
    }
  });
  for (const f of failed.slice(0, 20)) console.log(`FAIL ${f}`);
  assert.deepEqual(failed, [], `${failed.length} differences`);

  // The extra inputs did their work (in both, as they are equal): the padded record
  // gave a report, the history and walks reached where Node's SHA-256 says.
  const big = js.out.big;
  assert.ok('report' in JSON.parse(big[0]), 'the 3 MiB record gave a report');
  assert.equal(big[1].value.history.length, LINKS);
  assert.equal(big[1].value.history.at(-1).hash, expect.oldest);
  assert.equal(JSON.parse(big[3]).rows.length, 5000);
  assert.deepEqual(big[4].value.seen.at(-1), { done: true, steps: LINKS, found: true, current: expect.terminal });
  assert.equal(big[5].value.seen.at(-1).found, false);
  assert.equal(big[6].value.second.viaMemory, true);
  assert.equal(big[6].value.second.linksWalked, 10);
  assert.equal(big[7].value, expect.kernel);
  assert.deepEqual(js.out.schemes, wasm.out.schemes);
  assert.ok(js.out.selfTest.passed > 0 && js.out.selfTest.failed === 0, JSON.stringify(js.out.selfTest));
  console.log(`nowasm: ${cases.length} vectors x 3 calls and ${tasks.length} larger inputs equal to the wasm build; ` +
    `${Math.round(js.env.ms)} ms without WebAssembly, ${Math.round(wasm.env.ms)} ms with`);
});

test('pkg/verifier-nowasm.js does not touch the global WebAssembly where there is one', () => {
  // In a page that has WebAssembly the fallback is not loaded, but if it is, it must
  // neither use nor replace the page's global.
  const require = createRequire(import.meta.url);
  const before = globalThis.WebAssembly;
  const fv = require(NOWASM);
  assert.equal(fv.engine, 'js');
  assert.equal(fv.verifyText('{"scheme":"crash","hash":"' + START + '"}').startsWith('{"report"'), true);
  assert.equal(globalThis.WebAssembly, before);
  assert.equal(fv.wasmBytes, 0, 'no WebAssembly bytes are carried');
});
