// Every vector of VECTORS_DIR (default tests/vectors) through the built wasm, via
// `node pkg/verifier.js --jsonl`, with the same pass rule as the native runner.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadCases, judge, runCli, vectorsDir } from './helpers.mjs';

test('every vector passes through pkg/verifier.js --jsonl', () => {
  const cases = loadCases();
  assert.ok(cases.length > 0, `no cases in ${vectorsDir()}`);
  const input = cases.map((c) => JSON.stringify({ name: c.name, record: c.record })).join('\n') + '\n';
  const r = runCli(['--jsonl'], input);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  // The vectors hold failing records, so the batch is a fail: exit 1.
  assert.ok(lines.some((l) => l.result.verdict === 'fail'));
  assert.equal(r.code, 1, r.stderr);
  assert.equal(lines.length, cases.length, 'one output line per input line');
  const failed = [];
  cases.forEach((c, i) => {
    assert.equal(lines[i].name, c.name);
    const why = judge(c.expect, lines[i].result);
    if (why) failed.push(`FAIL ${c.name} (${c.file}): ${why}`);
  });
  for (const f of failed) console.log(f);
  console.log(`wasm conformance (${vectorsDir()}): ${cases.length - failed.length} passed, ${failed.length} failed`);
  assert.deepEqual(failed, []);
});
