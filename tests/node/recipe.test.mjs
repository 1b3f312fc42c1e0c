// Recipes (issue 37): the core writes, for a record, the operator's own published
// code with the record's values; run with the real interpreters (node, python3 with
// NumPy, go), each recipe's last line must equal the core's report on every result
// key (same names, same value shapes). In the gate: three vectors of every scheme and
// of every match_seed_v2 game, a record with `played` of each scheme (a failing one),
// bet lists, and seeds that are hard to write as literals. FV_RECIPES=all (`./build.sh
// recipes`) runs every vector. A changed literal must make a recipe disagree.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ROOT, VERIFIER, loadCases, deepEqual, runCli } from './helpers.mjs';

const require = createRequire(import.meta.url);
const FV = require(VERIFIER);
const ALL = process.env.FV_RECIPES === 'all';

const catalog = (lang) => JSON.parse(fs.readFileSync(path.join(ROOT, `www/i18n/${lang}.json`), 'utf8'));
const wordsOf = (lang) => {
  const en = catalog('en');
  const own = catalog(lang);
  // As www/i18n/recipe.js gives them: the language too, for a count's plural form.
  return { ...Object.fromEntries(Object.keys(en).filter((k) => k.startsWith('recipe.')).map((k) => [k, own[k] ?? en[k]])), '@lang': lang };
};
const EN = wordsOf('en');

// The keys a recipe must print: every result key of the scheme's descriptor, every
// check (`…Ok`), a short walk's `walked`, and poker's hand value, root and seat order.
// `hash` is the record's own input echoed back, not something recomputed.
const RESULTS = new Map(FV.schemes().map((d) => [d.id, new Set(d.results.map((r) => r.key))]));
function wanted(report) {
  const keys = RESULTS.get(report.scheme);
  const out = {};
  for (const [k, v] of Object.entries(report)) {
    if (k === 'hash') continue;
    if (keys.has(k) || k.endsWith('Ok') || ['walked', 'handValue', 'root', 'seatOrder'].includes(k)) out[k] = v;
  }
  // Each bet's status (what the report says of it) and its echoed selection are not
  // recomputations.
  if (Array.isArray(out.bets)) out.bets = out.bets.map(({ status: _s, selected: _sel, ...bet }) => bet);
  return out;
}

/** Runs many recipes: Node and Python ones in parallel (two at a time), the Go ones
 *  built in one `go build` (one module, one package each) then run. → [{stdout,
 *  stderr, code}] in input order. */
async function runAll(recipes) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-recipe-'));
  const out = new Array(recipes.length);
  const go = [];
  const jobs = [];
  recipes.forEach((r, i) => {
    const d = path.join(dir, `r${i}`);
    fs.mkdirSync(d);
    fs.writeFileSync(path.join(d, r.file), r.text);
    if (r.language === 'go') go.push(i);
    else jobs.push({ i, cmd: r.language === 'node' ? 'node' : 'python3', args: [r.file], cwd: d });
  });
  if (go.length) {
    fs.writeFileSync(path.join(dir, 'go.mod'), 'module recipes\n\ngo 1.18\n');
    fs.mkdirSync(path.join(dir, 'bin'));
    const b = spawnSync('go', ['build', '-o', path.join(dir, 'bin') + path.sep, ...go.map((i) => `./r${i}`)],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod', GO111MODULE: 'on' } });
    assert.equal(b.status, 0, `go build: ${b.stderr}`);
    for (const i of go) jobs.push({ i, cmd: path.join(dir, 'bin', `r${i}`), args: [], cwd: path.join(dir, `r${i}`) });
  }
  const run = (j) => new Promise((resolve) => {
    const p = spawn(j.cmd, j.args, { cwd: j.cwd });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c) => { stdout += c; });
    p.stderr.on('data', (c) => { stderr += c; });
    p.on('close', (code) => { out[j.i] = { stdout, stderr, code }; resolve(); });
  });
  const queue = jobs.slice();
  await Promise.all([0, 1].map(async () => { while (queue.length) await run(queue.shift()); }));
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

const lastLine = (s) => s.trim().split('\n').pop();

