// pkg/verifier.js --human says what the core decides for the turn-8 attack's A4, A6,
// A7 and the Russian reader's first point (issue 43; issue 44's false accusation):
// - a server seed typed with Cyrillic (or fullwidth) look-alikes whose Latin fold
//   hashes to the commitment: the amber slip's line and the look-alike's own title
//   lead, with the seed in Latin, and the operator's support is not named; one whose
//   fold does not hash keeps the red fail;
// - a poker leaves record prints the deckRoot its leaves were proven against, and its
//   JSON fingerprint is that root;
// - chess with B's seed a copy of A's says the colour was not drawn;
// - a top-level field no scheme reads is named, its control characters written out.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { loadCases, runCli, catalog, findCase, tmpFile, ROOT } from './helpers.mjs';

const cases = loadCases(path.join(ROOT, 'tests/vectors'));
const cat = catalog;
const find = (pred, what) => findCase(cases, pred, what);
const run = (record, ...args) => runCli([...args, tmpFile(JSON.stringify(record))]);
const SUPPORT = { en: /support/i, ru: /поддержк/i };
/** The lines after the verdict, up to the checks' heading. */
const leadLines = (out) => out.split('\n').slice(1, out.split('\n').findIndex((l, i) => i > 0 && !l.startsWith('  ')));
/** The seed with its Latin c, a, e typed as the Cyrillic letters. */
const cyrillic = (s) => s.replace(/c/g, 'с').replace(/a/g, 'а').replace(/e/g, 'е');

const bets = ['dice', 'mines'].map((scheme) => find((r, e) => r.scheme === scheme && !r.bets && e.commitmentOk === true && /[ace]/.test(r.serverSeed), `a ${scheme} bet`));

for (const lang of ['en', 'ru']) {
  const c = cat(lang);
  test(`${lang}: a server seed typed on a Cyrillic layout leads with the slip and the seed in Latin, never support`, () => {
    for (const b of bets) {
      const typed = cyrillic(b.record.serverSeed);
      const r = run({ ...b.record, serverSeed: typed }, '--human', '--lang', lang);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stdout.split('\n')[0], c['verdict.slip'], r.stdout);
      assert.equal(leadLines(r.stdout)[0], `  → ${c['lead.title.lookalike_char.latin']}`, r.stdout);
      assert.ok(r.stdout.includes(b.record.serverSeed), r.stdout);
      assert.doesNotMatch(r.stdout, SUPPORT[lang], r.stdout);
      // A look-alike whose Latin fold still does not hash: no slip, the red fail.
      const wrong = cyrillic(`${b.record.serverSeed.slice(0, -1)}${b.record.serverSeed.endsWith('0') ? '1' : '0'}`);
      const w = run({ ...b.record, serverSeed: wrong }, '--human', '--lang', lang);
      assert.equal(w.code, 1);
      assert.equal(w.stdout.split('\n')[0], c['verdict.fail'], w.stdout);
    }
  });
}

test('a poker leaves record: --human prints the deckRoot its leaves were proven against, and the fingerprint is that root', () => {
  const p = find((r) => r.scheme === 'poker_hmac_v1' && r.leaves && !r.serverSeed && r.leaves.length >= 5, 'a leaves record with five leaves');
  const h = run(p.record, '--human');
  assert.equal(h.code, 0, h.stdout);
  assert.ok(h.stdout.includes(p.record.deckRoot.toLowerCase()), h.stdout);
  const j = JSON.parse(run(p.record).stdout);
  assert.equal(j.fingerprint, p.record.deckRoot.toLowerCase());
});

test('chess with B\'s seed a copy of A\'s: the colour was not drawn, said in --human', () => {
  const c = cat('en');
  const g = find((r) => r.scheme === 'chess_colour_v1' && typeof r.seedB === 'string', 'a chess game with a human B');
  const r = run({ ...g.record, seedB: g.record.seedA, commitB: g.record.commitA }, '--human');
  assert.equal(r.code, 0, r.stdout);
  assert.ok(r.stdout.includes(c['lead.note.seeds_equal']), r.stdout);
});

test('a field no scheme reads is named, its control characters written out, never raw', () => {
  const d = find((r) => r.scheme === 'dice' && !r.bets, 'a dice bet');
  const c = cat('en');
  const r = run({ ...d.record, shown: { face: 5 }, 'a\u001b[31m\nb': 1 }, '--human');
  assert.equal(r.code, 0, r.stdout);
  assert.ok(r.stdout.includes(c['render.hint.label.unknown_field']), r.stdout);
  assert.ok(r.stdout.includes('“shown”'), r.stdout);
  assert.ok(r.stdout.includes('“a\\u001b[31m\\u000ab”'), r.stdout);
  assert.ok(!r.stdout.includes('\u001b'), 'a raw escape reached the terminal');
});

// Turn-9 reading (ro-it 1, ru 6, ar-zh 1, 3, 4): B's seed pasted as a copy of A's while
// B's published hash is intact is the player's slip (amber, its fix first, never
// support and never "the colour was not drawn"); equal seeds and hashes, and a field
// nothing read, lead a pass with their note, never a plain "every check holds".
for (const lang of ['en', 'ru']) {
  const c = cat(lang);
  const g = find((r) => r.scheme === 'chess_colour_v1' && typeof r.seedB === 'string', 'a chess game with a human B');
  test(`${lang}: chess with A's seed pasted into B's field leads with the copying slip, never support`, () => {
    const r = run({ ...g.record, seedB: g.record.seedA }, '--human', '--lang', lang);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout.split('\n')[0], c['verdict.slip'], r.stdout);
    assert.equal(leadLines(r.stdout)[0], `  → ${c['lead.title.seeds_equal.copied']}`, r.stdout);
    assert.ok(r.stdout.includes(c['render.hint.seeds_equal.copied.todo']), r.stdout);
    assert.ok(!r.stdout.includes(c['render.hint.label.seeds_equal']), r.stdout);
    assert.doesNotMatch(r.stdout, SUPPORT[lang], r.stdout);
  });
  test(`${lang}: chess with equal seeds and hashes: the pass leads with "the colour was not drawn"`, () => {
    const r = run({ ...g.record, seedB: g.record.seedA, commitB: g.record.commitA }, '--human', '--lang', lang);
    assert.equal(r.code, 0, r.stdout);
    assert.equal(r.stdout.split('\n')[0], c['verdict.pass.note'], r.stdout);
    assert.equal(leadLines(r.stdout)[0], `  → ${c['lead.note.seeds_equal']}`, r.stdout);
  });
  test(`${lang}: a pass with a field nothing read leads with it and says where what was shown goes`, () => {
    const d = find((r) => r.scheme === 'dice' && !r.bets, 'a dice bet');
    const r = run({ ...d.record, shown: { face: 5 } }, '--human', '--lang', lang);
    assert.equal(r.code, 0, r.stdout);
    assert.equal(r.stdout.split('\n')[0], c['verdict.pass.note'], r.stdout);
    assert.match(leadLines(r.stdout)[0], /^ {2}→ .*shown/, r.stdout);
    assert.ok(r.stdout.includes(c['render.hint.unknown_field.todo']), r.stdout);
  });
}
