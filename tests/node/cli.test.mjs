// pkg/verifier.js as a module and as a command line: exit codes, "-" input,
// --jsonl with bad lines, the thrown VerifyError, --version, --self-test.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { loadCases, runCli, VERIFIER, ROOT } from './helpers.mjs';

const require = createRequire(import.meta.url);
const fv = require(VERIFIER);
const cases = loadCases(path.join(ROOT, 'tests/vectors'));
const passing = cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === true);
const failing = cases.find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === false);

function tmpFile(content) {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fv-')), 'r.json');
  fs.writeFileSync(p, content);
  return p;
}

test('exit 0 on pass, 1 on fail, 2 on invalid input', () => {
  let r = runCli([tmpFile(JSON.stringify(passing.record))]);
  assert.equal(r.code, 0);
  assert.equal(JSON.parse(r.stdout).verdict, 'pass');
  r = runCli([tmpFile(JSON.stringify(failing.record))]);
  assert.equal(r.code, 1);
  assert.equal(JSON.parse(r.stdout).verdict, 'fail');
  r = runCli([tmpFile('{"scheme": "dice"}')]);
  assert.equal(r.code, 2);
  const e = JSON.parse(r.stdout).error;
  assert.equal(e.code, 'missing_field');
  assert.equal(e.field, 'serverSeed');
  r = runCli([tmpFile('not json')]);
  assert.equal(r.code, 2);
  assert.equal(JSON.parse(r.stdout).error.code, 'bad_json');
  r = runCli([path.join(os.tmpdir(), 'does-not-exist-fv.json')]);
  assert.equal(r.code, 2);
  assert.equal(JSON.parse(r.stdout).error.code, 'io_error');
});

test('"-" reads standard input', () => {
  const r = runCli(['-'], JSON.stringify(passing.record));
  assert.equal(r.code, 0);
  assert.equal(JSON.parse(r.stdout).face, passing.expect.face);
});

test('--jsonl: bare records, named records and bad lines, one output line each', () => {
  const input = [
    JSON.stringify(passing.record),
    'this is not json',
    JSON.stringify({ name: 'named', record: failing.record }),
    '[1, 2]',
    '',
    JSON.stringify({ name: 'bad', record: { scheme: 'nope' } }),
    '{"scheme": "crash", "hash": "' + 'a'.repeat(64) + '"}',
  ].join('\n');
  const r = runCli(['--jsonl'], input);
  // The batch's verdict: a failed record outweighs the lines that cannot be read.
  assert.equal(r.code, 1);
  const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(out.length, 6);
  assert.equal(out[0].name, null);
  assert.equal(out[0].result.verdict, 'pass');
  assert.equal(out[1].result.error.code, 'bad_json');
  assert.equal(out[2].name, 'named');
  assert.equal(out[2].result.verdict, 'fail');
  assert.equal(out[3].result.error.code, 'not_object');
  assert.equal(out[4].result.error.code, 'unknown_scheme');
  assert.equal(out[5].result.verdict, 'unchecked');
});

test('a crash round without a terminal is unchecked: exit 3, never a pass', () => {
  const r = runCli(['-'], JSON.stringify({ scheme: 'crash', hash: 'a'.repeat(64) }));
  assert.equal(r.code, 3);
  const rep = JSON.parse(r.stdout);
  assert.equal(rep.verdict, 'unchecked');
  assert.deepEqual(rep.missing, ['terminal']);
});

test('verify() throws a VerifyError with code and field', () => {
  assert.throws(() => fv.verify({ scheme: 'dice', serverSeed: 's', clientSeed: 'c', nonce: 1.5, selected: [1] }),
    (e) => e instanceof Error && e.name === 'VerifyError' && e.code === 'wrong_type' && e.field === 'nonce');
  assert.throws(() => fv.verify({ scheme: 'match_seed_v1' }),
    (e) => e.name === 'VerifyError' && e.code === 'unsupported_scheme');
  assert.throws(() => fv.verify('{"scheme": "dice"'), (e) => e.code === 'bad_json');
  assert.throws(() => fv.verify('"\ud800"'), (e) => e.code === 'bad_utf8');
  const cyclic = { scheme: 'dice' };
  cyclic.self = cyclic;
  assert.throws(() => fv.verify(cyclic), (e) => e.code === 'bad_json');
  // The same record as text and as an object gives the same report.
  assert.deepEqual(fv.verify(JSON.stringify(passing.record)), fv.verify(passing.record));
});

test('--version shows the SHA-256 of the embedded wasm, equal to pkg/fairverify.wasm', () => {
  const r = runCli(['--version']);
  assert.equal(r.code, 0);
  const want = createHash('sha256').update(fs.readFileSync(path.join(ROOT, 'pkg/fairverify.wasm'))).digest('hex');
  assert.match(r.stdout, new RegExp(`wasm sha256 ${want}`));
  assert.equal(fv.wasmSha256, want);
});

test('--self-test passes and --help documents the modes', () => {
  const r = runCli(['--self-test']);
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, /self-test passed/);
  const h = runCli(['--help']);
  assert.equal(h.code, 0);
  for (const word of ['--jsonl', '--self-test', '--version', 'Exit codes', '"-"']) assert.ok(h.stdout.includes(word), word);
});

test('the usual typos: the hash pasted as the seed, seeds swapped — fail (exit 1) with the SPEC hint codes', () => {
  const sha = (s) => createHash('sha256').update(s).digest('hex');
  const seed = 'cli-typo-server-seed';
  const base = { scheme: 'dice', serverSeedHash: sha(seed), clientSeed: 'mine', nonce: 1700000000005, selected: [3] };
  for (const [record, code] of [
    [{ ...base, serverSeed: sha(seed).toUpperCase() }, 'seed_is_commitment'],
    [{ ...base, serverSeed: 'mine', clientSeed: seed }, 'seeds_swapped'],
  ]) {
    const r = runCli(['--json', '-'], JSON.stringify(record));
    assert.equal(r.code, 1, code);
    const rep = JSON.parse(r.stdout);
    assert.equal(rep.verdict, 'fail');
    assert.deepEqual(rep.hints.map((h) => h.code), [code]);
    // Said in words for a person at a terminal.
    const h = runCli(['--human', '-'], JSON.stringify(record));
    assert.equal(h.code, 1);
    assert.doesNotMatch(h.stdout, new RegExp(code));
    assert.ok(h.stdout.length > 40);
  }
});