/** Each record's recipe run; its JSON against the core's report. → failures. */
async function check(records) {
  const recipes = records.map((r) => FV.recipe(r.record, EN));
  const t0 = Date.now();
  const ran = await runAll(recipes);
  const failures = [];
  records.forEach((r, i) => {
    const res = ran[i];
    if (res.code !== 0) { failures.push(`${r.name}: exit ${res.code}: ${res.stderr.slice(0, 400)}`); return; }
    let got;
    try { got = JSON.parse(lastLine(res.stdout)); } catch (e) { failures.push(`${r.name}: last line is not JSON: ${lastLine(res.stdout).slice(0, 200)}`); return; }
    const want = wanted(FV.verify(r.record));
    if (!deepEqual(got, want)) {
      const keys = [...new Set([...Object.keys(got), ...Object.keys(want)])].filter((k) => !deepEqual(got[k], want[k]));
      failures.push(`${r.name}: differs on ${keys.join(', ')}: recipe ${JSON.stringify(keys.map((k) => got[k])).slice(0, 300)} core ${JSON.stringify(keys.map((k) => want[k])).slice(0, 300)}`);
    }
  });
  const byLang = {};
  for (const r of recipes) byLang[r.language] = (byLang[r.language] || 0) + 1;
  console.log(`recipes run: ${records.length} (${Object.entries(byLang).map(([k, v]) => `${k} ${v}`).join(', ')}) in ${((Date.now() - t0) / 1000).toFixed(1)} s, ${failures.length} failed`);
  return failures;
}

/** The vectors the gate runs: three of every scheme and of every match_seed_v2 game
 *  (chain walks only up to their own maxSteps, or with none a terminal); every vector
 *  with FV_RECIPES=all. */
function vectorRecords() {
  const cases = loadCases().filter((c) => c.expect.error !== true);
  if (ALL) return cases.map((c) => ({ name: c.name, record: c.record }));
  const seen = new Map();
  const picked = [];
  for (const c of cases) {
    const long = c.record.terminal !== undefined && c.record.maxSteps === undefined;
    if (long) continue;
    const key = `${c.record.scheme}/${c.record.game || ''}`;
    const n = seen.get(key) || 0;
    if (n >= 3) continue;
    seen.set(key, n + 1);
    picked.push({ name: c.name, record: c.record });
  }
  return picked;
}

/** A record of each scheme with a `played` value that differs (a failing record):
 *  the recipe recomputes the same game whatever the player claimed. */
function playedRecords() {
  const out = [];
  const cases = loadCases().filter((c) => c.expect.error !== true);
  const first = (scheme, pred = () => true) => cases.find((c) => c.record.scheme === scheme && pred(c.record));
  const wrong = (scheme, make, pred) => {
    const c = first(scheme, pred);
    const report = FV.verify(c.record);
    out.push({ name: `played/${scheme}`, record: { ...c.record, played: make(report) } });
  };
  const other = (card) => (card + 1) % 52;
  wrong('match_seed_v2', (r) => ({ seats: [...r.seats].reverse() }));
  wrong('poker_hmac_v1', (r) => ({ board: r.board.map(other) }), (rec) => rec.serverSeed !== undefined);
  wrong('chess_colour_v1', (r) => ({ aPlaysWhite: !r.aPlaysWhite }));
  wrong('selfpoker', (r) => ({ board: r.board.map(other) }));
  wrong('crash', (r) => ({ multiplier: r.multiplier === '1.00' ? '2.00' : '1.00' }), (rec) => rec.terminal === undefined);
  wrong('platforms', (r) => ({ lastPlatform: (r.lastPlatform % 25) + 1 }), (rec) => rec.terminal === undefined);
  wrong('battle', (r) => ({ winner: r.winner + 1 }), (rec) => rec.terminal === undefined);
  wrong('dice', (r) => ({ face: (r.face % 6) + 1 }));
  wrong('mines', (r) => ({ mines: [...new Set([...r.mines.map((m) => (m % 25) + 1)])] }), (rec) => rec.mines > 0 && rec.mines < 25);
  for (const p of out) assert.equal(FV.verify(p.record).verdict, 'fail', `${p.name} should fail`);
  return out;
}

// Seeds a literal must carry exactly: quotes, backslashes, a line break, a tab,
// non-ASCII, an emoji, a right-to-left override, a zero-width space, a BOM, U+2028.
const HARD = 'q"u\'o`t${x}e\\n\\ \n\t ключ 种子 🎲 \u202eRLO\u200b\ufeff\u2028 #{}%s%%';

