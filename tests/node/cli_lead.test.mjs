// pkg/verifier.js --human leads with what explains a difference (issue 41), as the
// page's banner does: the core's diagnosis in the game's words (a hand of another
// player or seat, client seeds in another order, a stray space), else a hint with its
// own title; the operator's support only when nothing explains it. A check's mark and
// its words agree (issue 44: no ✗ beside "… hashes to …"), and a count is said with
// its real number ("after 10 steps", «после 10 шагов»).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';
import { loadCases, runCli, catalog, findCase, tmpFile, ROOT, VERIFIER } from './helpers.mjs';

const cases = loadCases(path.join(ROOT, 'tests/vectors'));
const fv = createRequire(import.meta.url)(VERIFIER);
const cat = catalog;
const find = (pred, what) => findCase(cases, pred, what);
const human = (record, lang = 'en') => runCli(['--human', '--lang', lang, tmpFile(JSON.stringify(record))]);
/** A catalog sentence as a pattern, its placeholders standing for any value. */
const pattern = (text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{[a-z]+\\\}/gi, '.+?'));
const SUPPORT = { en: /support/i, ru: /поддержк/i };
/** The lines after the verdict, up to the checks' heading. */
const leadLines = (out) => out.split('\n').slice(1, out.split('\n').findIndex((l, i) => i > 0 && !l.startsWith('  ')));

const hold = find((r, e) => r.scheme === 'selfpoker' && Array.isArray(e.holeCards) && e.holeCards.length >= 3, 'a selfpoker hand');
const bridge = find((r, e) => r.game === 'bridge' && e.commitmentOk === true && e.deals, 'a bridge deal');
const table = find((r, e) => r.scheme === 'match_seed_v2' && Array.isArray(r.clientSeeds) && r.clientSeeds.length >= 2
  && new Set(r.clientSeeds).size === r.clientSeeds.length && e.commitmentOk === true && e.rolls, 'a backgammon match');
const dice = find((r, e) => r.scheme === 'dice' && e.commitmentOk === true && r.clientSeed && !r.bets, 'a dice bet');

