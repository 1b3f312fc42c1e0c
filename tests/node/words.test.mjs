// www/render/words.js: which sentence a report gets, chosen from the core's report (its
// proof, checks, hints) and the scheme's descriptor (never a scheme id), on real reports
// of the built core.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, VERIFIER, loadCases, runCli } from './helpers.mjs';

const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/en.json'), 'utf8'));

const fv = createRequire(import.meta.url)(VERIFIER);
const descriptors = fv.schemes();
const desc = (id) => descriptors.find((d) => d.id === id);
const cases = loadCases();
const report = (record) => fv.verify(record);
const first = (pred, what) => {
  const c = cases.find((x) => !x.expect.error && pred(x));
  assert.ok(c, `no vector for ${what}`);
  return c;
};

async function words() {
  const r = await esbuild.build({ entryPoints: ['www/render/words.js'], absWorkingDir: ROOT, bundle: true, write: false, format: 'esm' });
  return import('data:text/javascript;base64,' + Buffer.from(r.outputFiles[0].text).toString('base64'));
}

test('the kind of proof is the core\'s (report.proof), and the words follow it', async () => {
  const w = await words();
  const kind = (c) => report(c.record).proof;
  assert.equal(kind(first((c) => c.record.scheme === 'crash' && c.record.terminal, 'crash')), 'chain');
  assert.equal(kind(first((c) => c.record.scheme === 'platforms' && !c.record.terminal, 'platforms')), 'chain', 'unchecked too');
  // Bets under one server seed: the vector's bet as a list of one.
  const dice = first((c) => c.record.scheme === 'dice' && c.record.nonce !== undefined, 'dice');
  const { nonce, selected, ...seeds } = dice.record;
  const bets = { ...seeds, bets: [{ nonce, selected }] };
  assert.equal(report(bets).proof, 'bets');
  assert.equal(kind(first((c) => c.record.scheme === 'poker_hmac_v1' && c.record.leaves, 'a partial reveal')), 'partial');
  assert.equal(kind(first((c) => c.record.scheme === 'poker_hmac_v1' && !c.record.leaves, 'a full reveal')), 'seed');
  assert.equal(kind(first((c) => c.record.scheme === 'chess_colour_v1', 'chess')), 'seeds');
  assert.equal(kind(first((c) => c.record.game === 'table', 'backgammon')), 'seed');
  // The words read the report's proof, nothing else: the same report said to rest on
  // another proof gets that proof's sentences.
  const crash = { ...report(first((c) => c.record.scheme === 'crash' && c.record.terminal, 'crash').record), terminalPublished: 'crash' };
  assert.equal(w.passWhy(crash), en['render.verdict.pass.why.chain']);
  assert.equal(w.passWhy({ ...crash, proof: 'seeds' }), en['render.verdict.pass.why.seeds']);
  assert.equal(w.passMoment({ ...crash, proof: 'bets' }, desc('crash')), 'bets');
  assert.equal(w.failNext({ verdict: 'fail', checks: [{ code: 'x', ok: false }], proof: 'partial' }).key, 'render.verdict.fail.next.partial');
});

test('only what was shown failed: the advice follows the core\'s commitmentHeld, not the checks\' flags', async () => {
  const w = await words();
  // shownOk held (a comparison, `commitment: true` on the wire) beside a failed played:
  // nothing published proved anything, so the generic advice.
  const r = { verdict: 'fail', proof: 'seed', commitmentHeld: false,
    checks: [{ code: 'shownOk', ok: true, commitment: true }, { code: 'played', ok: false, commitment: false }] };
  assert.equal(w.failNext(r).key, 'render.verdict.fail.next');
  assert.equal(w.failNext({ ...r, commitmentHeld: true }).key, 'render.verdict.fail.next.played');
});

