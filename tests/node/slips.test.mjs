// Issue 44, turn 9 (the fourth reading's open points): a slip is counted as a slip
// wherever records are counted (a batch: one rule, the single banner's toneOf); the
// seeds' slips an operator could have made too are conditional on every line; one
// record gives one count of its differences; a pass that a hint leads and the outcome
// under it say one thing; a fail whose published hash does not match says its outcome
// may not be the game's; seeds printed by the Arabic CLI are copied without marks.
// On real reports of the built core.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, VERIFIER, loadCases, runCli } from './helpers.mjs';

const fv = createRequire(import.meta.url)(VERIFIER);
const cases = loadCases();
const cat = (lang) => JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
const find = (pred, what) => {
  const c = cases.find((x) => !x.expect.error && pred(x.record, x.expect));
  assert.ok(c, `a vector: ${what}`);
  return c;
};
const table = find((r, e) => r.scheme === 'match_seed_v2' && Array.isArray(r.clientSeeds) && r.clientSeeds.length >= 2 && r.clientSeeds.every(Boolean)
  && new Set(r.clientSeeds).size === r.clientSeeds.length && e.commitmentOk === true && Array.isArray(e.rolls) && e.rolls.length > 12, 'a backgammon match with client seeds');
const dice = find((r, e) => r.scheme === 'dice' && e.commitmentOk === true && r.clientSeed && !r.bets && Number.isInteger(e.face), 'a dice bet');
const seedsOrder = { ...table.record, clientSeeds: [...table.record.clientSeeds].reverse(), played: { rolls: table.expect.rolls } };

async function modules() {
  const entry = "export * from './www/render/lead.js'; export { unlistedNote } from './www/render/seen.js'; export { terminalText } from './www/cli/safe.js'; export { setLanguage, t } from './www/i18n/i18n.js';";
  const r = await esbuild.build({ stdin: { contents: entry, resolveDir: ROOT, loader: 'js' }, bundle: true, write: false, format: 'esm', logLevel: 'silent' });
  return import('data:text/javascript;base64,' + Buffer.from(r.outputFiles[0].text).toString('base64'));
}
function tmpFile(content) {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fv-slips-')), 'r.json');
  fs.writeFileSync(p, content);
  return p;
}
const human = (record, lang) => runCli(['--human', '--lang', lang, tmpFile(JSON.stringify(record))]);

test('a batch counts a slip (the single banner\'s amber) apart from the fails nothing explains', async () => {
  const m = await modules();
  const failDice = find((r, e) => r.scheme === 'dice' && e.commitmentOk === false, 'a dice bet whose seed misses its hash');
  const items = [dice.record, seedsOrder, failDice.record].map((rec) => {
    const report = fv.verify(rec);
    return { status: report.verdict, report };
  });
  assert.deepEqual(items.map((x) => x.status), ['pass', 'fail', 'fail'], 'the core fails both');
  const b = m.batchSlips(items);
  assert.equal(b.slips, 1);
  assert.equal(b.failed, 1);
  // One rule: a record is a batch's slip exactly when its own banner is amber.
  for (const it of items) assert.equal(b.slip(it), m.toneOf(it.report) === 'slip');
});

test('seeds in another order, or one left empty: the second line is conditional too, never "only what you entered differs"', async () => {
  const m = await modules();
  const empty = find((r) => r.scheme === 'match_seed_v2' && Array.isArray(r.clientSeeds) && r.clientSeeds.includes(''), 'a match with a player who set no seed');
  const emptySlip = { ...empty.record, clientSeeds: empty.record.clientSeeds.map((s) => s || 'abc'), played: { rolls: empty.expect.rolls.slice(0, 4) } };
  for (const lang of ['en', 'ru', 'ar']) {
    const c = cat(lang);
    for (const [name, rec, slip] of [['order', seedsOrder, 'order'], ['empty', emptySlip, 'empty']]) {
      const lead = m.leadOf(fv.verify(rec), fv.schemes().find((d) => d.id === rec.scheme), lang);
      assert.ok(lead && lead.slip === slip, `${lang} ${name}: ${JSON.stringify(lead)}`);
      assert.equal(lead.why, c['lead.why.diagnosis.seeds'], `${lang} ${name}`);
      assert.ok(lead.lines.includes(c['lead.slip.seeds.operator']), `${lang} ${name}: the condition`);
    }
    // Another slip (a stray space) is the player's alone: the plain line stays.
    const space = { ...table.record, clientSeeds: table.record.clientSeeds.map((s, i) => (i === 1 ? `${s} ` : s)), played: { rolls: table.expect.rolls } };
    assert.equal(m.leadOf(fv.verify(space), null, lang).why, c['lead.why.diagnosis'], lang);
    // And the CLI says it so.
    const out = human(seedsOrder, lang).stdout;
    assert.ok(out.includes(c['lead.why.diagnosis.seeds']) && !out.includes(c['lead.why.diagnosis']), out);
  }
});