for (const lang of ['en', 'ru']) {
  const c = cat(lang);
  test(`${lang}: a hand under the wrong player or seat names where it is, and not support`, () => {
    let r = human({ ...hold.record, played: { holeCards: [hold.expect.holeCards[2]] } }, lang);
    assert.equal(r.code, 1);
    // The verdict's line: "does not match as entered", never the operator's fail.
    assert.equal(r.stdout.split('\n')[0], c['verdict.slip']);
    const lead = leadLines(r.stdout);
    assert.match(lead[0], /^ {2}→ /);
    assert.match(lead[0], pattern(c['lead.elsewhere.player']));
    assert.ok(lead[0].includes('3') && lead[0].includes('1'), lead[0]);
    assert.doesNotMatch(r.stdout, SUPPORT[lang], r.stdout);
    r = human({ ...bridge.record, played: { deals: [[null, null, null, bridge.expect.deals[0][1]]] } }, lang);
    assert.equal(r.code, 1);
    assert.match(leadLines(r.stdout)[0], pattern(c['lead.elsewhere.seat']));
    // Seats by their names (East, West), never a path.
    assert.ok(leadLines(r.stdout)[0].includes(c['seat.bridge.1']), r.stdout);
    assert.doesNotMatch(leadLines(r.stdout).join('\n'), /deals\[|\{[a-z]+\}/);
    assert.doesNotMatch(r.stdout, SUPPORT[lang]);
  });

  test(`${lang}: client seeds in another order, a stray space: named first`, () => {
    let r = human({ ...table.record, clientSeeds: [...table.record.clientSeeds].reverse(), played: { rolls: table.expect.rolls } }, lang);
    assert.equal(r.code, 1);
    assert.match(leadLines(r.stdout)[0], pattern(c['lead.slip.order']));
    assert.equal(r.stdout.split('\n')[0], c['verdict.slip']);
    // The operator could have dealt with the seeds in another order too (turn-8
    // attack): support only in that condition, never as the slip's advice.
    assert.ok(r.stdout.includes(c['lead.slip.seeds.operator']), r.stdout);
    assert.doesNotMatch(r.stdout.split(c['lead.slip.seeds.operator']).join(''), SUPPORT[lang]);
    r = human({ ...table.record, clientSeeds: table.record.clientSeeds.map((s, i) => (i === 1 ? `${s} ` : s)), played: { rolls: table.expect.rolls } }, lang);
    assert.equal(r.code, 1);
    assert.match(leadLines(r.stdout)[0], pattern(c['lead.slip.trim.end']));
    // The seed as it should read, then the look-alike character's hint with the title of
    // a space at either end (never "a character that only looks right").
    assert.ok(r.stdout.includes(table.record.clientSeeds[1]));
    // An ordinary space is said as a space (no "or line break", no "U+0020").
    assert.ok(r.stdout.includes(c['lead.title.lookalike_char.edge.space']), r.stdout);
    assert.ok(!r.stdout.includes(c['lead.title.lookalike_char']), r.stdout);
    assert.ok(!r.stdout.includes('U+0020'), r.stdout);
    // One field, one name, from the core's path clientSeeds[1]: the lead, its advice and
    // the hint all say "Player 2's client seed", never "Client seeds, entry 2" (issue 44).
    const name = c['field.clientSeeds.entry'].replace('{n}', '2');
    const entry = c['render.field.entry'].replace('{field}', c['field.clientSeeds']).replace('{n}', '2');
    assert.ok(leadLines(r.stdout)[0].includes(name), r.stdout);
    assert.ok(r.stdout.split('\n').filter((l) => l.includes(name)).length >= 3, r.stdout);
    assert.ok(!r.stdout.includes(entry), r.stdout);
    assert.doesNotMatch(r.stdout, SUPPORT[lang]);
  });

  test(`${lang}: a seed copied with its quotes: the hint's own title first, its advice without support`, () => {
    const r = human({ ...dice.record, serverSeed: `"${dice.record.serverSeed}"` }, lang);
    assert.equal(r.code, 1);
    assert.equal(r.stdout.split('\n')[0], c['verdict.slip']);
    assert.equal(leadLines(r.stdout)[0], `  → ${c['lead.title.seed_wrapped']}`);
    assert.ok(r.stdout.includes(dice.record.serverSeed));
    assert.doesNotMatch(r.stdout, SUPPORT[lang]);
    // The sentence that says it does not hold, marked as the first line is (≠): never a
    // red ✗ under an amber slip (issue 44, the icon follows the tone).
    assert.ok(r.stdout.includes(`≠ ${c['render.check.commitmentOk.bad']}`), r.stdout);
    assert.ok(!r.stdout.includes('✗'), r.stdout);
  });

  test(`${lang}: nothing explains an honest difference: support is named`, () => {
    const rolls = JSON.parse(JSON.stringify(table.expect.rolls));
    rolls[3] = [rolls[3][0] === 6 ? 5 : 6, rolls[3][1] === 6 ? 5 : 6];
    const r = human({ ...table.record, played: { rolls } }, lang);
    assert.equal(r.code, 1);
    assert.doesNotMatch(leadLines(r.stdout).join('\n'), /→/);
    assert.equal(r.stdout.split('\n')[0], c['verdict.fail']);
    assert.match(r.stdout, SUPPORT[lang]);
  });

  test(`${lang}: a crash round of its own chain is not a pass and is never marked ✓`, () => {
    const crash = find((x, e) => x.scheme === 'crash' && x.terminal && x.maxSteps && e.chainOk === true && !x.history, 'a crash round');
    const r = human(crash.record, lang);
    assert.equal(r.code, 3);
    assert.equal(leadLines(r.stdout)[0], `  → ${c['lead.title.terminal_unpublished']}`);
    assert.doesNotMatch(r.stdout, /✓/);
    // What to do, in the CLI's terms: no form to choose in (turn-7 readings).
    assert.ok(r.stdout.includes(c['cli.over.render.hint.terminal_unpublished.todo']), `${lang}:\n${r.stdout}`);
    assert.ok(!r.stdout.includes(c['render.hint.terminal_unpublished.todo']), `${lang}:\n${r.stdout}`);
  });

  test(`${lang}: a walk cut at 10 steps says 10 in its plural form`, () => {
    const crash = find((x, e) => x.scheme === 'crash' && x.terminal && e.round > 10 && !x.history, 'a crash round beyond 10');
    const r = human({ ...crash.record, maxSteps: 10 }, lang);
    assert.equal(r.code, 3);
    const form = c['hint.step_limit'].many || c['hint.step_limit'].other;
    assert.ok(r.stdout.includes(form.replace('{walked}', '10').split('{field}')[0]), r.stdout);
  });
}

test('a pass recomputed from a client seed with a space at its end leads with that, under the verdict', () => {
  for (const lang of ['en', 'ru']) {
    const c = cat(lang);
    const r = human({ ...dice.record, clientSeed: `${dice.record.clientSeed} ` }, lang);
    assert.equal(r.code, 0, r.stdout);
    const lines = leadLines(r.stdout);
    assert.ok(lines.length > 0, r.stdout);
    // The hint's own title comes first, not two screens below: the title of a space at
    // either end, never "a character that only looks right" (issue 44, every reader).
    assert.equal(lines[0], `  → ${c['lead.title.lookalike_char.edge.space']}`, `${lang}:\n${r.stdout}`);
    // A pass with a caveat, never "Verified" beside "a copying mistake" (issue 44).
    assert.equal(r.stdout.split('\n')[0], c['verdict.pass.lead'], r.stdout);
    assert.ok(!r.stdout.includes(c['lead.title.lookalike_char']), `${lang}:\n${r.stdout}`);
    // Its outcome is headed as the entered values' (probably wrong), not as the result.
    assert.ok(r.stdout.includes(c['render.result.fromHint.summary']), `${lang}:\n${r.stdout}`);
    // The same record without the space: a plain pass, nothing leads.
    const plain = human(dice.record, lang);
    assert.equal(plain.code, 0);
    assert.doesNotMatch(plain.stdout, pattern(c['lead.title.lookalike_char.edge.space']));
    assert.equal(plain.stdout.split('\n')[0], c['verdict.pass']);
  }
});

test('a round against a terminal that commits to nothing, walked up to a step limit, leads with the terminal, the step limit under it', () => {
  // The fix is the right terminal, not a longer walk (issue 44: ru #4, it behaviour #1).
  const own = find((x, e) => x.scheme === 'crash' && x.terminal && e.round > 10 && !x.history, 'a crash round beyond 10');
  const platforms = fv.schemes().find((d) => d.id === 'platforms');
  const other = (platforms.terminals || []).map((x) => x.terminal || x.hash || x.value).find((x) => typeof x === 'string');
  assert.ok(other, 'the platforms game has a published terminal');
  for (const lang of ['en', 'ru', 'it']) {
    const c = cat(lang);
    for (const [record, title] of [
      [{ ...own.record, maxSteps: 10 }, pattern(c['lead.title.terminal_unpublished'])],
      [{ scheme: 'crash', hash: own.record.hash, terminal: other, maxSteps: 5 }, pattern(c['lead.title.terminal_other_game'])],
    ]) {
      const r = human(record, lang);
      assert.equal(r.code, 3, r.stdout);
      const lines = leadLines(r.stdout);
      assert.match(lines[0], /^ {2}→ /, `${lang}:\n${r.stdout}`);
      assert.match(lines[0], title, `${lang}:\n${r.stdout}`);
      // The step limit is still said, once, after the terminal's title.
      const cut = c['render.verdict.unchecked.why.stepLimit'];
      const at = lines.findIndex((l) => l.trim() === cut);
      assert.ok(at > 0, `${lang}: the step limit under the title:\n${r.stdout}`);
      assert.equal(r.stdout.split(cut).length, 2, `${lang}: said once:\n${r.stdout}`);
      // Nothing says "walk further": the fix is another terminal (issue 44).
      const further = c['render.hint.step_limit.todo'].split('{field}')[0];
      assert.ok(!r.stdout.includes(further), `${lang}: a longer walk advised:\n${r.stdout}`);
    }
  }
});

test('a round that reaches no terminal the operator published, with one of nobody\'s: "does not match as entered", not an operator\'s fault', () => {
  // The whole 10,000,000-link walk (no step limit: below it, nothing is decided).
  const c = cat('en');
  const r = human({ scheme: 'crash', hash: 'ab'.repeat(32), terminal: 'cd'.repeat(32) });
  assert.equal(r.code, 1, r.stdout);
  assert.equal(r.stdout.split('\n')[0], c['verdict.slip']);
  assert.equal(leadLines(r.stdout)[0], `  → ${c['lead.title.terminal_unpublished']}`);
  assert.doesNotMatch(r.stdout, SUPPORT.en);
});

test('a round checked against the published chain and cut by the step limit says what to do next, in words', () => {
  // Issue 44 (ro, it, third reading): the check said why nothing was decided, and no
  // next step; and "Round n needs exactly n steps" read as a formula.
  const own = find((x, e) => x.scheme === 'crash' && x.terminal && e.round > 10 && !x.history, 'a crash round beyond 10');
  const crash = fv.schemes().find((d) => d.id === 'crash');
  const published = (crash.terminals || []).map((x) => x.terminal || x.hash || x.value).find((x) => typeof x === 'string');
  assert.ok(published, 'the crash game has a published terminal');
  for (const lang of ['en', 'ro', 'it', 'ru', 'ar', 'zh']) {
    const c = cat(lang);
    const r = human({ scheme: 'crash', hash: own.record.hash, terminal: published, maxSteps: 5 }, lang);
    assert.equal(r.code, 3, r.stdout);
    const todo = c['render.hint.step_limit.todo'].replace(/\{field\}/g, c['field.maxSteps']);
    assert.ok(r.stdout.includes(todo), `${lang}:\n${r.stdout}`);
    // No "n" for a number, no capital after the label's colon.
    assert.doesNotMatch(r.stdout, /(?<!\p{L})n(?!\p{L})/u, `${lang}:\n${r.stdout}`);
    assert.doesNotMatch(r.stdout, /: \p{Lu}\p{Ll}/u, `${lang}:\n${r.stdout}`);
  }
});

test('--human results are words: no JSON, no object, seats from 1 with their player', () => {
  // Issue 44 (every reader): "The seats: [1,0]", "The bets: [{…}]", baloot's "[object Object]".
  const c = cat('en');
  const picks = [
    find((x, e) => x.scheme === 'match_seed_v2' && x.game === 'baloot' && e.hands, 'a baloot match'),
    find((x, e) => x.scheme === 'match_seed_v2' && x.game === 'table' && e.seats, 'a backgammon match'),
    find((x, e) => x.scheme === 'match_seed_v2' && x.game === 'mahjong' && e.tiles, 'a mahjong match'),
  ];
  // Two bets of a dice record (SPEC §7: `bets` instead of `nonce` and `selected`).
  const dice = find((x) => x.scheme === 'dice' && !x.bets && Number.isInteger(x.nonce), 'a dice bet');
  const { nonce, selected, ...rest } = dice.record;
  picks.push({ record: { ...rest, bets: [{ nonce, selected }, { nonce: nonce + 1, selected }] }, expect: {} });
  for (const p of picks) {
    const r = human(p.record);
    assert.ok(r.code === 0 || r.code === 1, r.stdout);
    assert.doesNotMatch(r.stdout, /\[object |\[\{|: \[\d/, r.stdout);
    if (Array.isArray(p.expect.seats)) {
      const first = c['draw.seat'].replace('{seat}', '').split('{player}')[0];
      assert.ok(r.stdout.includes(first.trim()), r.stdout);
    }
  }
});

test('a record with a field left empty is "not checked yet", never "✗ not valid" (turn-7 reading, ru, ar, zh: the page says so)', () => {
  for (const lang of ['en', 'ru', 'zh']) {
    const c = cat(lang);
    const { serverSeed, ...rest } = dice.record;
    assert.ok(serverSeed, 'a dice record with its server seed');
    const r = human(rest, lang);
    assert.equal(r.code, 2, r.stdout);
    const first = r.stdout.split('\n')[0];
    assert.ok(first.startsWith('… ') && first.includes(c['render.status.incomplete']) && first.includes(c['render.verdict.incomplete']), `${lang}: ${first}`);
    assert.ok(!r.stdout.includes(c['verdict.error']), `${lang}:\n${r.stdout}`);
  }
});

test('issue 44, fourth reading: two seeds swapped give two hints of one kind, and the lead says their title once', () => {
  const base = find((r) => r.scheme === 'chess_colour_v1' && r.seedA && r.seedB && r.commitB, 'chess with both seeds');
  const record = { ...base.record, seedA: base.record.seedB, seedB: base.record.seedA };
  const codes = (fv.verify(record).hints || []).map((h) => h.code).filter((c) => c === 'seeds_swapped');
  assert.equal(codes.length, 2, 'the core names both fields');
  for (const lang of ['en', 'ro', 'it', 'ru', 'ar', 'zh']) {
    const out = human(record, lang).stdout;
    const title = cat(lang)['lead.title.seeds_swapped'];
    const lead = out.split('\n').slice(0, out.split('\n').findIndex((l, i) => i > 0 && !l.startsWith(' ')));
    assert.equal(lead.filter((l) => l.includes(title)).length, 1, `${lang}:\n${lead.join('\n')}`);
  }
});