test('a walk cut by its step limit is unchecked and says so; a whole walk in vain, or a round of another chain, says that', async () => {
  const w = await words();
  const chain = first((c) => c.record.scheme === 'crash' && c.record.terminal && c.expect.round > 10 && !c.record.history, 'a crash round');
  const rec = { ...chain.record, maxSteps: 10 };
  const r = report(rec);
  // SPEC §6: below the published length nothing is decided; the core's hint says why.
  assert.equal(r.verdict, 'unchecked');
  // (Its terminal is the vectors' own chain's, none of the published ones: the core
  // also says terminal_unpublished.)
  assert.deepEqual(r.hints.filter((h) => h.code !== 'terminal_unpublished').map((h) => [h.code, h.walked]), [['step_limit', 10]]);
  const d = desc('crash');
  assert.equal(w.uncheckedWhy(r, d), en['render.verdict.unchecked.why.stepLimit']);
  assert.notEqual(w.uncheckedWhy(report({ ...chain.record, terminal: undefined }), d), en['render.verdict.unchecked.why.stepLimit']);
  // A whole published chain walked in vain, or a round met in another published chain
  // (the core's foundIn), each with its own advice.
  const failed = { verdict: 'fail', checks: [{ code: 'chainOk', ok: false, commitment: true }], terminalPublished: 'crash' };
  assert.equal(w.failNext(failed, d, rec).key, 'render.verdict.fail.next.chainNone');
  const other = { ...failed, foundIn: { terminal: 'eeb4d340bfaed702601b9a08faba2f8088c4810c3e3a883293accaf25053b883', round: 1843 }, foundInGame: 'platforms' };
  assert.deepEqual(w.failNext(other, d, rec), { key: 'render.verdict.fail.next.foundIn', params: { round: '1843', game: en['game.platforms'] } });
  // A terminal the record brings: a pass that says it proves that chain only.
  assert.equal(w.passWhy({ ...report(chain.record), terminalPublished: null }, d), en['render.verdict.pass.why.chainPrivate']);
  assert.equal(w.checkKey({ code: 'chainOk' }, { terminalPublished: null }), 'check.chainOk.private');
  assert.equal(w.checkKey({ code: 'chainOk' }, { terminalPublished: 'crash' }), 'check.chainOk');
});

test('what to do next: the hint first, then only what was shown, then the proof kind', async () => {
  const w = await words();
  const dice = first((c) => c.record.scheme === 'dice' && c.expect.commitmentOk && c.record.clientSeed && !c.record.bets, 'dice');
  const hinted = report({ ...dice.record, serverSeed: dice.record.serverSeedHash });
  assert.ok(hinted.hints && hinted.hints.length, 'the hash pasted as the seed gives a hint');
  assert.equal(w.failNext(hinted, desc('dice')).key, 'render.verdict.fail.next.hint');
  const shown = report({ ...dice.record, played: { face: dice.expect.face === 1 ? 2 : 1 } });
  // The inputs nothing committed to (the client seed, the nonce) are named first: a
  // client seed changed since the bet gives another face with no one at fault.
  const next = w.failNext(shown, desc('dice'));
  assert.equal(next.key, 'render.verdict.fail.next.played.unproven');
  assert.ok(next.params.fields.includes(en['field.clientSeed']) && next.params.fields.includes(en['field.nonce']), next.params.fields);
  assert.equal(w.failNext({ ...shown, unproven: [] }, desc('dice')).key, 'render.verdict.fail.next.played');
  // Only what was shown differs, but nothing published was checked: the generic advice.
  const { serverSeedHash, ...bare } = dice.record;
  assert.ok(serverSeedHash);
  assert.equal(w.failNext(report({ ...bare, played: { face: dice.expect.face === 1 ? 2 : 1 } }), desc('dice')).key, 'render.verdict.fail.next');
  const seed = report({ ...dice.record, serverSeed: dice.record.serverSeed.replace(/^./, (x) => (x === 'a' ? 'b' : 'a')) });
  assert.equal(w.failNext(seed, desc('dice')).key, 'render.verdict.fail.next.seed');
});

