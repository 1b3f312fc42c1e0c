// Counts capped before work, through the shipped core (issue 43, turn-5 security
// review finding 5): 16 MiB of bet lines, of records and of short history lines get
// their typed error from the wasm core within seconds (before: 16 MiB of bet lines
// took 635 s and 4.4 GB, then trapped). The native caps, each within a second:
// tests/caps.rs. Here the bound is looser: handing 16 MiB of text to the wasm core
// alone took 0.9-1.6 s on a shared 2-core machine at load 15 (a text of spaces, no
// work at all), so TIMEOUT leaves room for that and nothing like the old minutes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { VERIFIER } from './helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const MAX = 16 * 1024 * 1024;
const filled = (line) => line.repeat(Math.floor(MAX / line.length));
const TIMEOUT = 8000;

/** `fn()`, which must answer within `ms`. */
function within(ms, what, fn) {
  const t0 = Date.now();
  const out = fn();
  assert.ok(Date.now() - t0 < ms, `${what}: ${Date.now() - t0} ms`);
  return out;
}

test('16 MiB of bet lines: too many, from the paste box\'s classification and the bet reader', () => {
  const text = filled('1,2\n');
  const c = within(TIMEOUT, 'classify', () => fv.classify(text));
  assert.deepEqual([c.kind, c.error.code, c.error.line, c.error.value], ['bets', 'tooMany', 10001, 10000]);
  const r = within(TIMEOUT, 'betLines', () => fv.betLines(text, { game: 'dice' }));
  assert.deepEqual([r.ok, r.error.code], [false, 'tooMany']);
  // A file's bytes too.
  const b = within(TIMEOUT, 'classify bytes', () => fv.classify(new TextEncoder().encode(text)));
  assert.equal(b.error.code, 'tooMany');
});

test('16 MiB of records and of history lines: out_of_range with the cap, at once', () => {
  for (const text of [filled('{}\n'), `[${filled('{},')}{}]`]) {
    const s = within(TIMEOUT, 'splitRecords', () => fv.splitRecords(text));
    assert.deepEqual([s.kind, s.error.code, s.error.field, s.error.params.maxItems], ['error', 'out_of_range', 'records', 10000]);
    const c = within(TIMEOUT, 'classify', () => fv.classify(text));
    assert.deepEqual([c.kind, c.error.field], ['error', 'records']);
  }
  assert.throws(() => within(TIMEOUT, 'checkRounds', () => fv.checkRounds('crash', filled('x\n'))),
    (e) => e.code === 'out_of_range' && e.field === 'history');
});
