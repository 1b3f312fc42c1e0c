// pkg/verifier.js on what a player saw, written as players write it (SPEC "What the
// player saw, compared by meaning"): "20,72", mines in board order and cards as "Qh"
// get the verdict of the same values as ids; what cannot be read is `bad_played`
// (exit 2), as is an integer written with an exponent; the new hints in --human.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCases, runCli, ROOT } from './helpers.mjs';

const cases = loadCases(path.join(ROOT, 'tests/vectors'));
const find = (pred) => {
  const c = cases.find((x) => !x.expect.error && pred(x.record, x.expect));
  assert.ok(c, 'a vector');
  return c;
};

function tmpFile(content) {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fv-played-')), 'r.json');
  fs.writeFileSync(p, content);
  return p;
}

const run = (record, args = []) => runCli([...args, tmpFile(typeof record === 'string' ? record : JSON.stringify(record))]);
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
const cardText = (c) => RANKS[c % 13] + 'cdhs'[Math.floor(c / 13)];

test('a crash multiplier with a decimal comma and ×: exit 3 (a chain the record brings proves nothing), one hundredth off: exit 1', () => {
  const c = find((r, e) => r.scheme === 'crash' && e.chainOk === true && !r.history);
  const m = c.expect.multiplier;
  let r = run({ ...c.record, played: { multiplier: `${m.replace('.', ',')}×` } });
  // The vectors' chains are the record's own (SPEC §6): the multiplier matches, and
  // the verdict is unchecked, never a pass.
  assert.equal(r.code, 3, r.stdout);
  assert.equal(JSON.parse(r.stdout).differenceCount, 0);
  const off = (Math.round(Number(m) * 100) + 1) / 100;
  r = run({ ...c.record, played: { multiplier: off.toFixed(2).replace('.', ',') } });
  assert.equal(r.code, 1);
  assert.equal(JSON.parse(r.stdout).differences[0].played, off.toFixed(2));
});

test('mines in board order: exit 0; a wrong cell names both cells', () => {
  const c = find((r, e) => r.scheme === 'mines' && e.commitmentOk === true && Array.isArray(e.mines) && e.mines.length >= 3);
  const sorted = [...c.expect.mines].sort((a, b) => a - b);
  let r = run({ ...c.record, played: { mines: sorted } });
  assert.equal(r.code, 0, r.stdout);
  const free = [...Array(25).keys()].map((i) => i + 1).find((x) => !sorted.includes(x));
  r = run({ ...c.record, played: { mines: [free, ...sorted.slice(1)] } });
  assert.equal(r.code, 1);
  const d = JSON.parse(r.stdout).differences[0];
  assert.deepEqual([d.set, d.shownOnly, d.computedOnly], [true, [free], [sorted[0]]]);
  // In words too, the page's sentence: the mine shown and where the recomputation puts
  // it, never the path or a JSON list (issue 44).
  r = run({ ...c.record, played: { mines: [free, ...sorted.slice(1)] } }, ['--human']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, new RegExp(`Mines: you were shown a mine at cell ${free}, but the recomputation puts it at cell ${sorted[0]}`));
  assert.doesNotMatch(r.stdout, /mines\[|\[\d/);
});

test('cards as "Qh" in any order: exit 0; unreadable cards: bad_played, exit 2', () => {
  const c = find((r, e) => r.scheme === 'match_seed_v2' && r.game === 'bridge' && e.commitmentOk === true);
  const first = c.expect.deals[0].map((hand) => [...hand].reverse().map(cardText));
  let r = run({ ...c.record, played: { deals: [first] } });
  assert.equal(r.code, 0, r.stdout);
  r = run({ ...c.record, played: { deals: [[['Zq']]] } });
  assert.equal(r.code, 2);
  const e = JSON.parse(r.stdout).error;
  assert.deepEqual([e.code, e.field, e.params.want], ['bad_played', 'played.deals[0][0][0]', 'card']);
  r = run({ ...c.record, played: { deals: [[['Zq']]] } }, ['--human']);
  assert.equal(r.code, 2);
  assert.match(r.stdout, /is not a card/);
});

test('an integer written with an exponent or a fraction is refused: exit 2', () => {
  const c = find((r, e) => r.scheme === 'dice' && e.commitmentOk === true && r.nonce !== undefined);
  for (const spelling of ['1e-400', '1.00000000000000000001', `${c.record.nonce}.0`]) {
    const text = JSON.stringify({ ...c.record, nonce: '@@' }).replace('"@@"', spelling);
    const r = run(text);
    assert.equal(r.code, 2, spelling);
    const e = JSON.parse(r.stdout).error;
    assert.deepEqual([e.code, e.field], ['wrong_type', 'nonce'], spelling);
  }
});

test('a nonce in seconds passes with its hint, said in --human', () => {
  const c = find((r, e) => r.scheme === 'dice' && e.commitmentOk === true && r.nonce !== undefined);
  const rec = { ...c.record, nonce: Math.floor(c.record.nonce / 1000) };
  let r = run(rec);
  assert.equal(r.code, 0);
  assert.equal(JSON.parse(r.stdout).hints[0].code, 'nonce_unit');
  r = run(rec, ['--human']);
  assert.match(r.stdout, /looks like seconds/);
});

test('a chess bot record with a clientB: exit 2', () => {
  const c = find((r) => r.scheme === 'chess_colour_v1' && r.seedB === null);
  const r = run({ ...c.record, clientB: 'a' });
  assert.equal(r.code, 2);
  assert.equal(JSON.parse(r.stdout).error.code, 'game_rule');
});