test('a check\'s recomputed value in words; a board card\'s leaf has its own key', async () => {
  const w = await words();
  assert.equal(w.computedText({ code: 'chainOk', ok: true, computed: 1161, params: {} }), 'round 1161 of the chain');
  assert.equal(w.computedText({ code: 'chainOk', ok: false, computed: null, params: { maxSteps: 10 } }), 'not reached within 10 steps');
  assert.equal(w.computedText({ code: 'x', ok: false, computed: null }), '—');
  const partial = first((c) => c.record.scheme === 'poker_hmac_v1' && c.record.leaves, 'a partial reveal');
  const r = report(partial.record);
  const keys = r.checks.filter((c) => c.code === 'leafOk').map((c) => w.checkKey(c, r));
  const kinds = r.checks.filter((c) => c.code === 'leafOk').map((c) => r.leafClimbs.find((l) => l.position === c.params.position).place.kind);
  assert.ok(kinds.includes('board') && kinds.includes('hole'), `kinds ${kinds}`);
  keys.forEach((k, i) => assert.equal(k, kinds[i] === 'board' ? 'check.leafOk.board' : 'check.leafOk'));
});

test('the first seat\'s note by what the game recomputes; a played example by the descriptor', async () => {
  const w = await words();
  const of = (game) => w.firstSeatKey(report(first((c) => c.record.game === game, game).record));
  assert.equal(of('table'), null, 'backgammon: the opening roll decides');
  assert.equal(of('dame'), 'render.seat.first.moves');
  assert.equal(of('xiangqi'), 'render.seat.first.moves');
  assert.equal(of('bridge'), 'render.seat.first.deals');
  assert.equal(of('baloot'), 'render.seat.first.deals');
  assert.equal(of('mahjong'), 'render.seat.first.dealer');
  assert.equal(w.playedExample(desc('crash')), '{"multiplier": …}');
  assert.equal(w.playedExample(desc('hash_chain')), '{"round": …}');
  for (const d of descriptors) assert.ok(d.results.some((r) => w.playedExample(d) === `{"${r.key}": …}`), d.id);
});

test('the CLI says the same: a walk cut by its step limit is unchecked with its hint, and a result from a hint not as the result', () => {
  const chain = first((c) => c.record.scheme === 'crash' && c.record.terminal && c.expect.round > 10 && !c.record.history, 'a crash round');
  const run = runCli(['--human', '-'], JSON.stringify({ ...chain.record, maxSteps: 10 }));
  const cut = run.stdout;
  assert.equal(run.code, 3, 'unchecked');
  const head = en['render.verdict.unchecked.why.stepLimit'].split(/[.:]/)[0];
  assert.ok(head.length > 10 && cut.includes(head), cut);
  assert.doesNotMatch(cut, /support/);
  assert.doesNotMatch(cut, /(?<![\w])null(?![\w])/);
  const dice = first((c) => c.record.scheme === 'dice' && c.expect.commitmentOk && c.record.clientSeed && !c.record.bets, 'dice');
  const hinted = runCli(['--human', '-'], JSON.stringify({ ...dice.record, serverSeed: dice.record.serverSeedHash })).stdout;
  assert.ok(hinted.includes(en['render.result.fromHint.summary']) && hinted.includes(en['render.result.fromHint']), hinted);
  assert.ok(!hinted.split('\n').includes(en['page.result.heading']), 'not headed as the result');
  const plain = runCli(['--human', '-'], JSON.stringify(dice.record)).stdout;
  assert.ok(plain.split('\n').includes(en['page.result.heading']) && !plain.includes(en['render.result.fromHint.summary']), plain);
});

