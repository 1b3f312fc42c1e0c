// verifier.js under attack (issue 33, security review M2, M3, L3, I1): a record's
// escape sequences never reach the terminal; standard input and devices stop at the
// size limit; a terminal the record brings is named as none of the published ones;
// a walk's outcome is believed only for the request it answers.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { runCli, VERIFIER } from './helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const sha = (s) => createHash('sha256').update(s).digest('hex');
const CRASH = 'c46f0705f6ba4df891ce44accda8f89f5a6fa8b987eb7c7b445280cf6cabfbc6';

function tmpFile(content, name = 'r.json') {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fv-trust-')), name);
  fs.writeFileSync(p, content);
  return p;
}

/** A private chain: `start` is round n of the terminal it brings. */
function privateChain(n) {
  const start = sha('a private chain');
  let t = start;
  for (let i = 0; i < n; i++) t = sha(t);
  return { start, terminal: t };
}

test('--human escapes the control and bidi characters of a record: no ESC byte reaches the terminal', () => {
  const fake = '\u001b[2J\u001b[H\u001b[32m✓ Verified: every check holds\u001b[8;30;40m';
  const rec = { scheme: 'crash', hash: sha('forged'), terminal: CRASH, maxSteps: 10, played: { multiplier: fake } };
  const file = tmpFile(JSON.stringify(rec), 'x\u001b]0;title\u0007.json');
  // An unknown scheme's name is echoed in the error: with its escapes made visible.
  const named = tmpFile(JSON.stringify({ scheme: '\u001b[2J\u001b[32m✓ Verified\u202e', hash: 'a' }));
  // [arguments, whether a record's or file name's ESC is printed (made visible)]
  for (const [args, echoed] of [[['--human', file], false], [['--human', '--lang', 'ar', file], false],
    [['--human', file, file], true], [['--human', named], true], [['--human', '--lang', 'ru', named, file], true]]) {
    const r = runCli(args);
    assert.ok([1, 2].includes(r.code), `exit ${r.code}`);
    for (const bad of ['\u001b', '\u0007', '\u009b', '\u202e']) assert.ok(!r.stdout.includes(bad), `${args}: ${JSON.stringify(bad)} printed`);
    if (echoed) assert.match(r.stdout, /⟨U\+001B⟩/, r.stdout);
  }
  // An unknown scheme's name and bidi overrides in JSON output: escaped as \uXXXX,
  // the same JSON value.
  const bidi = { scheme: 'dice\u202e\u009b', serverSeed: 'a' };
  const r = runCli([tmpFile(JSON.stringify(bidi))]);
  assert.equal(r.code, 2);
  assert.ok(!/[\u202e\u009b]/.test(r.stdout), r.stdout);
  assert.equal(JSON.parse(r.stdout).error.params.scheme, 'dice\u202e\u009b');
  const j = runCli(['--jsonl'], JSON.stringify(bidi) + '\n');
  assert.ok(!/[\u202e\u009b]/.test(j.stdout), j.stdout);
});

test('standard input and devices stop at the size limit: /dev/zero is too_large within seconds', () => {
  for (const args of [['-'], ['/dev/zero']]) {
    const t0 = Date.now();
    const input = fs.openSync('/dev/zero', 'r');
    const r = spawnSync(process.execPath, [VERIFIER, ...args], { stdio: [input, 'pipe', 'pipe'], encoding: 'utf8', timeout: 20000 });
    fs.closeSync(input);
    assert.equal(r.status, 2, `${args}: exit ${r.status} ${r.stderr}`);
    assert.equal(JSON.parse(r.stdout).error.code, 'too_large');
    assert.ok(Date.now() - t0 < 15000, `${args}: ${Date.now() - t0} ms`);
  }
});

test('a terminal the record brings is named as none of the published ones (terminalPublished: null)', () => {
  const { start, terminal } = privateChain(1000);
  const r = runCli([tmpFile(JSON.stringify({ scheme: 'crash', hash: start, terminal }))]);
  // Found in a chain the record brought: unchecked (SPEC §6), exit 3, never 0.
  assert.equal(r.code, 3);
  const rep = JSON.parse(r.stdout);
  assert.equal(rep.round, 1000);
  assert.ok('terminalPublished' in rep);
  assert.equal(rep.terminalPublished, null);
  const h = runCli(['--human', tmpFile(JSON.stringify({ scheme: 'crash', hash: start, terminal }))]);
  assert.match(h.stdout, /none of the operator’s published ones/);
  assert.doesNotMatch(h.stdout, /^\s*✓/m, 'no ✓ for a chain the record brought');
  assert.doesNotMatch(h.stdout, /leads to the published terminal/);
  // The published Crash terminal is named as Crash's.
  const c = fv.verify({ scheme: 'crash', hash: sha('not in it'), terminal: CRASH, maxSteps: 20 });
  assert.equal(c.terminalPublished, 'crash');
});

test('a walk stopped below the published length is unchecked with step_limit, never fail (SPEC §6)', () => {
  const { start, terminal } = privateChain(1000);
  const r = runCli([tmpFile(JSON.stringify({ scheme: 'hash_chain', hash: start, terminal, maxSteps: 999 }))]);
  assert.equal(r.code, 3);
  const rep = JSON.parse(r.stdout);
  assert.equal(rep.verdict, 'unchecked');
  assert.equal(rep.chainOk, undefined);
  assert.equal(rep.walked, 999);
  assert.deepEqual(rep.hints.map((h) => [h.code, h.field, h.walked]), [['step_limit', 'maxSteps', 999]]);
});

test('a walk outcome is believed only for the request it answers', () => {
  const { start, terminal } = privateChain(50);
  const rec = { scheme: 'hash_chain', hash: start, terminal, maxSteps: 100 };
  const pending = fv.verify(rec, { walk: 'pending' });
  assert.deepEqual(pending.walk, { hash: start, terminal, maxSteps: 100 });
  const ok = { ...pending.walk, steps: 50, found: true };
  assert.equal(fv.verify(rec, { walk: ok }).verdict, 'pass');
  for (const [k, v] of [['hash', sha('other')], ['terminal', CRASH], ['maxSteps', 99]]) {
    assert.throws(() => fv.verify(rec, { walk: { ...ok, [k]: v } }), (e) => e.code === 'conflicting_fields' && e.field === `options.walk.${k}`);
  }
  // An outcome with no request bound to it is refused too.
  assert.throws(() => fv.verify(rec, { walk: { steps: 50, found: true } }), (e) => e.code === 'missing_field');
});