function hardRecords() {
  const cases = loadCases().filter((c) => c.expect.error !== true);
  const get = (scheme, pred = () => true) => structuredClone(cases.find((c) => c.record.scheme === scheme && pred(c.record)).record);
  const match = get('match_seed_v2', (r) => r.game === 'bridge');
  match.clientSeeds = match.clientSeeds.map((s, i) => `${HARD}${i}`);
  match.matchId = `${HARD}id`;
  const poker = get('poker_hmac_v1', (r) => r.serverSeed !== undefined);
  for (const k of Object.keys(poker.clientSeeds)) poker.clientSeeds[k] = `${HARD}${k}`;
  poker.table = HARD;
  const chess = get('chess_colour_v1', (r) => r.seedB !== null);
  chess.clientA = HARD;
  chess.clientB = `${HARD}B`;
  const dice = get('dice');
  dice.clientSeed = HARD;
  dice.serverSeed = `${HARD}server`;
  // Every bet under one server seed, one of them under its own client seed.
  const mines = get('mines', (r) => r.mines > 0);
  const bets = cases.filter((c) => c.record.scheme === 'mines').slice(0, 4)
    .map((c, i) => ({ nonce: c.record.nonce, mines: c.record.mines, ...(i === 1 ? { clientSeed: HARD } : {}) }));
  const diceBets = cases.filter((c) => c.record.scheme === 'dice').slice(0, 4)
    .map((c, i) => ({ nonce: c.record.nonce, selected: c.record.selected, ...(i === 2 ? { clientSeed: `${HARD}2` } : {}) }));
  const { nonce, mines: count, ...minesBase } = mines;
  const diceBase = get('dice');
  delete diceBase.nonce;
  delete diceBase.selected;
  return [
    { name: 'hard/match_seed_v2', record: match },
    { name: 'hard/poker_hmac_v1', record: poker },
    { name: 'hard/chess_colour_v1', record: chess },
    { name: 'hard/dice', record: dice },
    { name: 'bets/mines', record: { ...minesBase, bets } },
    { name: 'bets/dice', record: { ...diceBase, bets: diceBets } },
  ];
}

test('recipes recompute what the core reports (vectors, played, bets, hard literals)', { timeout: ALL ? 3_600_000 : 600_000 }, async () => {
  const records = [...vectorRecords(), ...playedRecords(), ...hardRecords()];
  const schemes = new Set(records.map((r) => r.record.scheme));
  assert.equal(schemes.size, 10, 'every scheme');
  const failures = await check(records);
  assert.deepEqual(failures, []);
});

test('a changed literal makes a recipe disagree with the report', async () => {
  // One recipe of each language, its server seed (or seed) changed by one character.
  const cases = loadCases().filter((c) => c.expect.error !== true);
  const pick = (scheme) => cases.find((c) => c.record.scheme === scheme).record;
  const records = [pick('match_seed_v2'), pick('selfpoker'), pick('dice')];
  const recipes = records.map((r) => FV.recipe(r, EN));
  const changed = recipes.map((r, i) => {
    const seed = String(records[i].serverSeed ?? records[i].seed);
    const lit = r.language === 'python' ? seed : JSON.stringify(seed);
    assert.ok(r.text.includes(lit), `${r.scheme}: the seed's literal`);
    const flip = seed[0] === '1' ? '2' : '1';
    return { ...r, text: r.text.replace(lit, lit.replace(seed, flip + seed.slice(1))) };
  });
  const ran = await runAll([...recipes, ...changed]);
  records.forEach((r, i) => {
    const want = wanted(FV.verify(r));
    assert.ok(deepEqual(JSON.parse(lastLine(ran[i].stdout)), want), `${r.scheme}: the recipe as written agrees`);
    const got = JSON.parse(lastLine(ran[recipes.length + i].stdout));
    assert.ok(!deepEqual(got, want), `${r.scheme}: a changed literal must disagree`);
    assert.equal(got.commitmentOk, false, `${r.scheme}: the changed seed no longer matches its commitment`);
  });
});