test('every catalog\'s step-limit advice names the field and the limit, and what to put there: empty, the whole chain', () => {
  const d = desc('crash').fields.find((f) => f.name === 'maxSteps');
  const whole = String(d.default);
  for (const lang of ['en', 'ro', 'it', 'ru', 'ar', 'zh']) {
    const cat = JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
    // (The badge has no step-limit advice: a walk cut by its limit is unchecked, never a
    // fail, SPEC §6; its words were unused and are gone.)
    for (const key of ['render.verdict.fail.next.stepLimit']) {
      // A sentence with a number: plural forms, each for every number of its category.
      assert.equal(typeof cat[key], 'object', `${lang} ${key}: plural forms`);
      for (const [form, s] of Object.entries(cat[key])) {
        assert.ok(s.includes('{field}'), `${lang} ${key}.${form}: the field`);
        // Arabic says one and two in words ("خطوة واحدة", "خطوتان"), without the digit.
        assert.ok(s.includes('{maxSteps}') || (lang === 'ar' && ['one', 'two'].includes(form)), `${lang} ${key}.${form}: the limit`);
        // The whole chain's length, as the language groups it ("10,000,000", "10 000 000").
        const digits = s.replace(/(\d)[\s,.\u00a0\u202f\u066c](?=\d{3})/g, '$1');
        assert.ok(digits.includes(whole), `${lang} ${key}.${form}: no ${whole}`);
      }
    }
  }
  assert.match(en['render.verdict.fail.next.stepLimit'].other, /^(?!.*support).*Empty “\{field\}” \(the whole chain/);
});

// Round r needs exactly r steps (SPEC section 6): a round beyond a cut walk is a later
// round, numbered above the steps walked. The turn-4 readers found "the round may simply
// be older" in every language: a player checking today's round ruled it out.
test('no catalog calls a round beyond the walk older; the advice and the hint say a later round', () => {
  const older = { en: /older/i, ro: /mai veche/i, it: /più vecchi/i, ru: /старше/i, ar: /أقدم/, zh: /更早/ };
  const later = { en: /later round/, ro: /rundă ulterioară/, it: /round successivo/, ru: /более поздн/, ar: /لاحقة/, zh: /更晚/ };
  const forms = (m) => (typeof m === 'object' ? Object.values(m) : [m]);
  for (const lang of Object.keys(older)) {
    const cat = JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
    for (const key of ['render.verdict.fail.next.stepLimit', 'render.check.chainOk.bad', 'hint.step_limit']) {
      for (const s of forms(cat[key])) assert.doesNotMatch(s, older[lang], `${lang} ${key}: ${s}`);
    }
    for (const key of ['render.verdict.fail.next.stepLimit', 'hint.step_limit']) {
      for (const s of forms(cat[key])) assert.match(s, later[lang], `${lang} ${key}: ${s}`);
    }
    // The hint says how far it walked and what an empty field does.
    for (const s of forms(cat['hint.step_limit'])) assert.ok(s.includes('{field}'), `${lang} hint.step_limit: the field`);
    assert.ok(forms(cat['hint.step_limit']).some((s) => s.includes('{walked}')), `${lang} hint.step_limit: the steps walked`);
  }
});

test('issue 44, third reading: a backgammon match is no bet, a short nonce is no time in seconds, a look-alike letter is shown', async () => {
  const w = await words();
  // A match's difference: its own advice (no bet, no client seed changed since).
  const table = first((c) => c.record.scheme === 'match_seed_v2' && c.record.game === 'table' && c.expect.commitmentOk && c.expect.rolls, 'a backgammon match');
  const rolls = table.expect.rolls.map((r, i) => (i === 1 ? [r[0] % 6 + 1, r[1]] : r));
  const match = w.failNext(report({ ...table.record, played: { rolls } }), desc('match_seed_v2'));
  assert.equal(match.key, 'render.verdict.fail.next.played.unproven.match');
  for (const lang of ['en', 'ro', 'it', 'ru', 'ar', 'zh']) {
    const c = JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
    const bet = { en: /\bbet\b/i, ro: /pariu/i, it: /puntata/i, ru: /ставк/i, ar: /رهان/, zh: /下注|一注/ }[lang];
    assert.doesNotMatch(c['render.verdict.fail.next.played.unproven.match'], bet, lang);
    assert.match(c['render.verdict.fail.next.played.unproven'], bet, lang);
  }
  // A nonce of 2 is too short for seconds; a ten-digit one is seconds.
  assert.equal(w.hintKey({ code: 'nonce_unit', nonce: 2, field: 'nonce' }), 'hint.nonce_unit.short');
  assert.equal(w.hintKey({ code: 'nonce_unit', nonce: 1732429730, field: 'nonce' }), 'hint.nonce_unit');
  // A Cyrillic letter in a Latin word: the letter itself, named by its alphabet.
  const dice = first((c) => c.record.scheme === 'dice' && c.expect.commitmentOk && c.record.clientSeed && !c.record.bets, 'dice');
  const h = (report({ ...dice.record, clientSeed: 'my lu\u0441ky seed' }).hints || []).find((x) => x.code === 'lookalike_char');
  assert.ok(h && h.kind === 'mixed', JSON.stringify(h));
  const p = w.hintParams(h, String);
  assert.equal(p.letter, en['render.letter.cyrillic'].replace('{char}', '\u0441'));
  const said = en[w.hintKey(h)].replace(/\{(\w+)\}/g, (_, k) => String(p[k]));
  assert.ok(said.includes('\u0441') && said.includes('U+0441') && !said.includes('{'), said);
  // In Arabic the letter is isolated left to right: beside "(U+0441)" it would be drawn
  // out of order (seen at 360 px).
  assert.ok(w.hintParams(h, String, 'ar').letter.includes('\u2066\u0441\u2069'));
  // A space at the end is said to be at the end; one at the start, at the start.
  const end = (report({ ...dice.record, clientSeed: `${dice.record.clientSeed} ` }).hints || []).find((x) => x.code === 'lookalike_char');
  assert.equal(w.hintKey(end), 'hint.lookalike_char.edge.space');
  const start = (report({ ...dice.record, clientSeed: ` ${dice.record.clientSeed}` }).hints || []).find((x) => x.code === 'lookalike_char');
  assert.equal(w.hintKey(start), 'hint.lookalike_char.edge.space.start');
});

test('issue 44, third reading: a key written twice says both values it was given, on the CLI', () => {
  const dice = first((c) => c.record.scheme === 'dice' && c.expect.commitmentOk && c.record.nonce !== undefined && !c.record.bets, 'dice');
  const text = JSON.stringify(dice.record).replace(/"nonce":(\d+)/, '"nonce":7,"nonce":$1');
  const r = runCli(['--human', '-'], text);
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.ok(r.stdout.includes('7') && r.stdout.includes(String(dice.record.nonce)), r.stdout);
  const [before, after] = en['render.err.bad_json.duplicate.values'].split('{first}');
  assert.ok(r.stdout.includes(before.replace('{field}', en['field.nonce'])), r.stdout);
  assert.ok(after.includes('{second}'));
});

test('issue 44, third reading: the CLI says a crash history round by round, never as JSON', () => {
  const crash = first((c) => c.record.scheme === 'crash' && c.record.terminal && c.expect.chainOk, 'a crash round with its terminal');
  const r = runCli(['--human', '-'], JSON.stringify({ ...crash.record, history: 3 }));
  const rep = JSON.parse(runCli(['--json', '-'], JSON.stringify({ ...crash.record, history: 3 })).stdout);
  assert.ok(Array.isArray(rep.history) && rep.history.length >= 2, JSON.stringify(rep.history));
  assert.doesNotMatch(r.stdout, /\{"hash"|"multiplier"/, r.stdout);
  assert.ok(r.stdout.includes(en['render.round'].replace('{round}', String(rep.round - 1))), r.stdout);
});

test('issue 44, fourth reading: a hint and its to-do are sentences of their own, in every catalog: a capital first', () => {
  const forms = (m) => (typeof m === 'object' ? Object.values(m) : [m]);
  for (const lang of ['en', 'ro', 'it', 'ru', 'ar', 'zh']) {
    const cat = JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
    for (const [key, m] of Object.entries(cat)) {
      if (!/^(hint\.|render\.hint\.|cli\.over\.render\.hint\.)/.test(key)) continue;
      for (const s of forms(m)) {
        // Past the opening quotes and a placeholder (a field's name, capitalised by its own catalog).
        const first = s.replace(/^(?:[\s«»„“”"'\u2066-\u2069]|\{[^}]*\})+/u, '').charAt(0);
        if (/^[\s«»„“”"'\u2066-\u2069]*\{/u.test(s)) continue;
        assert.ok(first === first.toUpperCase(), `${lang} ${key} starts in lowercase: ${s}`);
      }
    }
  }
});

test('issue 44, fourth reading: ro says a shown value or a shown list with the same verb (no "ți s-a arătat K♠ și K♦")', () => {
  const ro = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/ro.json'), 'utf8'));
  for (const [key, s] of Object.entries(ro)) {
    if (!/^render\.diff\.(set$|says\.)/.test(key)) continue;
    assert.doesNotMatch(s, /s-a arătat \{(played|shownOnly)\}/, `ro ${key}: a list of values takes a plural verb`);
  }
});

test('issue 44, fourth reading: the evidence file names no raw key, and the commitment is called the published hash in ro and it', () => {
  for (const lang of ['ro', 'it', 'ru', 'ar', 'zh']) {
    const cat = JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
    assert.doesNotMatch(cat['evidence.notProves'], /played/, `${lang} evidence.notProves`);
  }
  const calque = { ro: /angajam|se angajeaz/i, it: /impronta (di|della mano)|dall'impronta(?! del mazzo)|all'impronta(?! del mazzo)|Impronta mostrata/i };
  for (const [lang, re] of Object.entries(calque)) {
    const cat = JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
    for (const [key, m] of Object.entries(cat)) {
      for (const s of (typeof m === 'object' ? Object.values(m) : [m])) assert.doesNotMatch(s, re, `${lang} ${key}: ${s}`);
    }
  }
});

test('issue 44, fourth reading: ar and zh call a commitment the published hash (or Merkle root) on the page, not «التعهّد» / 承诺', () => {
  // zh's badge keeps 承诺 (its words are counted against widget.js's size); ar's is shorter as الهاش.
  const calque = { ar: [/تعهّد|يُتعهَّد|يتعهّد/, () => true], zh: [/承诺/, (k) => !k.startsWith('widget.')] };
  for (const [lang, [re, shown]] of Object.entries(calque)) {
    const cat = JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
    for (const [key, m] of Object.entries(cat)) {
      if (!shown(key)) continue;
      for (const s of (typeof m === 'object' ? Object.values(m) : [m])) assert.doesNotMatch(s, re, `${lang} ${key}: ${s}`);
    }
  }
  // The advice after a failed bet says a changed client seed as a condition, never as a fact.
  const ar = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/ar.json'), 'utf8'));
  const zh = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/zh.json'), 'utf8'));
  assert.match(ar['render.verdict.fail.next.played.unproven'], /إن كنت غيّرت/);
  assert.match(zh['render.verdict.fail.next.played.unproven'], /如果你下注后换过/);
});

// Turn-9 readers (ru, ro, it): "Проверено суббота, 5 декабря…", "Verificat la sâmbătă…",
// «Verificato il sabato…»: a weekday cannot follow a verb or a preposition in these
// languages; the date is said as a label ("Checked: …"). The ru file is called as the
// page's button calls it («отчёт»), with no capital after a colon, no «Оно» that refers
// to nothing, no "не верят на слово".
test('turn 9: the evidence file dates as a label; the ru file is «отчёт», its sentences read natively', () => {
  for (const lang of ['en', 'ro', 'it', 'ru', 'ar', 'zh']) {
    const cat = JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
    assert.match(cat['evidence.time'], /^[^{]+[:：] ?\{local\}/, `${lang}: ${cat['evidence.time']}`);
  }
  const ru = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/i18n/ru.json'), 'utf8'));
  assert.match(ru['evidence.save'], /отчёт/);
  assert.match(ru['evidence.title'], /^Отчёт fairverify/);
  assert.doesNotMatch(ru['evidence.title'], /: \{verdict\}/, 'a verdict starts with a capital: not after a colon');
  for (const key of ['evidence.proves', 'evidence.notProves']) assert.doesNotMatch(ru[key], /^Оно /, key);
  assert.doesNotMatch(ru['evidence.proves'], /проваленн|отрицать/);
  assert.doesNotMatch(ru['evidence.again'], /не верят на слово/);
});