test('one record, one count of its differences: the rows left out are counted as the CLI counts them', async () => {
  const m = await modules();
  const r = fv.verify(seedsOrder);
  const total = r.differenceCount;
  assert.ok(total > 8, `many differences: ${total}`);
  // The page lists 8 rows that differ, each one difference of the core's.
  const listed = r.differences.slice(0, 8).map((d) => d.path);
  const note = m.unlistedNote(r, listed, table.expect.rolls.length - 8);
  assert.deepEqual(note, { key: 'seen.result.more', count: total - 8 });
  // The CLI's "…and N more" says the same number.
  const out = human(seedsOrder, 'en').stdout;
  assert.ok(out.includes(cat('en')['diff.more'].replace('{count}', String(total - 8))), out);
  // Rows left out that all match are not called differences.
  const same = m.unlistedNote({ ...r, differences: r.differences.slice(0, 2), differenceCount: 2 }, r.differences.slice(0, 2).map((d) => d.path), 5);
  assert.deepEqual(same, { key: 'seen.result.moreSame', count: 5 });
  assert.equal(m.unlistedNote(r, listed, 0), null);
});

test('a pass a hint leads and the outcome under it say one thing; a seed that misses its hash gives an outcome said to be maybe not the game\'s', async () => {
  const m = await modules();
  const zwsp = { ...dice.record, clientSeed: `${dice.record.clientSeed.slice(0, 3)}\u200b${dice.record.clientSeed.slice(3)}` };
  const r = fv.verify(zwsp);
  assert.equal(r.verdict, 'pass');
  assert.equal(m.outcomeCaveat(r), 'hint');
  for (const lang of ['en', 'ru', 'ar', 'zh']) {
    const c = cat(lang);
    const out = human(zwsp, lang).stdout.split('\n');
    // Never "verified" above "not the real result": the headline says the result below
    // is probably not the game's, as the folded outcome does; its caveat said once.
    assert.equal(out[0], c['verdict.pass.lead']);
    assert.ok(out.includes(c['render.result.fromHint.summary']), lang);
    assert.equal(out.filter((l) => l.includes(c['render.result.fromHint'])).length, 1, lang);
  }
  const wrong = { ...dice.record, serverSeed: dice.record.serverSeed.replace(/^./, (x) => (x === '0' ? '1' : '0')) };
  const w = fv.verify(wrong);
  assert.equal(w.verdict, 'fail');
  assert.equal(m.outcomeCaveat(w), 'commitment');
  const c = cat('ru');
  const out = human(wrong, 'ru').stdout.split('\n');
  assert.ok(out.includes(c['render.result.fromFailed.summary']) && !out.includes(c['page.result.heading']), out.join('\n'));
  // A plain pass: the game's result, no caveat.
  assert.equal(m.outcomeCaveat(fv.verify(dice.record)), null);
});

test('ar --human: every seed it prints is copied by a double click without direction marks', () => {
  const seedSpace = { ...table.record, clientSeeds: table.record.clientSeeds.map((s, i) => (i === 1 ? `${s} ` : s)), played: { rolls: table.expect.rolls } };
  const quoted = { ...dice.record, serverSeed: `"${dice.record.serverSeed}"` };
  let found = 0;
  for (const [rec, seeds] of [[seedSpace, table.record.clientSeeds], [quoted, [dice.record.serverSeed]], [seedsOrder, table.record.clientSeeds]]) {
    const out = human(rec, 'ar').stdout;
    for (const seed of seeds) {
      for (let at = out.indexOf(seed); at >= 0; at = out.indexOf(seed, at + 1)) {
        found++;
        // What a double click takes: letters, digits and marks (Cf) next to it would be
        // part of the copied word; a quote, a space or punctuation is not.
        const before = out.slice(0, at).slice(-1);
        const after = out.slice(at + seed.length).charAt(0);
        for (const c of [before, after]) assert.doesNotMatch(c, /[\p{L}\p{N}\p{Cf}]/u, `U+${c.codePointAt(0).toString(16)} next to ${seed}`);
      }
    }
  }
  // The seed the trim and the quotes advice print, at least.
  assert.ok(found >= 2, `seeds printed: ${found}`);
});

test('terminalText in a right-to-left language: marks dropped around a token that reads in order, kept around a card', async () => {
  const m = await modules();
  assert.equal(m.terminalText('«\u206665fbe872075b6b9b\u2069»', true), '«65fbe872075b6b9b»');
  assert.equal(m.terminalText('\u2066K♠\u2069', true), '\u2066K♠\u2069');
  assert.equal(m.terminalText('\u2066a b\u2069', true), '\u2066a b\u2069');
  assert.equal(m.terminalText('\u2066-12\u2069', true), '\u2066-12\u2069');
});

test('more entries than the count to recompute: said with that count, never "cannot be read" (turn-8 reading ru 4)', () => {
  const count = table.expect.rolls.length - 1;
  const rec = { ...table.record, rolls: count, played: { rolls: table.expect.rolls } };
  // The core refuses it (bad_played, want: count) with the count.
  let err = null;
  try { fv.verify(rec); } catch (x) { err = x; }
  assert.ok(err && err.code === 'bad_played', String(err));
  for (const lang of ['en', 'ru']) {
    const out = human(rec, lang).stdout;
    const c = cat(lang);
    // The count and the field that holds it, by the form's name ("Number of rolls").
    assert.ok(out.includes(`(${count})`) && out.includes(c['field.rolls']), `${lang}: ${JSON.stringify(err).slice(0, 200)}\n${out}`);
    assert.ok(!out.includes(c['render.err.bad_played'].split('{field}')[1].split(':')[0]), `${lang}: ${out}`);
  }
});