test('a wrong seed gives commitmentOk false under python3 -O too: the check is computed, not asserted', async () => {
  // `python3 -O` (and PYTHONOPTIMIZE) skips every assert: a check that is an assert
  // would print true for any seed. The record whose seed is not its commitment's.
  const cases = loadCases().filter((c) => c.expect.error !== true && c.record.scheme === 'selfpoker');
  const bad = cases.find((c) => c.expect.commitmentOk === false).record;
  const good = cases.find((c) => c.expect.commitmentOk === true).record;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-recipe-O-'));
  const run = (record, args, env = {}) => {
    const r = FV.recipe(record, EN);
    fs.writeFileSync(path.join(dir, r.file), r.text);
    const p = spawnSync('python3', [...args, r.file], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
    assert.equal(p.status, 0, p.stderr);
    return JSON.parse(lastLine(p.stdout));
  };
  for (const [args, env] of [[['-O'], {}], [[], { PYTHONOPTIMIZE: '1' }], [[], {}]]) {
    const how = `python3 ${args.join(' ')} ${JSON.stringify(env)}`;
    assert.equal(run(bad, args, env).commitmentOk, false, `${how}: a wrong seed`);
    assert.equal(run(good, args, env).commitmentOk, true, `${how}: the right seed`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('verifier.js --recipe prints the script; --lang sets its comments; an invalid record is exit 2', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-recipe-cli-'));
  const c = loadCases().find((x) => x.record.scheme === 'selfpoker');
  const file = path.join(dir, 'r.json');
  fs.writeFileSync(file, JSON.stringify(c.record));
  const en = runCli(['--recipe', file, '--lang', 'en']);
  assert.equal(en.code, 0, en.stderr);
  assert.equal(en.stdout, FV.recipe(c.record, EN).text);
  assert.ok(en.stdout.startsWith(`# ${EN['recipe.run'].replace('{command}', 'python3 recipe.py')}\n`));
  const ru = runCli(['--recipe', file, '--lang', 'ru']);
  assert.equal(ru.code, 0);
  assert.ok(ru.stdout.includes(wordsOf('ru')['recipe.head']), 'Russian comments');
  assert.ok(!ru.stdout.includes(EN['recipe.head']));
  // The first line says how to run it in Russian too (issue 44: never an English "run:").
  assert.ok(ru.stdout.startsWith(`# ${wordsOf('ru')['recipe.run'].replace('{command}', 'python3 recipe.py')}\n`), ru.stdout.split('\n')[0]);
  const json = runCli(['--recipe', file, '--json']);
  const r = JSON.parse(json.stdout);
  assert.deepEqual([r.scheme, r.language, r.file, r.command], ['selfpoker', 'python', 'recipe.py', 'python3 recipe.py']);
  fs.writeFileSync(file, JSON.stringify({ ...c.record, players: 1 }));
  const bad = runCli(['--recipe', file, '--json']);
  assert.equal(bad.code, 2);
  assert.equal(JSON.parse(bad.stdout).error.field, 'players');
  assert.equal(runCli(['--recipe', file, file]).code, 2, 'one record only');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a round history\'s recipe loops over its rounds: values, links, the walk to the terminal', async () => {
  const cases = loadCases().filter((c) => c.expect.error !== true);
  const sha = (s) => require('node:crypto').createHash('sha256').update(s).digest('hex');
  const crash = cases.find((c) => c.record.scheme === 'crash' && c.expect.history && c.expect.history.length >= 3 && c.record.terminal);
  const chain = (h, n) => { const out = [h]; while (out.length < n) out.push(sha(out[out.length - 1])); return out; };
  const battles = cases.filter((c) => c.record.scheme === 'battle').slice(0, 3);
  const histories = [
    // Newest first, with the crash points as a player copies them.
    { game: 'crash', text: 'hash,crash point\n' + crash.expect.history.map((r) => `${r.hash},${r.multiplier.replace('.', ',')}x`).join('\n'),
      options: { terminal: crash.record.terminal, maxSteps: crash.record.maxSteps } },
    // Oldest first (the crash chain's rounds read as platforms): the walk starts from the first line.
    { game: 'platforms', text: chain(crash.record.hash, 3).reverse().join('\n'), options: { terminal: crash.record.terminal, maxSteps: crash.record.maxSteps } },
    // Unlinked rounds, no terminal: each a winner, no link holds.
    { game: 'battle', text: battles.map((c) => `${c.record.hash};0;50;50`).join('\n'), options: null },
    // Quoted decimal-comma chances (a spreadsheet's CSV): read as the core reads them.
    { game: 'battle', text: battles.map((c) => `${c.record.hash},1,"33,5","66,5"`).join('\n'), options: null },
  ];
  const recipes = histories.map((h) => FV.recipeRounds(h.game, h.text, h.options, EN));
  const ran = await runAll(recipes);
  histories.forEach((h, i) => {
    assert.equal(ran[i].code, 0, ran[i].stderr);
    const got = JSON.parse(lastLine(ran[i].stdout));
    const core = FV.checkRounds(h.game, h.text, h.options || undefined);
    assert.equal(got.rows.length, core.rows.length, h.game);
    core.rows.forEach((r, j) => {
      assert.deepEqual([got.rows[j].line, got.rows[j].hash, got.rows[j].computed, got.rows[j].linksToNext ?? null],
        [r.line, r.hash, r.computed, r.linksToNext], `${h.game} row ${j}`);
    });
    const c = core.summary.chain;
    if (c) assert.deepEqual(got.chain, { ok: c.ok, round: c.round }, `${h.game}: the walk`);
    else assert.equal(got.chain, undefined);
  });
  assert.ok(histories.some((h, i) => JSON.parse(lastLine(ran[i].stdout)).rows.some((r) => r.linksToNext === true)), 'some links hold');
  // A history with a line the core cannot read has no recipe (the check names it).
  assert.throws(() => FV.recipeRounds('crash', 'not a hash', null, EN), (e) => e.code === 'internal');
});
