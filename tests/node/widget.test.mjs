// pkg/'s extras for integrators: each scheme's JSON Schema (made from the core's
// descriptors) is a valid 2020-12 schema and, read by ajv (an independent validator),
// accepts every valid vector record and refuses broken ones; the
// TypeScript declarations, the custom-elements manifest and SHA256SUMS are there
// and match the files.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { ROOT, loadCases } from './helpers.mjs';
import Ajv2020 from 'ajv/dist/2020.js';

const PKG = path.join(ROOT, 'pkg');
const V = createRequire(import.meta.url)(path.join(PKG, 'verifier.js'));
const schema = (id) => JSON.parse(fs.readFileSync(path.join(PKG, 'schemas', `${id}.schema.json`), 'utf8'));
// strict: refuses unknown keywords and schemas that do not meet the metaschema (a
// `required` inside if/then names properties defined at the top, which is allowed).
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
const compiled = new Map();
/** ajv's errors for `v` against `s` (compiled once per schema id), [] when valid. */
function validate(s, v) {
  if (!compiled.has(s.$id)) compiled.set(s.$id, ajv.compile(s));
  const check = compiled.get(s.$id);
  return check(v) ? [] : check.errors.map((e) => `${e.instancePath || '/'} ${e.message}`);
}

test('every scheme has a schema, and every vector record the core verifies validates against it', () => {
  const ids = V.schemes().map((d) => d.id);
  assert.deepEqual(fs.readdirSync(path.join(PKG, 'schemas')).sort(), ids.map((id) => `${id}.schema.json`).sort());
  let checked = 0;
  for (const c of loadCases()) {
    const rec = c.record;
    if (!rec || typeof rec !== 'object' || !ids.includes(rec.scheme)) continue;
    let ok = true;
    try { V.verify(rec); } catch (e) { ok = false; }
    if (!ok) continue;
    assert.deepEqual(validate(schema(rec.scheme), rec), [], c.name);
    checked++;
  }
  assert.ok(checked > 100, `${checked} records validated`);
});

test('the schemas refuse what the core refuses: unknown fields, missing fields, bad hashes, out of range', () => {
  const dice = loadCases().find((c) => c.record.scheme === 'dice' && c.expect.commitmentOk === true).record;
  const s = schema('dice');
  assert.deepEqual(validate(s, dice), []);
  // Stricter than the core on purpose: a misspelt field (the core ignores unknown
  // ones) would leave a commitment unchecked.
  assert.notDeepEqual(validate(s, { ...dice, serverSeedhash: dice.serverSeedHash }), []);
  const broken = [
    (({ serverSeed, ...r }) => r)(dice),
    { ...dice, serverSeedHash: 'xyz' },
    { ...dice, nonce: 1.5 },
    { ...dice, bets: [{ nonce: 1, selected: [1] }] }, // both bets and nonce
  ];
  for (const b of broken) {
    assert.notDeepEqual(validate(s, b), [], JSON.stringify(b).slice(0, 80));
    assert.throws(() => V.verify(b), (e) => e.name === 'VerifyError', 'the core refuses it too');
  }
  // bets instead of nonce/selected: valid for both.
  const { nonce, selected, ...rest } = dice;
  const bets = { ...rest, bets: [{ nonce, selected }] };
  assert.deepEqual(validate(s, bets), []);
  assert.equal(V.verify(bets).verdict, 'pass');
  // match_seed_v2: a game's own required field.
  const m = loadCases().find((c) => c.record.scheme === 'match_seed_v2' && c.record.game === 'table' && c.expect.commitmentOk === true).record;
  assert.deepEqual(validate(schema('match_seed_v2'), m), []);
  const { rolls, ...noRolls } = m;
  assert.notDeepEqual(validate(schema('match_seed_v2'), noRolls), []);
});

test('SHA256SUMS lists every shipped file with its digest; d.ts and custom-elements.json name the element', () => {
  const lines = fs.readFileSync(path.join(PKG, 'SHA256SUMS'), 'utf8').trim().split('\n');
  const listed = new Set();
  for (const l of lines) {
    const [hash, file] = l.split(/ {2}/);
    assert.equal(createHash('sha256').update(fs.readFileSync(path.join(PKG, file))).digest('hex'), hash, file);
    listed.add(file);
  }
  for (const f of ['widget.js', 'widget.mjs', 'widget-chain.js', 'widget-cards.js', 'widget.wasm', 'verifier.js', 'verifier.html', 'fairverify.d.ts', 'custom-elements.json']) assert.ok(listed.has(f), f);
  const ce = JSON.parse(fs.readFileSync(path.join(PKG, 'custom-elements.json'), 'utf8'));
  const decl = ce.modules[0].declarations[0];
  assert.equal(decl.tagName, 'fair-verify');
  assert.deepEqual(decl.attributes.map((a) => a.name).sort(), ['commitment', 'label', 'lang', 'page', 'record', 'remember', 'worker']);
  const dts = fs.readFileSync(path.join(PKG, 'fairverify.d.ts'), 'utf8');
  assert.match(dts, /'fair-verify': FairVerifyElement/);
  assert.match(dts, /'fair-verify:result': CustomEvent<ResultDetail>/);
  assert.ok(!dts.includes('@VERSION@'));
});

// Turn-8 attack: a host page without a charset reads a script in its own (windows-1252),
// and a badge with raw ✓ showed "âœ“Verified". Every badge file is ASCII (its symbols
// as \u escapes), so it reads the same in any charset.
test('every badge file is ASCII only, so a host page without a charset reads it right', () => {
  for (const f of ['widget.js', 'widget.mjs', 'widget-chain.js', 'widget-cards.js']) {
    const bytes = fs.readFileSync(path.join(PKG, f));
    const at = bytes.findIndex((b) => b > 0x7f);
    assert.equal(at, -1, `${f}: a byte above 0x7f at ${at}: ${bytes.subarray(Math.max(0, at - 20), at + 20).toString('utf8')}`);
  }
});
